// What the descriptor's JSON Schema (schemas/mcp-gen.descriptor.schema.json: the MCP Tool, the
// x-mcp-gen block, and the 2020-12 meta-schema for inputSchema and outputSchema) says about a place
// in a descriptor: the members an object there may have, the values a member may take, and what a
// member means. For completion and hover. Subschemas are followed through `$ref` (inside the schema
// only), `allOf`, `anyOf` and `oneOf`, as candidates: a suggestion, not a validation. The keywords a
// schema object may have are those of the schema's dialect (model/dialect-keywords.ts).
import { DEFAULT_DIALECT, type Dialect } from "../model/dialect.js";
import { DIALECT_KEYWORDS } from "../model/dialect-keywords.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import { descriptorFileSchema } from "../validate/authoring-schema.js";
import { keywordDoc, X_MCP_HEADER, X_MCP_HEADER_DOC } from "./keyword-docs.js";

/** A step into a JSON document: a member name or an array index. */
export type PathSegment = string | number;

export interface SchemaMember {
  readonly name: string;
  readonly description: string | undefined;
  readonly deprecated: boolean;
  /** The values the member may take, when the schema lists them (enum, const, boolean). */
  readonly values: readonly JsonValue[];
}

export class SchemaGuide {
  private readonly root: JsonObject;

  constructor(root: JsonObject = descriptorFileSchema()) {
    this.root = root;
  }

  /**
   * The members an object at `path` may have, with what they mean; in a JSON Schema, the keywords of
   * `dialect`, the dialect that schema is written in.
   * @example guide.membersAt(["annotations"]).map((m) => m.name) // ["destructiveHint", "idempotentHint", ...]
   */
  membersAt(path: readonly PathSegment[], dialect: Dialect = DEFAULT_DIALECT): SchemaMember[] {
    if (isInJsonSchema(path) && isKeywordPosition([...path, ""])) return this.keywordsAt(path, dialect);
    const members = new Map<string, SchemaMember>();
    for (const schema of this.schemasAt(path)) {
      const properties = getOwn(schema, "properties");
      if (!isJsonObject(properties)) continue;
      for (const name of Object.keys(properties)) {
        if (members.has(name)) continue;
        members.set(name, this.member(name, [...path, name]));
      }
    }
    return [...members.values()];
  }

  /**
   * The keywords of `dialect` for the schema object at `path`, and `x-mcp-header` where it may be
   * written. The dialect's own list decides, not the properties of the 2020-12 meta-schema: those
   * keep the names of earlier drafts' keywords (`definitions`, `$recursiveRef`...), marked deprecated,
   * which are no 2020-12 keywords but are the keywords of draft-07 or 2019-09, deprecated in neither.
   */
  private keywordsAt(path: readonly PathSegment[], dialect: Dialect): SchemaMember[] {
    const keywords = [...DIALECT_KEYWORDS[dialect]].map((name) => ({ ...this.member(name, [...path, name], dialect), deprecated: false }));
    if (isHeaderSite(path)) keywords.push({ name: X_MCP_HEADER, description: X_MCP_HEADER_DOC, deprecated: false, values: [] });
    return keywords;
  }

  /**
   * What the member at `path` (its last segment) means and may hold; undefined where the schema says
   * nothing of it. `dialect`: that of the JSON Schema the member is in, if it is in one.
   */
  member(name: string, path: readonly PathSegment[], dialect: Dialect = DEFAULT_DIALECT): SchemaMember {
    const schemas = this.schemasAt(path);
    const inSchema = isInJsonSchema(path);
    let description = schemas.map((schema) => getOwn(schema, "description")).find((text): text is string => typeof text === "string");
    const keyword = inSchema && isKeywordPosition(path);
    // Inside a JSON Schema the meta-schema describes no keyword: the keyword table does.
    if (keyword) description = keywordDoc(name, dialect) ?? description;
    if (name === X_MCP_HEADER && isHeaderSite(path.slice(0, -1))) description = X_MCP_HEADER_DOC;
    // A keyword's standing is its own dialect's: the 2020-12 meta-schema the descriptor schema
    // bundles marks draft-07's `definitions` and 2019-09's `$recursiveRef` deprecated, which they are not there.
    const deprecated = keyword && DIALECT_KEYWORDS[dialect].has(name) ? false : schemas.some((schema) => getOwn(schema, "deprecated") === true);
    return { name, description, deprecated, values: valuesOf(schemas) };
  }

  /** The candidate schemas of the value at `path`, expanded through $ref, allOf, anyOf and oneOf. */
  schemasAt(path: readonly PathSegment[]): JsonObject[] {
    let current = this.expand([this.root]);
    for (const segment of path) {
      const next: JsonValue[] = [];
      for (const schema of current) next.push(...childSchemas(schema, segment));
      current = this.expand(next);
      if (current.length === 0) break;
    }
    return current;
  }

