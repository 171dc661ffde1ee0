// Handler of the MCP tool "json_schema_2020_12_tool", described in tools/json_schema_2020_12_tool.yaml.
// The scenario only reads the tool's inputSchema from tools/list; calling it echoes the arguments.
import type { ToolHandlers } from "../generated/server.js";

/** Echoes its arguments (conformance scenario json-schema-2020-12). */
export const jsonSchema202012Tool: ToolHandlers["json_schema_2020_12_tool"] = (args) => `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`;
