import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { describePointer } from "../describe-pointer.js";
import { toolSchemas, walkSubschemas } from "../walk.js";
import { groupDigits } from "../../model/phrases.js";

export interface SchemaDefsLimitOptions {
  /** Most entries one `$defs` or `definitions` block may have. */
  readonly maxDefs: number;
}

/** The corpus has at most 9 (notion's shared block); OpenAPI converters that bundle a whole components section reach dozens. */
const DEFAULT_MAX_DEFS = 100;

const count = groupDigits;

export const schemaDefsLimit = defineRule<SchemaDefsLimitOptions>({
  id: "schema-defs-limit",
  summary: "No $defs or definitions block has more entries than the configured limit.",
  description:
    "Every definition travels in every tools/list response and is walked by validators (to find `$id`s and anchors) and " +
    "by clients that inline `$ref`s, whether or not anything refers to it, so a schema that carries thousands of " +
    "definitions costs bandwidth, context and time on every listing for nothing the tool needs. Each of inputSchema and outputSchema is reported once, at the first " +
    "entry past the limit. The default of 100 is eleven times the largest block of the corpus (9, the `$defs` notion " +
    "repeats in every tool) and leaves room for converters that copy a whole OpenAPI components section into each " +
    "tool; prune definitions nothing refers to, or raise `maxDefs`.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why: "Every definition travels in every listing and is walked by every validator, used or not, so a runaway block " + "costs that on every call; raise maxDefs for a large schema you mean to serve.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use (the limit is mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: { maxDefs: DEFAULT_MAX_DEFS },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxDefs: { type: "integer", minimum: 1, description: `Most entries in one $defs or definitions block (default ${DEFAULT_MAX_DEFS}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        for (const keyword of ["$defs", "definitions"]) {
          const defs = getOwn(node.schema, keyword);
          const names = isJsonObject(defs) ? Object.keys(defs) : [];
          if (names.length <= options.maxDefs) continue;
          report({
            pointer: joinPointer(node.pointer, keyword, names[options.maxDefs]!),
            target: "key",
            message: `${describePointer(joinPointer(node.pointer, keyword))} has ${count(names.length)} entries, more than the limit of ${count(options.maxDefs)}; this is entry ${count(options.maxDefs + 1)}.`,
            hint: "Remove the definitions nothing refers to, or split the tool; raise maxDefs in mcp-gen.config.yaml if they are all needed.",
          });
          return "stop";
        }
      });
    }
  },
});
