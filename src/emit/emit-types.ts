// One tool's bundled schemas → TypeScript types for its arguments, its structured result and the
// answers to its input requests (x-mcp-gen.inputRequests), written by json-schema-to-typescript.
// The schemas it sees are copies made safe first: its own code-injecting keywords (tsType,
// tsEnumNames) are removed, text that would hide in comments is escaped, and keys it cannot
// represent (__proto__; hasOwnProperty or $ref in data) survive through a placeholder. It never
// resolves anything itself: every $ref is already local.
import { defineOwn, getOwn, isJsonObject, type JsonObject, type JsonValue, valueAt } from "../model/json.js";
import { escapePointerToken, splitPointer } from "../model/pointer.js";
import { sameDocumentTarget, schemaResources, type SchemaResources } from "../model/schema-resources.js";
import { walkSchema } from "../model/schema-walk.js";
import { DEFAULT_DIALECT, type Dialect, dialectOf } from "../model/dialect.js";
import { arrayKeywords, copiedKeyword, isTuple2020, nameReferencedUnions, tupleRefTokens } from "./array-keywords.js";
import { refBesideKeywords } from "./ref-beside-keywords.js";
import { declareRequired } from "./required-names.js";
import { branchReach, isSplitObject, onlyArrays, type Reach, typelessKeywords } from "./typeless-keywords.js";
import { docProse } from "./doc-prose.js";
import { docCommentLines, escapeInvisibleInCode, typeKey } from "./safe-text.js";
import { compileWrapper, type CustomName, type LibraryNaming, loadLibraryNaming, loadTypeCompiler, type TypeCompiler } from "./compile-wrapper.js";
import { formatTypeScript } from "./format-types.js";

export interface ToolTypeNames {
  /** `${pascal}Arguments`, `${pascal}Result`, `${pascal}Inputs`, `${pascal}Types`. */
  readonly pascal: string;
}

/** One form of `x-mcp-gen.inputRequests`: its key and its requestedSchema. */
export interface InputForm {
  readonly key: string;
  readonly requestedSchema: JsonValue;
}

export interface ToolTypes {
  /** The declarations, ready to paste into the tool's module. */
  readonly code: string;
  readonly argumentsType: string;
  /** Undefined when the tool has no outputSchema. */
  readonly resultType: string | undefined;
  /** Undefined when the tool declares no input requests. */
  readonly inputsType: string | undefined;
}

/**
 * Schema keywords whose values are data that shape types; copied as they are. Not `default`, an
 * annotation that constrains nothing: the library typed `{ "default": "x" }` as `string` (and a
 * `$ref` or `allOf` beside a string default as their intersection with `string`), where every
 * value is accepted.
 */
const DATA: ReadonlySet<string> = new Set(["type", "enum", "const", "examples", "required", "minItems", "maxItems", "deprecated", "readOnly", "writeOnly", "format"]);
const TEXT: ReadonlySet<string> = new Set(["title", "description"]);
/**
 * Where a long description in the types' doc comments continues (docProse): the tool's descriptor,
 * named without its file so that tools with the same schemas still share one compile (sharedTypeName).
 */
const DESCRIPTOR = "the tool's descriptor";
const SINGLE: ReadonlySet<string> = new Set(["additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties"]);
const ARRAY: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const MAP: ReadonlySet<string> = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/**
 * Property names json-schema-to-typescript cannot carry: names of Object.prototype members
 * (`__proto__` is lost as a prototype, `hasOwnProperty` shadows the method it calls) and names with
 * lone surrogates (its $ref parser URI-encodes them and throws). They travel as placeholders and
 * are put back, through typeKey, in the output.
 */
const isUnsafeKey = (key: string) => key in Object.prototype || key.startsWith("mcp_gen_key_") || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(key);

/**
 * What json-schema-to-typescript is asked for one tool, as plain data (it can cross to a worker
 * thread): the schema it compiles, as JSON text, and how its output becomes the tool's types. Tools
 * whose schemas give the same types under different names get the same `wrapperText` and
 * `rootName`, so the text is compiled once for all of them (see sharedTypeName).
 */
