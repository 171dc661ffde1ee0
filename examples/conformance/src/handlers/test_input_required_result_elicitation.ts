// Handler of the MCP tool "test_input_required_result_elicitation", described in
// tools/test_input_required_result_elicitation.yaml: the typed input_required round trip of
// x-mcp-gen.inputRequests.user_name.
import { ToolError, type ToolHandlers } from "../generated/server.js";

/** Asks for the user's name with an input_required result, then greets them (conformance scenarios input-required-result-*). */
export const testInputRequiredResultElicitation: ToolHandlers["test_input_required_result_elicitation"] = (_args, ctx) => {
  const answer = ctx.answer("user_name");
  switch (answer.kind) {
    case "missing":
      // No answer, an answer under another key, or one that is not an elicitation result: ask (again).
      return ctx.ask({ user_name: {} });
    case "invalid":
      throw new ToolError(answer.message);
    case "accepted":
      return `Hello, ${answer.content.name}!`;
    case "declined":
    case "cancelled":
      return "Hello, whoever you are!";
  }
};
