import { getOwn } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { describePointer } from "../describe-pointer.js";
import { toolSchemas, walkSubschemas } from "../walk.js";
import { groupDigits } from "../../model/phrases.js";

export interface SchemaEnumLimitOptions {
  /** Most values one `enum` may list. */
  readonly maxValues: number;
}

/** The corpus has at most 22 (azure); real lists such as IANA time zones (about 600) must still fit. */
const DEFAULT_MAX_VALUES = 1000;

const count = groupDigits;

export const schemaEnumLimit = defineRule<SchemaEnumLimitOptions>({
  id: "schema-enum-limit",
  summary: "No enum lists more values than the configured limit.",
  description:
    "Validators compare a value with each `enum` entry in turn, generated code turns every entry into a union member " +
    "that the TypeScript compiler has to check, and the whole list is sent to the model with every tools/list, so an " +
    "enum of tens of thousands of values slows every call and costs context in every conversation. Each of inputSchema " +
    "and outputSchema is reported once, at the first value past the limit. The default of 1,000 is far above the " +
    "longest enum of the corpus (22 values, in azure's architecture-diagram tool) because real vocabularies run to " +
    "hundreds (IANA time zones, ISO currency and country codes); for larger sets, check the value in the handler and " +
    "describe it with `pattern` or in the description, or raise `maxValues`.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why: "A huge enum slows every call's validation and the type check of the generated code, and costs context in every " + "listing; raise maxValues for a vocabulary you mean to serve.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use (the limit is mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: { maxValues: DEFAULT_MAX_VALUES },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxValues: { type: "integer", minimum: 1, description: `Most values in one enum (default ${DEFAULT_MAX_VALUES}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        const values = getOwn(node.schema, "enum");
        if (!Array.isArray(values) || values.length <= options.maxValues) return;
        report({
          pointer: joinPointer(node.pointer, "enum", options.maxValues),
          message: `${describePointer(joinPointer(node.pointer, "enum"))} has ${count(values.length)} values, more than the limit of ${count(options.maxValues)}; this is value ${count(options.maxValues + 1)}.`,
          hint: "Accept a string checked in the handler (with pattern or format, and the common values in the description), or raise maxValues in mcp-gen.config.yaml.",
        });
        return "stop";
      });
    }
  },
});
