// The copy of a schema that a generated validator is compiled from: what mcp-gen's own validation
// compiles (prepareForAjv drops OpenAPI `nullable`), without the annotations that never change a
// verdict. ajv copies whole schema objects into standalone code when a keyword needs them (an enum's
// allowed values, a `const`), descriptions included; leaving them out keeps generated files small,
// and a validator whose schema only changed its descriptions keeps its name and its code.
import { cloneJson, isJsonObject, type JsonValue } from "../model/json.js";
import { walkSchema } from "../model/schema-walk.js";

/**
 * Keywords that only annotate (JSON Schema 2020-12 Validation § 9, plus OpenAPI's `example`). They
 * are removed from schema objects only, never from `properties` maps or from values such as an
 * `enum` member, and `default` has no effect because validators never insert defaults.
 */
const ANNOTATIONS = ["title", "description", "$comment", "examples", "example", "default", "deprecated", "readOnly", "writeOnly"];

/**
 * Keywords only ajv gives a meaning to. `$async: true` makes ajv compile a validator that returns a
 * promise and throws ajv's own error class; to JSON Schema it is an unknown keyword, so it goes.
 */
const AJV_ONLY = ["$async"];

const REMOVED = [...ANNOTATIONS, ...AJV_ONLY];

/**
 * A fresh copy of `schema` ready for ajv: no `nullable`, no annotations, no `$async`. Never edits its input.
 * @example prepareValidatorSchema({ type: "string", description: "City", nullable: true }) // { type: "string" }
 */
export function prepareValidatorSchema(schema: JsonValue): JsonValue {
  const prepared = prepareForAjv(schema);
  // A fresh copy also means no object is shared with another request, so ajv (which caches
  // compiled schemas by object identity) compiles each validator from its own objects.
  const copy = prepared === schema ? cloneJson(schema) : prepared;
  walkSchema(copy, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    const target = node.schema as Record<string, JsonValue>;
    for (const keyword of REMOVED) if (Object.hasOwn(target, keyword)) delete target[keyword];
  });
  return copy;
}

/**
 * The copy ajv compiles. OpenAPI's `nullable` is not JSON Schema (a JSON Schema validator ignores
 * it), but ajv gives it OpenAPI meaning and refuses it without `type`; dropping it keeps JSON Schema
 * semantics. The portability rule warns about it.
 */
export function prepareForAjv(schema: JsonValue): JsonValue {
  let hasNullable = false;
  walkSchema(schema, "", (node) => {
    if (isJsonObject(node.schema) && "nullable" in node.schema) {
      hasNullable = true;
      return "stop";
    }
  });
  if (!hasNullable) return schema;
  const copy = cloneJson(schema);
  walkSchema(copy, "", (node) => {
    if (isJsonObject(node.schema)) delete (node.schema as Record<string, JsonValue>).nullable;
  });
  return copy;
}
