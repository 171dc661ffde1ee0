// Whether a generated validator accepts a value, answered without running it, for the schemas most
// tools have: objects of typed properties, enums, lengths, bounds, formats and their combinations.
// A test scaffold's arguments are judged by the generated validator (schema-samples.ts); running
// one costs V8 a full compile of its code, which for every inputSchema of a large project is a good
// part of a cold build. For a schema built only of the keywords below, this gives the same verdict
// as that code: the same order-free checks, ownProperties as the standalone engine sets it, and the
// very helpers the generated code calls (`equal`, `ucs2length`, `formats` of the validator
// runtime). Any other keyword, shape or value it is not sure of answers undefined, and the
// validator itself decides.
import { equal, formats, ucs2length } from "@mcp-gen/runtime/validators";
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { ANNOTATIONS } from "./prepare-validator-schema.js";

/** True or false as the generated validator answers; undefined when only running it can tell. */
export type PlainVerdict = (value: unknown) => boolean | undefined;

/**
 * The verdict function of `schema` (an inputSchema or outputSchema as written, before
 * prepareValidatorSchema), when every keyword in it is one this module judges; else undefined. Call
 * it only for a schema that compiles: a schema ajv refuses has no validator to agree with.
 * @example plainSchemaVerdict({ type: "object", required: ["city"] })?.({}) === false
 */
export function plainSchemaVerdict(schema: JsonValue): PlainVerdict | undefined {
  const check = checkOf(schema, true);
  if (!check) return undefined;
  return (value) => {
    try {
      return check(value);
    } catch (e) {
      if (e === UNSURE) return undefined;
      throw e;
    }
  };
}

type Check = (value: unknown) => boolean;

/** Thrown by a check that meets a value it does not judge: the whole verdict is then the validator's. */
const UNSURE = Symbol("unsure");

/**
 * Keywords that change no verdict of the generated validator: prepareValidatorSchema removes the
 * annotations and OpenAPI's `nullable` before compiling, and ajv (strict: false) ignores `x-` keywords.
 */
const NO_EFFECT: ReadonlySet<string> = new Set([...ANNOTATIONS, "nullable"]);

const TYPES: Readonly<Record<string, Check>> = {
  null: (value) => value === null,
  boolean: (value) => typeof value === "boolean",
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number",
  integer: (value) => typeof value === "number" && !(value % 1) && !Number.isNaN(value),
  array: (value) => Array.isArray(value),
  object: isObject,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkOf(schema: JsonValue | undefined, root: boolean): Check | undefined {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isJsonObject(schema)) return undefined;
  const checks: Check[] = [];
  for (const keyword of Object.keys(schema)) {
    if (NO_EFFECT.has(keyword) || keyword.startsWith("x-") || (root && keyword === "$schema")) continue;
    const check = keywordCheck(schema, keyword);
    if (!check) return undefined;
    checks.push(check);
  }
  return (value) => checks.every((check) => check(value));
}

/** The check of one keyword of `schema`; undefined for a keyword, or a value of it, not judged here. */
function keywordCheck(schema: JsonObject, keyword: string): Check | undefined {
  const value = schema[keyword];
  switch (keyword) {
    case "type":
      return typeCheck(value);
    case "enum":
      return Array.isArray(value) && value.length > 0 ? (data) => value.some((member) => equal(data, member)) : undefined;
    case "const":
      return (data) => equal(data, value);
    case "properties":
      return propertiesCheck(value);
    case "required":
      return Array.isArray(value) && value.every(isPlainName) ? objectsOnly((data) => (value as string[]).every((name) => own(data, name) !== undefined)) : undefined;
    case "additionalProperties":
      return additionalCheck(schema, value);
    case "items": {
      // An array of schemas is draft-07's tuple form, judged by the validator.
      const item = Array.isArray(value) ? undefined : checkOf(value, false);
      return item && ((data) => !Array.isArray(data) || data.every((element) => item(element)));
    }
    case "minItems":
    case "maxItems":
      return count(value, (limit) => (data) => !Array.isArray(data) || (keyword === "minItems" ? data.length >= limit : data.length <= limit));
    case "minLength":
    case "maxLength":
      return count(value, (limit) => (data) => typeof data !== "string" || (keyword === "minLength" ? ucs2length(data) >= limit : ucs2length(data) <= limit));
    case "minimum":
    case "maximum":
      // ajv fails NaN against either bound.
      return typeof value === "number" && Number.isFinite(value)
        ? (data) => typeof data !== "number" || (!Number.isNaN(data) && (keyword === "minimum" ? !(data < value) : !(data > value)))
        : undefined;
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return typeof value === "number" && Number.isFinite(value)
        ? (data) => typeof data !== "number" || (!Number.isNaN(data) && (keyword === "exclusiveMinimum" ? !(data <= value) : !(data >= value)))
        : undefined;
    case "minProperties":
    case "maxProperties":
      return count(value, (limit) => objectsOnly((data) => (keyword === "minProperties" ? Object.keys(data).length >= limit : Object.keys(data).length <= limit)));
    case "format":
      return formatCheck(value);
    case "allOf":
    case "anyOf":
    case "oneOf":
      return branchesCheck(keyword, value);
    case "not": {
      // Under `not` ajv does not enforce a required "" (load-ajv.ts, patch 6): left to the validator.
      const check = requiresEmptyName(value) ? undefined : checkOf(value, false);
      return check && ((data) => !check(data));
    }
    default:
      return undefined;
  }
}

