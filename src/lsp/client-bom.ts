// Positions in an editor's buffer ↔ positions in the text mcp-gen analyses. A buffer whose text opens
// with a byte order mark (U+FEFF) is analysed without it (decodeSource drops it, as it does from a
// file on disk), but the editor that sent it counts it as the first character of line 0: there,
// mcp-gen's character c is the editor's c + 1. Every other line, and every buffer without a BOM,
// is the same in both. (An editor that strips a file's BOM itself, as most do, sends no BOM.)
import type { Position, Range } from "vscode-languageserver";

const BOM = 0xfeff;

/** Whether an editor's text of a document opens with a BOM. */
export function opensWithBom(text: string): boolean {
  return text.charCodeAt(0) === BOM;
}

/** The text mcp-gen analyses of an editor's text: without its BOM. */
export function withoutBom(text: string): string {
  return opensWithBom(text) ? text.slice(1) : text;
}

/** A position in the analysed text → the editor's, in a buffer that opens with a BOM (`bom`) or not. */
export function toEditorPosition(position: Position, bom: boolean): Position {
  return bom && position.line === 0 ? { line: 0, character: position.character + 1 } : position;
}

/** A range in the analysed text → the editor's. */
export function toEditorRange(range: Range, bom: boolean): Range {
  return bom ? { start: toEditorPosition(range.start, bom), end: toEditorPosition(range.end, bom) } : range;
}

/** A position in the editor's buffer → the analysed text's (the BOM itself is the text's start). */
export function fromEditorPosition(position: Position, bom: boolean): Position {
  return bom && position.line === 0 ? { line: 0, character: Math.max(0, position.character - 1) } : position;
}

/** A range in the editor's buffer → the analysed text's. */
export function fromEditorRange(range: Range, bom: boolean): Range {
  return bom ? { start: fromEditorPosition(range.start, bom), end: fromEditorPosition(range.end, bom) } : range;
}