export interface TypesRequest {
  readonly wrapperText: string;
  readonly rootName: string;
  /** The shared name standing in for the tool's `pascal` in the output, when it is shared. */
  readonly sharedName: string | undefined;
  readonly pascal: string;
  /** Placeholder keys in the output, and the property names they stand for. */
  readonly placeholders: readonly (readonly [string, string])[];
  readonly argumentsType: string;
  readonly resultType: string | undefined;
  readonly inputsType: string | undefined;
}

/**
 * The request for one tool's types; compileTypes and then finishToolTypes turn it into the tool's
 * declarations: `${pascal}Types` with `arguments`, `result` when the tool has an outputSchema, and
 * `inputs` when it declares input requests (each form's accepted content, by key). Pure and cheap;
 * the expensive part is compileTypes. `share: false` always names the types after the tool (the
 * output is the same; tests compare the two).
 * @example planToolTypes({ type: "object" }, undefined, { pascal: "Ping" }).rootName // "McpGenSharedTypeNameTypes" (shared)
 */
export function planToolTypes(input: JsonValue, output: JsonValue | undefined, names: ToolTypeNames, inputs: readonly InputForm[] = [], share = true): TypesRequest {
  const argumentsType = `${names.pascal}Arguments`;
  const resultType = output === undefined ? undefined : `${names.pascal}Result`;
  const inputsType = inputs.length === 0 ? undefined : `${names.pascal}Inputs`;
  const placeholders = new Map<string, string>();
  const shared = share && inputs.length === 0 ? sharedTypeName(names.pascal, input, output) : undefined;
  const pascal = shared ?? names.pascal;
  const titles = { argumentsType: `${pascal}Arguments`, resultType: output === undefined ? undefined : `${pascal}Result`, inputsType };
  const wrapper = buildWrapper({ input, output, inputs }, { pascal }, titles, placeholders);
  return {
    wrapperText: JSON.stringify(wrapper),
    rootName: `${pascal}Types`,
    sharedName: shared,
    pascal: names.pascal,
    placeholders: [...placeholders],
    argumentsType,
    resultType,
    inputsType,
  };
}

/**
 * json-schema-to-typescript's output for a request's wrapper (the expensive step of type generation:
 * a build runs it once per distinct wrapper, on worker threads when there are many).
 */
export async function compileTypes(wrapperText: string, rootName: string, library: TypeCompiler = loadTypeCompiler()): Promise<string> {
  return compileWrapper(library, wrapperText, rootName, (wrapper) => keepOwnNames(wrapper as JsonObject, library.naming));
}

/** A schema as json-schema-to-typescript hands it to `customName`. */
type LinkedSchema = { readonly [key: string | symbol]: unknown };

/** Marks the schemas of a wrapper that declare the tool's own types; prepare() never copies this key from a descriptor. */
const OWN_TYPE = "x-mcp-gen-own-type";

/**
 * json-schema-to-typescript names types in the order it reaches them and numbers a name that is
 * taken, so a `title` (or `$defs` key) deep in inputSchema could take `${pascal}Result` before the
 * wrapper's result does, and the module would declare the tool's result as `${pascal}Result1`. The
 * wrapper's own names are kept for its own schemas: any other schema whose name would be one of them
 * is numbered as the library numbers a taken name (`TResult` → `TResult1`). `naming`: what it reads
 * of the library, as a batch's TypeCompiler has loaded it.
 */
export function keepOwnNames(wrapper: JsonObject, naming: LibraryNaming = loadLibraryNaming()): CustomName {
  const { toSafeString, Intersection, Parent } = naming;
  const isOwn = (schema: LinkedSchema) => {
    const parent = schema[Parent] as LinkedSchema | undefined;
    return schema[OWN_TYPE] === true || (parent?.[Intersection] === schema && parent[OWN_TYPE] === true);
  };
  const own = [wrapper, ...Object.values(getOwn(wrapper, "properties") as JsonObject), ...Object.values((getOwn(getOwn(getOwn(wrapper, "properties"), "inputs"), "properties") ?? {}) as JsonObject)];
  const taken = new Set(
    own
      .map((schema) => getOwn(schema, "title"))
      .filter((title) => typeof title === "string")
      .map(toSafeString),
  );
  return (linked, keyNameFromDefinition) => {
    const schema = linked as LinkedSchema;
    if (isOwn(schema)) return undefined;
    // The library's own choice of name, in its order ($id here is one its normalizer gave).
    const name = schema.title || schema.$id || keyNameFromDefinition;
    if (typeof name !== "string" || name === "" || !taken.has(toSafeString(name))) return undefined;
    return `${toSafeString(name)}1`;
  };
}