function typeCheck(value: JsonValue | undefined): Check | undefined {
  const names = typeof value === "string" ? [value] : Array.isArray(value) && value.length > 0 ? value : undefined;
  if (!names?.every((name) => typeof name === "string" && Object.hasOwn(TYPES, name))) return undefined;
  const checks = (names as string[]).map((name) => TYPES[name]!);
  return (data) => checks.some((check) => check(data));
}

function propertiesCheck(value: JsonValue | undefined): Check | undefined {
  if (!isJsonObject(value)) return undefined;
  const checks: [string, Check][] = [];
  for (const [name, schema] of Object.entries(value)) {
    const check = isPlainName(name) ? checkOf(schema, false) : undefined;
    if (!check) return undefined;
    checks.push([name, check]);
  }
  return objectsOnly((data) =>
    checks.every(([name, check]) => {
      const member = own(data, name);
      return member === undefined || check(member);
    }),
  );
}

function additionalCheck(schema: JsonObject, value: JsonValue | undefined): Check | undefined {
  const check = checkOf(value, false);
  const properties = schema.properties;
  if (!check || (properties !== undefined && !isJsonObject(properties))) return undefined;
  const declared = new Set(properties === undefined ? [] : Object.keys(properties));
  return objectsOnly((data) => Object.keys(data).every((key) => declared.has(key) || check(data[key])));
}

/** allOf: every branch; anyOf: at least one; oneOf: exactly one. */
function branchesCheck(keyword: "allOf" | "anyOf" | "oneOf", value: JsonValue | undefined): Check | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const checks: Check[] = [];
  for (const branch of value) {
    const check = checkOf(branch, false);
    if (!check) return undefined;
    checks.push(check);
  }
  if (keyword === "allOf") return (data) => checks.every((check) => check(data));
  if (keyword === "anyOf") return (data) => checks.some((check) => check(data));
  return (data) => checks.filter((check) => check(data)).length === 1;
}

function formatCheck(value: JsonValue | undefined): Check | undefined {
  if (typeof value !== "string" || !Object.hasOwn(formats, value)) return undefined;
  const format = formats[value]!;
  if (format === true) return () => true;
  if (typeof format === "function") return (data) => typeof data !== "string" || format(data);
  if ("type" in format) return (data) => typeof data !== "number" || format.validate(data);
  return (data) => typeof data !== "string" || format.validate(data);
}

/** A keyword's count (minItems, maxLength, ...): a non-negative integer. */
function count(value: JsonValue | undefined, check: (limit: number) => Check): Check | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? check(value) : undefined;
}

/** An object keyword's check: other values pass; an object with a `__proto__` member of its own is left to the validator. */
function objectsOnly(check: (data: Record<string, unknown>) => boolean): Check {
  return (data) => {
    if (!isObject(data)) return true;
    if (Object.hasOwn(data, "__proto__")) throw UNSURE;
    return check(data);
  };
}

/** Whether a `required` anywhere in `schema` names "" (values such as an enum's members are searched too). */
function requiresEmptyName(schema: JsonValue | undefined): boolean {
  if (Array.isArray(schema)) return schema.some(requiresEmptyName);
  if (!isJsonObject(schema)) return false;
  const required = Object.hasOwn(schema, "required") ? schema.required : undefined;
  return (Array.isArray(required) && required.includes("")) || Object.values(schema).some(requiresEmptyName);
}

/** A property name judged here: a string, not `__proto__` (whose reads go through the prototype's accessor). */
function isPlainName(name: unknown): name is string {
  return typeof name === "string" && name !== "__proto__";
}

/** The member `name` of `data` when it is its own (ownProperties, as the generated validators read members). */
function own(data: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(data, name) ? data[name] : undefined;
}
