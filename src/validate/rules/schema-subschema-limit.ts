import { defineRule } from "../define-rule.js";
import { toolSchemas, walkSubschemas } from "../walk.js";
import { findExpansionExcess } from "./schema-subschema-limit/expand-refs.js";
import { groupDigits } from "../../model/phrases.js";

export interface SchemaSubschemaLimitOptions {
  /** Most subschemas one schema may hold as written, the root included. */
  readonly maxSubschemas: number;
  /** Most subschemas one schema may hold once its `$ref`s are expanded in place. */
  readonly maxExpandedSubschemas: number;
}

/** 5 times the largest schema of the corpus (385 subschemas, mapbox directions_tool outputSchema); ajv's compile time grows with the count. */
const DEFAULT_MAX_SUBSCHEMAS = 2000;
/** What a validator may apply to one value: each application costs ajv time on every call, so this bounds the slowest call. */
const DEFAULT_MAX_EXPANDED = 10_000;

const count = groupDigits;

export const schemaSubschemaLimit = defineRule<SchemaSubschemaLimitOptions>({
  id: "schema-subschema-limit",
  summary: "No schema holds more subschemas than the configured limits, as written or with its $refs expanded.",
  description:
    "Compiling a schema costs time for every subschema (ajv needs about a quarter of a millisecond each, and SDK clients " +
    "compile every outputSchema on each tools/list), and `$defs` that refer to each other twice at every step multiply: 30 " +
    "definitions written in a few lines make a validator apply 2^30 subschemas to a single value, and make a client that " +
    "inlines `$ref`s build a schema of that size. So each of inputSchema and outputSchema may hold at most `maxSubschemas` " +
    "subschemas as written (default 2,000) and at most `maxExpandedSubschemas` once every same-document `$ref` is expanded " +
    "in place (default 10,000; a `$ref` back into a schema already being expanded counts once, since it recurses into " +
    "the value rather than growing the schema). The largest schema of the corpus has 385 subschemas either way (mapbox's " +
    "directions_tool outputSchema; the largest input schema, a GitHub REST tool, has 189). Each bound is reported once per " +
    "schema, where it is first crossed; the expanded count is checked only when the written count is within its limit.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why:
    "Compiling costs time per subschema, and $defs that refer to each other twice per step make a validator apply " +
    "billions of them to one value, so a few hostile lines could hold a server or client.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use (the limits are mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: { maxSubschemas: DEFAULT_MAX_SUBSCHEMAS, maxExpandedSubschemas: DEFAULT_MAX_EXPANDED },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxSubschemas: { type: "integer", minimum: 1, description: `Most subschemas in one schema as written (default ${DEFAULT_MAX_SUBSCHEMAS}).` },
        maxExpandedSubschemas: { type: "integer", minimum: 1, description: `Most subschemas in one schema with its $refs expanded (default ${DEFAULT_MAX_EXPANDED}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    for (const schema of toolSchemas(tool)) {
      let seen = 0;
      let crossed = false;
      walkSubschemas(schema, memo, (node) => {
        if (++seen <= options.maxSubschemas) return;
        crossed = true;
        report({
          pointer: node.pointer,
          message: `${schema.key} has more than ${count(options.maxSubschemas)} subschemas; this is subschema ${count(seen)}.`,
          hint: "Split the tool into smaller tools, or share repeated parts through $defs and $ref; raise maxSubschemas in mcp-gen.config.yaml if the size is intended.",
        });
        return "stop";
      });
      if (crossed) continue;
      const excess = findExpansionExcess(schema.schema, schema.pointer, options.maxExpandedSubschemas);
      if (excess === undefined) continue;
      report({
        pointer: excess.pointer,
        message:
          excess.ref === undefined
            ? `${schema.key} has more than ${count(options.maxExpandedSubschemas)} subschemas once its $refs are expanded.`
            : `${schema.key} grows past ${count(options.maxExpandedSubschemas)} subschemas once its $refs are expanded, through this $ref to ${JSON.stringify(excess.ref)}.`,
        hint: "Stop definitions from referring to the same definition several times over (each level multiplies the size), or raise maxExpandedSubschemas in mcp-gen.config.yaml.",
      });
    }
  },
});
