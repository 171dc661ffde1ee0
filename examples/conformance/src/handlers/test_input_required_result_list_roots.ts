// Handler of the MCP tool "test_input_required_result_list_roots", described in
// tools/test_input_required_result_list_roots.yaml. roots/list is not a form, so the request is
// built with the SDK's helpers (see ../embedded-requests.ts).
import type { ToolHandlers } from "../generated/server.js";
import { askRoots, rootsAnswer } from "../embedded-requests.js";
import { inputRequired } from "@modelcontextprotocol/server";

/** Asks the client for its roots with an input_required result, then lists them (conformance scenario input-required-result-basic-list-roots). */
export const testInputRequiredResultListRoots: ToolHandlers["test_input_required_result_list_roots"] = (_args, ctx) => {
  const roots = rootsAnswer(ctx.sdk.mcpReq.inputResponses, "client_roots");
  if (roots !== undefined) return `Client roots: ${roots.join(", ") || "(none)"}`;
  return inputRequired({ inputRequests: { client_roots: askRoots() } });
};
