// Descriptor prose → the prose a generated doc comment shows: all of it when it is short, else its
// start, cut where a reader sees a break, and a note saying where the rest is. A description can be
// megabytes (published servers have 30 KB ones); the whole text stays in the descriptor and in the
// generated descriptor constant, which tools/list serves, and a doc comment holds what a person
// would write there. It never escapes: the result goes through safe-text.ts like any descriptor text.
import { cutIndex } from "../diff/cut-text.js";

/** The most of a description a doc comment shows, in UTF-16 units: ten or so lines of a hover. */
export const DOC_PROSE_LIMIT = 1000;

/**
 * `text` when it has at most `limit` UTF-16 units (leading and trailing white space aside), else its
 * start up to the last paragraph break, line break, sentence end or space within the limit (the
 * first found far enough in to keep a fair part of it), or a cut between two characters when there
 * is none; then "… (continues in `where`)". A code fence left open by the cut is closed. Deterministic.
 * @example docProse("word ".repeat(400), "tools/x.yaml", 20) // "word word word word … (continues in tools/x.yaml)"
 */
export function docProse(text: string, where: string, limit: number = DOC_PROSE_LIMIT): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return text;
  // Line breaks as docCommentLines reads them, so a break is found whichever one the text uses.
  const start = trimmed.slice(0, limit + 1).replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n");
  const note = `… (continues in ${where})`;
  const paragraph = lastBreak(start, /\n[ \t]*\n/g, limit / 4) ?? lastBreak(start, /\n/g, limit / 2);
  if (paragraph !== undefined) return `${closeFence(start.slice(0, paragraph).trimEnd())}\n\n${note}`;
  // After a sentence's closing punctuation (and a closing quote or bracket), else at any white space.
  const sentence = lastBreak(start, /(?<=[.!?]["')\]]?)\s/g, limit / 2);
  const wordBreak = sentence ?? lastBreak(start, /\s/g, limit / 2);
  const kept = wordBreak !== undefined ? start.slice(0, wordBreak).trimEnd() : trimmed.slice(0, cutIndex(trimmed, limit));
  const closed = closeFence(kept);
  // After a closing fence the note needs a line of its own (text after ``` would open no block and close none).
  return closed !== kept ? `${closed}\n\n${note}` : `${kept}${wordBreak !== undefined ? " " : ""}${note}`;
}

/** The start of the last match of `pattern` in `text` at or after `from` and at most its last index, if any. */
function lastBreak(text: string, pattern: RegExp, from: number): number | undefined {
  let found: number | undefined;
  for (const match of text.matchAll(pattern)) if (match.index >= from && match.index < text.length) found = match.index;
  return found;
}

/** `text`, with a closing ``` when it opens a fenced code block it does not close (a cut inside one). */
function closeFence(text: string): string {
  const fences = text.split("\n").filter((line) => /^\s*```/.test(line)).length;
  return fences % 2 === 1 ? `${text}\n\`\`\`` : text;
}
