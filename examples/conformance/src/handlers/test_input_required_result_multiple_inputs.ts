// Handler of the MCP tool "test_input_required_result_multiple_inputs", described in tools/test_input_required_result_multiple_inputs.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks for a name, an LLM greeting and the client's roots in one input_required result (conformance
 * scenario input-required-result-multiple-input-requests).
 */
export const testInputRequiredResultMultipleInputs: ToolHandlers["test_input_required_result_multiple_inputs"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_multiple_inputs");
};
