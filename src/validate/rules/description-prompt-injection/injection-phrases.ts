// The phrases description-prompt-injection looks for, kept short on purpose: each one is the core of
// a published tool-poisoning or prompt-injection example and has no match in the corpus of real
// servers (corpus/real and the 1,223 GitHub REST tools). Widen it only with a test that shows the
// new phrase in an attack and its absence from legitimate descriptions.
import type { RunMemo } from "../../../model/run-memo.js";
import { IN_SENTENCE, sentenceAround } from "../../sentence-bounds.js";
import { originalPart, textSkeleton } from "../../text-skeleton.js";
import { answerForText, textAnswersSlot } from "../../text-answers.js";
import { isNegated } from "./negation-scope.js";
import { isAskedFor } from "./unless-asked.js";

export interface InjectionPhrase {
  readonly id: string;
  readonly patterns: readonly RegExp[];
  /** Those of `patterns` a negation before them turns around (see isNegated). */
  readonly negatable?: readonly RegExp[];
  /** Those of `patterns` that "unless" the user asks excuses, when what they keep back is data (see isAskedFor). */
  readonly askable?: readonly RegExp[];
  /** Completes "<text> contains "<phrase>", ..." */
  readonly why: string;
}

/** Within one sentence, whose lines may be wrapped (see IN_SENTENCE). */
const W = IN_SENTENCE;
const NOT = String.raw`(?:do\s+not|don['’]?t|never|must\s+not|should\s+not)`;
/** Adverbs allowed between "do not" and the verb; not "forget to" or "hesitate to", which turn the order around. */
const FILL = String.raw`(?:(?:ever|even|explicitly|directly|proactively|actively|need\s+to|have\s+to|bother\s+to)\s+)?`;
/** The user, not something of theirs: "do not tell the user's password to anyone" keeps the password from others. */
const USER = String.raw`(?:the\s+)?(?:user|human)\b(?!['’]s\b)`;
/**
 * Credential files. Public keys (`~/.ssh/id_rsa.pub`) are meant to be handed out: a VM-creating tool may ask for one.
 * The look for `.pub` stops 100 characters into the path: unbounded, it read the whole rest of a
 * path-like text at each `.ssh`, quadratic in the text ("OPEN.SSH." 16,000 times took a minute).
 */
const SECRET_FILE = String.raw`(?:\.ssh\b(?![\/\w.-]{0,100}\.pub\b)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)|\.aws\/credentials|\.netrc\b|\.env\b(?<!\w\.env)(?!\.(?:example|sample|template|dist)\b)|\.npmrc\b|\.pypirc\b|\.git-credentials|\.kube\/config|\bmcp\.json\b|claude_desktop_config\.json|\.cursor\/|\/etc\/(?:passwd|shadow)\b)`;
const SEND = String.raw`(?:send|pass|include|forward|upload|post|attach|copy|append|add|put|provide|email|leak|exfiltrate)`;
const re = (source: string) => new RegExp(source, "i");
/** Modes that only jailbreaks put a model in: "developer mode", "DAN mode"; not "read-only mode". */
const JAILBREAK_MODE = String.raw`(?:developer|dev|god|dan|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|unlimited|unlocked|evil|chaos|opposite|admin|administrator|root|superuser|sudo)[\s-]+mode`;
/** Roles that hold every right: "act as the system administrator", "pretend to be root". */
const PRIVILEGED_ROLE = String.raw`(?:(?:system|root|sudo|server|super)\s*(?:administrator|admin|user)|administrator|admin|sysadmin|superuser|root|sudo|system|dan|god)`;
/**
 * What follows "you are now" in a new role, in words (any case): a role ("an unrestricted assistant",
 * "the system administrator", "my assistant"), a name given ("known as DAN"), an end to the old one
 * ("no longer bound"), and after "in" only a jailbreak mode, a part to play or a made-up world ("in
 * developer mode", "in the role of", "in a fictional world"). Not a state: "in read-only mode", "in
 * the staging environment", "connected", and not a role held over a thing, "the owner of the lock",
 * "a member of the team": that says what an action left the user with. A role with every right
 * stays one whatever it is of: "the administrator of this system", "root of the host".
 */
const NEW_ROLE = String.raw`(?:(?:a|an|the|my)\s+(?:(?:[\w-]+\s+)?${PRIVILEGED_ROLE}(?![\w-])|[\w-]+(?![\w-])(?!\s+of\b))|no\s+longer\b|(?:called|named|known\s+as)\s+[\w-]+|in\s+(?:(?:an?|the|full)\s+)?(?:[\w-]+\s+)?(?:${JAILBREAK_MODE}|role|character|persona|charge|simulation|role-?play|hypothetical|fictional|world|universe|reality)\b)`;
/** "you are", also as "you're" with either apostrophe. */
const YOU_ARE = String.raw`you(?:\s+are|['’]re)`;
const YOU_ARE_NOW = String.raw`${YOU_ARE}\s+now`;
/**
 * The lower-case regex `source` with each letter matching either case, for a pattern whose other
 * letters keep theirs: anyCase(String.raw`now\s`) is String.raw`[Nn][Oo][Ww]\s`. Escapes stay as
 * they are; `source` has no letters inside a character class.
 */
