// A wrapper (emit-types.ts buildWrapper) made of plain keywords → the text json-schema-to-typescript
// 16.0.0 writes for it (compileWrapper's options), without running the library; undefined for any
// wrapper outside that subset, which then goes through the library's steps. The library normalizes a
// schema in about twenty full walks, links every node to its parent and parses it into types; for
// the plain subset (objects and their additionalProperties, arrays of one item schema, scalars, enums
// and consts of scalars, lists of types, anyOf/oneOf/allOf of such schemas, and a schema that is
// several of these at once, which the library intersects) its rules reduce to what is written here,
// read from its dist/src (normalizer.js, typesOfSchema.js, parser.js). Nothing in the wrapper is
// evaluated: it is only read and quoted. test/emit/plain-types.test.ts holds the output to the
// library's, byte for byte.
import { type PlainAst, type PlainInterface, type PlainMember, printPlainTypes } from "./plain-types-print.js";

/** compile-wrapper.ts CustomName (not imported from there: that module imports this one). */
type CustomName = (schema: object, keyNameFromDefinition: string | undefined) => string | undefined;

/** A wrapper node after the library's normalizer, as far as the plain subset needs it. */
type Schema = Record<string, unknown>;

interface ParseContext {
  readonly customName: CustomName | undefined;
  /** The library's toSafeString, memoized for one wrapper (its own names are made safe several times). */
  readonly toSafeString: (name: string) => string;
  /** The library's usedNames: every declared name, in the order names were given. */
  readonly usedNames: Set<string>;
}

const TYPES: ReadonlySet<unknown> = new Set(["null", "boolean", "string", "number", "integer", "array", "object"]);

/** The keywords the subset reads, each with the values it accepts; a node with any other key is not plain. */
const KEYWORDS: ReadonlyMap<string, (value: unknown) => boolean> = new Map<string, (value: unknown) => boolean>([
  // `any`, which emit-types.ts writes for a schema that accepts every value, only on its own.
  ["type", (value) => value === "any" || TYPES.has(value) || (Array.isArray(value) && value.length > 0 && value.every((type) => TYPES.has(type)))],
  ["title", (value) => typeof value === "string"],
  ["description", (value) => typeof value === "string"],
  ["format", (value) => typeof value === "string"],
  ["x-mcp-gen-own-type", (value) => value === true],
  ["required", (value) => Array.isArray(value) && value.every((name) => typeof name === "string")],
  ["additionalProperties", (value) => typeof value === "boolean" || isPlainSchema(value)],
  ["enum", (value) => Array.isArray(value) && value.every(isScalar)],
  ["const", isScalar],
  // The library's walks go into objects in `examples` (and its validator may refuse them): not plain.
  ["examples", (value) => Array.isArray(value) && !value.some(isObject)],
  // The validator refuses a `deprecated` that is not a boolean.
  ["deprecated", (value) => typeof value === "boolean"],
  ["readOnly", (value) => typeof value === "boolean"],
  ["writeOnly", (value) => typeof value === "boolean"],
  ["properties", (value) => isObject(value) && Object.keys(value).every((key) => !(key in Object.prototype) && isPlainSchema(value[key]))],
  ["items", isPlainSchema],
  // What emit-types.ts (declareRequired) types a required name no property declares with, when none may be.
  ["tsType", (value) => value === "never"],
  ["anyOf", (value) => Array.isArray(value) && value.every(isPlainSchema)],
  ["oneOf", (value) => Array.isArray(value) && value.every(isPlainSchema)],
  ["allOf", (value) => Array.isArray(value) && value.every(isPlainSchema)],
]);

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** Whether a schema, and every schema in it, uses only the plain subset's keywords and values. */
function isPlainSchema(value: unknown): value is Schema {
  if (!isObject(value)) return false;
  for (const key of Object.keys(value)) {
    const accepts = KEYWORDS.get(key);
    if (accepts === undefined || !accepts(value[key])) return false;
  }
  return true;
}

/**
 * The library's output for a wrapper, or undefined when it is not plain. `customName` is the one
 * compileWrapper passes the library; `toSafeString` the library's own (utils.js), as names go through it.
 * @example emitPlainTypes(JSON.parse(request.wrapperText), request.rootName, keepOwnNames(wrapper), toSafeString)
 */
