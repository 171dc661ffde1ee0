// Handler of the MCP tool "test_input_required_result_elicitation", described in tools/test_input_required_result_elicitation.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks for the user's name with an input_required result, then greets them (conformance scenarios
 * input-required-result-*).
 */
export const testInputRequiredResultElicitation: ToolHandlers["test_input_required_result_elicitation"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_elicitation");
};
