// Where in a parsed document a position falls: the deepest node whose key or value holds it, by its
// JSON Pointer. The reverse of load/locate.ts, for the editor's hover, completion and quick fixes.
import type { Position } from "vscode-languageserver";
import type { NodeSpan, SourceDoc, TextRange } from "../model/source.js";
import { computeLineStarts, positionAt } from "../load/line-index.js";

export interface NodeAt {
  readonly pointer: string;
  /** Whether the position is on the member's key (the value otherwise). */
  readonly onKey: boolean;
  readonly span: NodeSpan;
}

/**
 * The deepest node of `doc` at `offset`; undefined outside every node.
 * @example nodeAt(doc, offsetOf(doc.text, { line: 0, character: 2 }))?.pointer // "/name"
 */
export function nodeAt(doc: SourceDoc, offset: number): NodeAt | undefined {
  let best: NodeAt | undefined;
  let bestLength = Number.POSITIVE_INFINITY;
  for (const [pointer, span] of doc.spans) {
    for (const [range, onKey] of [
      [span.key, true],
      [span.value, false],
    ] as const) {
      if (!range || !holds(range, offset)) continue;
      const length = range.end - range.start;
      // The innermost range wins; a key beats the value of its parent, which holds it.
      if (length < bestLength || (length === bestLength && onKey)) {
        best = { pointer, onKey, span };
        bestLength = length;
      }
    }
  }
  return best;
}

/** The node whose key or value starts exactly at `offset` (where a diagnostic about it starts), preferring the key. */
export function nodeStartingAt(doc: SourceDoc, offset: number): NodeAt | undefined {
  let found: NodeAt | undefined;
  for (const [pointer, span] of doc.spans) {
    if (span.key?.start === offset) return { pointer, onKey: true, span };
    if (span.value.start === offset && (!found || pointer.length > found.pointer.length)) found = { pointer, onKey: false, span };
  }
  return found;
}

function holds(range: TextRange, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}

/** The UTF-16 offset of an LSP position in `text` (clamped to its line, and to the text). */
export function offsetOf(text: string, position: Position): number {
  const starts = computeLineStarts(text);
  if (position.line >= starts.length) return text.length;
  const start = starts[position.line]!;
  // The line's end: before its line break ("\r\n", "\n" or "\r").
  let end = position.line + 1 < starts.length ? starts[position.line + 1]! - 1 : text.length;
  if (end > start && text[end] === "\n" && text[end - 1] === "\r") end--;
  return Math.min(start + position.character, end);
}

/** The LSP position of a UTF-16 offset in `text`. */
export function positionOf(text: string, offset: number): Position {
  const at = positionAt(computeLineStarts(text), offset);
  return { line: at.line - 1, character: at.column - 1 };
}
