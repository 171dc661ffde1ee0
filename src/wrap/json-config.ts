// A JSON host config (JSON with comments: VS Code's `servers`, everyone else's `mcpServers`) → its
// server entries with their place in the text, and one entry rewritten in place with jsonc-parser's
// modify/applyEdits: only the members that change are touched, so comments, key order, unknown keys,
// indentation and line ends survive. Pure.
import { createRequire } from "node:module";
import type { FormattingOptions, Node, ParseError } from "jsonc-parser";
import { jsoncValue } from "../live/client-config.js";
import { canonicalJson } from "../lock/canonical-json.js";
import { defineOwn, getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import type { EntryChange, RewrittenEntry } from "./entry-change.js";
import { type HostKind, serversPath } from "./host.js";

const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");

export interface JsonEntry {
  readonly name: string;
  /** The entry as written, variables unfilled. */
  readonly value: JsonValue;
}

/** The servers of a JSON config that `host` reads (the object serversPath chooses), or why it cannot be read. */
export function readJsonEntries(
  text: string,
  host: HostKind,
): { readonly ok: true; readonly path: readonly string[]; readonly entries: readonly JsonEntry[] } | { readonly ok: false; readonly message: string } {
  const servers = serversNode(text, host);
  if (!servers.ok) return servers;
  const { getNodeValue } = jsonc();
  const entries = (servers.node.children ?? []).map((property) => ({ name: String(property.children![0]!.value), value: getNodeValue(property.children![1]!) as JsonValue }));
  return { ok: true, path: servers.path, entries };
}

/**
 * Where server `name`'s entry is in `text` when it still holds the value of `entryText`, however it
 * is now written (a host that saves its settings re-serialises the whole file); undefined when the
 * file lists no such server, holds another value there, or does not read.
 */
export function findJsonEntryHolding(text: string, host: HostKind, name: string, entryText: string): { readonly offset: number; readonly length: number } | undefined {
  const servers = serversNode(text, host);
  const wanted = ownValue(entryText);
  if (!servers.ok || wanted === undefined) return undefined;
  const node = jsonc().findNodeAtLocation(servers.node, [name]);
  if (node === undefined || canonicalJson(jsoncValue(node)) !== canonicalJson(wanted)) return undefined;
  return { offset: node.offset, length: node.length };
}

/**
 * Whether `after` reads as `before` with server `name`'s entry holding the value of `entryText` and
 * nothing else changed: unwrap's check of an entry it found by its key rather than by its text.
 */
export function readsAsReplaced(before: string, after: string, host: HostKind, name: string, entryText: string): boolean {
  const servers = serversNode(before, host);
  const expected = ownValue(before);
  const entry = ownValue(entryText);
  const actual = ownValue(after);
  if (!servers.ok || expected === undefined || entry === undefined || actual === undefined) return false;
  const object = servers.path.reduce<JsonValue | undefined>((value, key) => getOwn(value, key), expected);
  if (!isJsonObject(object)) return false;
  defineOwn(object as Record<string, JsonValue>, name, entry);
  return canonicalJson(actual) === canonicalJson(expected);
}

/** The value of JSON-with-comments text, every key an own member (a server may be named "__proto__"). */
function ownValue(text: string): JsonValue | undefined {
  const errors: ParseError[] = [];
  const tree = jsonc().parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  return tree === undefined || errors.length > 0 ? undefined : jsoncValue(tree);
}

function serversNode(text: string, host: HostKind): { readonly ok: true; readonly path: readonly string[]; readonly node: Node } | { readonly ok: false; readonly message: string } {
  const { parseTree, findNodeAtLocation } = jsonc();
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (tree === undefined || errors.length > 0) return { ok: false, message: "it is not JSON (with comments)." };
  const chosen = serversPath(host, (path) => findNodeAtLocation(tree, [...path])?.type === "object");
  if (!chosen.ok) return chosen;
  return { ok: true, path: chosen.path, node: findNodeAtLocation(tree, [...chosen.path])! };
}

/** The JSON value of a whole config (for checking a rewrite). */
export function parseJsonConfig(text: string): JsonValue | undefined {
  const errors: ParseError[] = [];
  const value = jsonc().parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as JsonValue;
  return errors.length > 0 ? undefined : value;
}

/**
 * `text` with the entry `name` (under `path`) changed as `change` says. Only the entry's own text is
 * taken from the edited document (jsonc-parser may re-indent the line an edit starts on): everything
 * around it stays byte for byte, and the entry's text before and after is what unwrap swaps back.
 */
export function rewriteJsonEntry(text: string, path: readonly string[], name: string, change: EntryChange): RewrittenEntry {
  const { findNodeAtLocation, parseTree, modify, applyEdits } = jsonc();
  const entryNode = (source: string): Node => findNodeAtLocation(parseTree(source, [], { allowTrailingComma: true })!, [...path, name])!;
  const before = entryNode(text);
  // An entry written on one line stays on one line; otherwise new members follow the file's indentation.
  const oneLine = !text.slice(before.offset, before.offset + before.length).includes("\n");
  const options = oneLine ? {} : { formattingOptions: formattingOf(text) };
  // Members are set before others are removed, so the object never becomes empty in between.
  const steps: (readonly [string, JsonValue | undefined])[] = [...change.set, ...change.remove.map((key) => [key, undefined] as [string, undefined])];
  let current = text;
  for (const [key, value] of steps) {
    if (value === undefined && findNodeAtLocation(entryNode(current), [key]) === undefined) continue;
    current = applyEdits(current, modify(current, [...path, name, key], value, options));
  }
  const after = entryNode(current);
  const original = text.slice(before.offset, before.offset + before.length);
  const wrapped = current.slice(after.offset, after.offset + after.length);
  return { text: text.slice(0, before.offset) + wrapped + text.slice(before.offset + before.length), original, wrapped };
}

/** The file's own indentation and line ends, for the members an edit writes. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /\n([ \t]+)["}\]]/.exec(text)?.[1] ?? "  ";
  return indent.startsWith("\t") ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}
