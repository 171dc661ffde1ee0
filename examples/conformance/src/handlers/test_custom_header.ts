// Handler of the MCP tool "test_custom_header", described in tools/test_custom_header.yaml. The
// generated HTTP layer has already checked that the Mcp-Param-Greeting header matches `greeting`.
import type { ToolHandlers } from "../generated/server.js";

/** Echoes the greeting (conformance scenario http-custom-header-server-validation). */
export const testCustomHeader: ToolHandlers["test_custom_header"] = ({ greeting }) => `Greeting: ${greeting}`;
