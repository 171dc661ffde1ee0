// Handler of the MCP tool "issues.get", described in tools/issues.get.yaml.
import { ToolError, type ToolHandlers } from "../generated/server.js";
import { findIssue } from "../store.js";

/** Get one issue by its key. */
export const issuesGet: ToolHandlers["issues.get"] = ({ id }) => {
  const issue = findIssue(id);
  if (issue === undefined) throw new ToolError(`There is no issue ${id}. Use issues.list to find its key.`);
  return issue;
};
