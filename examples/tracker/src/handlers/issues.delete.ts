// Handler of the MCP tool "issues.delete", described in tools/issues.delete.yaml. It asks the user
// to confirm with an input_required result (MCP 2026-07-28 multi round-trip requests): the client
// shows the form, then calls again with the answer.
import { acceptedContent, inputRequired } from "@modelcontextprotocol/server";
import { ToolError, type ToolHandlers } from "../generated/server.js";
import { deleteIssue, findIssue } from "../store.js";

/** Delete an issue for good. Asks the user to confirm before anything is deleted. */
export const issuesDelete: ToolHandlers["issues.delete"] = ({ id }, ctx) => {
  if (findIssue(id) === undefined) throw new ToolError(`There is no issue ${id}.`);
  const answer = acceptedContent<{ confirm?: unknown }>(ctx.mcpReq.inputResponses, "confirm");
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message: `Delete ${id} for good?`,
          requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "Delete the issue" } }, required: ["confirm"] },
        }),
      },
    });
  }
  if (answer.confirm !== true) return { deleted: false };
  return { deleted: deleteIssue(id) };
};
