// Codex's config.toml → its `[mcp_servers.NAME]` tables with their place in the text, and one table
// rewritten in place: only the values of `command` and `args` are replaced (an HTTP entry's `url` and
// `http_headers` lines, or its `[mcp_servers.NAME.http_headers]` table, give way to them), so comments,
// key order, other keys, line ends and sub-tables such as `[mcp_servers.NAME.env]` survive. Positions
// come from toml-eslint-parser's syntax tree; the result is parsed again by the caller and compared. Pure.
import type { AST } from "toml-eslint-parser";
import type { JsonValue } from "../model/json.js";
import type { TomlDocument } from "../live/codex-config.js";
import type { EntryChange, RewrittenEntry } from "./entry-change.js";

/** The `[mcp_servers.NAME]` table of `name`, or undefined when the server is written another way. */
export function serverTable(doc: TomlDocument, name: string): AST.TOMLTable | undefined {
  return doc.ast.body[0].body.find(
    (node): node is AST.TOMLTable => node.type === "TOMLTable" && node.kind === "standard" && node.resolvedKey.length === 2 && node.resolvedKey[0] === "mcp_servers" && node.resolvedKey[1] === name,
  );
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** A removal that takes whole lines with their line ends. */
  readonly isWholeLines?: boolean;
}

/** `text` with the table of `name` changed as `change` says, or why it cannot be done in place. */
export function rewriteTomlEntry(text: string, doc: TomlDocument, name: string, change: EntryChange): RewrittenEntry | { readonly refused: string } {
  const table = serverTable(doc, name);
  if (table === undefined) return { refused: `wrap edits servers written as a [mcp_servers.${name}] table; write this one that way first.` };
  const set = new Map(change.set);
  const values = [...set].filter(([key]) => key !== "command" && key !== "args");
  if (values.length > 0) return { refused: `wrap cannot set ${values.map(([key]) => `"${key}"`).join(", ")} in a Codex config.` };
  const member = (key: string) => table.body.find((kv) => kv.key.keys.length === 1 && keyName(kv.key.keys[0]!) === key);
  // By where each removed member starts, so the URL's can be found again as the place for command and args.
  const removals = new Map<number, Edit>(change.remove.flatMap((key) => placesOf(doc, table, name, key)).map((place) => [place.range[0], removal(text, place)]));
  const edits: Edit[] = [];
  const missing: string[] = [];
  for (const key of ["command", "args"]) {
    const kv = member(key);
    if (kv === undefined) missing.push(`${key} = ${tomlValue(set.get(key)!)}`);
    else edits.push({ start: kv.value.range[0], end: kv.value.range[1], text: tomlValue(set.get(key)!) });
  }
  if (missing.length > 0) {
    // After `command`, or where the URL was, at the indentation of the table's first key.
    const indent = lineIndent(text, (table.body[0] ?? table).range[0]);
    const lines = missing.map((line) => `${indent}${line}`);
    const anchor = member("command") ?? change.remove.map(member).find((kv) => kv !== undefined);
    const replaced = anchor === undefined ? undefined : removals.get(anchor.range[0]);
    if (replaced?.isWholeLines === true) {
      // The URL's lines give way to them, their line end kept.
      removals.set(anchor!.range[0], { ...replaced, text: lines.join(eolOf(text)) + lineEndAt(text, replaced.end) });
    } else {
      const at = lineAround(text, (anchor ?? table.key).range[1]).contentEnd;
      edits.push({ start: at, end: at, text: lines.map((line) => `${eolOf(text)}${line}`).join("") });
    }
  }
  edits.push(...removals.values());
  const start = Math.min(table.range[0], ...edits.map((edit) => edit.start));
  const end = Math.max(table.range[1], ...edits.map((edit) => edit.end));
  // unwrap swaps back one piece of text: another table inside it would be swapped back too, and one
  // wrapped since (another server) would make this entry's wrapped text impossible to find.
  const foreign = tablesWithin(doc, start, end).find((other) => !isOwn(other, name));
  if (foreign !== undefined) {
    return { refused: `its tables are apart (${keyText(text, foreign)} is between them); put [mcp_servers.${name}] and its sub-tables together first.` };
  }
  let unit = text.slice(start, end);
  for (const edit of edits.sort((a, b) => b.start - a.start)) unit = unit.slice(0, edit.start - start) + edit.text + unit.slice(edit.end - start);
  return { text: text.slice(0, start) + unit + text.slice(end), original: text.slice(start, end), wrapped: unit };
}

