// The keywords each JSON Schema dialect defines: what a schema object of that dialect may hold, for
// an editor to offer. Listed by vocabulary, after each dialect's meta-schema. A keyword a meta-schema
// keeps only so that nobody reuses an earlier draft's name is no keyword of the dialect: 2020-12's
// `definitions`, `dependencies`, `$recursiveRef` and `$recursiveAnchor`, and 2019-09's `definitions`
// and `dependencies` (each root meta-schema's `properties`, with a `$comment` saying so).
// test/model/dialect-keywords.test.ts compares the lists with ajv's copies of the meta-schemas.
import type { Dialect } from "./dialect.js";

/** Shared by 2019-09 and 2020-12: the Validation vocabulary (2020-12 Validation § 6), Meta-data (§ 9), Format (§ 7), Content (§ 8). */
const VALIDATION_SINCE_2019_09 = [
  "type",
  "const",
  "enum",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
];

/** Applicators both 2019-09 and 2020-12 have (2020-12 Core § 10, § 11). */
const APPLICATORS_SINCE_2019_09 = [
  "items",
  "contains",
  "additionalProperties",
  "properties",
  "patternProperties",
  "dependentSchemas",
  "propertyNames",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "unevaluatedItems",
  "unevaluatedProperties",
];

const KEYWORDS_2020_12 = [
  // Core § 8: `$dynamicRef` and `$dynamicAnchor` replace 2019-09's `$recursiveRef` and `$recursiveAnchor`.
  ...["$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs"],
  // § 10.3.1.1: `prefixItems` replaces the array form of `items` and `additionalItems`.
  "prefixItems",
  ...APPLICATORS_SINCE_2019_09,
  ...VALIDATION_SINCE_2019_09,
];

const KEYWORDS_2019_09 = [
  ...["$id", "$schema", "$ref", "$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "$comment", "$defs"],
  "additionalItems",
  ...APPLICATORS_SINCE_2019_09,
  ...VALIDATION_SINCE_2019_09,
];

/** draft-07 (draft-handrews-json-schema-01 and -validation-01): one meta-schema, no vocabularies. */
const KEYWORDS_DRAFT_07 = [
  ...["$id", "$schema", "$ref", "$comment", "definitions"],
  ...["items", "additionalItems", "contains", "additionalProperties", "properties", "patternProperties", "dependencies", "propertyNames"],
  ...["if", "then", "else", "allOf", "anyOf", "oneOf", "not"],
  ...["type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern"],
  ...["maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required"],
  // Validation § 10.3 defines `writeOnly` beside `readOnly`, though ajv's copy of the meta-schema leaves it out.
  ...["title", "description", "default", "readOnly", "writeOnly", "examples", "format", "contentEncoding", "contentMediaType"],
];

/**
 * The keywords of each dialect.
 * @example DIALECT_KEYWORDS["draft-07"].has("$defs") // false
 */
export const DIALECT_KEYWORDS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  "2020-12": new Set(KEYWORDS_2020_12),
  "2019-09": new Set(KEYWORDS_2019_09),
  "draft-07": new Set(KEYWORDS_DRAFT_07),
};
