// Codex's config.toml → its `[mcp_servers.NAME]` tables with their place in the text, and one table
// rewritten in place: only the values of `command` and `args` are replaced (an HTTP entry's `url` and
// `http_headers` lines give way to them), so comments, key order, other keys and sub-tables such as
// `[mcp_servers.NAME.env]` survive. Positions come from toml-eslint-parser's syntax tree; the result is
// parsed again by the caller and compared. Pure.
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

/** `text` with the table of `name` changed as `change` says, or why it cannot be done in place. */
export function rewriteTomlEntry(text: string, doc: TomlDocument, name: string, change: EntryChange): RewrittenEntry | { readonly refused: string } {
  const table = serverTable(doc, name);
  if (table === undefined) return { refused: `wrap edits servers written as a [mcp_servers.${name}] table; write this one that way first.` };
  const member = (key: string) => table.body.find((kv) => kv.key.keys.length === 1 && keyName(kv.key.keys[0]!) === key);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const key of change.remove) {
    const kv = member(key);
    if (kv !== undefined) edits.push(removal(text, kv));
  }
  const set = new Map(change.set);
  const command = member("command");
  const args = member("args");
  const values = [...set].filter(([key]) => key !== "command" && key !== "args");
  if (values.length > 0) return { refused: `wrap cannot set ${values.map(([key]) => `"${key}"`).join(", ")} in a Codex config.` };
  const commandText = `command = ${tomlValue(set.get("command")!)}`;
  const argsText = `args = ${tomlValue(set.get("args")!)}`;
  if (command !== undefined) edits.push({ start: command.value.range[0], end: command.value.range[1], text: tomlValue(set.get("command")!) });
  if (args !== undefined) edits.push({ start: args.value.range[0], end: args.value.range[1], text: tomlValue(set.get("args")!) });
  else {
    // After `command`, or in place of the URL whose line was removed, at the indentation of the table's first key.
    const indent = lineIndent(text, (table.body[0] ?? table).range[0]);
    const anchor = command ?? member(change.remove[0] ?? "");
    const at = anchor === undefined ? table.key.range[1] + 1 : anchor.range[1];
    const added = command !== undefined ? `\n${indent}${argsText}` : `\n${indent}${commandText}\n${indent}${argsText}`;
    edits.push({ start: at, end: at, text: added });
  }
  const start = table.range[0];
  const end = Math.max(table.range[1], ...edits.map((edit) => edit.end));
  let unit = text.slice(start, end);
  for (const edit of edits.sort((a, b) => b.start - a.start)) unit = unit.slice(0, edit.start - start) + edit.text + unit.slice(edit.end - start);
  return { text: text.slice(0, start) + unit + text.slice(end), original: text.slice(start, end), wrapped: unit };
}

/** A key-value removed with its line when nothing else is on it (a comment after it stays). */
function removal(text: string, kv: AST.TOMLKeyValue): { start: number; end: number; text: string } {
  const lineStart = text.lastIndexOf("\n", kv.range[0] - 1) + 1;
  const newline = text.indexOf("\n", kv.range[1]);
  const lineEnd = newline === -1 ? text.length : newline;
  const before = text.slice(lineStart, kv.range[0]);
  const after = text.slice(kv.range[1], lineEnd).replace(/\r$/, "");
  // Removing the line's newline too: the line before it ends the table's text where it ended.
  if (before.trim() === "" && after.trim() === "") return { start: lineStart === 0 ? 0 : lineStart - 1, end: kv.range[1], text: "" };
  return { start: kv.range[0], end: kv.range[1], text: "" };
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
