// Arguments for a tool's test scaffold, judged by its inputSchema's generated validator: a value
// derived from the schema that the validator accepts, and an object it rejects. Worked out where the
// validator is (SchemaCompiler.samples, on the thread that compiled it), so every guess gets the
// verdict of the very code the generated server runs (from the schema alone where
// plain-schema-verdict.ts gives that verdict exactly): a guess that misses is dropped, never emitted.
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import { lazyResources, sameDocumentTarget, type SchemaResources } from "../model/schema-resources.js";
import { findRefCycles } from "../resolve/find-ref-cycles.js";

export type Validate = (value: unknown) => boolean;

/** What a tool's test scaffold needs of its inputSchema's validator, worked out where the validator is. */
export interface ScaffoldSamples {
  /** Arguments derived from the schema that the validator accepts; undefined when none was found. */
  readonly derived: JsonValue | undefined;
  /** Arguments the validator rejects; undefined when it accepts every object. */
  readonly invalid: JsonValue | undefined;
}

/** The scaffold samples of `inputSchema` under `validate`; none at all without a validator (the schema does not compile). */
export function scaffoldSamples(inputSchema: JsonValue, validate: Validate | undefined): ScaffoldSamples {
  // A `$ref` loop that never descends into the value (a ref-cycle error) makes the validator recurse
  // until the stack runs out: it judges nothing. A build works out samples before it knows of errors.
  if (!validate || findRefCycles(inputSchema, 1).length > 0) return NO_SAMPLES;
  try {
    const derived = sampleValue(inputSchema, inputSchema, 0);
    return { derived: derived !== undefined && validate(derived) ? derived : undefined, invalid: invalidArguments(inputSchema, validate) };
  } catch (error) {
    // A loop findRefCycles cannot see (one through a `$dynamicRef` whose target depends on the
    // path validation took): the validator runs out of stack and judges nothing.
    if (error instanceof RangeError) return NO_SAMPLES;
    throw error;
  }
}

const NO_SAMPLES: ScaffoldSamples = { derived: undefined, invalid: undefined };

/** Arguments the schema rejects, or undefined when it accepts every object. */
export function invalidArguments(inputSchema: JsonValue, validate: Validate): JsonValue | undefined {
  const candidates: JsonValue[] = [];
  const required = getOwn(inputSchema, "required");
  if (Array.isArray(required) && required.length > 0) candidates.push({});
  const properties = getOwn(inputSchema, "properties");
  if (isJsonObject(properties)) {
    for (const name of Object.keys(properties)) {
      const type = getOwn(properties[name], "type");
      const wrong = type === "string" ? 42 : type === "number" || type === "integer" || type === "boolean" || type === "array" || type === "object" ? "not-a-" + String(type) : undefined;
      if (wrong !== undefined) candidates.push(withProperty(sampleValue(inputSchema, inputSchema, 0), name, wrong));
    }
  }
  // Only objects: tools/call `arguments` is a JSON object, so the SDK refuses anything else with a
  // protocol error before the tool's inputSchema is ever consulted.
  candidates.push({ mcp_gen_unexpected_argument: true });
  return candidates.find((candidate) => !validate(candidate));
}

function withProperty(base: JsonValue | undefined, name: string, value: JsonValue): JsonValue {
  const out: Record<string, JsonValue> = isJsonObject(base) ? { ...base } : {};
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  "date-time": "2026-01-01T00:00:00Z",
  date: "2026-01-01",
  time: "12:00:00Z",
  email: "user@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  "uri-reference": "https://example.com/",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uuid: "00000000-0000-4000-8000-000000000000",
};

/** A plausible value for a schema: const, enum, default or examples first, then by type. */
export function sampleValue(schema: JsonValue | undefined, root: JsonValue, depth: number, resources: () => SchemaResources = lazyResources(root)): JsonValue | undefined {
  if (depth > 12 || schema === undefined || schema === false) return undefined;
  if (schema === true || !isJsonObject(schema)) return {};
  const ref = getOwn(schema, "$ref");
  if (typeof ref === "string") {
    // Any same-document ref, "", "#name" and an embedded resource's `$id` included, read where it is
    // written; one that names nothing gives no sample.
    const pointer = sameDocumentTarget(resources(), root, schema, ref);
    return pointer === undefined ? undefined : sampleValue(valueAt(root, splitPointer(pointer)), root, depth + 1, resources);
  }
  for (const key of ["const", "default"]) if (getOwn(schema, key) !== undefined) return getOwn(schema, key);
  const enumValues = getOwn(schema, "enum");
  if (Array.isArray(enumValues) && enumValues.length > 0) return enumValues[0];
  const examples = getOwn(schema, "examples");
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  for (const key of ["oneOf", "anyOf"]) {
    const branches = getOwn(schema, key);
    if (Array.isArray(branches) && branches.length > 0) return sampleValue(branches[0], root, depth + 1, resources);
  }
  const type = getOwn(schema, "type");
  const first = Array.isArray(type) ? type.find((t) => t !== "null") : type;
  switch (first ?? (isJsonObject(getOwn(schema, "properties")) ? "object" : undefined)) {
    case "string":
      return sampleString(schema);
    case "integer":
    case "number":
      return sampleNumber(schema, first === "integer");
    case "boolean":
      return false;
    case "null":
      return null;
    case "array": {
      const minItems = Number(getOwn(schema, "minItems") ?? 0);
      const item = sampleValue(getOwn(schema, "items") as JsonValue | undefined, root, depth + 1, resources);
      return item === undefined ? [] : Array.from({ length: minItems }, () => item);
    }
    case "object":
      return sampleObject(schema, root, depth, resources);
    default:
      return undefined;
  }
}

function sampleString(schema: JsonObject): string {
  const format = getOwn(schema, "format");
  if (typeof format === "string" && FORMAT_SAMPLES[format] !== undefined) return FORMAT_SAMPLES[format]!;
  const minLength = Number(getOwn(schema, "minLength") ?? 0);
  const maxLength = Number(getOwn(schema, "maxLength") ?? Infinity);
  const base = "example";
  const text = base.length >= minLength ? base : base + "x".repeat(minLength - base.length);
  return text.slice(0, Math.max(minLength, Math.min(text.length, maxLength)));
}

function sampleNumber(schema: JsonObject, integer: boolean): number {
  const minimum = getOwn(schema, "minimum") ?? getOwn(schema, "exclusiveMinimum");
  const maximum = getOwn(schema, "maximum") ?? getOwn(schema, "exclusiveMaximum");
  let value = typeof minimum === "number" ? minimum + (getOwn(schema, "exclusiveMinimum") === minimum ? 1 : 0) : typeof maximum === "number" ? Math.min(0, maximum - 1) : 1;
  if (integer) value = Math.ceil(value);
  return value;
}

function sampleObject(schema: JsonObject, root: JsonValue, depth: number, resources: () => SchemaResources): JsonValue {
  const out: Record<string, JsonValue> = {};
  const properties = getOwn(schema, "properties");
  const required = getOwn(schema, "required");
  const names = Array.isArray(required) ? required.filter((n): n is string => typeof n === "string") : [];
  for (const name of names) {
    const value = sampleValue(getOwn(properties, name), root, depth + 1, resources);
    if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
