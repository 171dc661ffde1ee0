import { getOwn, isJsonObject } from "../../model/json.js";
import { defineRule } from "../define-rule.js";

/** Keywords that say what the arguments may be even without `properties`; a schema with any of them is left alone. */
const SHAPING = [
  "additionalProperties",
  "unevaluatedProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "$ref",
  "$dynamicRef",
  "enum",
  "const",
];

export const inputSchemaNoParams = defineRule({
  id: "input-schema-no-params",
  summary: "A tool without parameters says so with additionalProperties: false.",
  description:
    "An inputSchema of `{ type: object }` or `{ type: object, properties: {} }` is valid, but it accepts any object, so " +
    "arguments the model invents (or a stale client still sends) are passed to the handler without a word. For a tool " +
    "that takes no arguments MCP recommends `{ type: object, additionalProperties: false }`, which only `{}` satisfies. " +
    "The rule looks only at schemas whose root has `type: object`, no properties, and no other keyword that shapes the " +
    "arguments (`additionalProperties`, `patternProperties`, a non-empty `required`, composition, `$ref`...). It is a " +
    "note, since the spec allows the open form and the reference servers emit it; 24 tools of the corpus use it (six " +
    "reference-server tools, notion's API-get-self and 17 GitHub REST tools).",
  defaultSeverity: "info",
  must: false,
  why: "The spec recommends the closed form (SHOULD) and allows the open one, which the reference servers emit.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool (tools without parameters)",
  checklist: ["T-SCHEMA-3"],
  check(tool, report) {
    const schema = getOwn(tool.wire, "inputSchema");
    if (!isJsonObject(schema) || getOwn(schema, "type") !== "object") return; // input-schema-object reports the rest
    const properties = getOwn(schema, "properties");
    if (isJsonObject(properties) ? Object.keys(properties).length > 0 : properties !== undefined) return;
    if (SHAPING.some((keyword) => Object.hasOwn(schema, keyword))) return;
    const required = getOwn(schema, "required");
    if (required !== undefined && !(Array.isArray(required) && required.length === 0)) return; // `required: []` asks for nothing
    report({
      pointer: properties === undefined ? "/inputSchema" : "/inputSchema/properties",
      target: properties === undefined ? "key" : "value",
      message: "inputSchema declares no properties and does not set additionalProperties: false, so it accepts any object as arguments.",
      hint: "If the tool takes no arguments, write inputSchema: { type: object, additionalProperties: false }.",
    });
  },
});
