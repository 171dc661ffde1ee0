// Handler of the MCP tool "test_input_required_result_sampling", described in tools/test_input_required_result_sampling.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks the client's LLM a question with an input_required result, then returns its answer
 * (conformance scenario input-required-result-basic-sampling).
 */
export const testInputRequiredResultSampling: ToolHandlers["test_input_required_result_sampling"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_sampling");
};