  private expand(schemas: readonly JsonValue[]): JsonObject[] {
    const out: JsonObject[] = [];
    const seen = new Set<JsonObject>();
    const queue = [...schemas];
    for (let schema = queue.shift(); schema !== undefined; schema = queue.shift()) {
      if (!isJsonObject(schema) || seen.has(schema)) continue;
      seen.add(schema);
      out.push(schema);
      const ref = getOwn(schema, "$ref");
      if (typeof ref === "string" && ref.startsWith("#/")) {
        const target = this.resolve(ref.slice(1));
        if (target !== undefined) queue.push(target);
      }
      for (const keyword of ["allOf", "anyOf", "oneOf"]) {
        const branches = getOwn(schema, keyword);
        if (Array.isArray(branches)) queue.push(...branches);
      }
    }
    return out;
  }

  private resolve(pointer: string): JsonValue | undefined {
    let value: JsonValue | undefined = this.root;
    for (const token of splitPointer(pointer)) value = isJsonObject(value) ? getOwn(value, token) : undefined;
    return value;
  }
}

/** The subschemas that apply to the member or element `segment` of a value `schema` describes. */
function childSchemas(schema: JsonObject, segment: PathSegment): JsonValue[] {
  if (typeof segment === "number") {
    const prefix = getOwn(schema, "prefixItems");
    if (Array.isArray(prefix) && segment < prefix.length) return [prefix[segment]!];
    const items = getOwn(schema, "items");
    return items === undefined ? [] : [items];
  }
  const properties = getOwn(schema, "properties");
  const named = isJsonObject(properties) ? getOwn(properties, segment) : undefined;
  if (named !== undefined) return [named];
  const patterns = getOwn(schema, "patternProperties");
  const matched = isJsonObject(patterns) ? Object.keys(patterns).filter((pattern) => new RegExp(pattern, "u").test(segment)) : [];
  if (matched.length > 0) return matched.map((pattern) => getOwn(patterns, pattern)!);
  const additional = getOwn(schema, "additionalProperties");
  return additional === undefined || additional === false ? [] : [additional];
}

/** The values a schema lists for its value: enum, const, or true and false for a boolean. */
function valuesOf(schemas: readonly JsonObject[]): JsonValue[] {
  const values: JsonValue[] = [];
  const add = (value: JsonValue) => {
    if (!values.some((known) => JSON.stringify(known) === JSON.stringify(value))) values.push(value);
  };
  for (const schema of schemas) {
    const listed = getOwn(schema, "enum");
    if (Array.isArray(listed)) listed.forEach(add);
    if (Object.hasOwn(schema, "const")) add(getOwn(schema, "const")!);
    if (getOwn(schema, "type") === "boolean") [true, false].forEach(add);
  }
  return values;
}

/** Whether `path` lies inside a tool's inputSchema or outputSchema. */
function isInJsonSchema(path: readonly PathSegment[]): boolean {
  return path[0] === "inputSchema" || path[0] === "outputSchema";
}

/** Keywords whose value maps names to schemas (draft-07's `dependencies`: or to lists of names), arrays of schemas, or one schema. */
const NAMED_SCHEMAS: ReadonlySet<string> = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
const SCHEMA_ARRAYS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const ONE_SCHEMA: ReadonlySet<string> = new Set([
  "items",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "additionalProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
]);

/**
 * Whether the last segment of `path` (inside an inputSchema or outputSchema) is a keyword of a schema
 * object, rather than a property name under `properties`, an index, or something inside a value
 * such as `enum` or `default`, where a keyword's meaning does not apply.
 */
function isKeywordPosition(path: readonly PathSegment[]): boolean {
  // What the next segment is: a keyword of a schema, a name or index that leads to a schema, or data.
  let next: "keyword" | "schema-key" | "data" = "keyword";
  for (let i = 1; i < path.length; i++) {
    const segment = path[i]!;
    if (i === path.length - 1) return next === "keyword" && typeof segment === "string";
    if (next === "schema-key") next = "keyword";
    else if (next === "data") return false;
    else if (typeof segment !== "string") return false;
    else if (NAMED_SCHEMAS.has(segment) || SCHEMA_ARRAYS.has(segment)) next = "schema-key";
    else if (!ONE_SCHEMA.has(segment)) next = "data";
  }
  return false;
}

/**
 * Whether the object at `path` is a property schema of an inputSchema reached through `properties`
 * alone, where `x-mcp-header` may be written (MCP 2026-07-28, basic/transports/streamable-http.mdx § Schema Extension).
 */
export function isHeaderSite(path: readonly PathSegment[]): boolean {
  if (path[0] !== "inputSchema" || path.length < 3 || path.length % 2 === 0) return false;
  for (let i = 1; i < path.length; i += 2) if (path[i] !== "properties" || typeof path[i + 1] !== "string") return false;
  return true;
}
