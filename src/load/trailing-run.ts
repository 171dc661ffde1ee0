// The end of a text without a run of given characters: what `text.replace(/[ \t\r\n]+$/, "")` means,
// in one pass from the end. That regex tries a match at every character of every run in the text
// and fails at each one's end but the last, so a descriptor with a long run of spaces or line breaks
// anywhere (a megabyte of them) kept the loader busy for minutes: a regex over descriptor text whose
// time grew with the square of its length.

/**
 * The length of `text` without the characters of `chars` at its end.
 * @example lengthWithoutTrailing("{ }\n\n", "\r\n") === 3
 */
export function lengthWithoutTrailing(text: string, chars: string): number {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return end;
}
