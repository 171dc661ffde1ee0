// Handler of the MCP tool "test_input_required_result_capabilities", described in
// tools/test_input_required_result_capabilities.yaml. It reads the capabilities the client declared
// in the request's _meta envelope (MCP 2026-07-28) from the SDK's context, and asks only for what the
// client can give: a form when it declared elicitation, an LLM answer when it declared sampling.
import { CLIENT_CAPABILITIES_META_KEY, inputRequired, type ClientCapabilities, type InputRequest } from "@modelcontextprotocol/server";
import { ToolError, type ToolHandlers } from "../generated/server.js";
import { askLlm, llmAnswer } from "../embedded-requests.js";

/** Asks only for inputs the client declared it can provide (conformance scenario input-required-result-capability-check). */
export const testInputRequiredResultCapabilities: ToolHandlers["test_input_required_result_capabilities"] = async (_args, ctx) => {
  const name = ctx.answer("user_name");
  if (name.kind === "invalid") throw new ToolError(name.message);
  if (name.kind === "accepted") return `Hello, ${name.content.name}!`;
  const answer = llmAnswer(ctx.sdk.mcpReq.inputResponses, "llm_name");
  if (answer !== undefined) return `The LLM suggests: ${answer}`;
  const envelope = ctx.sdk.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
  const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? {}) as ClientCapabilities;
  if (capabilities.elicitation !== undefined) return ctx.ask({ user_name: {} });
  const requests: Record<string, InputRequest> = {};
  if (capabilities.sampling !== undefined) requests["llm_name"] = askLlm("Suggest a name for a new user.", 20);
  if (Object.keys(requests).length === 0) throw new ToolError("The client declared neither elicitation nor sampling, so this tool cannot ask for a name.");
  return inputRequired({ inputRequests: requests });
};
