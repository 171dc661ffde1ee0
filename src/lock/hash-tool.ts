// Wire Tool object → its lock hashes: one over the whole descriptor and one per part. Pure; never
// reads the descriptor file, so formatting, comments, key order and `$ref` layout cannot matter.
//
// How anyone can recompute `sha256` for a tool, from a live server's tools/list with nothing but a
// JCS library (this is the whole algorithm):
//   1. take one element of `result.tools` exactly as received, every field included;
//   2. serialize it with RFC 8785 (JSON Canonicalization Scheme);
//   3. SHA-256 the UTF-8 bytes of that text and write the digest as 64 lowercase hex digits.
// mcp-gen's side is the same computation on the wire descriptor: bundled, `x-mcp-gen` removed, which
// is what the generated server returns. A part hash is the same computation on the value of that
// top-level field; `other` is over an object holding every top-level field that is neither `name`
// nor a named part. (A lone surrogate in a string is the one case where a strict JCS library refuses
// instead of agreeing; see canonical-json.ts.)
import { defineOwn, type JsonObject, type JsonValue } from "../model/json.js";
import { TOOL_PARTS, type PartHashes, type ToolPart } from "../model/lock.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256Hex } from "./sha256.js";

export interface ToolHash {
  /** Lowercase hex SHA-256 of the RFC 8785 canonical JSON of the whole wire descriptor. */
  readonly sha256: string;
  /** The same hash per part, for the parts the tool has. */
  readonly parts: PartHashes;
}

const NAMED_PARTS: ReadonlySet<string> = new Set<string>(TOOL_PARTS.filter((part) => part !== "other"));

/**
 * Hashes one wire descriptor (the exact object tools/list returns).
 * @example hashTool({ name: "ping", inputSchema: { type: "object" } }).parts.inputSchema
 */
export function hashTool(wire: JsonObject): ToolHash {
  const named = new Map<ToolPart, JsonValue>();
  const other: Record<string, JsonValue> = {};
  let hasOther = false;
  for (const key of Object.keys(wire)) {
    if (key === "name") continue;
    if (NAMED_PARTS.has(key)) {
      named.set(key as ToolPart, wire[key]!);
    } else {
      defineOwn(other, key, wire[key]!);
      hasOther = true;
    }
  }
  const parts: Partial<Record<ToolPart, string>> = {};
  for (const part of TOOL_PARTS) {
    const value = part === "other" ? (hasOther ? other : undefined) : named.get(part);
    if (value !== undefined) parts[part] = hashJson(value);
  }
  return { sha256: hashJson(wire), parts };
}

/**
 * Lowercase hex SHA-256 of the RFC 8785 canonical JSON of `value`.
 * @example hashJson({ type: "object" }) === sha256Hex('{"type":"object"}')
 */
export function hashJson(value: JsonValue): string {
  return sha256Hex(canonicalJson(value));
}
