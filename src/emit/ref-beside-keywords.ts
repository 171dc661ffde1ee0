// A schema copy made for json-schema-to-typescript (emit-types.ts prepare) whose `$ref` has keywords
// beside it, with the `$ref` moved into `allOf`. That means what the validators check in every
// dialect mcp-gen reads: 2019-09 and 2020-12 apply a `$ref` and the keywords beside it both (2020-12
// Core § 8.2.3.1), and ajv does so in draft-07 as well. Only the copy is translated.

import { defineOwn, getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { declareRequired } from "./required-names.js";

/**
 * The schema with its `$ref` moved into `allOf`, when anything sits beside it; else the schema as it
 * is. Kept beside it, the `$ref` broke types in two ways:
 * - The library's `$ref` parser merges such an object into a copy of the schema the `$ref` names,
 *   which the library then types as the first one of the two it meets, under that schema's name:
 *   `{ "$ref": "#/$defs/base", "properties": { "extra": ... } }` next to a plain `{ "$ref":
 *   "#/$defs/base" }` typed both `Base` with `extra` and without `a`, or both `Base1` with `a` and
 *   without `extra`, by the order of the properties. In `allOf` it is `Base & { extra: number }`,
 *   and `Base` stays the type of `$defs/base` alone.
 * - Beside the definitions it points into (`{ "$ref": "#/$defs/Args", "$defs": { ... } }`, as
 *   zod-to-json-schema and other emitters write a named root), the library follows the `$ref` on
 *   the way to the schema a pointer names, so a pointer into the object's own definitions went
 *   round in a circle and stopped the build.
 * The keywords left beside the `allOf` are written so that the library reads all of them
 * (objectKeywords); `namesObject`: the schema the `$ref` names says `type: "object"` itself.
 * @example refBesideKeywords({ $ref: "#/$defs/a", required: ["x"] }) // { required: ["x"], properties: { x: {} }, allOf: [{ $ref: "#/$defs/a" }] }
 */
export function refBesideKeywords(schema: JsonObject, namesObject = false): JsonObject {
  const ref = getOwn(schema, "$ref");
  if (ref === undefined || Object.keys(schema).length === 1) return schema;
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(schema)) if (key !== "$ref" && key !== "allOf") defineOwn(out, key, schema[key]!);
  const allOf = getOwn(schema, "allOf");
  // Last, so the schemas of allOf keep their indices, which refs into them name (copyTokens).
  defineOwn(out, "allOf", [...(Array.isArray(allOf) ? allOf : []), { $ref: ref }]);
  return objectKeywords(out, namesObject);
}

/**
 * The keywords beside the `allOf` with the object they describe written as `properties`, which is
 * how the library reads an object beside `allOf`: it forms no object type of `type: "object"`
 * there (its plain-object form excludes a schema with `allOf`, `required` or `properties`), nor of
 * `required` or `additionalProperties` alone, and it makes required only the properties the same
 * schema declares. So `{ "$ref": "#/$defs/x", "required": ["a"] }` was typed `X`, `a` still optional,
 * and `{ "$ref": ..., "type": "object" }` the schema `$ref` names whatever its type. Each name
 * `required` lists that `properties` does not declare is declared (declareRequired), and an
 * empty `properties` stands for an object without any: `{ a: unknown } & X`, `{ [k: string]:
 * unknown } & X`. A `type: "object"` beside a `$ref` to a schema that says so itself adds nothing
 * (`namesObject`), as in the named roots zod-to-json-schema writes (`{ "type": "object", "$ref":
 * "#/$defs/Args" }`), which stay `Args`.
 */
function objectKeywords(siblings: JsonObject, namesObject: boolean): JsonObject {
  const declared = declareRequired(siblings);
  const type = getOwn(siblings, "type");
  const saysObject = type === "object" || (Array.isArray(type) && type.includes("object"));
  const isObject = (saysObject && !namesObject) || getOwn(siblings, "additionalProperties") !== undefined;
  const formed = isJsonObject(getOwn(declared, "properties")) || getOwn(siblings, "patternProperties") !== undefined;
  if (formed || !isObject) return declared;
  return { ...declared, properties: {} };
}