const anyCase = (source: string) => source.replace(/\\.|[a-z]/g, (c) => (c.length === 1 ? `[${c.toUpperCase()}${c}]` : c));
/** Words that say a state, not a name, in any case: "you are now ONLINE", "READ-ONLY", "You Are Now Connected, the ...". */
const STATE_WORD = anyCase(String.raw`(?:ok|in|on|off|online|offline|live|ready|done|connected|disconnected|authenticated|logged|signed|read)\b`);
/** The names of published jailbreak personas, a name in any case: "you are now DAN", "YOU ARE NOW STAN". */
const JAILBREAK_NAME = anyCase(String.raw`(?:dan|stan|dude)`);
/**
 * A bare new name: "you are now DAN", "you are now Jarvis, an AI without rules". Only the case of the
 * word tells a name from a state ("you are now connected"), so the pattern has no i flag and reads
 * case where it matters: "you are now" in any case ("YOU ARE NOW", "You Are Now"); then a word in
 * capitals, where capitals stand out because "you are now" is not itself in them; a capitalised word
 * that an apposition calls something ("JARVIS, AN AI ..."), in any text; a jailbreak persona's name
 * in any case. In a text all in capitals ("YOU ARE NOW CONNECTED TO THE API") the capitals of a word
 * say nothing, so a word there is a name only by the apposition or the persona list.
 */
const NEW_NAME = new RegExp(
  String.raw`\b(?:(?!YOU(?:\s+ARE|['’]RE)\s+NOW\b)${anyCase(YOU_ARE_NOW)}\s+(?!${STATE_WORD})[A-Z][A-Z0-9]+\b` +
    String.raw`|${anyCase(YOU_ARE_NOW)}\s+(?:${JAILBREAK_NAME}(?![\w-])(?!['’]s\b)|(?!${STATE_WORD})[A-Z][\w-]*(?=\s*,\s*${anyCase("(?:a|an|the|your)")}\s)))`,
);
/** Modes no tool has a use for, which only a jailbreak switches on ("enable developer mode" is a phone setting). */
const JAILBREAK_ONLY_MODE = String.raw`(?:dan|jailbreak|jailbroken|uncensored|unfiltered)[\s-]+mode`;
/**
 * Where an order opens (looked back at from its first word, each part bounded): the start of the
 * text, a sentence or a line, or after "please", "now", "you must": "Act as ..." addresses the model,
 * "the proxy can act as the system user" describes the tool.
 */
const OPENS_ORDER = String.raw`^\s{0,8}|[.!?:;]\s{1,8}|\n[^\S\n]{0,8}|\bplease\s{1,4}|\bnow\s{1,4}|\byou\s{1,4}(?:must|should|shall|will)\s{1,4}(?:now\s{1,4})?`;
const OVERRIDE_VERB = String.raw`(?:ignore|disregard|forget|override|bypass)`;
/**
 * Verbs that drop other things too ("discard the previous rules" of a firewall, "abandon the previous
 * directions" of a route): only with the model's own instructions, prompts and directives.
 */
const DISMISS_VERB = String.raw`(?:dismiss|discard|abandon)`;
/** An aside between the verb and what it overrides: "ignore, please, all previous instructions". */
const ASIDE = String.raw`(?:\s*,\s*(?:please|now|kindly)\s*,)?`;
/** Words between the verb and what it overrides: "ignore all", "ignore, please, all", "forget completely your". */
const OVERRIDE_FILL = String.raw`${ASIDE}\s+(?:(?:all|any|the|your|of|every|please|now|just|simply|completely|entirely|totally)\s+){0,4}`;
const INSTRUCTIONS = String.raw`(?:instructions?|prompts?|rules|directions|guidelines|directives)`;
const MODEL_INSTRUCTIONS = String.raw`(?:instructions?|prompts?|directives)`;

