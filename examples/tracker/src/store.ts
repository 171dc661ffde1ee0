// The tracker's issues, kept in memory: enough for an example. A real server would use a database;
// the handlers would not change.
import type { IssuesGetResult } from "./generated/index.js";

export type Issue = IssuesGetResult;

const issues = new Map<string, Issue>([["WEB-1", { id: "WEB-1", project: "WEB", title: "Fix the login page", status: "open", labels: ["bug"] }]]);
const lastNumber = new Map<string, number>([["WEB", 1]]);

export function listIssues(project: string, status?: Issue["status"]): Issue[] {
  return [...issues.values()].filter((issue) => issue.project === project && (status === undefined || issue.status === status));
}

export function findIssue(id: string): Issue | undefined {
  return issues.get(id);
}

export function createIssue(project: string, title: string, labels: readonly string[]): Issue {
  const number = (lastNumber.get(project) ?? 0) + 1;
  lastNumber.set(project, number);
  const issue: Issue = { id: `${project}-${number}`, project, title, status: "open", labels: [...labels] };
  issues.set(issue.id, issue);
  return issue;
}

export function deleteIssue(id: string): boolean {
  return issues.delete(id);
}
