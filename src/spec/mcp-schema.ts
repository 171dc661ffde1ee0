// The official MCP 2026-07-28 JSON Schema (schemas/mcp-2026-07-28/schema.json, copied unchanged from
// the specification repository; a test keeps it identical to the spec digest).
import type { JsonObject } from "../model/json.js";
import schema from "../../schemas/mcp-2026-07-28/schema.json" with { type: "json" };

/** The whole official schema document; tool descriptors are `#/$defs/Tool`. */
export const MCP_SCHEMA: { readonly $defs: JsonObject } = schema as unknown as { $defs: JsonObject };
