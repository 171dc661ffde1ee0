// The names a schema copy made for json-schema-to-typescript (emit-types.ts prepare) lists in
// `required` but does not declare in `properties`, declared. The library makes required only the
// properties the same schema declares, so `{ "required": ["a"] }` was typed `{ [k: string]: unknown }`,
// with `a` neither required nor there: in `anyOf: [{ "required": ["a"] }, { "required": ["b"] }]`
// beside `properties`, as OpenAPI documents write "at least one of", each branch said nothing. Only
// the copy is translated.

import { defineOwn, getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";

/**
 * The copy with each name `required` lists and `properties` does not declare declared, as what the
 * copy's `patternProperties` and `additionalProperties` give it (undeclaredProperty); the copy as it
 * is when there is none, or when its `type` leaves objects out (the library reads no object form
 * there). Beside the properties the copy declares, the branch of an "at least one of" `anyOf` reads
 * `{ a: unknown }`, and the library's intersection with them makes `a` required with its own type.
 * @example declareRequired({ required: ["a"] }) // { required: ["a"], properties: { a: {} } }
 */
export function declareRequired(copy: JsonObject): JsonObject {
  const required = getOwn(copy, "required");
  const type = getOwn(copy, "type");
  const readsObject = type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
  if (!Array.isArray(required) || !readsObject) return copy;
  const properties = getOwn(copy, "properties");
  const declared = isJsonObject(properties) ? properties : {};
  const undeclared = required.filter((name): name is string => typeof name === "string" && !Object.hasOwn(declared, name));
  if (undeclared.length === 0) return copy;
  const written: Record<string, JsonValue> = {};
  for (const name of Object.keys(declared)) defineOwn(written, name, declared[name]!);
  for (const name of undeclared) defineOwn(written, name, undeclaredProperty(copy));
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(copy)) defineOwn(out, key, key === "properties" ? written : copy[key]!);
  if (!Object.hasOwn(out, "properties")) defineOwn(out, "properties", written);
  return out;
}

/**
 * The schema a property that `siblings` requires but does not declare has beside them: what their
 * `patternProperties` (any pattern may match: they are not run here) and `additionalProperties` give
 * it. Its type is then one the index signature the library writes for those holds, so the interface
 * compiles: `additionalProperties: false` and no pattern allow no such property (`never`).
 */
function undeclaredProperty(siblings: JsonObject): JsonValue {
  const patterns = getOwn(siblings, "patternProperties");
  const additional = getOwn(siblings, "additionalProperties");
  const schemas = isJsonObject(patterns) ? Object.values(patterns) : [];
  // With patterns, the library leaves an additionalProperties of true out of the index signature.
  if (isJsonObject(additional) || (schemas.length === 0 && additional !== false)) schemas.push(isJsonObject(additional) ? additional : {});
  if (schemas.length === 0) return { tsType: "never" };
  return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
}