interface Place {
  readonly range: readonly [number, number];
  readonly isTable: boolean;
}

/** Where the member `key` of the server is written: key-values in its table (dotted ones too) and its own sub-tables. */
function placesOf(doc: TomlDocument, table: AST.TOMLTable, name: string, key: string): Place[] {
  const inTable = table.body.filter((kv) => keyName(kv.key.keys[0]!) === key).map((kv) => ({ range: kv.range, isTable: false }));
  const subTables = doc.ast.body[0].body
    .filter((node): node is AST.TOMLTable => node.type === "TOMLTable" && node.resolvedKey[0] === "mcp_servers" && node.resolvedKey[1] === name && node.resolvedKey[2] === key)
    .map((node) => ({ range: node.range, isTable: true }));
  return [...inTable, ...subTables];
}

/**
 * Removing a place: with its whole lines and their line end when nothing else is on them (so no
 * other line loses its own line end), a table with the blank lines that set it apart; or else the
 * place alone (a comment after it stays).
 */
function removal(text: string, { range, isTable }: Place): Edit {
  const first = lineAround(text, range[0]);
  const last = lineAround(text, range[1]);
  const isAlone = text.slice(first.start, range[0]).trim() === "" && text.slice(range[1], last.contentEnd).trim() === "";
  if (!isAlone) return { start: range[0], end: range[1], text: "" };
  return { start: isTable ? blankLinesFrom(text, first.start) : first.start, end: last.end, text: "", isWholeLines: true };
}

/** Where the blank lines just above the line starting at `lineStart` begin. */
function blankLinesFrom(text: string, lineStart: number): number {
  let start = lineStart;
  while (start > 0) {
    const above = lineAround(text, start - 1);
    if (text.slice(above.start, above.contentEnd).trim() !== "") break;
    start = above.start;
  }
  return start;
}

/** The line `offset` is on: where it starts, where its text ends (before CRLF or LF), and where the next line starts. */
function lineAround(text: string, offset: number): { start: number; contentEnd: number; end: number } {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const newline = text.indexOf("\n", offset);
  if (newline === -1) return { start, contentEnd: text.length, end: text.length };
  return { start, contentEnd: text[newline - 1] === "\r" ? newline - 1 : newline, end: newline + 1 };
}

/** The line end that ends just before `offset` ("" at the end of a file without one). */
function lineEndAt(text: string, offset: number): string {
  if (text[offset - 1] !== "\n") return "";
  return text[offset - 2] === "\r" ? "\r\n" : "\n";
}

/** The file's line end: added lines use it, so a CRLF file stays CRLF. */
function eolOf(text: string): string {
  return /\r?\n/.exec(text)?.[0] ?? "\n";
}

function tablesWithin(doc: TomlDocument, start: number, end: number): AST.TOMLTable[] {
  return doc.ast.body[0].body.filter((node): node is AST.TOMLTable => node.type === "TOMLTable" && node.range[0] >= start && node.range[1] <= end);
}

function isOwn(table: AST.TOMLTable, name: string): boolean {
  return table.resolvedKey[0] === "mcp_servers" && table.resolvedKey[1] === name;
}

/** A table's header as written: `[a.b]`, or `[[a.b]]` for an array of tables. */
function keyText(text: string, table: AST.TOMLTable): string {
  const key = text.slice(table.key.range[0], table.key.range[1]);
  return table.kind === "array" ? `[[${key}]]` : `[${key}]`;
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function keyName(key: AST.TOMLBare | AST.TOMLQuoted): string {
  return key.type === "TOMLBare" ? key.name : key.value;
}

/** A string or a list of strings as TOML: basic strings, with what TOML requires escaped (U+007F too). */
function tomlValue(value: JsonValue): string {
  if (typeof value === "string") return JSON.stringify(value).replace(/\u007f/g, "\\u007f");
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(", ")}]`;
  throw new Error(`wrap writes only strings and lists of strings to a Codex config; this is a bug in mcp-gen.`);
}
