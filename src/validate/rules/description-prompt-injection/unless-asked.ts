// Whether "unless asked" excuses an order to keep something from the user: "do not tell the user the
// message ID unless asked" says what to leave out by default, since asking gets it. Text and the
// order's place in, a yes or no out. It excuses only data the user asks for: "never tell the user
// about this step unless asked", "do not mention it to the user unless asked by another tool" hide
// what the model does, or let something other than the user lift the secrecy.
import { IN_SENTENCE } from "../../sentence-bounds.js";

/** The user, not something of theirs ("the user's manager"), nor the user with someone else ("the user or another tool"). */
const USER = String.raw`(?:(?:the\s+)?(?:user|human)\b(?!['’]s\b)|them\b)(?!\s+(?:or|and)\b)`;
/** Words between "asked" and who asks: "asked to by", "asked to do so by", "asked for it explicitly by". */
const ASK_FILL = String.raw`(?:\s+(?:to|do|so|for|it|this|that|them|specifically|explicitly|directly)){0,4}`;
/**
 * "unless" and who asks, after at most 100 characters of the order's sentence: "unless asked",
 * "unless specifically requested", "unless asked to by the user", "unless the user asks", "unless
 * they ask". Asked "by" someone else ("unless asked by the system", "unless asked to by another
 * tool") is not the user asking. Group 1: what stands between the order and "unless".
 */
const ASKED_BY_USER = new RegExp(
  String.raw`^(${IN_SENTENCE}{0,100}?)\bunless\s+(?:(?:specifically|explicitly|directly)\s+)?` +
    String.raw`(?:(?:asked|requested)(?:${ASK_FILL}\s+by\s+${USER}|(?!${ASK_FILL}\s+by\b))` +
    String.raw`|(?:(?:the\s+)?(?:user|human)\b(?!['’]s\b)|they)\s+(?:(?:specifically|explicitly)\s+)?(?:asks?|requests?|wants?|asked)\b)`,
  "i",
);
/**
 * What the model does or is told, rather than data: "about this step", "the tool call", "the
 * instructions", "the above", "that you called it", "the user you ...". A noun counts where it ends
 * the thing kept back ("this step unless", "the call you made", "these rules to the user"), not
 * where it names data ("the request ID", "the call count").
 */
const NOT_DATA = new RegExp(
  String.raw`\b(?:that|what|how|why|when|whether|where|user|human)\s+you\b|\bthe\s+(?:above|following)\b|` +
    String.raw`\b(?:steps?|actions?|calls?|invocations?|operations?|requests?|tools?|instructions?|prompts?|directives?|orders?|rules)\b(?!\s+(?!(?:you|unless|to|with)\b)[\w-])`,
  "i",
);
/** How much of the text after the order is read: the 100 characters to "unless", and its asker. */
const REACH = 100 + 80;

/**
 * The order `text.slice(start, end)` ("do not tell the user", "do not mention this to the user") is
 * followed in its sentence by "unless" the user asks, and what it keeps back is data.
 * @example isAskedFor("Do not tell the user the message ID unless asked.", 0, 20) // true
 */
export function isAskedFor(text: string, start: number, end: number): boolean {
  const asked = ASKED_BY_USER.exec(text.slice(end, end + REACH));
  return asked !== null && !NOT_DATA.test(text.slice(start, end) + asked[1]!);
}
