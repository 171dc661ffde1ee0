// Short explanations of the JSON Schema keywords an inputSchema or outputSchema uses, for hover and
// completion: the meta-schema the descriptor schema bundles says which keywords exist, but not what
// they mean. Worded after JSON Schema 2020-12 (Validation, Core, and Applicator vocabularies), with
// the keywords whose meaning differs in the earlier dialects worded after those (draft-07's
// `items` by position, 2019-09's `$recursiveRef`), and for `x-mcp-header` after MCP 2026-07-28
// (server/tools.mdx § x-mcp-header). A word that is no keyword of the schema's dialect is said to
// be none, rather than explained as another dialect's keyword.
import type { Dialect } from "../model/dialect.js";
import { DIALECT_KEYWORDS } from "../model/dialect-keywords.js";

export const X_MCP_HEADER = "x-mcp-header";

export const X_MCP_HEADER_DOC =
  "Mirrors this argument into the HTTP header `Mcp-Param-{name}` on the Streamable HTTP transport, so that gateways can route on it " +
  "without reading the body. The value is the `{name}`: a non-empty RFC 9110 token (ASCII letters, digits and ``! # $ % & ' * + - . ^ _ ` | ~``), " +
  "unique within the inputSchema regardless of case. Only `string`, `integer` and `boolean` properties reached through `properties` alone " +
  "may carry it; a client drops a tool whose annotation breaks these rules. Do not mirror secrets: intermediaries see headers.";

export const KEYWORD_DOCS: ReadonlyMap<string, string> = new Map([
  ["$schema", "The JSON Schema dialect of this schema; without it MCP reads 2020-12."],
  ["$id", "A URI that identifies this schema (mcp-gen resolves only relative file references)."],
  ["$ref", "Reference to another schema: `#/$defs/Name` in this file, or a relative path to a file of the project (`../schemas/common.yaml#/$defs/Name`). Network URIs are refused."],
  ["$defs", "Definitions other parts of the schema refer to with `$ref`."],
  ["$comment", "A note for people reading the schema; validators ignore it."],
  ["$anchor", "A plain-name fragment (`#name`) by which `$ref` can refer to this schema."],
  [
    "$dynamicRef",
    "Reference resolved in the dynamic scope: to the outermost schema, among those the validation passed through, that declares the matching `$dynamicAnchor`; like `$ref` when none does. Validators, the official SDK's included, resolve it only by a fragment (`#name`).",
  ],
  ["$dynamicAnchor", "A plain-name fragment, as `$anchor` declares one, that `$dynamicRef` looks up in the dynamic scope: a schema that extends this one can supply its own."],
  ["$vocabulary", "In a meta-schema: the vocabularies its dialect uses, each required (true) or optional (false). It means nothing in a tool's schema."],
  ["type", 'The JSON type(s) a value may have: "string", "number", "integer", "boolean", "object", "array", "null", or a list of them.'],
  ["enum", "The value must equal one of the listed values."],
  ["const", "The value must equal this one value."],
  ["properties", "The schema of each named member of an object."],
  ["required", "The members an object must have."],
  ["additionalProperties", "The schema of members not named in `properties` or matched by `patternProperties`; `false` forbids them."],
  ["patternProperties", "Schemas for the members whose names match a regular expression."],
  ["propertyNames", "A schema every member name of the object must satisfy."],
  ["minProperties", "The fewest members an object may have."],
  ["maxProperties", "The most members an object may have."],
  ["dependentRequired", "Members that become required when another member is present."],
  ["dependentSchemas", "Schemas that apply to the object when a given member is present."],
  ["items", "The schema of every array element (after those `prefixItems` covers)."],
  ["prefixItems", "The schema of each array element by position."],
  ["contains", "At least one array element must satisfy this schema."],
  ["minContains", "The fewest elements that must satisfy `contains`."],
  ["maxContains", "The most elements that may satisfy `contains`."],
  ["minItems", "The fewest elements an array may have."],
  ["maxItems", "The most elements an array may have: bound every array a caller sends."],
  ["uniqueItems", "Whether every element of the array must be different."],
  ["unevaluatedItems", "The schema of array elements no other keyword evaluated."],
  ["unevaluatedProperties", "The schema of object members no other keyword evaluated."],
  ["minLength", "The fewest characters a string may have."],
  ["maxLength", "The most characters a string may have: bound every string a caller sends."],
  ["pattern", "A regular expression (ECMAScript, Unicode mode) the string must match somewhere; anchor it with ^ and $ to match the whole string."],
  ["format", 'A semantic format of the string, such as "date-time", "email", "uri" or "uuid".'],
  ["minimum", "The smallest number allowed."],
  ["maximum", "The largest number allowed."],
  ["exclusiveMinimum", "The number must be greater than this."],
  ["exclusiveMaximum", "The number must be less than this."],
  ["multipleOf", "The number must be a multiple of this."],
  ["allOf", "The value must satisfy every one of these schemas."],
  ["anyOf", "The value must satisfy at least one of these schemas."],
  ["oneOf", "The value must satisfy exactly one of these schemas."],
  ["not", "The value must not satisfy this schema."],
  ["if", "When the value satisfies this schema, `then` applies; otherwise `else`."],
  ["then", "The schema that applies when `if` is satisfied."],
  ["else", "The schema that applies when `if` is not satisfied."],
  ["title", "A short name of the value, for people and models."],
  ["description", "What the value means, for the model that fills it in and for people reading the tool."],
  ["default", "The value assumed when none is given (an annotation: validators do not fill it in)."],
  ["examples", "Sample values, for people and models."],
  ["deprecated", "Whether the value should no longer be used."],
  ["readOnly", "Whether the value is managed by the server and should not be sent."],
  ["writeOnly", "Whether the value is sent but never returned."],
  ["contentEncoding", 'How a string encodes binary content, such as "base64".'],
  ["contentMediaType", "The media type of a string's content."],
  ["contentSchema", "The schema of a string's decoded content (with `contentMediaType`): an annotation, which validators do not check."],
  [X_MCP_HEADER, X_MCP_HEADER_DOC],
]);

