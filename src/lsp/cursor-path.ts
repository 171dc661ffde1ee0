// Where the cursor is in a descriptor that is being typed, and so may not parse: the path of the
// object whose member name is being written, or of the member whose value is. JSON is read with
// jsonc-parser's tolerant scanner; YAML by its indentation, the way block YAML nests (each parent
// key sits on an earlier line, further left; a "- " opens an element of a sequence).
import { createRequire } from "node:module";
import { computeLineStarts, lineTexts, positionAt } from "../load/line-index.js";
import type { PathSegment } from "./schema-guide.js";

const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");

export interface CursorPath {
  /** "key": a member name is being written in the object at `path`; "value": the value of the member at `path`. */
  readonly kind: "key" | "value";
  readonly path: readonly PathSegment[];
  /** The range of the word being written (replaced by a completion), as offsets. */
  readonly start: number;
  readonly end: number;
  /** Inside a JSON string: a completion is written without its own quotes. */
  readonly quoted: boolean;
  /** Member names written already beside the one being written (YAML; JSON leaves it to the parse). */
  readonly siblings: readonly string[];
}

/**
 * @example cursorPath("annotations:\n  read", 18, false) // { kind: "key", path: ["annotations"], start: 15, end: 19, quoted: false }
 */
export function cursorPath(text: string, offset: number, json: boolean): CursorPath | undefined {
  return json ? jsonCursor(text, offset) : yamlCursor(text, offset);
}

function jsonCursor(text: string, offset: number): CursorPath | undefined {
  const location = jsonc().getLocation(text, offset);
  const node = location.previousNode;
  // A key ("property") or a string value being written, quotes and all; else the word before the cursor.
  const onString = node !== undefined && (node.type === "property" || node.type === "string") && node.offset <= offset && offset <= node.offset + node.length;
  const start = onString ? node.offset : offset - (/[\w$.-]*$/.exec(text.slice(0, offset))?.[0].length ?? 0);
  const end = onString ? node.offset + node.length : offset;
  if (location.isAtPropertyKey) return { kind: "key", path: location.path.slice(0, -1), start, end, quoted: onString, siblings: [] };
  const last = location.path.at(-1);
  if (last === undefined || typeof last === "number") return undefined;
  return { kind: "value", path: location.path, start, end, quoted: onString, siblings: [] };
}

interface YamlLine {
  /** Column of a leading "- " (the last one, for "- - "), or -1. */
  readonly dash: number;
  /** Column where the key (or the value, for an element without one) starts. */
  readonly keyColumn: number;
  readonly key: string | undefined;
  /** Whether anything but a comment follows "key:". */
  readonly inlineValue: boolean;
}

function yamlCursor(text: string, offset: number): CursorPath | undefined {
  // Lines as the editor counts them: "\r\n" and a lone "\r" end one too.
  const starts = computeLineStarts(text);
  const lines = lineTexts(text, starts);
  const row = positionAt(starts, offset).line - 1;
  const before = text.slice(starts[row]!, offset);
  if (before.includes("#")) return undefined;
  const line = readLine(before);
  const path: PathSegment[] = [];
  let target = line.keyColumn;
  if (line.dash !== -1) {
    path.push(0);
    target = line.dash;
  }
  // Up through the earlier lines, collecting each parent further left.
  for (let i = row - 1; i >= 0 && target > 0; i--) {
    const previous = readLine(lines[i]!);
    if (previous.key === undefined && previous.dash === -1) continue;
    if (previous.keyColumn < target && previous.key !== undefined && !previous.inlineValue) {
      path.push(previous.key);
      target = previous.keyColumn;
      if (previous.dash !== -1) {
        path.push(0);
        target = previous.dash;
      }
    } else if (previous.dash !== -1 && previous.dash < target) {
      path.push(0);
      target = previous.dash;
    }
  }
  path.reverse();
  const colon = /^([^:]*?)\s*:\s+(\S*)$/.exec(before.slice(line.keyColumn));
  if (colon && line.key !== undefined) {
    const word = colon[2]!;
    return { kind: "value", path: [...path, line.key], start: offset - word.length, end: offset, quoted: false, siblings: [] };
  }
  const word = before.slice(line.keyColumn);
  if (!/^[\w$.\-"']*$/.test(word)) return undefined;
  return { kind: "key", path, start: offset - word.length, end: offset, quoted: false, siblings: yamlSiblings(lines, row, line.keyColumn) };
}

/** The keys written at `column` in the block of line `row` of `lines` (above and below it). */
function yamlSiblings(lines: readonly string[], row: number, column: number): string[] {
  const keys: string[] = [];
  for (const step of [-1, 1]) {
    for (let i = row + step; i >= 0 && i < lines.length; i += step) {
      const line = readLine(lines[i]!);
      if (line.key === undefined && line.dash === -1 && !line.inlineValue) continue;
      if (line.keyColumn < column) break;
      // A "- " at this block's column, or left of it, opens an element: the block ends (or began) there.
      if (line.dash !== -1 && line.keyColumn === column) {
        if (step === -1 && line.key !== undefined) keys.push(line.key);
        break;
      }
      if (line.keyColumn === column && line.key !== undefined) keys.push(line.key);
    }
  }
  return keys;
}

/** A line of block YAML (or the part of it before the cursor): its dashes, key and value. */
function readLine(line: string): YamlLine {
  const indent = /^(\s*)((?:-\s+)*)/.exec(line)!;
  const dashes = indent[2]!;
  const dash = dashes === "" ? -1 : indent[1]!.length + dashes.lastIndexOf("-");
  const keyColumn = indent[0].length;
  const rest = line.slice(keyColumn);
  if (rest.trim() === "" || rest.startsWith("#")) return { dash, keyColumn, key: undefined, inlineValue: false };
  const member = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s:#][^:#]*?)\s*:(?:\s+(.*))?$/.exec(rest);
  if (!member) return { dash, keyColumn, key: undefined, inlineValue: true };
  const raw = member[1]!;
  const key = raw.startsWith('"') ? unquote(raw) : raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
  const value = (member[2] ?? "").trim();
  return { dash, keyColumn, key, inlineValue: value !== "" && !value.startsWith("#") };
}

/** A double-quoted key's text (JSON escapes; anything else as written). */
function unquote(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}
