// Handler of the MCP tool "test_input_required_result_list_roots", described in tools/test_input_required_result_list_roots.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { ToolNotImplementedError, type ToolHandlers } from "../generated/server.js";

/**
 * Asks the client for its roots with an input_required result, then lists them (conformance
 * scenario input-required-result-basic-list-roots).
 */
export const testInputRequiredResultListRoots: ToolHandlers["test_input_required_result_list_roots"] = async (_args, _ctx) => {
  // The arguments were validated against inputSchema before this runs.
  // Return text or content blocks.
  // Throw ToolError for a failure the model should read; ctx.signal says when the client cancels.
  throw new ToolNotImplementedError("test_input_required_result_list_roots");
};
