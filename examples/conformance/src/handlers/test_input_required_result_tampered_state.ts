// Handler of the MCP tool "test_input_required_result_tampered_state", described in
// tools/test_input_required_result_tampered_state.yaml. A tampered requestState never reaches this
// handler: the generated runtime's codec (HMAC-SHA256) refuses it with -32602 first.
import { ToolError, type ToolHandlers } from "../generated/server.js";

/** Asks for a confirmation with integrity-protected state (conformance scenario input-required-result-tampered-state). */
export const testInputRequiredResultTamperedState: ToolHandlers["test_input_required_result_tampered_state"] = (_args, ctx) => {
  const answer = ctx.answer("confirm");
  if (answer.kind === "missing" || ctx.state() === undefined) return ctx.ask({ confirm: {} }, { state: { asked: "confirm" } });
  if (answer.kind === "invalid") throw new ToolError(answer.message);
  return `Confirmed: ${String(answer.kind === "accepted" && answer.content.ok)}`;
};
