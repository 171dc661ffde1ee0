// JsonValue → its RFC 8785 (JSON Canonicalization Scheme, JCS) text, the bytes every lock hash is
// taken over. Pure: no I/O, never edits its input. It has one documented extension (lone surrogates,
// below) and refuses values JSON cannot hold.
//
// RFC 8785 in brief, with the ECMAScript operations it is defined by:
// - §3.2.1 no whitespace between tokens.
// - §3.2.2.1 literals null, true, false.
// - §3.2.2.2 strings: `"` and `\` escaped; U+0000–U+001F as \b \t \n \f \r or \u00xx (lowercase
//   hex); everything else as is, U+007F, U+2028 and U+2029 included. This is exactly what
//   ECMAScript's JSON.stringify does for a well-formed string.
// - §3.2.2.3 numbers: ECMAScript Number::toString (shortest round-trip digits; exponent form below
//   1e-6 and from 1e21 up, as "1e-7" and "1e+21"); -0 is written "0". NaN and ±Infinity MUST fail.
// - §3.2.3 object members sorted by their names as arrays of UTF-16 code units, which is how
//   Array.prototype.sort orders strings (so "\u{1F600}", code units D83D DE00, sorts before
//   "\uE000"). Array order is kept.
//
// Extension — lone surrogates. §3.2.2.2 says a string holding a lone UTF-16 surrogate MUST make a
// JCS implementation fail. mcp-gen's loader does produce them (a JSON or YAML "\ud800" escape), and
// so may a live server, and a build or `verify` must not crash on user input. mcp-gen therefore
// writes a lone surrogate as \u followed by four lowercase hex digits, as ECMAScript's well-formed
// JSON.stringify (ES2019) does. Every other string is written exactly as RFC 8785 says; a strict JCS
// library refuses such a tool instead of producing a different hash. findJcsProblem() finds these
// values so that a rule can warn about them.
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";

/**
 * The RFC 8785 canonical JSON text of `value`. Object keys are read as own data properties, so a
 * key named "__proto__" is an ordinary member. Throws (a bug: the loader refuses them) on NaN and
 * ±Infinity, which JSON has no text for.
 * @example canonicalJson({ b: [1e21, -0], a: "\u20ac" }) === '{"a":"€","b":[1e+21,0]}'
 */
export function canonicalJson(value: JsonValue): string {
  return writeValue(value);
}

// Recursion depth is bounded: the loader refuses files nested deeper than load.maxDepth, and the
// resolver bundles `$ref`'d files under `$defs` instead of inlining them into each other. Strings
// are built by concatenation (V8 joins them lazily), which is about twice as fast as collecting
// pieces in an array; members already in order (every lock and most generated objects) skip the sort.
function writeValue(value: JsonValue): string {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return writeNumber(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + writeValue(value[i]!);
    return out + "]";
  }
  if (isJsonObject(value)) {
    let out = "{";
    const keys = sortedKeys(value);
    for (let i = 0; i < keys.length; i++) out += (i > 0 ? "," : "") + JSON.stringify(keys[i]) + ":" + writeValue(value[keys[i]!]!);
    return out + "}";
  }
  throw new Error(`canonicalJson got a ${typeof value}, which is not a JSON value; this is a bug in mcp-gen.`);
}

/** Own keys in RFC 8785 order: default sort compares UTF-16 code units (§3.2.3), never the locale. */
function sortedKeys(value: JsonObject): string[] {
  const keys = Object.keys(value);
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return keys.sort();
  return keys;
}

/**
 * The canonical text of an object whose members are given already written: `members` maps each key
 * to the canonical text of its value. Lets a caller that needs the canonical text of several values
 * and of the object holding them (hashTool: every part and the whole tool) write each value once.
 * @example canonicalObject(new Map([["b", "1"], ["a", '"x"']])) === '{"a":"x","b":1}'
 */
export function canonicalObject(members: ReadonlyMap<string, string>): string {
  let out = "{";
  let first = true;
  for (const key of [...members.keys()].sort()) {
    out += (first ? "" : ",") + JSON.stringify(key) + ":" + members.get(key)!;
    first = false;
  }
  return out + "}";
}

/** RFC 8785 §3.2.2.3: ECMAScript Number::toString, which already writes -0 as "0". */
function writeNumber(value: number): string {
  if (!Number.isFinite(value)) {
    throw new Error(`canonicalJson got the number ${value}, which JSON cannot represent (RFC 8785 §3.2.2.3); this is a bug in mcp-gen: the loader must refuse it.`);
  }
  return String(value);
}

export interface JcsProblem {
  /** JSON Pointer of the offending value, or of the member whose key is offending. */
  readonly pointer: string;
  readonly kind: "non-finite-number" | "lone-surrogate";
  /** True when the problem is in a member's key rather than its value. */
  readonly inKey: boolean;
}

// With the u flag, a surrogate range matches only a surrogate that is not part of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * The first value (in document order, keys in canonical order) that RFC 8785 refuses: a number that
 * is not finite (canonicalJson throws on it) or a string with a lone surrogate (canonicalJson
 * escapes it, a strict JCS library refuses it). Lets a rule or `verify` report it before hashing.
 * @example findJcsProblem({ a: "\ud800" }) // { pointer: "/a", kind: "lone-surrogate", inKey: false }
 */
export function findJcsProblem(value: JsonValue, pointer = ""): JcsProblem | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : { pointer, kind: "non-finite-number", inKey: false };
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? { pointer, kind: "lone-surrogate", inKey: false } : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findJcsProblem(value[i]!, joinPointer(pointer, i));
      if (found) return found;
    }
  } else if (isJsonObject(value)) {
    for (const key of Object.keys(value).sort()) {
      const at = joinPointer(pointer, key);
      if (LONE_SURROGATE.test(key)) return { pointer: at, kind: "lone-surrogate", inKey: true };
      const found = findJcsProblem(value[key]!, at);
      if (found) return found;
    }
  }
  return undefined;
}
