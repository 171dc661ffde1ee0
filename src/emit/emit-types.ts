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
const PROTO_PLACEHOLDER = "__mcp_gen_proto_key__";

export async function emitToolTypes(input: JsonValue, output: JsonValue | undefined, names: ToolTypeNames): Promise<ToolTypes> {
  const argumentsType = `${names.pascal}Arguments`;
  const resultType = output === undefined ? undefined : `${names.pascal}Result`;
  const wrapper: JsonObject = {
    title: `${names.pascal}Types`,
    description: `Argument and result types of one tool, for typed handlers and clients.`,
    type: "object",
    additionalProperties: false,
    properties: {
      arguments: { ...(prepare(input, "/properties/arguments") as JsonObject), title: argumentsType },
      ...(output === undefined ? {} : { result: withTitle(prepare(output, "/properties/result"), resultType!) }),
    },
    required: output === undefined ? ["arguments"] : ["arguments", "result"],
  };
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
  const code = indentTypeScript(escapeInvisibleInCode(raw).split(JSON.stringify(PROTO_PLACEHOLDER)).join(typeKey("__proto__")).split(PROTO_PLACEHOLDER).join(typeKey("__proto__")));
  return { code, argumentsType, resultType };
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
function prepare(schema: JsonValue, base: string): JsonValue {
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
    } else if (DATA.has(key)) {
      put(key, value);
    } else if (SINGLE.has(key) || (key === "items" && !Array.isArray(value))) {
      put(key, prepare(value, base));
    } else if ((ARRAY.has(key) || key === "items") && Array.isArray(value)) {
      put(key, value.map((item) => prepare(item, base)));
    } else if (MAP.has(key) && isJsonObject(value)) {
      const map: Record<string, JsonValue> = {};
      for (const name of Object.keys(value)) defineOwn(map, name === "__proto__" ? PROTO_PLACEHOLDER : name, prepare(value[name]!, base));
      put(key, map);
    }
  }
  return out;
}
