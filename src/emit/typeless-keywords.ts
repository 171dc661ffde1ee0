// A schema copy made for json-schema-to-typescript (emit-types.ts prepare) without `type`, so that its
// type holds every value the validators accept. A keyword that does not apply to a value's type is
// ignored (2020-12 Core § 7.6.1; so in draft-07 and 2019-09), so `{ "properties": { "a": ... } }`
// accepts 5, "a" and null as well as objects, and `{ "description": "x" }` accepts any value. The
// library typed the first as its object form only and the second as an empty object, `{ [k:
// string]: unknown }` (array-keywords.ts does the same for `items` and `prefixItems`). Only the copy
// is translated: the wire schema and the validators never see any of this.

import { defineOwn, getOwn, type JsonObject, type JsonValue } from "../model/json.js";
import type { Dialect } from "../model/dialect.js";
import { isTuple2020, NAMED_BY_REF } from "./array-keywords.js";

/**
 * The types of value that reach a schema, when not every value does: objects at the root of the
 * arguments (MCP sends them as an object), the types a schema's `type` lists at its branches (allOf,
 * anyOf, oneOf), directly or through typeless branches between. Undefined: any value.
 */
export type Reach = readonly string[] | undefined;

/** The JSON types other than "object", in the order a typeless object's type lists them after it. */
const NOT_OBJECT = ["null", "boolean", "number", "string", "array"] as const;

/** The keywords of which the library forms an object type. */
const OBJECT_FORM = ["properties", "patternProperties", "required", "additionalProperties"] as const;

/** Keywords of which the library forms some type: a copy with none of them constrains no value's type. */
const ANY_FORM = ["type", "enum", "const", "$ref", "allOf", "anyOf", "oneOf", "items", "tsType", ...OBJECT_FORM] as const;

/** Keywords that stay beside the `anyOf` of a split typeless object (splitObject): they annotate the whole. */
const ANNOTATIONS = ["title", "description", "deprecated"] as const;

/**
 * Whether a descriptor's schema is an object schema without `type`: object keywords (OBJECT_FORM),
 * no `type`, `enum` or `const` (they list the values), and no array keywords (array-keywords.ts
 * lists every type on those).
 */
function isTypelessObject(schema: JsonObject, dialect: Dialect): boolean {
  if (["type", "enum", "const", "items"].some((key) => getOwn(schema, key) !== undefined) || isTuple2020(schema, dialect)) return false;
  return OBJECT_FORM.some((key) => getOwn(schema, key) !== undefined);
}

/** Whether a schema applies other schemas to the same value: allOf, anyOf, oneOf, `$ref`. */
function isComposed(schema: JsonObject): boolean {
  return ["allOf", "anyOf", "oneOf", "$ref"].some((key) => getOwn(schema, key) !== undefined);
}

/** Whether objects reach a schema reached as `reach` says. */
function reachesObjects(reach: Reach): boolean {
  return reach === undefined || reach.includes("object");
}

/** Whether only objects reach a schema: there the library's object form is the whole type. */
function onlyObjects(reach: Reach): boolean {
  return reach !== undefined && reach.length > 0 && reach.every((type) => type === "object");
}

/** Whether only arrays reach a schema (array-keywords.ts: its array form is the whole type). */
export function onlyArrays(reach: Reach): boolean {
  return reach !== undefined && reach.length > 0 && reach.every((type) => type === "array");
}

/** The types other than "object" that reach a typeless object, in the order its type lists them. */
function otherTypes(reach: Reach): readonly string[] {
  return (reach ?? NOT_OBJECT).filter((type, i, all) => type !== "object" && all.indexOf(type) === i);
}

/**
 * What reaches the branches (allOf, anyOf, oneOf) of `schema`, itself reached as `reach` says: the
 * types its `type` lists, or without one what reaches it, only objects for a typeless object, whose
 * branches the copy keeps in its object part (splitObject). The library drops a `type: "object"`
 * beside `oneOf` and types the schema as the union of the branches alone, so a branch that listed
 * the other types too (`{ "required": ["a"] }` as `{ a: unknown } | null | ...`) would let `5` through.
 * @example branchReach({ type: "object", oneOf: [] }, undefined, "2020-12") // ["object"]
 */
