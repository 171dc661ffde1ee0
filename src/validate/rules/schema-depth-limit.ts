import { defineRule } from "../define-rule.js";
import { toolSchemas, walkSubschemas } from "../walk.js";
import { groupDigits } from "../../model/phrases.js";

export interface SchemaDepthLimitOptions {
  /** Deepest subschema nesting allowed below a schema's root (the root is level 0). */
  readonly maxDepth: number;
}

/** 3.5 times the deepest schema of the corpus (14 levels, mapbox directions_tool outputSchema). */
const DEFAULT_MAX_DEPTH = 50;

export const schemaDepthLimit = defineRule<SchemaDepthLimitOptions>({
  id: "schema-depth-limit",
  summary: "No schema nests subschemas deeper than the configured limit.",
  description:
    "Validators, code generators and clients that inline schemas recurse once per level of subschema nesting " +
    "(`properties`, `items`, `allOf` and every other keyword that holds a schema), so a hostile schema nested thousands of " +
    "levels deep can exhaust their stack: ajv overflows at about a thousand levels. Each of inputSchema and outputSchema " +
    "is checked on its own and reported once, at the first subschema past the limit. The default of 50 levels is 3.5 " +
    "times the deepest schema of the corpus (14 levels, in mapbox's directions_tool outputSchema; no input schema of the " +
    "published servers or the 1,223 GitHub REST tools goes deeper). Move deep parts into `$defs` and refer to them with " +
    "`$ref`, or raise `maxDepth`.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why: "A schema nested a thousand levels deep overflows the stack of ajv, the SDKs' validator, so a hostile schema " + "could take a server or client down.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use (the limit is mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: { maxDepth: DEFAULT_MAX_DEPTH },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxDepth: { type: "integer", minimum: 1, description: `Deepest subschema nesting below a schema's root (default ${DEFAULT_MAX_DEPTH}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        if (node.depth <= options.maxDepth) return;
        report({
          pointer: node.pointer,
          message: `${schema.key} nests subschemas more than ${groupDigits(options.maxDepth)} levels deep; this one is at level ${groupDigits(node.depth)}.`,
          hint: "Flatten the schema: move deep parts into $defs and refer to them with $ref, or raise maxDepth in mcp-gen.config.yaml.",
        });
        return "stop";
      });
    }
  },
});
