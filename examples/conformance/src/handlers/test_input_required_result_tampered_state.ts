// Handler of the MCP tool "test_input_required_result_tampered_state", described in tools/test_input_required_result_tampered_state.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks for a confirmation with integrity-protected state; a tampered state is refused (conformance
 * scenario input-required-result-tampered-state).
 */
export const testInputRequiredResultTamperedState: ToolHandlers["test_input_required_result_tampered_state"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_tampered_state");
};
