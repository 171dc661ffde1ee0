// Handler of the MCP tool "test_elicitation_sep1034_defaults", described in
// tools/test_elicitation_sep1034_defaults.yaml: a 2025-era elicitation/create sent mid-call through
// the SDK's own context (ctx.sdk), with a default for every primitive field type (SEP-1034).
import type { ToolHandlers } from "../generated/server.js";
import { pushRequest } from "../push-requests.js";

/** Asks the user for a form whose fields all have defaults (conformance scenario elicitation-sep1034-defaults). */
export const testElicitationSep1034Defaults: ToolHandlers["test_elicitation_sep1034_defaults"] = async (_args, ctx) => {
  const answer = await pushRequest("elicitation/create", () =>
    ctx.sdk.mcpReq.elicitInput({
      message: "Please review and update the form fields with defaults",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", description: "User name", default: "John Doe" },
          age: { type: "integer", description: "User age", default: 30 },
          score: { type: "number", description: "User score", default: 95.5 },
          status: { type: "string", description: "User status", enum: ["active", "inactive", "pending"], default: "active" },
          verified: { type: "boolean", description: "Verification status", default: true },
        },
        required: [],
      },
    }),
  );
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
};
