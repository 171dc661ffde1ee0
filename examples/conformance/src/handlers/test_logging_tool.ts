// Handler of the MCP tool "test_logging_tool", described in tools/test_logging_tool.yaml. Logging
// goes through the SDK's own context (ctx.sdk): on 2026-07-28 requests the SDK sends the message only
// when the request's _meta set io.modelcontextprotocol/logLevel to this level or a lower one.
import type { ToolHandlers } from "../generated/server.js";

/** Logs one info message (conformance scenario server-stateless). */
export const testLoggingTool: ToolHandlers["test_logging_tool"] = async (_args, ctx) => {
  await ctx.sdk.mcpReq.log("info", "Diagnostic trace logging activated", "conformance");
  return "Logging evaluated";
};