/** The tool's declarations from compileTypes' output for its request. */
export function finishToolTypes(request: TypesRequest, raw: string): ToolTypes {
  const named = request.sharedName === undefined ? raw : raw.split(request.sharedName).join(request.pascal);
  let restored = escapeInvisibleInCode(named);
  for (const [placeholder, key] of request.placeholders) restored = restored.split(JSON.stringify(placeholder)).join(typeKey(key)).split(placeholder).join(typeKey(key));
  // json-schema-to-typescript adds `| undefined` to every index signature (strictIndexSignatures);
  // to never, where it only clutters (admitsNoProperty), it adds nothing.
  const code = formatTypeScript(restored).replace(/^( *\[k: string\]: never) \| undefined;$/gm, "$1;");
  return { code, argumentsType: request.argumentsType, resultType: request.resultType, inputsType: request.inputsType };
}

/** The stand-in name of tools whose types are compiled once for all of them. */
const SHARED_NAME = "McpGenSharedTypeName";

/**
 * SHARED_NAME when the tool's types can be compiled under it and renamed after, else undefined.
 * json-schema-to-typescript names a type after the root title, after any `title` in the schema and
 * after referenced definitions, and numbers a name that is taken. Renaming is exact only when the
 * roots are the only named types (no `title`, `$ref` or definitions below them), when the tool's
 * `pascal` and the shared name come out of its name mangling unchanged (letters and digits, no
 * lowercase letter after a digit), and when the shared name appears nowhere else. Then two tools
 * whose schemas are the same JSON get the same wrapper text, and json-schema-to-typescript runs
 * once for both: in the GitHub corpus, 725 times for 1,223 tools.
 */
function sharedTypeName(pascal: string, input: JsonValue, output: JsonValue | undefined): string | undefined {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(pascal) || /[0-9][a-z]/.test(pascal)) return undefined;
  for (const schema of [input, output]) {
    if (schema === undefined) continue;
    let plain = true;
    walkSchema(schema, "", (node) => {
      const object = node.schema;
      if (!isJsonObject(object)) return;
      if (["title", "$ref", "$defs", "definitions", "$id", "id"].some((key) => Object.hasOwn(object, key))) {
        plain = false;
        return "stop";
      }
    });
    if (!plain || JSON.stringify(schema).includes(SHARED_NAME)) return undefined;
  }
  return SHARED_NAME;
}

interface WrapperSchemas {
  readonly input: JsonValue;
  readonly output: JsonValue | undefined;
  readonly inputs: readonly InputForm[];
}

interface WrapperTitles {
  readonly argumentsType: string;
  readonly resultType: string | undefined;
  readonly inputsType: string | undefined;
}

function buildWrapper(schemas: WrapperSchemas, names: ToolTypeNames, titles: WrapperTitles, placeholders: Map<string, string>): JsonObject {
  const assigned = new Map<string, string>();
  const keyFor: KeyFor = (key, always = false) => {
    if (!always && !isUnsafeKey(key)) return key;
    let placeholder = assigned.get(key);
    if (placeholder === undefined) {
      placeholder = `mcp_gen_key_${assigned.size}_`;
      assigned.set(key, placeholder);
      placeholders.set(placeholder, key);
    }
    return placeholder;
  };
  const { input, output, inputs } = schemas;
  const properties: Record<string, JsonValue> = {
    arguments: named(prepareRoot(input, refBase(input, ["properties", "arguments"], ["object"]), keyFor), titles.argumentsType),
  };
  // MCP 2026-07-28 lets an outputSchema have any root (SEP-2106), and its validator accepts any
  // value a typeless root accepts.
  if (output !== undefined) properties.result = named(prepareRoot(output, refBase(output, ["properties", "result"], undefined), keyFor), titles.resultType!);
  if (titles.inputsType !== undefined) properties.inputs = inputsSchema(inputs, names, titles.inputsType, keyFor);
  return nameReferencedUnions({
    title: `${names.pascal}Types`,
    [OWN_TYPE]: true,
    description: `Argument and result types of one tool, for typed handlers and clients.`,
    type: "object",
    additionalProperties: false,
    properties,
    required: Object.keys(properties),
  });
}

