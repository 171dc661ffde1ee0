// What a JSON or YAML text leaves open, said the same way for both: a `{`, `[` or quote never closed
// swallows the text after it, and the parser then reports where it gave up (the end of the file, a
// less indented line), which reads as a slip there or points past the last line. The opener is what
// the user must fix, so the diagnostic points at it and says where it opened.
// yaml-unclosed.ts and json-unclosed.ts find the openers; this says what they are.
import type { TextRange } from "../model/source.js";
import { positionAt } from "./line-index.js";
import { isLineBreak, lengthWithoutTrailing } from "../model/trim-text.js";

export interface UnclosedOpener {
  /** The `{`, `[`, `"` or `'` that is never closed. */
  readonly opener: "{" | "[" | '"' | "'";
  /** What closes it. */
  readonly closer: "}" | "]" | '"' | "'";
  /** The opener's offset in the text. */
  readonly offset: number;
  /** Where the text it swallowed ends. */
  readonly end: number;
}

export type OpenerLanguage = "JSON" | "YAML";

const OPENED_WHAT: Readonly<Record<OpenerLanguage, Readonly<Record<UnclosedOpener["opener"], string>>>> = {
  JSON: { "{": "object", "[": "array", '"': "string", "'": "string" },
  YAML: { "{": "mapping", "[": "sequence", '"': "string", "'": "string" },
};

/** Where the text an opener swallows goes: in JSON to the end of the file, in YAML up to where the parser gave up. */
const RUNS_ON: Readonly<Record<OpenerLanguage, string>> = { JSON: "to the end of the file", YAML: "into the lines after it" };

/**
 * The message for the innermost of the openers left open.
 * @example unclosedMessage("t.json", "JSON", opener, lineStarts) // "t.json is not valid JSON: the { opened at line 1 column 30 is never closed, so the object runs on to the end of the file."
 */
export function unclosedMessage(file: string, language: OpenerLanguage, opener: UnclosedOpener, lineStarts: readonly number[]): string {
  return `${file} is not valid ${language}: the ${opener.opener} opened at ${placeOf(opener, lineStarts)} is never closed, so the ${OPENED_WHAT[language][opener.opener]} runs on ${RUNS_ON[language]}.`;
}

/**
 * Closes the innermost opener first, as the text must (`open` is outermost first). A quote is
 * innermost and swallows the rest of the file, closers of the brackets around it included: closing it
 * may close them too, so the hint names it alone.
 * @example unclosedHint(open, lineStarts) // "Close the [ opened at line 1 column 9 with ], then the { opened at line 1 column 4 with }."
 */
export function unclosedHint(open: readonly UnclosedOpener[], lineStarts: readonly number[]): string {
  const innermost = open[open.length - 1]!;
  const closes = (innermost.closer === innermost.opener ? [innermost] : open).map((o) => `the ${o.opener} opened at ${placeOf(o, lineStarts)} with ${o.closer}`).reverse();
  return `Close ${closes.join(", then ")}.`;
}

function placeOf(opener: UnclosedOpener, lineStarts: readonly number[]): string {
  const { line, column } = positionAt(lineStarts, opener.offset);
  return `line ${line} column ${column}`;
}

/**
 * `range` moved onto the text: a parser reports a missing character at the end of the file one past
 * its last character, a line that is not there. Clamped to the last character that is not a line break.
 */
export function withinText(text: string, range: TextRange): TextRange {
  const last = Math.max(0, lengthWithoutTrailing(text, isLineBreak) - 1);
  if (range.start <= last) return range;
  return { start: last, end: Math.min(text.length, last + 1) };
}
