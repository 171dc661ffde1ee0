// Handler of the MCP tool "projects.summary", described in tools/projects.summary.yaml. It has no
// outputSchema, so it returns text for people to read.
import type { ToolHandlers } from "../generated/server.js";
import { listIssues } from "../store.js";

/** A short text summary of a project's issues, for people to read. */
export const projectsSummary: ToolHandlers["projects.summary"] = ({ project }) => {
  const issues = listIssues(project);
  const open = issues.filter((issue) => issue.status !== "done").length;
  return `${project}: ${issues.length} issue${issues.length === 1 ? "" : "s"}, ${open} open.`;
};