/**
 * `${pascal}Inputs`: the accepted content of each form, by key. Form fields carry `title` as a label
 * for people (MCP elicitation), so titles become doc comments here instead of type names.
 */
function inputsSchema(inputs: readonly InputForm[], names: ToolTypeNames, title: string, keyFor: KeyFor): JsonObject {
  const properties: Record<string, JsonValue> = {};
  for (const { key, requestedSchema } of inputs) {
    // The form's member is named by the key it travels under (keyFor): under its raw name, the refs
    // of a form keyed `constructor` named nothing and stopped the build.
    const base = refBase(requestedSchema, ["properties", "inputs", "properties", keyFor(key)], ["object"]);
    defineOwn(properties, keyFor(key), named(prepareRoot(requestedSchema, base, keyFor, true), `${names.pascal}${key.charAt(0).toUpperCase()}${key.slice(1)}Input`));
  }
  return {
    title,
    [OWN_TYPE]: true,
    description: "The answers a handler can read with ctx.answer(key), by input request key.",
    type: "object",
    additionalProperties: false,
    properties,
    required: inputs.map((form) => keyFor(form.key)),
  };
}

/**
 * The placeholder a key travels under through json-schema-to-typescript, put back in its output
 * (isUnsafeKey); `always`: a placeholder even for a key it could carry as a property name.
 */
type KeyFor = (key: string, always?: boolean) => string;

/**
 * A data value (enum, const, default, examples...) as json-schema-to-typescript may see it. It walks
 * every object in the schema, data included: its linker calls each one's `hasOwnProperty`, and its
 * $ref parser takes any object with a `$ref` member for a reference and dereferences it (a build
 * stopped on `{"default": {"hasOwnProperty": 1}}` or `{"enum": [{"$ref": "#/nope"}]}`, and a
 * resolvable one put a schema where the value was). So in a copy, such keys (isUnsafeKey, and
 * `$ref`) travel as placeholders too; an enum or const object prints with its own keys again.
 */
function dataFor(value: JsonValue, keyFor: KeyFor): JsonValue {
  if (Array.isArray(value)) return value.map((item) => dataFor(item, keyFor));
  if (!isJsonObject(value)) return value;
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(value)) defineOwn(out, keyFor(key, key === "$ref"), dataFor(value[key]!, keyFor));
  return out;
}

/** A schema of the wrapper that declares one of the tool's own types, under `title`. */
function named(schema: JsonValue, title: string): JsonObject {
  return isJsonObject(schema) ? { ...schema, title, [OWN_TYPE]: true } : { allOf: [schema], title, [OWN_TYPE]: true };
}

/** The members of TypeScript's `Object` interface (lib.es5.d.ts), which every object type has. */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

/** Whether property `name` of `schema` is optional and named like an Object member (orInherited). */
function isInheritedWhenOptional(schema: JsonObject, name: string): boolean {
  const required = getOwn(schema, "required");
  return OBJECT_MEMBERS.has(name) && !(Array.isArray(required) && required.includes(name));
}

/**
 * The type of an optional property named like a member of TypeScript's `Object` interface
 * (OBJECT_MEMBERS): its schema's type, or the member every object inherits under that name. An object
 * that leaves the property out still has that member, and TypeScript checks it against the
 * property's type: with `constructor?: string`, neither `{}` nor `{ a: 1 }` would be assignable, and
 * a handler reading `args.constructor` of a call that left it out gets `Object`, not undefined. The
 * member is named through `globalThis`, which no declaration of the module can shadow.
 * @example orInherited({ type: "string" }, "toString") // { anyOf: [{ type: "string" }, { tsType: 'globalThis.Object["toString"]' }] }
 */
function orInherited(schema: JsonValue, name: string): JsonObject {
  const description = getOwn(schema, "description");
  const inherited = { tsType: `globalThis.Object[${JSON.stringify(name)}]` };
  return { ...(typeof description === "string" ? { description } : {}), anyOf: [schema, inherited] };
}

