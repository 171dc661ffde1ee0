// Instances to run a schema's validators on, for comparing two validators of the same schema: the
// schema's own literal values (default, examples, enum, const), an instance built to follow the
// schema, near misses of that instance (wrong types, missing required properties, numbers and
// lengths just out of range, unknown properties), and arbitrary JSON from fast-check.
import fc from "fast-check";
import { isJsonObject, type JsonObject, type JsonValue } from "../../src/model/json.js";
import { splitPointer } from "../../src/model/pointer.js";
import { walkSchema } from "../../src/model/schema-walk.js";

/** A valid value for each format ajv-formats knows, so a built instance gets past `format`. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  date: "2024-02-29",
  time: "23:59:60Z",
  "date-time": "2024-01-01T12:00:00Z",
  "iso-time": "12:00:00",
  "iso-date-time": "2024-01-01T12:00:00",
  duration: "P1DT2H",
  uri: "https://example.com/a?b#c",
  "uri-reference": "../a",
  "uri-template": "/users/{id}",
  url: "https://example.com",
  email: "a.b@example.com",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  regex: "^a+$",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  "json-pointer": "/a/b",
  "json-pointer-uri-fragment": "#/a",
  "relative-json-pointer": "1/a",
  byte: "aGVsbG8=",
};

export function instancesFor(schema: JsonValue, seed: number): unknown[] {
  const out: unknown[] = [...literalValues(schema)];
  const built = buildInstance(schema, schema, 0);
  out.push(built, ...nearMisses(built, schema));
  out.push(...fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed, numRuns: 6 }));
  const names = propertyNames(schema);
  if (names.length > 0) {
    const keys = fc.constantFrom(...names);
    out.push(...fc.sample(fc.dictionary(keys, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }), { seed: seed + 1, numRuns: 6 }));
    // The built instance with one property replaced by arbitrary JSON, at the top level.
    if (isJsonObject(built)) {
      const pick = fc.tuple(keys, fc.jsonValue({ maxDepth: 2 }));
      for (const [key, value] of fc.sample(pick, { seed: seed + 2, numRuns: 6 })) out.push(withKey(built, key, value as JsonValue));
    }
  }
  return out;
}

/** default, example, examples, enum and const values anywhere in the schema. */
function literalValues(schema: JsonValue): JsonValue[] {
  const values: JsonValue[] = [];
  walkSchema(schema, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    const s = node.schema;
    for (const key of ["default", "example", "const"]) if (Object.hasOwn(s, key)) values.push(s[key]!);
    for (const key of ["examples", "enum"]) {
      const list = s[key];
      if (Array.isArray(list)) values.push(...list.slice(0, 5));
    }
  });
  return values.slice(0, 40);
}

function propertyNames(schema: JsonValue): string[] {
  const names = new Set<string>();
  walkSchema(schema, "", (node) => {
    const properties = isJsonObject(node.schema) ? node.schema.properties : undefined;
    if (isJsonObject(properties)) for (const name of Object.keys(properties)) names.add(name);
  });
  return [...names].slice(0, 60);
}

function resolveRef(root: JsonValue, ref: string): JsonValue | undefined {
  const hash = ref.indexOf("#");
  if (hash < 0) return undefined;
  let current: JsonValue | undefined = root;
  for (const token of splitPointer(decodeURIComponent(ref.slice(hash + 1)))) {
    current = Array.isArray(current) ? current[Number(token)] : isJsonObject(current) ? current[token] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/** An instance shaped after the schema: every property, the first branch of a choice, in-range numbers. */
export function buildInstance(schema: JsonValue | undefined, root: JsonValue, depth: number): JsonValue {
  if (schema === undefined || schema === true) return {};
  if (schema === false || depth > 10 || !isJsonObject(schema)) return null;
  if (typeof schema.$ref === "string") {
    const target = resolveRef(root, schema.$ref);
    if (target !== undefined) return buildInstance(target, root, depth + 1);
  }
  if (Object.hasOwn(schema, "const")) return schema.const!;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]!;
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0 && schema.type === undefined && schema.properties === undefined) {
      return buildInstance(branches[0], root, depth + 1);
    }
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? schema.type[0]) : schema.type;
  if (type === "object" || (type === undefined && isJsonObject(schema.properties))) return buildObject(schema, root, depth);
  if (type === "array" || (type === undefined && (schema.items !== undefined || schema.prefixItems !== undefined))) return buildArray(schema, root, depth);
  if (type === "string") return buildString(schema);
  if (type === "integer" || type === "number") return buildNumber(schema, type === "integer");
  if (type === "boolean") return true;
  if (type === "null") return null;
  return {};
}

