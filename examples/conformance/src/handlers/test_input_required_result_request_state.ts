// Handler of the MCP tool "test_input_required_result_request_state", described in
// tools/test_input_required_result_request_state.yaml: ctx.ask carries state, sealed by the generated
// runtime (HMAC-SHA256 with the key src/http.ts passes), and ctx.state() reads it back verified.
import { ToolError, type ToolHandlers } from "../generated/server.js";

interface ConfirmState {
  readonly asked: "confirm";
}

/** Asks for a confirmation and carries state across the round trip (conformance scenario input-required-result-request-state). */
export const testInputRequiredResultRequestState: ToolHandlers["test_input_required_result_request_state"] = (_args, ctx) => {
  const answer = ctx.answer("confirm");
  const state = ctx.state<ConfirmState>();
  if (answer.kind === "missing" || state?.asked !== "confirm") return ctx.ask({ confirm: {} }, { state: { asked: "confirm" } satisfies ConfirmState });
  if (answer.kind === "invalid") throw new ToolError(answer.message);
  const ok = answer.kind === "accepted" && answer.content.ok;
  return `state-ok: the requestState came back verified; confirmed=${String(ok)}`;
};
