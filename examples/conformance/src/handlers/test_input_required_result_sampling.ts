// Handler of the MCP tool "test_input_required_result_sampling", described in
// tools/test_input_required_result_sampling.yaml. Sampling is not a form, so the request is built
// with the SDK's helpers (see ../embedded-requests.ts).
import type { ToolHandlers } from "../generated/server.js";
import { askLlm, llmAnswer } from "../embedded-requests.js";
import { inputRequired } from "@modelcontextprotocol/server";

/** Asks the client's LLM a question with an input_required result, then returns its answer (conformance scenario input-required-result-basic-sampling). */
export const testInputRequiredResultSampling: ToolHandlers["test_input_required_result_sampling"] = (_args, ctx) => {
  const answer = llmAnswer(ctx.sdk.mcpReq.inputResponses, "capital_question");
  if (answer !== undefined) return `LLM answer: ${answer}`;
  return inputRequired({ inputRequests: { capital_question: askLlm("What is the capital of France?", 100) } });
};
