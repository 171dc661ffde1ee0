// The JSON Schema 2020-12 meta-schema as local definitions, for the schemas mcp-gen ships to editors:
// a descriptor's inputSchema and outputSchema are JSON Schemas, and an editor that had to fetch the
// meta-schema from json-schema.org reports nothing but "Problems loading reference" when offline.
// The meta-schema is eight documents that refer to one another by relative URI and by `$dynamicRef`;
// here each becomes a `$defs` entry with every reference rewritten to a local pointer, so the
// schema that embeds them needs nothing from the network, nor support for `$id` or `$dynamicRef`.
// The documents are ajv's copies, the meta-schema mcp-gen itself validates schemas with.
import { createRequire } from "node:module";
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";

const require = createRequire(import.meta.url);

const META_BASE = "https://json-schema.org/draft/2020-12/";

/** The meta-schema's documents by their `$id` relative to META_BASE, the root first. */
const DOCUMENTS = ["schema", "meta/core", "meta/applicator", "meta/unevaluated", "meta/validation", "meta/meta-data", "meta/format-annotation", "meta/content"] as const;

/** Keywords that only identify a document or declare its vocabulary: meaningless once it is a local definition. */
const DROPPED: ReadonlySet<string> = new Set(["$id", "$schema", "$vocabulary", "$dynamicAnchor"]);

/** The `$defs` key of each document: `json-schema-2020-12` for the root, `json-schema-2020-12-core` and so on. */
export function metaSchemaDefName(document: (typeof DOCUMENTS)[number]): string {
  return document === "schema" ? "json-schema-2020-12" : `json-schema-2020-12-${document.slice("meta/".length)}`;
}

/** The URI of the 2020-12 meta-schema, as schemas write it in `$schema` or `$ref`. */
export const META_SCHEMA_2020_12 = `${META_BASE}schema`;

/**
 * Every document of the 2020-12 meta-schema, as `$defs` entries that refer to each other through
 * `${defsPointer}<name>` (the pointer to the `$defs` of the schema that embeds them).
 */
export function bundledMetaSchemaDefs(defsPointer = "#/$defs/"): JsonObject {
  const defs: Record<string, JsonValue> = {};
  for (const document of DOCUMENTS) {
    const text = require(`ajv/dist/refs/json-schema-2020-12/${document}.json`) as JsonValue;
    defs[metaSchemaDefName(document)] = localized(text, new URL(document, META_BASE), defsPointer);
  }
  return defs;
}

/** Keywords whose value maps names (of properties, definitions...) to schemas: the names are data, not keywords. */
const NAME_MAPS: ReadonlySet<string> = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);

function localized(value: JsonValue, base: URL, defsPointer: string): JsonValue {
  if (Array.isArray(value)) return value.map((item) => localized(item, base, defsPointer));
  if (!isJsonObject(value)) return value;
  const out: Record<string, JsonValue> = {};
  for (const [key, child] of Object.entries(value)) {
    if (DROPPED.has(key)) continue;
    // `$dynamicRef: "#meta"` names the root of the meta-schema in use, here always the 2020-12 one.
    if (key === "$dynamicRef") out.$ref = `${defsPointer}${metaSchemaDefName("schema")}`;
    else if (key === "$ref" && typeof child === "string") out.$ref = localRef(child, base, defsPointer);
    else if (NAME_MAPS.has(key) && isJsonObject(child)) out[key] = mapValues(child, (schema) => localized(schema, base, defsPointer));
    else defineOwn(out, key, localized(child, base, defsPointer));
  }
  return out;
}

function mapValues(map: JsonObject, f: (value: JsonValue) => JsonValue): JsonObject {
  const out: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(map)) defineOwn(out, name, f(value));
  return out;
}

/** An own property, even for a name such as "__proto__". */
function defineOwn(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function localRef(ref: string, base: URL, defsPointer: string): string {
  const target = new URL(ref, base);
  const document = DOCUMENTS.find((name) => new URL(name, META_BASE).href === `${target.origin}${target.pathname}`);
  if (document === undefined) throw new Error(`The 2020-12 meta-schema refers to ${target.href}, outside its own documents.`);
  return `${defsPointer}${metaSchemaDefName(document)}${target.hash.slice(1)}`;
}