/** What a keyword means where draft-07 or 2019-09 differs from 2020-12's wording above. */
const EARLIER_DRAFT_DOCS: Readonly<Record<Exclude<Dialect, "2020-12">, ReadonlyMap<string, string>>> = {
  "2019-09": new Map([
    ["items", "The schema of every array element; or, as an array of schemas, the schema of each element by position, `additionalItems` covering the rest."],
    ["additionalItems", "The schema of the array elements after those the array form of `items` covers; `false` forbids them. Ignored when `items` is one schema."],
    [
      "$recursiveRef",
      'Reference (only "#") resolved in the dynamic scope: to the outermost schema with `$recursiveAnchor: true` the validation passed through, or to this resource\'s root when none has one.',
    ],
    ["$recursiveAnchor", "With `true`, lets a `$recursiveRef` of a schema that this resource extends resolve to this resource's root instead."],
  ]),
  "draft-07": new Map([
    ["$id", "A URI that identifies this schema; a fragment alone (`#name`) declares a plain name by which `$ref` can refer to it."],
    ["$ref", "Reference to another schema: `#/definitions/Name` in this file, or a relative path to a file of the project (`../schemas/common.yaml#/definitions/Name`). Network URIs are refused."],
    ["definitions", "Definitions other parts of the schema refer to with `$ref` (draft-07's name for 2020-12's `$defs`)."],
    ["items", "The schema of every array element; or, as an array of schemas, the schema of each element by position, `additionalItems` covering the rest."],
    ["additionalItems", "The schema of the array elements after those the array form of `items` covers; `false` forbids them. Ignored when `items` is one schema."],
    ["dependencies", "For each member name, what applies when the object has that member: the members that become required (a list of names), or a schema the object must satisfy."],
  ]),
};

/**
 * What `name` means as a keyword of a schema in `dialect`; for a word that is no keyword of that
 * dialect, that it is none (validators ignore an unknown member); undefined for a word no dialect
 * mcp-gen knows has (a vendor extension, a typo).
 * @example keywordDoc("items", "draft-07") // "The schema of every array element; or, as an array of schemas, ..."
 */
export function keywordDoc(name: string, dialect: Dialect): string | undefined {
  if (name === X_MCP_HEADER) return X_MCP_HEADER_DOC;
  if (DIALECT_KEYWORDS[dialect].has(name)) return (dialect === "2020-12" ? undefined : EARLIER_DRAFT_DOCS[dialect].get(name)) ?? KEYWORD_DOCS.get(name);
  const elsewhere = (Object.keys(DIALECT_KEYWORDS) as Dialect[]).filter((other) => DIALECT_KEYWORDS[other].has(name));
  if (elsewhere.length === 0) return undefined;
  return `Not a keyword of JSON Schema ${dialect}, the dialect of this schema (it is one of ${elsewhere.join(" and ")}): validators ignore it here.`;
}
