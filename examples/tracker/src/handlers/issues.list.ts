// Handler of the MCP tool "issues.list", described in tools/issues.list.yaml.
import type { ToolHandlers } from "../generated/server.js";
import { listIssues } from "../store.js";

/** List the issues of one project, optionally only those with a given status. */
export const issuesList: ToolHandlers["issues.list"] = ({ project, status }) => listIssues(project, status);