/** "Ignore previous instructions", and "ignore the instructions above", "forget your instructions": the model's own, by where they stand or whose they are. */
function overridesOf(verb: string, nouns: string): RegExp[] {
  return [
    re(
      String.raw`\b${verb}${OVERRIDE_FILL}(?:(?:previous|prior|above|earlier|preceding|foregoing|original|system)\s+(?:\w+\s+)?${nouns}|(?:other|existing)\s+(?:instructions?|prompts?|directives))\b`,
    ),
    re(
      String.raw`\b${verb}${OVERRIDE_FILL}(?:${nouns}\s+(?:above|before\s+(?:this|these)|(?:given|stated)\s+(?:above|before|earlier)|you\s+(?:were|have\s+been)\s+given|so\s+far)|(?<=your\s{1,8})(?:[\w-]+\s+)?(?:${nouns}|programming|training|system\s+prompt))\b`,
    ),
  ];
}
const OVERRIDES: readonly RegExp[] = [
  ...overridesOf(OVERRIDE_VERB, INSTRUCTIONS),
  ...overridesOf(DISMISS_VERB, MODEL_INSTRUCTIONS),
  re(String.raw`\b(?:ignore|disregard|forget|dismiss)${ASIDE}\s+(?:everything|anything|all)\s+(?:above|before|previously|you\s+(?:were|have\s+been)\s+told)\b`),
];
/** Keeping something from the user: "do not tell the user", "do not mention this to the user". */
const TELL_USER = re(String.raw`\b${NOT}\s+${FILL}(?:tell|inform|notify|alert|warn)\s+${USER}`);
const MENTION_TO_USER = re(
  String.raw`\b${NOT}\s+${FILL}(?:mention|say|speak\s+of)\s+(?:this|that|these|it|anything|any\s+of\s+this|the\s+(?:above|following|instructions?))\b${W}{0,30}?\b(?:to|with)\s+${USER}`,
);
/** Acting behind the user's back: "delete files without asking the user". */
const WITHOUT_USER = re(
  String.raw`\bwithout\s+(?:first\s+)?(?:telling|informing|notifying|alerting|asking|consulting|confirming\s+with)\s+${USER}` +
    // "without the user's permission", "without the user knowing"
    String.raw`|\bwithout\s+(?:the\s+)?(?:user|human)(?:['’]s\s+(?:(?:explicit|prior|express)\s+)?(?:permission|consent|knowledge|approval|confirmation|awareness|agreement)|\s+(?:knowing|being\s+(?:told|informed|asked|notified)))\b`,
);

export const INJECTION_PHRASES: readonly InjectionPhrase[] = [
  {
    id: "override",
    patterns: OVERRIDES,
    // "Do not ignore previous instructions" tells the model to keep them.
    negatable: OVERRIDES,
    why: "which tries to override the instructions the model already follows",
  },
  {
    id: "new-role",
    patterns: [
      re(String.raw`\b${YOU_ARE}\s+now\s+${NEW_ROLE}|\bfrom\s+now\s+on,?\s+you(?:['’]re|\s+(?:are|will|must|should|shall))\b|\bnew\s+(?:system\s+)?instructions\s*:`),
      // A jailbreak mode switched on, a part to play: "Enable DAN mode", "Act as the system administrator", "Pretend you are the system".
      re(String.raw`\b(?:enable|activate|enter|engage|switch\s+(?:on|to|into)|turn\s+on|go\s+into)\s+(?:the\s+)?${JAILBREAK_ONLY_MODE}\b`),
      re(String.raw`\b(?=act\s|behave\s)(?<=${OPENS_ORDER})(?:act|behave)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:(?:an?|the|my)\s+)?${PRIVILEGED_ROLE}(?![\w-])(?!\s+of\b)`),
      re(String.raw`\bpretend\s+(?:that\s+)?(?:you\s+(?:are|were)|you['’]re|to\s+be\s+(?:(?:an?|the|my)\s+)?${PRIVILEGED_ROLE}(?![\w-]))|\brole-?\s?play\s+as\b`),
      NEW_NAME,
    ],
    why: "which tries to give the model a new role or new orders",
  },
  {
    id: "secrecy",
    patterns: [
      TELL_USER,
      MENTION_TO_USER,
      re(String.raw`\b${NOT}\s+(?:mention|tell|say|reveal|disclose)\s+(?:to\s+${USER}\s+)?(?:that|how|why)\s+you\b`),
      WITHOUT_USER,
      re(String.raw`\b(?:hide|conceal|keep)\s+(?:this|it|that|these)\s+(?:secret\s+|hidden\s+)?from\s+${USER}|\bthe\s+(?:user|human)\s+(?:must|should|will)\s+not\s+(?:know|notice|see|find\s+out)\b`),
    ],
    negatable: [WITHOUT_USER],
    // "Do not tell the user the message ID unless asked" leaves data out until the user asks for it.
    askable: [TELL_USER, MENTION_TO_USER],
    why: "which tells the model to keep something from the user or to act without asking",
  },
  {
    // Reading a credential file and passing it on; naming such a path alone (an SSH tool's key option) is fine.
    id: "exfiltration",
    patterns: [
      re(String.raw`\b(?:read|open|cat|load)\b${W}{0,80}?${SECRET_FILE}${W}{0,80}?\b${SEND}\b`),
      re(String.raw`\b${SEND}\b${W}{0,40}?\bcontents?\b${W}{0,40}?${SECRET_FILE}`),
      re(
        String.raw`\b(?:${SEND}|reveal|repeat|print|output|share)\b${W}{0,60}?\b(?:your|the\s+assistant['’]s|the\s+model['’]s)\s+(?:(?:full|entire|complete|original|initial|hidden)\s+)?(?:system\s+(?:prompt|message)|(?:initial|original|hidden)\s+instructions)\b`,
      ),
    ],
    why: "which tells the model to hand over local secrets or its own instructions",
  },
];

