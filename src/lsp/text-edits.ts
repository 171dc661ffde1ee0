// Small edits to a descriptor's text, as an editor applies them: replace one value, rename or remove
// one member, leaving every other byte as it was. A value is written as JSON, which YAML reads too (a
// plain scalar where the YAML had one and the text allows it). Where the edit cannot be made
// mechanically (a member alone in its mapping, or on a line it shares with others in YAML; a YAML
// value with a comment inside, or an anchor that other places name), there is no edit, and so no
// quick fix.
import { createRequire } from "node:module";
import type { TextEdit } from "vscode-languageserver";
import { isJsonPath } from "../load/load-document.js";
import { positionAt } from "../load/line-index.js";
import { isJsonObject, valueAt, type JsonValue } from "../model/json.js";
import { parentPointer, splitPointer } from "../model/pointer.js";
import type { NodeSpan, SourceDoc, TextRange } from "../model/source.js";
import { yamlMarks, type YamlMark } from "./yaml-marks.js";

// CommonJS, loaded on first use, as load/parse-json.ts loads it.
const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");

/** A YAML plain scalar that reads back as the same string (not a number, boolean, null, or anything with syntax). */
const PLAIN_SAFE = /^[A-Za-z_][A-Za-z0-9_.\-/]*$/;
const YAML_WORDS = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/** A document to edit, and (YAML) where its comments, tags and anchors are, read once on first use. */
export interface EditTarget {
  readonly doc: SourceDoc;
  readonly marks: () => readonly YamlMark[];
}

/**
 * The document `doc`, ready for any number of edits.
 * @example replaceValue(editTarget(doc), "/name", "get_weather")
 */
export function editTarget(doc: SourceDoc): EditTarget {
  let marks: readonly YamlMark[] | undefined;
  return { doc, marks: () => (marks ??= isJsonPath(doc.file) ? [] : yamlMarks(doc.text)) };
}

/**
 * Replaces the value at `pointer` with `value`.
 * @example replaceValue(editTarget(doc), "/name", "get_weather")
 */
