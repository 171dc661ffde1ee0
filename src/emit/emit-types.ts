// One tool's bundled schemas → TypeScript types for its arguments and structured result, written by
// json-schema-to-typescript. The schemas it sees are copies made safe first: its own code-injecting
// keywords (tsType, tsEnumNames) are removed, text that would hide in comments is escaped, and keys
// it cannot represent (__proto__) survive through a placeholder. It never resolves anything itself:
// every $ref is already local.
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { defineOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { docCommentLines, escapeInvisibleInCode, typeKey } from "./safe-text.js";
import { indentTypeScript } from "./indent.js";

export interface ToolTypeNames {
  /** `${pascal}Arguments`, `${pascal}Result`, `${pascal}Types`. */
  readonly pascal: string;
}

export interface ToolTypes {
  /** The declarations, ready to paste into the tool's module. */
  readonly code: string;
  readonly argumentsType: string;
  /** Undefined when the tool has no outputSchema. */
  readonly resultType: string | undefined;
}

/** Schema keywords whose values are data that shape types; copied as they are. */
const DATA = new Set(["type", "enum", "const", "default", "examples", "required", "minItems", "maxItems", "deprecated", "readOnly", "writeOnly", "format"]);
const TEXT = new Set(["title", "description"]);
const SINGLE = new Set(["additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties"]);
const ARRAY = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const MAP = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/**
 * Property names json-schema-to-typescript cannot carry: names of Object.prototype members
 * (`__proto__` is lost as a prototype, `hasOwnProperty` shadows the method it calls) and names with
 * lone surrogates (its $ref parser URI-encodes them and throws). They travel as placeholders and
 * are put back, through typeKey, in the output.
 */
const isUnsafeKey = (key: string) => key in Object.prototype || key.startsWith("mcp_gen_key_") || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(key);

export async function emitToolTypes(input: JsonValue, output: JsonValue | undefined, names: ToolTypeNames): Promise<ToolTypes> {
  const argumentsType = `${names.pascal}Arguments`;
  const resultType = output === undefined ? undefined : `${names.pascal}Result`;
  const placeholders = new Map<string, string>();
  const wrapper = buildWrapper(input, output, names, argumentsType, resultType, placeholders);
  const raw = await compile(wrapper as unknown as JSONSchema, `${names.pascal}Types`, {
    bannerComment: "",
    format: false,
    additionalProperties: true,
    unknownAny: true,
    strictIndexSignatures: true,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    ignoreMinAndMaxItems: true,
    $refOptions: { resolve: { external: false, file: false, http: false } } as never,
  });
  let restored = escapeInvisibleInCode(raw);
  for (const [placeholder, key] of placeholders) restored = restored.split(JSON.stringify(placeholder)).join(typeKey(key)).split(placeholder).join(typeKey(key));
  const code = indentTypeScript(restored);
  return { code, argumentsType, resultType };
}

function buildWrapper(input: JsonValue, output: JsonValue | undefined, names: ToolTypeNames, argumentsType: string, resultType: string | undefined, placeholders: Map<string, string>): JsonObject {
  const assigned = new Map<string, string>();
  const keyFor = (key: string) => {
    if (!isUnsafeKey(key)) return key;
    let placeholder = assigned.get(key);
    if (placeholder === undefined) {
      placeholder = `mcp_gen_key_${assigned.size}_`;
      assigned.set(key, placeholder);
      placeholders.set(placeholder, key);
    }
    return placeholder;
  };
  return {
    title: `${names.pascal}Types`,
    description: `Argument and result types of one tool, for typed handlers and clients.`,
    type: "object",
    additionalProperties: false,
    properties: {
      arguments: { ...(prepare(input, "/properties/arguments", keyFor) as JsonObject), title: argumentsType },
      ...(output === undefined ? {} : { result: withTitle(prepare(output, "/properties/result", keyFor), resultType!) }),
    },
    required: output === undefined ? ["arguments"] : ["arguments", "result"],
  };
}

function withTitle(schema: JsonValue, title: string): JsonValue {
  return isJsonObject(schema) ? { ...schema, title } : { allOf: [schema], title };
}

/**
 * A copy of a schema for type generation, keeping only the standard keywords that shape types:
 * vendor keywords and json-schema-to-typescript's own code-injecting ones (tsType, tsEnumNames) are
 * dropped, refs are re-rooted under the wrapper, titles and descriptions are escaped for comments,
 * and `__proto__` keys are renamed to a placeholder that is restored in the output.
 */
function prepare(schema: JsonValue, base: string, keyFor: (key: string) => string): JsonValue {
  if (!isJsonObject(schema)) return schema;
  const out: Record<string, JsonValue> = {};
  const put = (key: string, value: JsonValue) => defineOwn(out, key, value);
  for (const key of Object.keys(schema)) {
    const value = schema[key]!;
    if (key === "$ref") {
      // Only JSON Pointer refs reach here resolved (the resolver bundled the rest); anchors and
      // anything else leave the type open rather than break generation.
      if (value === "#") put(key, `#${base}`);
      else if (typeof value === "string" && value.startsWith("#/")) put(key, `#${base}${value.slice(1)}`);
    } else if (TEXT.has(key) && typeof value === "string") {
      put(key, docCommentLines(value).join("\n"));
    } else if (key === "required" && Array.isArray(value)) {
      put(key, value.map((name) => (typeof name === "string" ? keyFor(name) : name)));
    } else if (DATA.has(key)) {
      put(key, value);
    } else if (SINGLE.has(key) || (key === "items" && !Array.isArray(value))) {
      put(key, prepare(value, base, keyFor));
    } else if ((ARRAY.has(key) || key === "items") && Array.isArray(value)) {
      put(key, value.map((item) => prepare(item, base, keyFor)));
    } else if (MAP.has(key) && isJsonObject(value)) {
      const map: Record<string, JsonValue> = {};
      for (const name of Object.keys(value)) defineOwn(map, keyFor(name), prepare(value[name]!, base, keyFor));
      put(key, map);
    }
  }
  return out;
}
