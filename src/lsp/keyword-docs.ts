// Short explanations of the JSON Schema keywords an inputSchema or outputSchema uses, for hover and
// completion: the meta-schema the descriptor schema bundles says which keywords exist, but not what
// they mean. Worded after JSON Schema 2020-12 (Validation, Core, and Applicator vocabularies), and
// for `x-mcp-header` after MCP 2026-07-28 (server/tools.mdx § x-mcp-header).

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
  [X_MCP_HEADER, X_MCP_HEADER_DOC],
]);
