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
import type { JsonObject, JsonValue } from "../model/json.js";
import { TOOL_PARTS, type PartHashes, type ToolPart } from "../model/lock.js";
import { canonicalJson, canonicalObject } from "./canonical-json.js";
import { sha256Hex } from "./sha256.js";

export interface ToolHash {
  /** Lowercase hex SHA-256 of the RFC 8785 canonical JSON of the whole wire descriptor. */
  readonly sha256: string;
  /** The same hash per part, for the parts the tool has. */
  readonly parts: PartHashes;
}

const NAMED_PARTS: ReadonlySet<string> = new Set<string>(TOOL_PARTS.filter((part) => part !== "other"));

/**
 * Hashes one wire descriptor (the exact object tools/list returns). `order: "sorted"` promises that
 * the members of every object in it are already in RFC 8785 order (as in a descriptor read back
 * from a lock that renderLock wrote): its canonical text is then what JSON.stringify writes.
 * @example hashTool({ name: "ping", inputSchema: { type: "object" } }).parts.inputSchema
 */
export function hashTool(wire: JsonObject, order: "any" | "sorted" = "any"): ToolHash {
  const write = order === "sorted" ? (value: JsonValue) => JSON.stringify(value) : canonicalJson;
  // Each top-level value is written once; the whole tool and `other` are assembled from those texts.
  const all = new Map<string, string>();
  const other = new Map<string, string>();
  const parts: Partial<Record<ToolPart, string>> = {};
  for (const key of Object.keys(wire)) {
    const text = write(wire[key]!);
    all.set(key, text);
    if (key === "name") continue;
    if (NAMED_PARTS.has(key)) parts[key as ToolPart] = sha256Hex(text);
    else other.set(key, text);
  }
  if (other.size > 0) parts.other = sha256Hex(canonicalObject(other));
  // Parts in TOOL_PARTS order, as they always were listed.
  const ordered: Partial<Record<ToolPart, string>> = {};
  for (const part of TOOL_PARTS) if (parts[part] !== undefined) ordered[part] = parts[part];
  return { sha256: sha256Hex(canonicalObject(all)), parts: ordered };
}

/**
 * Lowercase hex SHA-256 of the RFC 8785 canonical JSON of `value`.
 * @example hashJson({ type: "object" }) === sha256Hex('{"type":"object"}')
 */
export function hashJson(value: JsonValue): string {
  return sha256Hex(canonicalJson(value));
}
