import { defineRule } from "../define-rule.js";
import { MCP_SCHEMA } from "../../spec/mcp-schema.js";
import { oneOfPhrase, typePhrase } from "../../model/phrases.js";
import { describePointer, shortJson } from "../describe-pointer.js";
import { valueAt } from "../../model/json.js";
import { splitPointer } from "../../model/pointer.js";
import type { GeneratedValidator } from "../../compile/schema-compiler.js";
import { validateTool as compiledToolValidator } from "../../precompiled/tool-validator.js";

/** The Tool schema's validator, compiled ahead of time: every error, exactly as ajv reports them. */
const validateTool = compiledToolValidator as GeneratedValidator;

/**
 * `#/$defs/Tool` of the official schema, wrapped so that its internal refs resolve (spec/README.md).
 * Compiled ahead of time into src/precompiled/tool-validator.ts (test/schemas.test.ts keeps it current).
 */
export const TOOL_SCHEMA = { $schema: "https://json-schema.org/draft/2020-12/schema", $ref: "#/$defs/Tool", $defs: MCP_SCHEMA.$defs };

export const toolShape = defineRule({
  id: "tool-shape",
  summary: "The descriptor matches the official MCP 2026-07-28 Tool definition.",
  description:
    "Validates the wire descriptor against `#/$defs/Tool` of the official schema.json of MCP 2026-07-28: `name` is a string, " +
    "`title` and `description` are strings, `annotations` hints are booleans, `icons` are Icon objects with a `src`, `_meta` is an " +
    "object, and so on. A client built on the official SDK refuses a whole `tools/list` page when one tool breaks this shape. " +
    "Problems with `inputSchema` itself are reported by input-schema-object, which says more precisely what is wrong.",
  defaultSeverity: "error",
  breaks: ["sdk", "generated-code"],
  must: true,
  required: true,
  why: "The official SDK client refuses a whole tools/list page with one tool of the wrong shape, and mcp-gen cannot " + "generate code for a tool without a string name.",
  since: "0.1.0",
  spec: "MCP 2026-07-28 schema.json #/$defs/Tool",
  checklist: ["T-DESC-1", "T-DESC-3", "T-DESC-5", "T-DESC-6", "T-DESC-7", "T-DESC-8", "T-ANN-1", "T-ICON-1", "T-SCHEMA-5"],
  check(tool, report) {
    if (validateTool(tool.wire)) return;
    const seen = new Set<string>();
    for (const error of validateTool.errors ?? []) {
      if (error.instancePath.startsWith("/inputSchema") || (error.keyword === "required" && error.params.missingProperty === "inputSchema")) continue;
      if (["anyOf", "oneOf", "allOf", "if", "$ref"].includes(error.keyword)) continue;
      const pointer = error.instancePath;
      const params = error.params as Record<string, unknown>;
      const subject = pointer === "" ? "The tool" : describePointer(pointer);
      const rule =
        error.keyword === "type"
          ? `must be ${typePhrase(String(params.type))}`
          : error.keyword === "enum" && Array.isArray(params.allowedValues)
            ? `must be ${oneOfPhrase(params.allowedValues)}`
            : (error.message ?? "is invalid");
      const message =
        error.keyword === "required"
          ? `${subject} has no "${String(params.missingProperty)}", which the MCP Tool schema requires.`
          : `${subject} is ${shortJson(valueAt(tool.wire, splitPointer(pointer)))}; the MCP Tool schema says it ${rule}.`;
      if (seen.has(pointer + message)) continue;
      seen.add(pointer + message);
      report({ pointer, message, hint: hintFor(error.keyword, pointer, error.params as Record<string, unknown>) });
    }
  },
});

function hintFor(keyword: string, pointer: string, params: Record<string, unknown>): string {
  if (keyword === "required") return `Add a "${String(params.missingProperty)}" field.`;
  if (pointer.startsWith("/annotations/") && params.type === "boolean") return "Use true or false without quotes.";
  if (keyword === "type") return "Change the value to the type the MCP schema expects.";
  if (keyword === "enum") return "Use one of the allowed values.";
  return "Follow the Tool definition of MCP 2026-07-28.";
}