export function branchReach(schema: JsonObject, reach: Reach, dialect: Dialect): Reach {
  const type = getOwn(schema, "type");
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.every((name) => typeof name === "string") ? (type as readonly string[]) : undefined;
  if (type !== undefined) return undefined;
  return isTypelessObject(schema, dialect) && reachesObjects(reach) ? ["object"] : reach;
}

/**
 * Whether the copy of `schema` is a typeless object written as `anyOf: [object part, other types]`
 * (splitObject), so that what it holds is under `anyOf/0` in the copy (for the `$ref`s into it).
 * `namesObject`: its `$ref` names a schema that says `type: "object"`, so only objects pass it.
 */
export function isSplitObject(schema: JsonObject, reach: Reach, dialect: Dialect, namesObject: boolean): boolean {
  return widensObject(schema, reach, dialect, namesObject) && isComposed(schema);
}

/** Whether the copy of `schema` is a typeless object that typelessKeywords widens to the other types that reach it. */
function widensObject(schema: JsonObject, reach: Reach, dialect: Dialect, namesObject: boolean): boolean {
  return !namesObject && reachesObjects(reach) && otherTypes(reach).length > 0 && isTypelessObject(schema, dialect);
}

/**
 * The copy of `schema` (reached as `reach` says) typed as every value its validator accepts, when it
 * has no `type`:
 * - a typeless object (object keywords) is its object form or any other value that reaches it: `({
 *   a?: string; ... } | null | boolean | number | string | unknown[])`, the library's union of one
 *   member per type, each read with the copy's keywords; one that also applies other schemas
 *   (allOf, anyOf, oneOf, `$ref`) is split (splitObject), since the library would read those in
 *   every member. Not where only objects reach it, nor beside a `$ref` to an object schema
 *   (`namesObject`).
 * - a copy of which the library forms no type (`{ "description": "x" }`, `{ "minLength": 1 }`; a
 *   `default` never reaches the copy), or a typeless object that no object reaches, is `unknown`, as
 *   `{}` is, unless only objects reach it, where the library's `{ [k: string]: unknown }` is right.
 *   The schema's `type`, where it has one, is intersected with its branches by the library.
 * @example typelessKeywords({ properties: {} }, { properties: {} }, undefined, "2020-12", false) // { properties: {}, type: ["object", "null", ...] }
 */
export function typelessKeywords(copy: JsonObject, schema: JsonObject, reach: Reach, dialect: Dialect, namesObject: boolean): JsonObject {
  if (widensObject(schema, reach, dialect, namesObject)) {
    const others = otherTypes(reach);
    return isComposed(schema) ? splitObject(copy, others) : { ...copy, type: ["object", ...others] };
  }
  const formless = ANY_FORM.every((key) => getOwn(copy, key) === undefined) || (isTypelessObject(schema, dialect) && !reachesObjects(reach));
  // `type: "any"` is the library's own unknown, with the copy's comment: a union with it is unknown,
  // and an intersection leaves it out.
  return formless && Object.keys(copy).length > 0 && !onlyObjects(reach) ? { ...copy, type: "any" } : copy;
}

/**
 * A typeless object that applies other schemas too, as `anyOf` of its object part (every keyword but
 * ANNOTATIONS, with `type: "object"`) and one member per other type that reaches it. The branches it
 * applies are read with the object part only (branchReach), and every other value is let through as
 * it is: `({ a?: string } & ({ a: unknown } | { b: unknown })) | null | boolean | number | string |
 * unknown[]`. The library would read a `type` list with every branch in every member.
 */
function splitObject(copy: JsonObject, others: readonly string[]): JsonObject {
  const out: Record<string, JsonValue> = {};
  const part: Record<string, JsonValue> = {};
  for (const key of Object.keys(copy)) defineOwn((ANNOTATIONS as readonly string[]).includes(key) ? out : part, key, copy[key]!);
  defineOwn(out, "anyOf", [{ ...part, type: "object" }, ...others.map((type) => ({ type }))]);
  // Named after its definition where a `$ref` names it, as the object it was would be.
  defineOwn(out, NAMED_BY_REF, true);
  return out;
}
