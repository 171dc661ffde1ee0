// Arguments for test scaffolds: the descriptor's own `x-mcp-gen.examples`, or a value derived from
// inputSchema when it has none; and arguments the schema rejects, for the "invalid arguments" test.
// Every derived value is checked with the real validator, so a guess that misses is dropped, never
// emitted.
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";

export interface ScaffoldExample {
  readonly title: string;
  readonly arguments: JsonValue;
  readonly result: JsonValue | undefined;
}

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
  if (!validate) return { derived: undefined, invalid: undefined };
  const derived = sampleValue(inputSchema, inputSchema, 0);
  return { derived: derived !== undefined && validate(derived) ? derived : undefined, invalid: invalidArguments(inputSchema, validate) };
}

/** The descriptor's examples, or the one derived from the schema (ScaffoldSamples.derived). */
export function scaffoldExamples(authoring: JsonValue | undefined, samples: ScaffoldSamples): ScaffoldExample[] {
  const declared = getOwn(authoring, "examples");
  if (Array.isArray(declared) && declared.length > 0) {
    return declared.filter(isJsonObject).map((example, i) => ({
      title: typeof example.name === "string" ? example.name : `example ${i + 1}`,
      arguments: example.arguments ?? {},
      result: example.result,
    }));
  }
  return samples.derived !== undefined ? [{ title: "accepts arguments derived from its inputSchema", arguments: samples.derived, result: undefined }] : [];
}

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
export function sampleValue(schema: JsonValue | undefined, root: JsonValue, depth: number): JsonValue | undefined {
  if (depth > 12 || schema === undefined || schema === false) return undefined;
  if (schema === true || !isJsonObject(schema)) return {};
  const ref = getOwn(schema, "$ref");
  if (typeof ref === "string" && ref.startsWith("#")) return sampleValue(valueAt(root, splitPointer(decodeURIComponent(ref.slice(1)))), root, depth + 1);
  for (const key of ["const", "default"]) if (getOwn(schema, key) !== undefined) return getOwn(schema, key);
  const enumValues = getOwn(schema, "enum");
  if (Array.isArray(enumValues) && enumValues.length > 0) return enumValues[0];
  const examples = getOwn(schema, "examples");
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  for (const key of ["oneOf", "anyOf"]) {
    const branches = getOwn(schema, key);
    if (Array.isArray(branches) && branches.length > 0) return sampleValue(branches[0], root, depth + 1);
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
      const item = sampleValue(getOwn(schema, "items") as JsonValue | undefined, root, depth + 1);
      return item === undefined ? [] : Array.from({ length: minItems }, () => item);
    }
    case "object":
      return sampleObject(schema, root, depth);
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

/**
 * Members of TypeScript's `Object` interface. An object literal that leaves out an optional property
 * of one of these names is not assignable to the arguments type: TypeScript compares the member the
 * literal inherits (`constructor: Function`) with the property's type. A scaffold's derived arguments
 * therefore give such properties a value too, and its declared examples spell them out as undefined
 * (spellOutObjectMembers).
 */
const OBJECT_MEMBERS = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

function sampleObject(schema: JsonObject, root: JsonValue, depth: number): JsonValue {
  const out: Record<string, JsonValue> = {};
  const properties = getOwn(schema, "properties");
  const required = getOwn(schema, "required");
  const names = Array.isArray(required) ? required.filter((n): n is string => typeof n === "string") : [];
  if (isJsonObject(properties)) for (const name of Object.keys(properties)) if (OBJECT_MEMBERS.has(name) && !names.includes(name)) names.push(name);
  for (const name of names) {
    const value = sampleValue(getOwn(properties, name), root, depth + 1);
    if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Arguments as a scaffold writes them: every optional property named like a member of `Object`
 * (OBJECT_MEMBERS) that the value leaves out is spelled out as `undefined`, in every object that
 * the arguments type reaches through properties, items, prefixItems, allOf, anyOf, oneOf and local
 * `$ref`s. TypeScript then accepts the literal, the client's validator reads the member as absent,
 * and JSON leaves it out on the wire: the tool gets exactly the example's arguments.
 * @example spellOutObjectMembers({ a: 1 }, { properties: { a: {}, constructor: { type: "string" } } }) // { a: 1, constructor: undefined }
 */
export function spellOutObjectMembers(value: JsonValue, schema: JsonValue, root: JsonValue = schema): unknown {
  return spellOut(value, applicableSchemas(schema, root), root, 0);
}

function spellOut(value: JsonValue, schemas: readonly JsonObject[], root: JsonValue, depth: number): unknown {
  if (depth > 32 || schemas.length === 0) return value;
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const itemSchemas = schemas.flatMap((schema) => {
        const prefix = getOwn(schema, "prefixItems");
        const items = getOwn(schema, "items");
        const positional = Array.isArray(prefix) ? prefix[i] : Array.isArray(items) ? items[i] : undefined;
        return applicableSchemas(positional ?? (Array.isArray(items) ? undefined : items), root);
      });
      return spellOut(item, itemSchemas, root, depth + 1);
    });
  }
  if (!isJsonObject(value)) return value;
  const out: Record<string, unknown> = {};
  const put = (key: string, member: unknown) => Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
  for (const key of Object.keys(value)) {
    const propertySchemas = schemas.flatMap((schema) => applicableSchemas(getOwn(getOwn(schema, "properties"), key), root));
    put(key, spellOut(value[key]!, propertySchemas, root, depth + 1));
  }
  for (const schema of schemas) {
    const properties = getOwn(schema, "properties");
    const required = getOwn(schema, "required");
    if (!isJsonObject(properties)) continue;
    for (const name of Object.keys(properties)) {
      if (OBJECT_MEMBERS.has(name) && !Object.prototype.hasOwnProperty.call(out, name) && !(Array.isArray(required) && required.includes(name))) put(name, undefined);
    }
  }
  return out;
}

/** A schema with the subschemas whose types apply to the same value: local `$ref` targets, allOf, anyOf and oneOf branches. */
function applicableSchemas(schema: JsonValue | undefined, root: JsonValue, seen: Set<JsonObject> = new Set()): JsonObject[] {
  if (!isJsonObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const out = [schema];
  const ref = getOwn(schema, "$ref");
  if (typeof ref === "string" && ref.startsWith("#")) out.push(...applicableSchemas(valueAt(root, splitPointer(decodeURIComponent(ref.slice(1)))), root, seen));
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const branches = getOwn(schema, key);
    if (Array.isArray(branches)) for (const branch of branches) out.push(...applicableSchemas(branch, root, seen));
  }
  return out;
}
