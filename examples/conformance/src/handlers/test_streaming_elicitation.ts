// Handler of the MCP tool "test_streaming_elicitation", described in tools/test_streaming_elicitation.yaml.
import { ToolError, type ToolHandlers } from "../generated/server.js";

/** Asks the user to confirm with an input_required result (conformance scenario server-stateless). */
export const testStreamingElicitation: ToolHandlers["test_streaming_elicitation"] = async (_args, ctx) => {
  await ctx.progress(50, 100, "Waiting for the user");
  const answer = ctx.answer("confirm");
  switch (answer.kind) {
    case "missing":
      return ctx.ask({ confirm: {} });
    case "invalid":
      throw new ToolError(answer.message);
    case "accepted":
      return answer.content.ok ? "Going on." : "Stopped.";
    case "declined":
    case "cancelled":
      return "Stopped.";
  }
};
