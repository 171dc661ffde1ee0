// One tool object as a server's tools/list sent it → the hashes mcp-tools.lock.json records for it:
// SHA-256 of its RFC 8785 (JCS) canonical JSON, whole and per part. The same recipe as mcp-gen's
// src/lock/hash-tool.ts (docs/tool-hash.md), for the generated client, which compares what a server
// lists with the hashes built into it. Pure and dependency-free; never edits its input.
import { sha256Hex } from "./sha256.js";

/**
 * The parts of a tool with a hash of their own, in the order changes are reported: every Tool member
 * of MCP 2026-07-28 but `name`, and `other` for every remaining member taken together.
 */
export const TOOL_PARTS = ["title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta", "other"] as const;

export type ToolPart = (typeof TOOL_PARTS)[number];

/** A tool's hashes: the whole object, and each part it has. */
export interface ToolHashes {
  readonly sha256: string;
  readonly parts: { readonly [P in ToolPart]?: string };
}

const NAMED_PARTS: ReadonlySet<string> = new Set(TOOL_PARTS.filter((part) => part !== "other"));

/**
 * The RFC 8785 text of a JSON value (what JSON.parse returns): members sorted by UTF-16 code units
 * (§3.2.3), numbers and strings as ECMAScript's JSON.stringify writes them (§3.2.2), so a lone
 * surrogate is a lowercase \u escape, as in mcp-gen's lock. Keys are own properties, `__proto__` too.
 * Example: `canonicalJson({ b: 1, a: [true, null] })` gives '{"a":[true,null],"b":1}'.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // JSON.stringify writes -0 as 0 and a non-finite number (which JSON cannot carry) as null.
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const members = new Map<string, string>();
  for (const key of Object.keys(value)) members.set(key, canonicalJson((value as Record<string, unknown>)[key]));
  return canonicalObject(members);
}

/** The canonical text of an object whose members are written already (key → canonical text). */
function canonicalObject(members: ReadonlyMap<string, string>): string {
  let out = "{";
  let first = true;
  for (const key of [...members.keys()].sort()) {
    out += `${first ? "" : ","}${JSON.stringify(key)}:${members.get(key)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * The lock's hashes of one tool object, every member included. Each top-level member is written
 * once; the whole tool and `other` are put together from those texts, as the lock does.
 * Example: `hashTool({ name: "ping", inputSchema: { type: "object" } }).parts.inputSchema`.
 */
export function hashTool(tool: Readonly<Record<string, unknown>>): ToolHashes {
  const all = new Map<string, string>();
  const other = new Map<string, string>();
  const found: { [P in ToolPart]?: string } = {};
  for (const key of Object.keys(tool)) {
    const text = canonicalJson(tool[key]);
    all.set(key, text);
    if (key === "name") continue;
    if (NAMED_PARTS.has(key)) found[key as ToolPart] = sha256Hex(text);
    else other.set(key, text);
  }
  if (other.size > 0) found.other = sha256Hex(canonicalObject(other));
  const parts: { [P in ToolPart]?: string } = {};
  for (const part of TOOL_PARTS) if (found[part] !== undefined) parts[part] = found[part];
  return { sha256: sha256Hex(canonicalObject(all)), parts };
}

/** Only the whole tool's hash (what a check compares first). */
export function hashWholeTool(tool: Readonly<Record<string, unknown>>): string {
  return sha256Hex(canonicalJson(tool));
}
