// Small edits to a descriptor's text, as an editor applies them: replace one value, or remove one
// member, leaving every other byte as it was. A value is written as JSON, which YAML reads too (a
// plain scalar where the YAML had one and the text allows it). Where the edit cannot be made
// mechanically (a member alone in its mapping, or on a line it shares with others in YAML), there is
// no edit, and so no quick fix.
import { createRequire } from "node:module";
import type { TextEdit } from "vscode-languageserver";
import { isJsonPath } from "../load/load-document.js";
import { positionAt } from "../load/line-index.js";
import { valueAt, type JsonValue } from "../model/json.js";
import { parentPointer, splitPointer } from "../model/pointer.js";
import type { NodeSpan, SourceDoc, TextRange } from "../model/source.js";

// CommonJS, loaded on first use, as load/parse-json.ts loads it.
const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");

/** A YAML plain scalar that reads back as the same string (not a number, boolean, null, or anything with syntax). */
const PLAIN_SAFE = /^[A-Za-z_][A-Za-z0-9_.\-/]*$/;
const YAML_WORDS = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/**
 * Replaces the value at `pointer` with `value`.
 * @example replaceValue(doc, "/name", "get_weather")
 */
export function replaceValue(doc: SourceDoc, pointer: string, value: JsonValue): TextEdit | undefined {
  const span = doc.spans.get(pointer);
  if (!span || shared(doc, span)) return undefined;
  const range = valueRange(doc, span.value);
  const old = doc.text.slice(range.start, range.end);
  const plain = !isJsonPath(doc.file) && typeof value === "string" && PLAIN_SAFE.test(value) && !YAML_WORDS.test(value) && !/^["'[{]/.test(old);
  return edit(doc, range, plain ? (value as string) : writeValue(value, isJsonPath(doc.file)));
}

/**
 * Removes the member at `pointer` (key and value) from its object.
 * @example removeMember(doc, "/inputSchema/properties/city/nullable")
 */
export function removeMember(doc: SourceDoc, pointer: string): TextEdit | undefined {
  const span = doc.spans.get(pointer);
  const parent = parentPointer(pointer);
  const parentValue = parent === undefined ? undefined : valueAt(doc.value, splitPointer(parent));
  if (!span?.key || shared(doc, span) || parentValue === undefined || parentValue === null || typeof parentValue !== "object" || Array.isArray(parentValue)) return undefined;
  // The last member: removing it would leave YAML a null, and an object is what is meant.
  if (Object.keys(parentValue).length < 2) return undefined;
  if (isJsonPath(doc.file)) {
    // The member and its comma, nothing else: formatting would rewrite the lines around it, over
    // the range of any other edit of the same fix (the `type` beside a `nullable`).
    const [change] = jsonc().modify(doc.text, splitPointer(pointer), undefined, {});
    return change ? edit(doc, { start: change.offset, end: change.offset + change.length }, change.content) : undefined;
  }
  const valueEnd = valueRange(doc, span.value).end;
  const keyLine = positionAt(doc.lineStarts, span.key.start).line;
  const lastLine = positionAt(doc.lineStarts, valueEnd).line;
  const lineStart = doc.lineStarts[keyLine - 1]!;
  // The next line's start (its line break included), or the end of the text.
  const lineEnd = doc.lineStarts[lastLine] ?? doc.text.length;
  // Block style only: the key opens its line, and nothing but a comment follows the value.
  if (doc.text.slice(lineStart, span.key.start).trim() !== "") return undefined;
  if (!/^[ \t]*(?:#.*)?$/.test(doc.text.slice(valueEnd, lineEnd).replace(/\r?\n$|\r$/, ""))) return undefined;
  return edit(doc, { start: lineStart, end: lineEnd }, "");
}

/**
 * Whether a YAML member's text is also another member's: an anchored node, a node inside one, or one
 * reached through an alias (the parser marks them). An edit of it would change every member that
 * names the anchor.
 */
function shared(doc: SourceDoc, span: NodeSpan): boolean {
  return !isJsonPath(doc.file) && span.shared === true;
}

/**
 * The text of a value, without the line breaks and blank space a YAML block scalar or block
 * collection ends with: the parser counts them in, and an edit over them would join the value's
 * line to the next key's.
 */
function valueRange(doc: SourceDoc, range: TextRange): TextRange {
  if (isJsonPath(doc.file)) return range;
  let end = range.end;
  while (end > range.start && /\s/.test(doc.text[end - 1]!)) end--;
  return { start: range.start, end };
}

/** A value as JSON text: a flow collection on one line, which both JSON and YAML read. */
function writeValue(value: JsonValue, json: boolean): string {
  if (json || value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => writeValue(item, json)).join(", ")}]`;
  return `{ ${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${writeValue(item, json)}`)
    .join(", ")} }`;
}

function edit(doc: SourceDoc, range: TextRange, newText: string): TextEdit {
  const start = positionAt(doc.lineStarts, range.start);
  const end = positionAt(doc.lineStarts, range.end);
  return { range: { start: { line: start.line - 1, character: start.column - 1 }, end: { line: end.line - 1, character: end.column - 1 } }, newText };
}
