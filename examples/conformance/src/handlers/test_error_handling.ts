// Handler of the MCP tool "test_error_handling", described in tools/test_error_handling.yaml.
import { ToolError, type ToolHandlers } from "../generated/server.js";

/** Always fails with a tool execution error (conformance scenario tools-call-error). */
export const testErrorHandling: ToolHandlers["test_error_handling"] = () => {
  throw new ToolError("This tool intentionally returns an error for testing");
};
