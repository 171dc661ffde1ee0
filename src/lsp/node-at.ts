// Where in a parsed document a position falls: the deepest node whose key or value holds it, by its
// JSON Pointer. The reverse of load/locate.ts, for the editor's hover, completion and quick fixes.
import type { Position } from "vscode-languageserver";
import type { NodeSpan, SourceDoc, TextRange } from "../model/source.js";

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

/** The UTF-16 offset of an LSP position in `text` (clamped to the text). */
export function offsetOf(text: string, position: Position): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  const end = text.indexOf("\n", offset);
  return Math.min(offset + position.character, end === -1 ? text.length : end);
}

/** The LSP position of a UTF-16 offset in `text`. */
export function positionOf(text: string, offset: number): Position {
  let line = 0;
  let start = 0;
  for (let next = text.indexOf("\n"); next !== -1 && next < offset; next = text.indexOf("\n", next + 1)) {
    line++;
    start = next + 1;
  }
  return { line, character: offset - start };
}
