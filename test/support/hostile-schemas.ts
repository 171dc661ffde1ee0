// Generated schemas far past any sane limit, built without recursion, for the complexity rules'
// tests (CHECKLIST T-REF-5): they must report the first crossing and never overflow the stack.
import type { JsonObject, JsonValue } from "../../src/model/json.js";

/** A tool around `inputSchema`. */
export function toolWith(inputSchema: JsonValue, extra: JsonObject = {}): JsonObject {
  return deepFreeze({ name: "hostile", description: "Generated for a test.", inputSchema, ...extra });
}

/** `levels` schemas inside each other through `wrap` (for example `(s) => ({ not: s })`), innermost `leaf`. */
export function nestedSchema(levels: number, wrap: (inner: JsonValue) => JsonObject, leaf: JsonValue = { type: "string" }): JsonValue {
  let schema = leaf;
  for (let i = 0; i < levels; i++) schema = wrap(schema);
  return schema;
}

/** An object schema with `count` string properties p0, p1, ... */
export function wideSchema(count: number): JsonObject {
  const properties: Record<string, JsonValue> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "string" };
  return { type: "object", properties };
}

/** `$defs` d0..d{levels-1} where each refers to the next twice: 2^levels subschemas once expanded. */
export function doublingDefs(levels: number): JsonObject {
  const $defs: Record<string, JsonValue> = { [`d${levels}`]: { type: "string" } };
  for (let i = 0; i < levels; i++) $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  return { type: "object", properties: { value: { $ref: "#/$defs/d0" } }, $defs };
}

/** A pointer made of `token` repeated `times`, after `base`. */
export function repeatPointer(base: string, token: string, times: number): string {
  return base + token.repeat(times);
}

/** Freezes `value` and everything inside it, without recursion, so a rule that mutates its input throws. */
export function deepFreeze<T extends JsonValue>(value: T): T {
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current === null || typeof current !== "object" || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push(child);
  }
  return value;
}