/**
 * A copy of a schema for type generation, keeping only the standard keywords that shape types:
 * vendor keywords and json-schema-to-typescript's own code-injecting ones (tsType, tsEnumNames) are
 * dropped, refs are re-rooted under the wrapper, titles and descriptions are escaped for comments,
 * and keys it cannot carry, in property names and in data (dataFor), are renamed to placeholders
 * that are restored in the output. `reach`: the types of value that reach the schema, when not
 * every value does (objects at the arguments' root, the types a schema's `type` lists at its
 * branches: branchReach); a root's is its RefBase's. A schema without `type` is typed as every value
 * it accepts (typelessKeywords), and `required` names no property declares are declared
 * (declareRequired).
 */
function prepare(schema: JsonValue, base: RefBase, keyFor: KeyFor, titlesAsDocs: boolean, reach: Reach): JsonValue {
  if (!isJsonObject(schema)) return schema;
  const branches = branchReach(schema, reach, base.dialect);
  const out: Record<string, JsonValue> = {};
  const put = (key: string, value: JsonValue) => defineOwn(out, key, value);
  // A 2020-12 tuple is written the draft-07 way: its keywords take other keys in the copy.
  const tuple = isTuple2020(schema, base.dialect);
  for (const key of Object.keys(schema)) {
    const value = schema[key]!;
    // The key this keyword has in the copy; undefined leaves it out.
    const copied = tuple ? copiedKeyword(schema, key, base.dialect) : key;
    if (copied === undefined) continue;
    if (key === "$ref") {
      const ref = typeof value === "string" ? wrapperRef(value, base, keyFor, schema) : undefined;
      if (ref !== undefined) put(copied, ref);
    } else if (TEXT.has(key) && typeof value === "string") {
      // A title names a type; with titlesAsDocs it only documents one, when there is no description.
      // Prose for a doc comment is shortened (docProse); a title that names a type is kept whole.
      if (key === "description") put(copied, docCommentLines(docProse(value, DESCRIPTOR)).join("\n"));
      else if (!titlesAsDocs) put(copied, docCommentLines(value).join("\n"));
      else if (typeof schema.description !== "string") put("description", docCommentLines(docProse(value, DESCRIPTOR)).join("\n"));
    } else if (key === "required" && Array.isArray(value)) {
      put(
        copied,
        value.map((name) => (typeof name === "string" ? keyFor(name) : name)),
      );
    } else if (DATA.has(key)) {
      put(copied, dataFor(value, keyFor));
    } else if (SINGLE.has(key) || (key === "items" && !Array.isArray(value))) {
      put(copied, prepare(value, base, keyFor, titlesAsDocs, undefined));
    } else if ((ARRAY.has(key) || key === "items") && Array.isArray(value)) {
      const branch = key === "allOf" || key === "anyOf" || key === "oneOf";
      put(
        copied,
        value.map((item) => prepare(item, base, keyFor, titlesAsDocs, branch ? branches : undefined)),
      );
    } else if (MAP.has(key) && isJsonObject(value)) {
      // Beside `$defs`, `definitions` goes into the copy's `$defs` (mergedDefinitions).
      if (key === "definitions" && hasBothDefinitions(schema)) continue;
      const entries = key === "$defs" ? mergedDefinitions(schema) : value;
      const optional = (name: string) => key === "properties" && isInheritedWhenOptional(schema, name);
      const map: Record<string, JsonValue> = {};
      for (const name of Object.keys(entries)) {
        const prepared = prepare(entries[name]!, base, keyFor, titlesAsDocs, undefined);
        defineOwn(map, keyFor(name), optional(name) ? orInherited(prepared, name) : prepared);
      }
      put(copied, map);
    }
  }
  if (admitsNoProperty(out)) put("additionalProperties", { tsType: "never" });
  const namesObject = refNamesObject(schema, base);
  const copy = refBesideKeywords(declareRequired(arrayKeywords(out, onlyArrays(reach))), out.$ref !== undefined && namesObject);
  return typelessKeywords(copy, schema, reach, base.dialect, namesObject);
}

/** The copy prepare makes of a root (`base.root`), reached as its RefBase says. */
function prepareRoot(root: JsonValue, base: RefBase, keyFor: KeyFor, titlesAsDocs = false): JsonValue {
  return prepare(root, base, keyFor, titlesAsDocs, base.reach);
}

