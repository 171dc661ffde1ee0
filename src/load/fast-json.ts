// Strict JSON text → its value, natively (JSON.parse), when the text is one that parseJsonText would
// accept with no diagnostic at all: within the depth and value limits, no duplicate key, every
// number finite and none a non-zero one read as 0. Anything else gives undefined, and the caller
// parses it in full for its diagnostics. parseJsonText's spans are then needed only to place a report, so they can wait.
import type { JsonValue } from "../model/json.js";
import type { LoadLimits } from "./limits.js";
import { findJsonDepthExcess } from "./measure-nesting.js";
import { inexactWholeNumber, underflowsToZero } from "./number-precision.js";

/**
 * The value of `text`, exactly as parseJsonText gives it, or undefined when only the full parse can
 * say what is wrong (or right) with it.
 * @example parseCleanJson('{"a":1}', DEFAULT_LOAD_LIMITS) // { a: 1 }
 * @example parseCleanJson('{"a":1,"a":2}', DEFAULT_LOAD_LIMITS) // undefined (duplicate key)
 */
export function parseCleanJson(text: string, limits: LoadLimits): JsonValue | undefined {
  if (findJsonDepthExcess(text, limits.maxDepth) !== -1) return undefined;
  let value: JsonValue;
  try {
    // V8's JSON.parse defines keys as own data properties (`__proto__` included), as defineOwn does.
    value = JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
  const counted = countValue(value, limits.maxNodes);
  if (counted === undefined || counted.members !== countMembers(text)) return undefined;
  // A whole number past 2^53 that is not the one written: the full parse warns (number-precision.ts).
  if (counted.unsafe && someNumberLiteral(text, (literal) => inexactWholeNumber(literal, Number(literal)) !== undefined)) return undefined;
  // A 0 that is a non-zero number too small for a double (1e-400): the full parse says so.
  if (counted.zero && mayUnderflow(text) && someNumberLiteral(text, (literal) => underflowsToZero(literal, Number(literal)))) return undefined;
  return value;
}

/**
 * Whether `text`, which JSON.parse read as `value`, writes some object's key twice. JSON.parse keeps
 * the last of the two; another reader may keep the first, and so see another message.
 * @example repeatsKey('{"a":1,"a":2}', { a: 2 }) // true
 */
export function repeatsKey(text: string, value: JsonValue): boolean {
  let members = 0;
  const stack: JsonValue[] = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const object = node as Readonly<Record<string, JsonValue>>;
    for (const key of Object.keys(object)) {
      members++;
      stack.push(object[key]!);
    }
  }
  return members !== countMembers(text);
}

/**
 * Values (as parseJsonText counts them) and object members in `root`, whether a number in it is a
 * whole number past 2^53, and whether one is 0; undefined past `maxNodes` or at a non-finite number.
 */
function countValue(root: JsonValue, maxNodes: number): { values: number; members: number; unsafe: boolean; zero: boolean } | undefined {
  let values = 0;
  let members = 0;
  let unsafe = false;
  let zero = false;
  const stack: JsonValue[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (++values > maxNodes) return undefined;
    if (typeof value === "number" && !Number.isFinite(value)) return undefined;
    if (typeof value === "number" && !Number.isSafeInteger(value) && Number.isInteger(value)) unsafe = true;
    if (value === 0) zero = true;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === "object" && value !== null) {
      const object = value as Readonly<Record<string, JsonValue>>;
      const keys = Object.keys(object);
      members += keys.length;
      for (const key of keys) stack.push(object[key]!);
    }
  }
  return { values, members, unsafe, zero };
}

/**
 * Members written in the text of a JSON document that JSON.parse accepted: strings followed by a
 * colon. Equal to the members of the parsed value exactly when no object repeats a key.
 */
function countMembers(text: string): number {
  let members = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 0x22 /* " */) continue;
    // Past the closing quote of this string.
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22) break;
    }
    let j = i + 1;
    while (j < text.length && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x0a || text.charCodeAt(j) === 0x0d || text.charCodeAt(j) === 0x09)) j++;
    if (text.charCodeAt(j) === 0x3a /* : */) members++;
  }
  return members;
}

/** Whether a number of `text` (JSON that JSON.parse accepted), outside its strings, as written, is one `isCase` picks. */
function someNumberLiteral(text: string, isCase: (literal: string) => boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const end = numberEnd(text, i);
      const literal = text.slice(i, end);
      if (isCase(literal)) return true;
      i = end - 1;
    }
  }
  return false;
}

/**
 * Whether `text` could hold a non-zero number that a double holds as 0: one needs a negative
 * exponent (1e-400) or, written out, at least 323 zeros after the point (the smallest double is
 * about 4.9e-324). Most texts with a 0 in them (`"minimum": 0`) are spared the literal scan.
 * @example mayUnderflow('{"minimum":0}') // false
 * @example mayUnderflow('{"multipleOf":1e-400}') // true
 */
function mayUnderflow(text: string): boolean {
  return /[eE]-/.test(text) || text.includes(MANY_ZEROS);
}

const MANY_ZEROS = "0".repeat(320);

/** Where the JSON number token starting at `start` ends. */
function numberEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++;
  return end;
}