export function emitPlainTypes(wrapper: unknown, rootName: string, customName: CustomName | undefined, toSafeString: (name: string) => string): string | undefined {
  // The library names an untitled root after its file name (justName): a name without path or extension.
  if (!/^[A-Za-z0-9_$]+$/.test(rootName) || !isPlainSchema(wrapper)) return undefined;
  const safeNames = new Map<string, string>();
  const safeName = (name: string) => {
    let safe = safeNames.get(name);
    if (safe === undefined) safeNames.set(name, (safe = toSafeString(name)));
    return safe;
  };
  const context: ParseContext = { customName, toSafeString: safeName, usedNames: new Set() };
  const root = parseSchema(normalized(wrapper, safeName(rootName)), context);
  return root?.type === "INTERFACE" ? printPlainTypes(root, safeName) : undefined;
}

function hasType(schema: Schema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

function isObjectType(schema: Schema): boolean {
  return schema.properties !== undefined || hasType(schema, "object") || hasType(schema, "any");
}

function isArrayType(schema: Schema): boolean {
  return schema.items !== undefined || hasType(schema, "array") || hasType(schema, "any");
}

/**
 * A copy of a plain node as the library's normalizer leaves it (its rules in their order; the
 * others change nothing in the subset). `rootId`: the `$id` the root is given.
 */
function normalized(raw: Schema, rootId?: string): Schema {
  const schema: Schema = { ...raw };
  const { type } = schema;
  if (Array.isArray(schema.enum) && schema.enum.includes(null) && Array.isArray(type) && type.includes("null")) schema.type = type.filter((t) => t !== "null");
  if (Array.isArray(schema.type) && schema.type.length === 1) schema.type = schema.type[0];
  if (isObjectType(schema) && !("required" in schema)) schema.required = [];
  if (isObjectType(schema) && !("additionalProperties" in schema)) schema.additionalProperties = true;
  if (rootId !== undefined && !schema.$id) schema.$id = rootId;
  // Only `*/` is escaped; emit-types.ts has made descriptions safe for comments already.
  if (typeof schema.description === "string") schema.description = schema.description.replace(/\*\//g, "* /");
  if (isArrayType(schema)) schema.minItems = 0;
  if (schema.const !== undefined) {
    schema.enum = [schema.const];
    delete schema.const;
  }
  return schema;
}

/** typesOfSchema: the kinds of type the library reads a normalized node as, in its matchers' order. */
function kindsOf(schema: Schema): string[] {
  // The library's escape hatch supersedes every other keyword.
  if (schema.tsType !== undefined) return ["CUSTOM_TYPE"];
  const { type } = schema;
  const hasEnum = "enum" in schema;
  const kinds: string[] = [];
  if ("allOf" in schema) kinds.push("ALL_OF");
  if (type === "any" || Object.keys(schema).length === 0) kinds.push("ANY");
  if ("anyOf" in schema) kinds.push("ANY_OF");
  if (!hasEnum && type === "boolean") kinds.push("BOOLEAN");
  if ("$id" in schema && !Array.isArray(type) && "properties" in schema) kinds.push("NAMED_SCHEMA");
  if (type === "null") kinds.push("NULL");
  if (!hasEnum && (type === "integer" || type === "number")) kinds.push("NUMBER");
  if (type === "object" && !isObject(schema.additionalProperties) && !schema.anyOf && !schema.oneOf && !schema.properties && !schema.required) kinds.push("OBJECT");
  if ("oneOf" in schema) kinds.push("ONE_OF");
  if (!hasEnum && type === "string") kinds.push("STRING");
  if (!(type && type !== "array") && "items" in schema) kinds.push("TYPED_ARRAY");
  if (Array.isArray(type)) kinds.push("UNION");
  if (hasEnum && (!type || type === "boolean" || type === "integer" || type === "number" || type === "string")) kinds.push("UNNAMED_ENUM");
  if ((type === undefined || type === "object") && !("$id" in schema) && "properties" in schema) kinds.push("UNNAMED_SCHEMA");
  if (type === "array" && !("items" in schema)) kinds.push("UNTYPED_ARRAY");
  return kinds.length === 0 ? ["UNNAMED_SCHEMA"] : kinds;
}

/**
 * parse() for a normalized node; undefined for a node the subset leaves to the library. A node of
 * several kinds is their intersection (parseIntersection), except a member of a `type` list
 * (`isMember`), whose intersection would share the node's children with the other members'.
 */
function parseSchema(schema: Schema, context: ParseContext, isMember = false): PlainAst | undefined {
  const kinds = kindsOf(schema);
  if (kinds.length === 1) return parseKind(schema, kinds[0]!, context);
  return isMember || kinds.includes("UNION") ? undefined : parseIntersection(schema, kinds, context);
}

/**
 * applySchemaTyping and parse() for a node of several kinds: an intersection that takes the node's
 * name and description, of the node (without them) read as each kind in turn. The library names it
 * through a copy whose parent is the node; customName is asked with the node itself, which
 * keepOwnNames (compile-wrapper.ts' only one) reads the same way: same title, own when the node is.
 */
function parseIntersection(schema: Schema, kinds: readonly string[], context: ParseContext): PlainAst | undefined {
  const name = standaloneName(schema, context);
  // The node's own allOf members come first, as they would alone (parseAllOf).
  const params = kinds[0] === "ALL_OF" ? parseAllOf(schema.allOf as Schema[], context) : [];
  if (params === undefined) return undefined;
  const { $id: _id, description: _description, title: _title, allOf: _allOf, ...rest } = schema;
  for (const kind of kinds) {
    if (kind === "ALL_OF") continue;
    const ast = parseKind(rest, kind, context);
    if (ast === undefined) return undefined;
    params.push(ast);
  }
  // `deprecated` stays with the node: the intersection has none.
  return { type: "INTERSECTION", comment: schema.description as string | undefined, name, params };
}

/** parse() for a node read as one kind. Names are given before the node's children are parsed, as the library gives them. */
function parseKind(schema: Schema, kind: string, context: ParseContext): PlainAst | undefined {
  if (kind === "NAMED_SCHEMA" || kind === "UNNAMED_SCHEMA") return parseInterface(schema, context);
  const notes = { comment: schema.description as string | undefined, deprecated: schema.deprecated as boolean | undefined };
  const leaf = LEAVES.get(kind);
  if (leaf !== undefined) return { type: leaf, ...notes, name: standaloneName(schema, context) };
  const name = standaloneName(schema, context);
  switch (kind) {
    case "ALL_OF": {
      const params = parseAllOf(schema.allOf as Schema[], context);
      return params && { type: "INTERSECTION", ...notes, name, params };
    }
    case "ANY_OF":
    case "ONE_OF": {
      const params = parseAll((kind === "ANY_OF" ? schema.anyOf : schema.oneOf) as Schema[], context);
      return params && { type: "UNION", ...notes, name, params };
    }
    case "UNION": {
      const params = parseAll(
        (schema.type as string[]).map((type) => unionMember(schema, type)),
        context,
        true,
      );
      return params && { type: "UNION", ...notes, name, params };
    }
    case "UNNAMED_ENUM":
      return { type: "UNION", ...notes, name, params: (schema.enum as (string | number | boolean | null)[]).map((value) => ({ type: "LITERAL", value })) };
    case "TYPED_ARRAY": {
      const item = parseSchema(normalized(schema.items as Schema), context);
      return item && { type: "ARRAY", ...notes, name, item };
    }
    case "CUSTOM_TYPE":
      return { type: "CUSTOM_NEVER", ...notes, name };
    case "UNTYPED_ARRAY":
      // minItems is 0 and maxItems absent (the subset has neither), so not a tuple.
      return { type: "ARRAY", ...notes, name, item: { type: "UNKNOWN" } };
    default:
      return undefined;
  }
}

/** The kinds that parse to a type without members. */
const LEAVES: ReadonlyMap<string, "UNKNOWN" | "BOOLEAN" | "NULL" | "NUMBER" | "STRING"> = new Map([
  ["ANY", "UNKNOWN"],
  ["BOOLEAN", "BOOLEAN"],
  ["NULL", "NULL"],
  ["NUMBER", "NUMBER"],
  ["STRING", "STRING"],
] as const);

/** Each schema parsed in turn (normalized first, unless members of a `type` list); undefined if one is not plain. */
function parseAll(schemas: readonly Schema[], context: ParseContext, areMembers = false): PlainAst[] | undefined {
  const params: PlainAst[] = [];
  for (const schema of schemas) {
    const ast = areMembers ? parseSchema(schema, context, true) : parseSchema(normalized(schema), context);
    if (ast === undefined) return undefined;
    params.push(ast);
  }
  return params;
}

/**
 * The keywords some part of the library reads (parser.js RECOGNIZED_ALL_OF_MEMBER_KEYWORDS): an allOf
 * member with none of them, parsed as an interface that says nothing, is left out of the intersection.
 */
const RECOGNIZED: ReadonlySet<string> = new Set([
  "$id",
  "additionalProperties",
  "allOf",
  "anyOf",
  "const",
  "default",
  "enum",
  "extends",
  "items",
  "oneOf",
  "patternProperties",
  "properties",
  "required",
  "tsEnumNames",
  "tsType",
  "type",
]);

/** The members of an allOf, each parsed (so named) in turn, less those that say nothing. */
function parseAllOf(members: readonly Schema[], context: ParseContext): PlainAst[] | undefined {
  const params: PlainAst[] = [];
  for (const member of members) {
    const schema = normalized(member);
    const ast = parseSchema(schema, context);
    if (ast === undefined) return undefined;
    if (!(Object.keys(schema).every((key) => !RECOGNIZED.has(key)) && isVacuous(ast))) params.push(ast);
  }
  return params;
}

/** isVacuousInterface: an interface with no name, comment or property, only `[k: string]: unknown`. */
function isVacuous(ast: PlainAst): boolean {
  if (ast.type !== "INTERFACE" || ast.name !== undefined || ast.comment !== undefined || ast.deprecated) return false;
  const [only, ...others] = ast.members;
  return only !== undefined && others.length === 0 && only.isIndexSignature && only.ast.type === "UNKNOWN";
}

/** The library's member of a `type` list: the node with that one type, less its names and description. */
function unionMember(schema: Schema, type: string): Schema {
  const { $id: _id, description: _description, title: _title, ...rest } = schema;
  return { ...rest, type };
}

/**
 * newInterface and parseSchema: properties in order, then the index signature, `[k: string]`: the
 * additionalProperties schema's type, or unknown when it is true or absent, none when it is false.
 */
function parseInterface(schema: Schema, context: ParseContext): PlainInterface | undefined {
  const name = standaloneName(schema, context);
  const members: PlainMember[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = schema.required as readonly string[] | undefined;
  for (const key of Object.keys(properties)) {
    const ast = parseSchema(normalized(properties[key]!), context);
    if (ast === undefined) return undefined;
    members.push({ key, ast, isRequired: required?.includes(key) === true, isIndexSignature: false });
  }
  const additional = schema.additionalProperties;
  const index = isObject(additional) ? parseSchema(normalized(additional), context) : { type: "UNKNOWN" as const };
  if (index === undefined) return undefined;
  if (additional !== false) members.push({ key: "[k: string]", ast: index, isRequired: true, isIndexSignature: true });
  return { type: "INTERFACE", comment: schema.description as string | undefined, deprecated: schema.deprecated as boolean | undefined, name, members };
}

/** standaloneName and generateName: the custom name, title or `$id`, made safe and numbered when taken. */
function standaloneName(schema: Schema, context: ParseContext): string | undefined {
  const from = context.customName?.(schema, undefined) || (schema.title as string | undefined) || (schema.$id as string | undefined);
  if (!from) return undefined;
  let name = context.toSafeString(from) || "NoName";
  if (context.usedNames.has(name)) {
    // The library's loop: it tries `${name}1` twice, then counts on.
    let counter = 1;
    let numbered = `${name}${counter}`;
    while (context.usedNames.has(numbered)) {
      numbered = `${name}${counter}`;
      counter++;
    }
    name = numbered;
  }
  context.usedNames.add(name);
  return name;
}