/** Whether the schema the `$ref` of `holder` names says `type: "object"` itself (refBesideKeywords). */
function refNamesObject(holder: JsonObject, base: RefBase): boolean {
  const ref = getOwn(holder, "$ref");
  if (typeof ref !== "string") return false;
  base.resources ??= schemaResources(base.root);
  const pointer = sameDocumentTarget(base.resources, base.root, holder, ref);
  return pointer !== undefined && getOwn(valueAt(base.root, splitPointer(pointer)), "type") === "object";
}

/** Where one schema root (inputSchema, outputSchema, a requestedSchema) sits in the wrapper, for its refs. */
interface RefBase {
  readonly root: JsonValue;
  /** The root's pointer in the wrapper, as URI fragment text. */
  readonly fragment: string;
  /** The dialect the root is read in: its `$schema`, as for its validator. */
  readonly dialect: Dialect;
  /** What reaches the root: objects for the arguments and a form's answers, which MCP sends as objects. */
  readonly reach: Reach;
  /** The root's schema resources (their base URIs and plain names), found when the first `$ref` is met. */
  resources?: SchemaResources;
}

/** @example refBase(schema, ["properties", "arguments"], ["object"]) // { root: schema, fragment: "/properties/arguments", dialect: "2020-12", reach: ["object"] } */
function refBase(root: JsonValue, tokens: readonly string[], reach: Reach): RefBase {
  const dialect = dialectOf(getOwn(root, "$schema")) ?? DEFAULT_DIALECT;
  return { root, fragment: tokens.map((token) => `/${fragmentText(escapePointerToken(token))}`).join(""), dialect, reach };
}

/**
 * A same-document `$ref` as the wrapper's ref to the same schema in the copy prepare makes; undefined
 * leaves the type open rather than break generation. Every fragment is mapped through the copy
 * (copyTokens), a JSON Pointer as a plain name is: the copy renames what json-schema-to-typescript
 * cannot carry and leaves keywords out, and a pointer kept as written named a definition by a name
 * that now travels as a placeholder (`#/$defs/constructor` was typed `undefined`), a keyword the copy
 * has not (`#/properties/q/contentSchema` stopped the build with "Missing $ref pointer"), or data
 * read as a schema (a ref into a `default` put its `tsType` in the module as code). A plain-name
 * fragment (`$anchor`, `$dynamicAnchor`, draft-07 `$id`) becomes the pointer of the schema that
 * declares it, and a ref to an embedded resource (by its `$id`) the pointer of that resource: each is
 * read from where it is written (`holder`), as the resolver and ajv read it. Refs to other files were
 * bundled into pointers by the resolver.
 */
function wrapperRef(ref: string, base: RefBase, keyFor: KeyFor, holder: JsonObject): string | undefined {
  base.resources ??= schemaResources(base.root);
  const pointer = sameDocumentTarget(base.resources, base.root, holder, ref);
  const tokens = pointer === undefined ? undefined : copyTokens(base, pointer, keyFor);
  return tokens === undefined ? undefined : `#${base.fragment}${tokens.map((token) => `/${fragmentText(escapePointerToken(token))}`).join("")}`;
}

/** The elements of the tuple `schema` is, as its copy has them under `items` (a 2020-12 tuple's `prefixItems`). */
function tupleElements(schema: JsonObject, dialect: Dialect): JsonValue | undefined {
  return getOwn(schema, isTuple2020(schema, dialect) ? "prefixItems" : "items");
}

/**
 * The pointer tokens of the schema at `pointer` of a root, in the copy prepare makes of the root:
 * names in maps are the keys prepare gives them (keyFor), and an optional property named like an
 * Object member is the first branch of the anyOf it is wrapped in (orInherited), as everything but
 * the annotations of a typeless object split in two is (isSplitObject), and a keyword is under the
 * key the copy gives it (copiedKeyword: a 2020-12 `prefixItems` is the copy's `items`).
 * Undefined when the copy has no schema there: the way passes through a keyword prepare leaves out
 * (contentSchema, dependencies, vendor keywords...) or through data (default, enum...), or names nothing.
 */
