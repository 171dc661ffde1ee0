// Handler of the MCP tool "test_elicitation_sep1330_enums", described in
// tools/test_elicitation_sep1330_enums.yaml: a 2025-era elicitation/create sent mid-call through the
// SDK's own context (ctx.sdk), with the five enum field variants of SEP-1330.
import type { ToolHandlers } from "../generated/server.js";
import { pushRequest } from "../push-requests.js";

/** Asks the user for a form with the five enum field variants (conformance scenario elicitation-sep1330-enums). */
export const testElicitationSep1330Enums: ToolHandlers["test_elicitation_sep1330_enums"] = async (_args, ctx) => {
  const answer = await pushRequest("elicitation/create", () =>
    ctx.sdk.mcpReq.elicitInput({
      message: "Please select options from the enum fields",
      requestedSchema: {
        type: "object",
        properties: {
          untitledSingle: { type: "string", description: "Select one option", enum: ["option1", "option2", "option3"] },
          titledSingle: {
            type: "string",
            description: "Select one option with titles",
            oneOf: [
              { const: "value1", title: "First Option" },
              { const: "value2", title: "Second Option" },
              { const: "value3", title: "Third Option" },
            ],
          },
          legacyEnum: {
            type: "string",
            description: "Select one option (legacy)",
            enum: ["opt1", "opt2", "opt3"],
            enumNames: ["Option One", "Option Two", "Option Three"],
          },
          untitledMulti: {
            type: "array",
            description: "Select multiple options",
            minItems: 1,
            maxItems: 3,
            items: { type: "string", enum: ["option1", "option2", "option3"] },
          },
          titledMulti: {
            type: "array",
            description: "Select multiple options with titles",
            minItems: 1,
            maxItems: 3,
            items: {
              anyOf: [
                { const: "value1", title: "First Choice" },
                { const: "value2", title: "Second Choice" },
                { const: "value3", title: "Third Choice" },
              ],
            },
          },
        },
        required: [],
      },
    }),
  );
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
};
