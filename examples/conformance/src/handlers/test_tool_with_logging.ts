// Handler of the MCP tool "test_tool_with_logging", described in tools/test_tool_with_logging.yaml.
// Logging is not part of the portable handler context (MCP 2026-07-28 deprecates it, SEP-2577), so
// this handler uses the SDK's own context, ctx.sdk; src/http.ts declares the logging capability.
import type { ToolHandlers } from "../generated/server.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends three info log messages while it runs (conformance scenario tools-call-with-logging). */
export const testToolWithLogging: ToolHandlers["test_tool_with_logging"] = async (_args, ctx) => {
  const messages = ["Tool execution started", "Tool processing data", "Tool execution completed"];
  for (const [index, message] of messages.entries()) {
    if (index > 0) await pause(50);
    await ctx.sdk.mcpReq.log("info", message, "conformance");
  }
  return "Tool with logging executed successfully";
};
