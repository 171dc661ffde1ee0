// A text without a run of some characters at its ends, in one pass from each end: what
// `text.replace(/^_+|_+$/g, "")` or `text.replace(/[ \t\r\n]+$/, "")` means. V8 tries such a regex's
// `…+$` at every character of every run in the text and fails at each run's end but the last, so on
// descriptor text (a tool name, a _meta key, a whole file) with a long run anywhere its time grows
// with the square of the run: 100,000 underscores in a tool name took 6 s to suggest a new name.

/**
 * The length of `text` without the characters `isTrimmed` accepts at its end.
 * @example lengthWithoutTrailing("{ }\n\n", (c) => c === "\n" || c === "\r") === 3
 */
export function lengthWithoutTrailing(text: string, isTrimmed: (char: string) => boolean): number {
  let end = text.length;
  while (end > 0 && isTrimmed(text[end - 1]!)) end--;
  return end;
}

/**
 * `text` without the characters `isTrimmed` accepts at its start and its end.
 * @example trimmedWhere("__a_b__", (c) => c === "_") === "a_b"
 */
export function trimmedWhere(text: string, isTrimmed: (char: string) => boolean): string {
  const end = lengthWithoutTrailing(text, isTrimmed);
  let start = 0;
  while (start < end && isTrimmed(text[start]!)) start++;
  return text.slice(start, end);
}

/** Whether `char` is JSON's white space (RFC 8259: space, tab, line feed, carriage return). */
export const isJsonSpace = (char: string): boolean => char === " " || char === "\t" || char === "\n" || char === "\r";

/** Whether `char` ends a line (line feed, carriage return). */
export const isLineBreak = (char: string): boolean => char === "\n" || char === "\r";
