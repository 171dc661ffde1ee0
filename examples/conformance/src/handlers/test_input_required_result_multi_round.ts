// Handler of the MCP tool "test_input_required_result_multi_round", described in
// tools/test_input_required_result_multi_round.yaml: two typed forms asked in turn, the first answer
// carried to the last round in sealed state.
import { ToolError, type ToolHandlers } from "../generated/server.js";

type RoundState = { readonly step: 1 } | { readonly step: 2; readonly name: string };

/** Asks for a name, then for a favourite colour, carrying state across three rounds (conformance scenario input-required-result-multi-round). */
export const testInputRequiredResultMultiRound: ToolHandlers["test_input_required_result_multi_round"] = (_args, ctx) => {
  const state = ctx.state<RoundState>();
  if (state?.step === 2) {
    const color = ctx.answer("step2");
    if (color.kind === "invalid") throw new ToolError(color.message);
    if (color.kind === "accepted") return `${state.name} likes ${color.content.color}.`;
    if (color.kind === "missing") return ctx.ask({ step2: {} }, { state });
    return `${state.name} did not say.`;
  }
  const name = ctx.answer("step1");
  if (state?.step !== 1 || name.kind === "missing") return ctx.ask({ step1: {} }, { state: { step: 1 } satisfies RoundState });
  if (name.kind === "invalid") throw new ToolError(name.message);
  const who = name.kind === "accepted" ? name.content.name : "someone";
  return ctx.ask({ step2: {} }, { state: { step: 2, name: who } satisfies RoundState });
};
