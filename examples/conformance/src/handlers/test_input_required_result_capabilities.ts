// Handler of the MCP tool "test_input_required_result_capabilities", described in tools/test_input_required_result_capabilities.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks only for inputs the client declared it can provide (an LLM answer with sampling, a name with
 * elicitation) (conformance scenario input-required-result-capability-check).
 */
export const testInputRequiredResultCapabilities: ToolHandlers["test_input_required_result_capabilities"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_capabilities");
};
