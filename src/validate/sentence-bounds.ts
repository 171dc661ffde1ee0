// Where a sentence ends, for the poisoning rules that read phrases a sentence at a time (prompt
// injection, tool shadowing). A line break inside a paragraph is only a wrapped line: a YAML `|` block
// or a hand-wrapped JSON string breaks sentences anywhere, and "When calling send_email\nalways BCC
// ..." says what it says on one line. A blank line or a new list item does end the sentence.

/** A line break that ends a sentence: the next line is blank or opens a list item ("- ", "* ", "• ", "1. ", "2) "). */
const BREAK_AFTER = String.raw`(?:[^\S\n]{0,40}(?:\n|(?:[-*+•]|\d{1,3}[.)])\s))`;
const ENDS_PARAGRAPH = new RegExp(`^${BREAK_AFTER}`);

/**
 * One character of a sentence, as a regex source to repeat with a bound ({0,80}): anything but a
 * dot, "!" or "?" that ends the sentence (one followed by a space, so `~/.ssh` and `file.txt` stay
 * whole) and a line break that ends it (see BREAK_AFTER). The look ahead after a line break is
 * bounded, so a pattern built on this stays linear in the text.
 */
export const IN_SENTENCE = String.raw`(?:[^.!?\n]|[.!?](?=\S)|\n(?!${BREAK_AFTER}))`;

/** Space between two words of one sentence, as a regex source: a line break in it is a wrapped line. */
export const SENTENCE_SPACE = String.raw`(?:[^\S\n]|\n(?!${BREAK_AFTER}))+`;

/**
 * Whether the line break at `index` of `text` ends the sentence: a blank line or a list item follows
 * it, or it ends a blank line itself.
 * @example isSentenceBreak("a\n\nb", 1) // true
 */
export function isSentenceBreak(text: string, index: number): boolean {
  if (ENDS_PARAGRAPH.test(text.slice(index + 1, index + 48))) return true;
  let before = index;
  while (before > 0 && index - before < 40 && (text[before - 1] === " " || text[before - 1] === "\t" || text[before - 1] === "\r")) before--;
  return before === 0 || text[before - 1] === "\n";
}

/** How far a sentence is read either side of a phrase: further away is another sentence, or too long to be one. */
const SENTENCE_REACH = 200;

/**
 * The sentence holding `text.slice(index, end)`, at most SENTENCE_REACH characters either side.
 * @example sentenceAround("Adds. Runs it if --yes is passed. Done.", 6, 13) // "Runs it if --yes is passed."
 */
export function sentenceAround(text: string, index: number, end: number): string {
  let start = index;
  while (start > 0 && index - start < SENTENCE_REACH && !endsSentence(text, start - 1)) start--;
  let stop = end;
  while (stop < text.length && stop - end < SENTENCE_REACH && !endsSentence(text, stop)) stop++;
  return text.slice(start, Math.min(stop + 1, text.length));
}

/** A dot, "!" or "?" before a space or the end, or a line break that ends the sentence. */
function endsSentence(text: string, at: number): boolean {
  const c = text[at];
  if (c === "\n") return isSentenceBreak(text, at);
  return (c === "." || c === "!" || c === "?") && (at + 1 === text.length || /\s/.test(text[at + 1]!));
}