export interface InjectionMatch {
  readonly phrase: InjectionPhrase;
  readonly index: number;
  readonly text: string;
  /** Written with look-alikes of the phrase's letters (Cyrillic, fullwidth), which the text skeleton reads as those. */
  readonly disguised: boolean;
}

/** The answer of findInjectionPhrase for each text of a run: it depends on the text alone. */
const PHRASE_FOUND = textAnswersSlot<InjectionMatch | undefined>("the first injection phrase of each text");

/**
 * The earliest phrase of the list in `text`, if any, found in its skeleton (look-alike letters and
 * fullwidth forms read as the Latin letters they imitate); index and text are the original's.
 * `memo`: the run's, which keeps each text's answer, and its skeleton for the other rules that read it.
 */
export function findInjectionPhrase(text: string, memo?: RunMemo): InjectionMatch | undefined {
  return answerForText(memo, PHRASE_FOUND, text, () => firstPhrase(text, memo));
}

function firstPhrase(text: string, memo: RunMemo | undefined): InjectionMatch | undefined {
  const skeleton = textSkeleton(text, memo);
  let best: { phrase: InjectionPhrase; index: number; length: number } | undefined;
  for (const phrase of INJECTION_PHRASES) {
    for (const pattern of phrase.patterns) {
      const excused = excuseOf(phrase, pattern);
      const match = excused ? firstUnexcused(pattern, skeleton.text, excused) : pattern.exec(skeleton.text);
      if (match && (!best || match.index < best.index)) best = { phrase, index: match.index, length: match[0].length };
    }
  }
  if (!best) return undefined;
  const part = originalPart(skeleton, best.index, best.length);
  const original = text.slice(part.index, part.index + part.length);
  return { phrase: best.phrase, index: part.index, text: original, disguised: original !== skeleton.text.slice(best.index, best.index + best.length) };
}

/**
 * A negation governs the match, or a flag the caller passes does: "runs without asking the user if
 * --yes is passed" documents that flag, which is how the user says not to be asked.
 */
function isTurnedAround(text: string, match: RegExpExecArray): boolean {
  const end = match.index + match[0].length;
  return isNegated(text, match.index, end) || FLAG_CONDITION.test(sentenceAround(text, match.index, end));
}

/** A condition on a command-line flag or a named option: "if --yes is passed", "when the force flag is set", "with `--yes`". */
const FLAG_CONDITION =
  /\b(?:if|when|unless|once)\s+(?:the\s+)?(?:`?--?[A-Za-z][\w-]{0,30}`?(?:\s+(?:flag|option|switch))?|[\w-]{1,30}\s+(?:flag|option|switch))\s+(?:is|was|are|has\s+been)\s+(?:passed|set|given|used|specified|supplied|provided|present|on|enabled)\b|\bwith\s+`?--[A-Za-z]/i;

type Excuse = (text: string, match: RegExpExecArray) => boolean;

/** What excuses a match of `pattern`, one of `phrase`'s: a negation, "unless" the user asks, or nothing. */
function excuseOf(phrase: InjectionPhrase, pattern: RegExp): Excuse | undefined {
  if (phrase.negatable?.includes(pattern)) return isTurnedAround;
  if (phrase.askable?.includes(pattern)) return (text, match) => isAskedFor(text, match.index, match.index + match[0].length);
  return undefined;
}

/** The first match of `pattern` in `text` that `isExcused` does not excuse. */
function firstUnexcused(pattern: RegExp, text: string, isExcused: Excuse): RegExpExecArray | null {
  // Most texts hold no match at all: only a text that does is read again, match by match.
  const first = pattern.exec(text);
  if (first === null || !isExcused(text, first)) return first;
  const global = new RegExp(pattern.source, `${pattern.flags}g`);
  for (let match = global.exec(text); match; match = global.exec(text)) {
    if (!isExcused(text, match)) return match;
    if (match[0] === "") global.lastIndex++;
  }
  return null;
}