function buildObject(schema: JsonObject, root: JsonValue, depth: number): JsonValue {
  const out: Record<string, JsonValue> = {};
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  for (const name of Object.keys(properties)) out[name] = buildInstance(properties[name], root, depth + 1);
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === "string" && !(name in out)) out[name] = "x";
  return out;
}

function buildArray(schema: JsonObject, root: JsonValue, depth: number): JsonValue {
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const out = tuple.map((item) => buildInstance(item, root, depth + 1));
  const rest = Array.isArray(schema.items) ? undefined : schema.items;
  const min = typeof schema.minItems === "number" ? schema.minItems : 1;
  while (out.length < Math.min(Math.max(min, tuple.length === 0 ? 1 : 0), 5) && (rest !== undefined || tuple.length === 0)) out.push(buildInstance(rest, root, depth + 1));
  return out;
}

function buildString(schema: JsonObject): string {
  let value = typeof schema.format === "string" ? (FORMAT_SAMPLES[schema.format] ?? "x") : "x";
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  while (value.length < min) value += "y";
  return value;
}

function buildNumber(schema: JsonObject, integer: boolean): number {
  const low = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : undefined;
  const high = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : undefined;
  const value = low ?? (high !== undefined ? Math.min(high, 1) : 1);
  return integer ? Math.ceil(value) : value;
}

/** Variants of `value` that are each wrong in one place, at every path down to a few levels. */
function nearMisses(value: JsonValue, schema: JsonValue): JsonValue[] {
  const out: JsonValue[] = [];
  const paths = collectPaths(value, [], 0).slice(0, 25);
  for (const path of paths) {
    const here = at(value, path);
    for (const replacement of wrongValues(here)) out.push(replaceAt(value, path, replacement));
    if (path.length > 0 && typeof path[path.length - 1] === "string") out.push(removeAt(value, path));
    if (isJsonObject(here)) out.push(replaceAt(value, path, { ...here, unexpected_extra: 1 }));
  }
  // Numbers and lengths one step past the schema's own limits, at the top level.
  if (isJsonObject(schema)) {
    for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
      const limit = schema[key];
      if (typeof limit === "number") out.push(limit - 1, limit, limit + 1, limit + 0.5);
    }
  }
  return out;
}

type Path = readonly (string | number)[];

function collectPaths(value: JsonValue, path: Path, depth: number): Path[] {
  const paths: Path[] = [path];
  if (depth > 6) return paths;
  if (Array.isArray(value)) value.slice(0, 3).forEach((item, i) => void paths.push(...collectPaths(item, [...path, i], depth + 1)));
  else if (isJsonObject(value)) for (const key of Object.keys(value)) paths.push(...collectPaths(value[key]!, [...path, key], depth + 1));
  return paths;
}

function wrongValues(value: JsonValue | undefined): JsonValue[] {
  if (typeof value === "string") return [42, value + "\u0000".repeat(2) + "x".repeat(300), ""];
  if (typeof value === "number") return ["1", value + 0.5, -1e9, 1e15, value - 1, value + 1];
  if (typeof value === "boolean") return ["true", null];
  if (value === null) return [0];
  if (Array.isArray(value)) return [{}, [...value, ...value], []];
  return [[], "{}", {}];
}

function at(value: JsonValue, path: Path): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const token of path) current = Array.isArray(current) ? current[token as number] : isJsonObject(current) ? current[token as string] : undefined;
  return current;
}

function replaceAt(value: JsonValue, path: Path, replacement: JsonValue): JsonValue {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  if (isJsonObject(value)) return withKey(value, head as string, replaceAt(value[head as string]!, rest, replacement));
  return value;
}

function removeAt(value: JsonValue, path: Path): JsonValue {
  const [head, ...rest] = path;
  if (rest.length === 0 && isJsonObject(value)) {
    const copy: Record<string, JsonValue> = { ...value };
    delete copy[head as string];
    return copy;
  }
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? removeAt(item, rest) : item));
  if (isJsonObject(value)) return withKey(value, head as string, removeAt(value[head as string]!, rest));
  return value;
}

function withKey(value: JsonObject, key: string, replacement: JsonValue): JsonObject {
  const copy: Record<string, JsonValue> = { ...value };
  Object.defineProperty(copy, key, { value: replacement, enumerable: true, writable: true, configurable: true });
  return copy;
}
