// Handler of the MCP tool "test_input_required_result_multiple_inputs", described in
// tools/test_input_required_result_multiple_inputs.yaml: one input_required result with a form
// (typed, x-mcp-gen.inputRequests.user_name), a sampling request and a roots/list request (built with
// the SDK's helpers, see ../embedded-requests.ts), plus sealed state.
import { ToolError, type ToolHandlers } from "../generated/server.js";
import { askLlm, askRoots, llmAnswer, rootsAnswer, withRequests } from "../embedded-requests.js";

/** Asks for a name, an LLM greeting and the client's roots in one input_required result (conformance scenario input-required-result-multiple-input-requests). */
export const testInputRequiredResultMultipleInputs: ToolHandlers["test_input_required_result_multiple_inputs"] = async (_args, ctx) => {
  const name = ctx.answer("user_name");
  const greeting = llmAnswer(ctx.sdk.mcpReq.inputResponses, "greeting");
  const roots = rootsAnswer(ctx.sdk.mcpReq.inputResponses, "client_roots");
  if (name.kind === "invalid") throw new ToolError(name.message);
  if (name.kind === "missing" || greeting === undefined || roots === undefined || ctx.state() === undefined) {
    const asked = await ctx.ask({ user_name: {} }, { state: { round: 1 } });
    return withRequests(asked, { greeting: askLlm("Generate a greeting", 50), client_roots: askRoots() });
  }
  const who = name.kind === "accepted" ? name.content.name : "someone";
  return `${greeting} ${who}; roots: ${roots.join(", ") || "(none)"}`;
};
