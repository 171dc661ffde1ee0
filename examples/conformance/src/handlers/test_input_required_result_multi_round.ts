// Handler of the MCP tool "test_input_required_result_multi_round", described in tools/test_input_required_result_multi_round.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks for a name, then for a favourite colour, carrying state across three rounds (conformance
 * scenario input-required-result-multi-round).
 */
export const testInputRequiredResultMultiRound: ToolHandlers["test_input_required_result_multi_round"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_multi_round");
};