export function replaceValue(target: EditTarget, pointer: string, value: JsonValue): TextEdit | undefined {
  const { doc } = target;
  const span = doc.spans.get(pointer);
  if (!span || shared(doc, span)) return undefined;
  const json = isJsonPath(doc.file);
  const range = valueRange(target, span.value);
  // A comment inside the value (beside an item, in a block scalar's header) would go with it; an
  // anchor inside it would leave the aliases that name it naming nothing.
  if (target.marks().some((mark) => mark.kind !== "tag" && mark.start >= range.start && mark.start < range.end)) return undefined;
  const old = doc.text.slice(range.start, range.end);
  const plain = !json && typeof value === "string" && PLAIN_SAFE.test(value) && !YAML_WORDS.test(value) && !/^["'[{]/.test(old);
  const text = plain ? (value as string) : writeValue(value, json);
  const tag = json ? undefined : tagBefore(target, range.start);
  if (tag === undefined || tagFits(doc.text.slice(tag.start, tag.end), value)) return edit(doc, range, text);
  const cut = cutTag(doc.text, tag, range.start);
  return edit(doc, { start: cut.start, end: range.end }, cut.keep + text);
}

/**
 * Removes the member at `pointer` (key and value) from its object.
 * @example removeMember(editTarget(doc), "/inputSchema/properties/city/nullable")
 */
export function removeMember(target: EditTarget, pointer: string): TextEdit | undefined {
  const { doc } = target;
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
  const valueEnd = valueRange(target, span.value).end;
  const keyLine = positionAt(doc.lineStarts, span.key.start).line;
  const lastLine = positionAt(doc.lineStarts, valueEnd).line;
  const lineStart = doc.lineStarts[keyLine - 1]!;
  // The next line's start (its line break included), or the end of the text.
  const lineEnd = doc.lineStarts[lastLine] ?? doc.text.length;
  // Block style only: the key opens its line, and nothing but a comment follows the value.
  if (doc.text.slice(lineStart, span.key.start).trim() !== "") return undefined;
  if (!/^[ \t]*(?:#.*)?$/.test(doc.text.slice(valueEnd, lineEnd).replace(/\r?\n$|\r$/, ""))) return undefined;
  // The member's own comments go with it; an anchor inside it, which aliases elsewhere may name, stays.
  if (target.marks().some((mark) => mark.kind === "anchor" && mark.start >= lineStart && mark.start < lineEnd)) return undefined;
  return edit(doc, { start: lineStart, end: lineEnd }, "");
}

/**
 * Renames the member at `pointer` to `name`: its key's text, and nothing else. None when its object
 * has a member named `name` already, when the member is shared (see below), or when a comment, tag or
 * anchor sits inside the key's text.
 * @example renameKey(editTarget(doc), "/x-mcp-gen/inputRequests/constructor", "constructorForm")
 */
export function renameKey(target: EditTarget, pointer: string, name: string): TextEdit | undefined {
  const { doc } = target;
  const span = doc.spans.get(pointer);
  const parent = parentPointer(pointer);
  const parentValue = parent === undefined ? undefined : valueAt(doc.value, splitPointer(parent));
  if (!span?.key || shared(doc, span) || !isJsonObject(parentValue) || Object.hasOwn(parentValue, name)) return undefined;
  const key = span.key;
  if (target.marks().some((mark) => mark.start < key.end && mark.end > key.start)) return undefined;
  const json = isJsonPath(doc.file);
  const plain = !json && PLAIN_SAFE.test(name) && !YAML_WORDS.test(name) && !/^["']/.test(doc.text.slice(key.start, key.end));
  return edit(doc, key, plain ? name : JSON.stringify(name));
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
 * The text of a value, without the line breaks, blank space and comments a YAML block scalar or block
 * collection ends with: the parser counts them in, and an edit over them would join the value's line
 * to the next key's, or take the comment on its last line with it.
 */
function valueRange({ doc, marks }: EditTarget, range: TextRange): TextRange {
  if (isJsonPath(doc.file)) return range;
  let end = range.end;
  for (;;) {
    while (end > range.start && /\s/.test(doc.text[end - 1]!)) end--;
    const comment = marks().find((mark) => mark.kind === "comment" && mark.start >= range.start && mark.start < end && end <= mark.end);
    if (comment === undefined) return { start: range.start, end };
    end = comment.start;
  }
}

/** The tag written before a YAML value at `start`, with only blank space and comments between. */
function tagBefore({ doc, marks }: EditTarget, start: number): YamlMark | undefined {
  let cursor = start;
  for (const mark of [...marks()].reverse()) {
    if (mark.end > cursor) continue;
    if (doc.text.slice(mark.end, cursor).trim() !== "") return undefined;
    if (mark.kind !== "comment") return mark.kind === "tag" ? mark : undefined;
    cursor = mark.start;
  }
  return undefined;
}

/** The JSON kinds each core tag of YAML 1.2 (written `!!str` or `!<tag:yaml.org,2002:str>`) may stand before. */
const TAG_KINDS: Readonly<Record<string, (value: JsonValue) => boolean>> = {
  str: (value) => typeof value === "string",
  bool: (value) => typeof value === "boolean",
  int: (value) => Number.isInteger(value),
  float: (value) => typeof value === "number",
  null: (value) => value === null,
  seq: (value) => Array.isArray(value),
  map: (value) => value !== null && typeof value === "object" && !Array.isArray(value),
};

/** Whether the tag `tag` (its text) may stay before `value`. */
function tagFits(tag: string, value: JsonValue): boolean {
  const match = /^!!(\w+)$|^!<tag:yaml\.org,2002:(\w+)>$/.exec(tag);
  const name = match?.[1] ?? match?.[2];
  return name !== undefined && Object.hasOwn(TAG_KINDS, name) && TAG_KINDS[name]!(value);
}

/**
 * Where an edit of the value at `start` begins to drop its tag `tag`, which does not fit the new value
 * (`!!str` before a sequence, which the yaml package only warns about and stricter readers refuse), and
 * the text it keeps up to the value: the blank space after the tag goes with it, and the blank space
 * before it when the tag ends its line; a comment after it stays.
 */
function cutTag(text: string, tag: YamlMark, start: number): { start: number; keep: string } {
  let after = tag.end;
  while (text[after] === " " || text[after] === "\t") after++;
  let before = tag.start;
  if (text[after] === "\n" || text[after] === "\r") while (text[before - 1] === " " || text[before - 1] === "\t") before--;
  return { start: before, keep: text.slice(after, start) };
}

/** A value as JSON text: a flow collection on one line, which both JSON and YAML read. */
function writeValue(value: JsonValue, json: boolean): string {
  if (json || value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => writeValue(item, json)).join(", ")}]`;
  return `{ ${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${writeValue(item, json)}`)
    .join(", ")} }`;
}

/**
 * Replaces the text at `range` with `newText`, and nothing else: the caller knows the range holds
 * one whole scalar (a diagnostic's span of it).
 * @example replaceText(doc, { start: 6, end: 8 }, '"on"')
 */
export function replaceText(doc: SourceDoc, range: TextRange, newText: string): TextEdit {
  return edit(doc, range, newText);
}

function edit(doc: SourceDoc, range: TextRange, newText: string): TextEdit {
  const start = positionAt(doc.lineStarts, range.start);
  const end = positionAt(doc.lineStarts, range.end);
  return { range: { start: { line: start.line - 1, character: start.column - 1 }, end: { line: end.line - 1, character: end.column - 1 } }, newText };
}
