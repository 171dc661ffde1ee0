// Handler of the MCP tool "issues.delete", described in tools/issues.delete.yaml. It asks the user
// to confirm with an input_required result (MCP 2026-07-28 multi round-trip requests): the client
// shows the form declared under x-mcp-gen.inputRequests.confirm, then calls again with the answer,
// which ctx.answer returns already checked against the form's schema.
import { ToolError, type ToolHandlers } from "../generated/server.js";
import { deleteIssue, findIssue } from "../store.js";

/** Delete an issue for good. Asks the user to confirm before anything is deleted. */
export const issuesDelete: ToolHandlers["issues.delete"] = ({ id }, ctx) => {
  if (findIssue(id) === undefined) throw new ToolError(`There is no issue ${id}.`);
  const answer = ctx.answer("confirm");
  switch (answer.kind) {
    case "missing":
      return ctx.ask({ confirm: { message: `Delete ${id} for good?` } });
    case "invalid":
      throw new ToolError(`${answer.message} Nothing was deleted.`);
    case "accepted":
      return { deleted: answer.content.confirm && deleteIssue(id) };
    case "declined":
    case "cancelled":
      return { deleted: false };
  }
};