function copyTokens(base: RefBase, pointer: string, keyFor: KeyFor): string[] | undefined {
  const tokens = splitPointer(pointer);
  const out: string[] = [];
  let node: JsonValue | undefined = base.root;
  // What reaches `node`, as prepare passes it down.
  let reach: Reach = base.reach;
  for (let i = 0; i < tokens.length; i++) {
    if (!isJsonObject(node)) return undefined;
    if (isSplitObject(node, reach, base.dialect, refNamesObject(node, base))) out.push("anyOf", "0");
    const branches = branchReach(node, reach, base.dialect);
    reach = undefined;
    const keyword = tokens[i]!;
    const value = getOwn(node, keyword);
    const copied = copiedKeyword(node, keyword, base.dialect);
    if (copied === undefined) return undefined;
    const next = tokens[i + 1];
    if (keyword === "definitions" && hasBothDefinitions(node) && next !== undefined) {
      // In the copy's `$defs` (mergedDefinitions), unless a `$defs` entry of that name took its place.
      if (Object.hasOwn(getOwn(node, "$defs") as JsonObject, next)) return undefined;
      out.push("$defs", keyFor(next));
      node = getOwn(value as JsonObject, next);
      i++;
    } else if (MAP.has(keyword) && isJsonObject(value) && next !== undefined) {
      out.push(keyword, keyFor(next));
      if (keyword === "properties" && isInheritedWhenOptional(node, next)) out.push("anyOf", "0");
      node = getOwn(value, next);
      i++;
    } else if ((ARRAY.has(keyword) || keyword === "items") && Array.isArray(value) && next !== undefined && /^(0|[1-9][0-9]*)$/.test(next)) {
      // A tuple with optional positions keeps its elements apart in the copy (tupleLengths).
      out.push(...(tupleRefTokens(node, copied, value) ?? [copied]), next);
      if (keyword === "allOf" || keyword === "anyOf" || keyword === "oneOf") reach = branches;
      node = value[Number(next)];
      i++;
    } else if (SINGLE.has(keyword) || (keyword === "items" && !Array.isArray(value))) {
      out.push(...(tupleRefTokens(node, copied, tupleElements(node, base.dialect)) ?? [copied]));
      node = value;
    } else return undefined;
  }
  return node === undefined ? undefined : out;
}

/**
 * Whether a schema holds both `$defs` and `definitions`, as a schema assembled from two emitters can
 * (valid in every dialect). json-schema-to-typescript refuses such a schema ("Schema must define
 * either definitions or $defs, not both"), so the copy holds one `$defs` with both.
 */
function hasBothDefinitions(schema: JsonObject): boolean {
  return isJsonObject(getOwn(schema, "$defs")) && isJsonObject(getOwn(schema, "definitions"));
}

/**
 * The `$defs` of the copy: the schema's `$defs`, then each `definitions` entry whose name `$defs`
 * does not hold (a ref to a shadowed one names nothing in the copy: copyTokens).
 */
function mergedDefinitions(schema: JsonObject): JsonObject {
  const defs = getOwn(schema, "$defs") as JsonObject;
  const definitions = getOwn(schema, "definitions");
  if (!isJsonObject(definitions)) return defs;
  const merged: Record<string, JsonValue> = {};
  for (const name of Object.keys(defs)) defineOwn(merged, name, defs[name]!);
  for (const name of Object.keys(definitions)) if (!Object.hasOwn(defs, name)) defineOwn(merged, name, definitions[name]!);
  return merged;
}

/** A pointer token as URI fragment text: what a fragment may not hold, percent-encoded. */
function fragmentText(token: string): string {
  return token.replace(/[^A-Za-z0-9$._~!&'()*+,;=:@-]/gu, (char) => encodeURIComponent(char));
}

/**
 * Whether a schema allows no property at all: `additionalProperties: false` and nothing that
 * names one. json-schema-to-typescript makes it an empty interface, `{}`, which every value but
 * null and undefined is assignable to (`"oops"`, `{ extra: 1 }`); with a `never` index signature only
 * an object without properties is.
 */
export function admitsNoProperty(schema: JsonValue | undefined): boolean {
  if (!isJsonObject(schema)) return false;
  const properties = getOwn(schema, "properties");
  const named = isJsonObject(properties) && Object.keys(properties).length > 0;
  return getOwn(schema, "additionalProperties") === false && !named && getOwn(schema, "patternProperties") === undefined;
}
