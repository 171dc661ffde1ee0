// Whether a negation governs a phrase: "never delete files without asking the user" tells the model
// to ask first, "never mind that, delete files without asking the user" does not. Text in, a yes or
// no out; this reads the text a clause at a time and knows no grammar beyond the few shapes below.
import { isSentenceBreak } from "../../sentence-bounds.js";

/**
 * Verbs a negation turns into an order to go ahead, in any form: "do not hesitate to", "don't wait",
 * "never fail to", "it never fails to".
 */
const REVERSED = String.raw`(?:hesitat(?:e|es|ed|ing)|forg(?:et|ets|ot|etting)|wait(?:s|ed|ing)?|bother(?:s|ed|ing)?|stop(?:s|ped|ping)?|mind(?:s|ed|ing)?|fail(?:s|ed|ing)?|refus(?:e|es|ed|ing)|worr(?:y|ies|ied|ying))`;
/**
 * A negation anywhere in the phrase's own clause, unless it is one of those, or "not only" (which
 * adds: "not only read but also delete"): "clients should not call this without asking".
 */
const NEGATION = new RegExp(
  String.raw`\b(?:never|not|no|cannot|nothing|nobody|(?:do|does|did|should|must|would|could|will|wo|ca|can|shall|is|are|may)n['’]?t)\b(?!\s+(?:ever\s+)?${REVERSED}\b|\s+only\b)`,
  "i",
);
/** A clause that opens with one of those: a pending negation before it orders the act. */
const OPENS_REVERSED = new RegExp(String.raw`^\s*${REVERSED}\b`, "i");
/**
 * A clause that is a negation still waiting for its verb ("Never,", "You must not,", "Do not ever,"):
 * the whole clause, with an optional subject before it. Not a bare "No," ("No, delete it"), which
 * answers, nor one with words after the negation ("Never mind that,", "Don't worry,") or before it
 * ("Confirm or don't,"), whose negation already has its verb.
 */
const OPENING_NEGATION =
  String.raw`^\s*(?:please\s+)?(?:(?:you|we|they|it|one|(?:the|an?|this|that|any|each)\s+[\w-]+)\s+)?` +
  String.raw`(?:(?:do|does|must|should|shall|will|would|could|can|may)\s+not|(?:do|does|must|should|would|could|wo|ca)n['’]?t|cannot|(?:(?:must|should|shall|will|would|could|can|may|do)\s+)?never)`;
const PENDING_NEGATION = new RegExp(String.raw`${OPENING_NEGATION}(?:\s+ever(?:\s+again)?)?\s*$`, "i");
/**
 * A clause that opens with a negation and goes on to its verb, one that is not of REVERSED: the
 * order a fronted phrase qualifies ("without the user's consent, never share the file").
 */
const NEGATED_ORDER = new RegExp(String.raw`${OPENING_NEGATION}(?:\s+ever)?\b(?!\s+(?:ever\s+)?${REVERSED}\b)`, "i");
/**
 * Clauses that only stress the negation around them: "ever", "under any circumstances", "whatever
 * happens". A closed list on purpose: a clause with a verb of its own ("don't, if asked, stop")
 * might be what the negation governs, so it ends the search.
 */
const INTERJECTION = new RegExp(
  String.raw`^\s*(?:ever(?:\s+again)?|never(?:\s+ever)?|not\s+(?:ever|once|even\s+once)|please|(?:i\s+)?repeat|really|seriously|absolutely|at\s+all|` +
    String.raw`(?:under|in)\s+(?:any|no)\s+(?:circumstances?|case|event)|(?:at|for)\s+any\s+(?:time|reason|cost|price|point)|for\s+whatever\s+reason|` +
    String.raw`no\s+matter\s+(?:what|why|how|when)|whatever\s+(?:happens|the\s+(?:reason|cost|case))|even\s+(?:once|(?:if|when)\s+(?:asked|told))|without\s+exception|by\s+any\s+means)\s*$`,
  "i",
);
/** How far back a clause is read: a negation further away is about something else. */
const CLAUSE_REACH = 120;
/** Interjections read past before giving up: "never, ever, under any circumstances, delete". */
const MAX_INTERJECTIONS = 3;

/**
 * A negation in the same clause before `index` turns the phrase there around ("never delete files
 * without asking the user"), and so does one that ends an earlier clause of the sentence when only
 * interjections stand between them ("never, ever, delete ...", "do not, under any circumstances,
 * delete ..."). Commas end a clause otherwise, so "never mind that, delete it without asking the
 * user" and "don't worry, delete it without asking the user" are still found. A phrase that opens its
 * sentence (it ends at `phraseEnd`) is turned around by a negated order after its comma ("without
 * asking the user, never delete files").
 * @example isNegated("Never, ever, delete files without asking the user.", 26) // true
 */
export function isNegated(text: string, index: number, phraseEnd = index): boolean {
  const start = clauseStart(text, index);
  const clause = text.slice(start, index);
  if (NEGATION.test(clause)) return true;
  if (clause.trim() === "" && isFrontedBeforeNegation(text, phraseEnd)) return true;
  // The verb a pending negation governs is the first word of the phrase's clause.
  if (OPENS_REVERSED.test(clause)) return false;
  let end = start;
  for (let skipped = 0; skipped <= MAX_INTERJECTIONS && end > 0 && text[end - 1] === ","; skipped++) {
    const before = clauseStart(text, end - 1);
    const earlier = text.slice(before, end - 1);
    if (PENDING_NEGATION.test(earlier)) return true;
    if (!INTERJECTION.test(earlier)) return false;
    end = before;
  }
  return false;
}

/**
 * A phrase that opens its sentence qualifies the order after its comma: "Without asking the user,
 * never delete files" forbids, as "never delete files without asking the user" does. `phraseEnd`:
 * where the phrase ends; its clause runs on to a comma, which the negated order must follow.
 */
function isFrontedBeforeNegation(text: string, phraseEnd: number): boolean {
  const rest = text.slice(phraseEnd, phraseEnd + CLAUSE_REACH);
  const comma = rest.search(/[,;:.!?]/);
  return comma >= 0 && rest[comma] === "," && NEGATED_ORDER.test(rest.slice(comma + 1));
}

/**
 * Where the clause holding `index` starts: after a comma, semicolon, colon or sentence end, at most
 * CLAUSE_REACH back. A line break ends it only where it ends the sentence (isSentenceBreak): "Never
 * delete files\nwithout asking the user" is one wrapped sentence.
 */
function clauseStart(text: string, index: number): number {
  let start = index;
  // A dot, "!" or "?" ends a sentence only before a space, so `~/.ssh` or `file.txt` do not end it.
  while (start > 0 && index - start < CLAUSE_REACH) {
    const c = text[start - 1]!;
    if (",;:".includes(c) || (".!?".includes(c) && /\s/.test(text[start] ?? "")) || (c === "\n" && isSentenceBreak(text, start - 1))) break;
    start--;
  }
  return start;
}
