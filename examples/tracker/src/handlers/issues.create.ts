// Handler of the MCP tool "issues.create", described in tools/issues.create.yaml.
import type { ToolHandlers } from "../generated/server.js";
import { createIssue } from "../store.js";

/** Create an issue in a project and return it with its new key. */
export const issuesCreate: ToolHandlers["issues.create"] = ({ project, title, labels }) => createIssue(project, title, labels ?? []);
