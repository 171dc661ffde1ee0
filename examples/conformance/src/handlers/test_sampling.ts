// Handler of the MCP tool "test_sampling", described in tools/test_sampling.yaml. It sends
// sampling/createMessage in the middle of the call through the SDK's own context (ctx.sdk), which the
// portable handler context leaves out: that request exists only for 2025-era clients.
import type { ToolHandlers } from "../generated/server.js";
import { pushRequest } from "../push-requests.js";

/** Asks the client's LLM to answer a prompt and returns the answer (conformance scenario tools-call-sampling). */
export const testSampling: ToolHandlers["test_sampling"] = async ({ prompt }, ctx) => {
  const answer = await pushRequest("sampling/createMessage", () =>
    ctx.sdk.mcpReq.requestSampling({ messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens: 100 }),
  );
  const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
  return `LLM response: ${content?.type === "text" ? content.text : "(no text)"}`;
};
