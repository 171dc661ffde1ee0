// A JSON value + a JSON Schema built from plain keywords → "valid" or "ask ajv". The config schema
// (about 40 rules, each with an anyOf of its settings) takes ajv a few hundred milliseconds to
// compile, more than everything else `mcp-gen check` does on an unchanged project; a valid config,
// the usual case, is confirmed here instead. Anything this does not know (a keyword, a `$ref`)
// means "ask ajv", and so does any failure: ajv alone describes what is wrong. It must never call
// valid what ajv refuses; test/config/quick-validate.test.ts holds it to ajv.
import { isJsonObject, type JsonValue } from "../model/json.js";

/** Keywords that never change a verdict. */
const ANNOTATIONS: ReadonlySet<string> = new Set(["$schema", "title", "description", "default", "examples", "deprecated", "$comment"]);

const KNOWN: ReadonlySet<string> = new Set([
  ...ANNOTATIONS,
  "type",
  "enum",
  "const",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "uniqueItems",
  "items",
  "prefixItems",
  "properties",
  "additionalProperties",
  "required",
  "anyOf",
]);

/**
 * True only when `value` is valid against `schema` by JSON Schema 2020-12, as ajv decides it.
 * @example isQuicklyValid({ out: "src/gen" }, { type: "object", properties: { out: { type: "string" } } }) === true
 */
export function isQuicklyValid(value: JsonValue, schema: unknown): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) return false;
  const s = schema as Record<string, unknown>;
  if (s.type !== undefined && !hasType(value, s.type)) return false;
  if (s.enum !== undefined && !(Array.isArray(s.enum) && s.enum.some((allowed) => equal(allowed as JsonValue, value)))) return false;
  if (s.const !== undefined && !equal(s.const as JsonValue, value)) return false;
  if (!numberOk(value, s) || !stringOk(value, s) || !arrayOk(value, s) || !objectOk(value, s)) return false;
  if (s.anyOf !== undefined && !(Array.isArray(s.anyOf) && s.anyOf.some((branch) => isQuicklyValid(value, branch)))) return false;
  return true;
}

function hasType(value: JsonValue, type: unknown): boolean {
  switch (type) {
    case "object":
      return isJsonObject(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    default:
      return false;
  }
}

function numberOk(value: JsonValue, s: Record<string, unknown>): boolean {
  if (typeof value !== "number") return true;
  if (s.minimum !== undefined && !(typeof s.minimum === "number" && value >= s.minimum)) return false;
  if (s.maximum !== undefined && !(typeof s.maximum === "number" && value <= s.maximum)) return false;
  return true;
}

function stringOk(value: JsonValue, s: Record<string, unknown>): boolean {
  if (typeof value !== "string") return true;
  // JSON Schema counts code points, as ajv does.
  const length = [...value].length;
  if (s.minLength !== undefined && !(typeof s.minLength === "number" && length >= s.minLength)) return false;
  if (s.maxLength !== undefined && !(typeof s.maxLength === "number" && length <= s.maxLength)) return false;
  return true;
}

function arrayOk(value: JsonValue, s: Record<string, unknown>): boolean {
  if (!Array.isArray(value)) return true;
  if (s.minItems !== undefined && !(typeof s.minItems === "number" && value.length >= s.minItems)) return false;
  if (s.maxItems !== undefined && !(typeof s.maxItems === "number" && value.length <= s.maxItems)) return false;
  if (s.uniqueItems !== undefined && s.uniqueItems !== false) {
    if (s.uniqueItems !== true) return false;
    for (let i = 0; i < value.length; i++) for (let j = i + 1; j < value.length; j++) if (equal(value[i]!, value[j]!)) return false;
  }
  let first = 0;
  if (s.prefixItems !== undefined) {
    if (!Array.isArray(s.prefixItems)) return false;
    first = s.prefixItems.length;
    for (let i = 0; i < Math.min(first, value.length); i++) if (!isQuicklyValid(value[i]!, s.prefixItems[i])) return false;
  }
  if (s.items !== undefined) for (let i = first; i < value.length; i++) if (!isQuicklyValid(value[i]!, s.items)) return false;
  return true;
}

function objectOk(value: JsonValue, s: Record<string, unknown>): boolean {
  if (!isJsonObject(value)) return true;
  const properties = s.properties;
  if (properties !== undefined && !isJsonObject(properties)) return false;
  const declared = (key: string) => properties !== undefined && Object.hasOwn(properties, key);
  if (s.required !== undefined) {
    if (!Array.isArray(s.required)) return false;
    for (const key of s.required) if (typeof key !== "string" || !Object.hasOwn(value, key)) return false;
  }
  for (const key of Object.keys(value)) {
    const member = value[key]!;
    if (declared(key)) {
      if (!isQuicklyValid(member, (properties as Record<string, unknown>)[key])) return false;
    } else if (s.additionalProperties !== undefined && !isQuicklyValid(member, s.additionalProperties)) {
      return false;
    }
  }
  return true;
}

/** JSON equality, as JSON Schema's enum, const and uniqueItems compare values. */
function equal(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]!));
  }
  const x = a as Record<string, JsonValue>;
  const y = b as Record<string, JsonValue>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && equal(x[key]!, y[key]!));
}
