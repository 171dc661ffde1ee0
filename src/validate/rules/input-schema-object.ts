import { getOwn, isJsonObject } from "../../model/json.js";
import { defineRule } from "../define-rule.js";
import { shortJson } from "../describe-pointer.js";

const NO_PARAMS = 'Write inputSchema: { type: "object", additionalProperties: false } for a tool without parameters.';

export const inputSchemaObject = defineRule({
  id: "input-schema-object",
  summary: 'Every tool has an inputSchema whose root is an object schema with type "object".',
  description:
    "Tool arguments are always a JSON object, so MCP 2026-07-28 requires `inputSchema` on every tool, never null, with " +
    '`"type": "object"` at its root (other keywords may sit beside it). A schema without that `type` is not a valid Tool: ' +
    "the official SDK client refuses the whole `tools/list` page that contains it, hiding every other tool of the server " +
    "(the published server-gitlab package does this). Tools without parameters still need `{ type: object }`.",
  defaultSeverity: "error",
  breaks: ["sdk", "generated-code"],
  must: true,
  required: true,
  why: "The official SDK client refuses the whole tools/list page that holds such a tool, and mcp-gen cannot generate " + "argument types or a validator for it.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool; schema.ts Tool.inputSchema",
  checklist: ["T-DESC-2", "T-SCHEMA-1", "T-SCHEMA-2"],
  check(tool, report) {
    if (!Object.hasOwn(tool.wire, "inputSchema")) {
      report({ pointer: "", message: "The tool has no inputSchema; MCP requires one on every tool.", hint: NO_PARAMS });
      return;
    }
    const schema = getOwn(tool.wire, "inputSchema");
    if (!isJsonObject(schema)) {
      report({ pointer: "/inputSchema", message: `inputSchema is ${shortJson(schema)}, but it must be a JSON Schema object.`, hint: NO_PARAMS });
      return;
    }
    const type = getOwn(schema, "type");
    if (type === undefined) {
      report({
        pointer: "/inputSchema",
        target: "key",
        message: 'inputSchema has no "type"; MCP requires "type": "object" at its root, and SDK clients drop the whole tool list without it.',
        hint: "Add type: object at the root of inputSchema.",
      });
    } else if (type !== "object") {
      report({
        pointer: "/inputSchema/type",
        message: `inputSchema has type ${shortJson(type)}, but tool arguments are always an object, so it must be "object".`,
        hint: "Use type: object at the root and describe the arguments under properties.",
      });
    }
  },
});
