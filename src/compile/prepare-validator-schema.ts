// The copy of a schema that a generated validator is compiled from: what mcp-gen's own validation
// compiles (prepareForAjv drops OpenAPI `nullable`), without the annotations that never change a
// verdict. ajv copies whole schema objects into standalone code when a keyword needs them (an enum's
// allowed values, a `const`), descriptions included; leaving them out keeps generated files small,
// and a validator whose schema only changed its descriptions keeps its name and its code.
import { cloneJson, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { walkSchema } from "../model/schema-walk.js";
import { NO_VERDICTS, patternUse, type PatternPlan } from "./linear-pattern/pattern-plan.js";

/**
 * Keywords that only annotate (JSON Schema 2020-12 Validation § 9, plus OpenAPI's `example`). They
 * are removed from schema objects only, never from `properties` maps or from values such as an
 * `enum` member, and `default` has no effect because validators never insert defaults.
 */
export const ANNOTATIONS: readonly string[] = ["title", "description", "$comment", "examples", "example", "default", "deprecated", "readOnly", "writeOnly"];

/**
 * Keywords only ajv gives a meaning to. `$async: true` makes ajv compile a validator that returns a
 * promise and throws ajv's own error class; to JSON Schema it is an unknown keyword, so it goes.
 */
const AJV_ONLY = ["$async"];

const REMOVED = [...ANNOTATIONS, ...AJV_ONLY];

/**
 * A fresh copy of `schema` ready for ajv: no `nullable`, no annotations, no `$async`, and no pattern
 * that `patterns` leaves out (leaveOutPatterns). Never edits its input.
 * @example prepareValidatorSchema({ type: "string", description: "City", nullable: true }) // { type: "string" }
 */
export function prepareValidatorSchema(schema: JsonValue, patterns: PatternPlan = NO_VERDICTS): JsonValue {
  const prepared = prepareForAjv(schema, patterns);
  // A fresh copy also means no object is shared with another request, so ajv (which caches
  // compiled schemas by object identity) compiles each validator from its own objects.
  const copy = prepared === schema ? cloneJson(schema) : prepared;
  const targets = refTargets(copy);
  walkSchema(copy, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    const target = node.schema as Record<string, JsonValue>;
    for (const keyword of REMOVED) {
      if (!Object.hasOwn(target, keyword)) continue;
      // An annotation a `$ref` points into (`#/properties/a/default`) is a schema to that ref: kept,
      // or the validator would name what is no longer there (and ajv would not compile it).
      const at = joinPointer(node.pointer, keyword);
      if (targets.some((pointer) => pointer === at || pointer.startsWith(`${at}/`))) continue;
      delete target[keyword];
    }
  });
  return copy;
}

/** The JSON Pointers that the same-document `$ref`s of `schema` ("#/...") name. */
function refTargets(schema: JsonValue): string[] {
  const targets: string[] = [];
  walkSchema(schema, "", (node) => {
    const ref = isJsonObject(node.schema) ? node.schema.$ref : undefined;
    if (typeof ref !== "string" || !ref.startsWith("#/")) return;
    try {
      targets.push(decodeURIComponent(ref.slice(1)));
    } catch {
      // Not a valid URI fragment: ajv refuses it, whatever is removed.
    }
  });
  return targets;
}

/**
 * The copy ajv compiles. OpenAPI's `nullable` is not JSON Schema (a JSON Schema validator ignores
 * it), but ajv gives it OpenAPI meaning and refuses it without `type`; dropping it keeps JSON Schema
 * semantics. The portability rule warns about it.
 */
export function prepareForAjv(schema: JsonValue, patterns: PatternPlan = NO_VERDICTS): JsonValue {
  let hasNullable = false;
  let leavesOut = false;
  walkSchema(schema, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    if ("nullable" in node.schema) hasNullable = true;
    if (patterns.leaveOutUncertified && leftOutIn(node.schema, patterns).length > 0) leavesOut = true;
    if (hasNullable && (leavesOut || !patterns.leaveOutUncertified)) return "stop";
  });
  if (!hasNullable && !leavesOut) return schema;
  const copy = cloneJson(schema);
  walkSchema(copy, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    const target = node.schema as Record<string, JsonValue>;
    delete target.nullable;
    if (leavesOut) leaveOutPatterns(target, patterns);
  });
  return copy;
}

/**
 * In a `generate: client` project, a pattern the ReDoS checker did not certify is left out of the
 * generated validator rather than run (pattern-plan.ts; the schema-pattern-bounded-time rule warns).
 * A `pattern` goes; so does a `patternProperties` key with its subschema, and with it the
 * `additionalProperties` and `unevaluatedProperties` of the same object, which depend on which
 * properties the key matches: the validator then accepts what it cannot decide.
 */
function leaveOutPatterns(target: Record<string, JsonValue>, patterns: PatternPlan): void {
  const left = leftOutIn(target, patterns);
  if (left.length === 0) return;
  if (left.includes("pattern")) delete target.pattern;
  const keys = left.filter((key) => key !== "pattern").map((key) => key.slice(PROPERTY_KEY.length));
  if (keys.length === 0) return;
  const properties = target.patternProperties as Record<string, JsonValue>;
  for (const key of keys) delete properties[key];
  delete target.additionalProperties;
  delete target.unevaluatedProperties;
}

const PROPERTY_KEY = "patternProperties/";

/** "pattern" and "patternProperties/<key>" for each pattern of the schema object that `patterns` leaves out. */
function leftOutIn(node: Readonly<Record<string, JsonValue>>, patterns: PatternPlan): string[] {
  const left: string[] = [];
  const pattern = Object.hasOwn(node, "pattern") ? node.pattern : undefined;
  if (typeof pattern === "string" && patternUse(pattern, patterns).run === "left-out") left.push("pattern");
  const properties = Object.hasOwn(node, "patternProperties") ? node.patternProperties : undefined;
  if (isJsonObject(properties)) for (const key of Object.keys(properties)) if (patternUse(key, patterns).run === "left-out") left.push(PROPERTY_KEY + key);
  return left;
}
