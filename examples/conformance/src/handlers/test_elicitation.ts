// Handler of the MCP tool "test_elicitation", described in tools/test_elicitation.yaml. It sends
// elicitation/create in the middle of the call through the SDK's own context (ctx.sdk): the 2025-era
// form of elicitation (2026-07-28 clients get input_required results instead).
import type { ToolHandlers } from "../generated/server.js";
import { pushRequest } from "../push-requests.js";

/** Asks the user for a user name and an email address and returns the answer (conformance scenario tools-call-elicitation). */
export const testElicitation: ToolHandlers["test_elicitation"] = async ({ message }, ctx) => {
  const answer = await pushRequest("elicitation/create", () =>
    ctx.sdk.mcpReq.elicitInput({
      message,
      requestedSchema: {
        type: "object",
        properties: {
          username: { type: "string", description: "User's response" },
          email: { type: "string", description: "User's email address" },
        },
        required: ["username", "email"],
      },
    }),
  );
  return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
};
