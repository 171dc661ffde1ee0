// `mcp-gen build --format json` in a project, with the findings of one rule: for tests of a rule the
// build itself reports (handler-moved, scaffold-leftover).
import { runInProcess } from "./temp-project.js";

export interface BuildFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly hint?: string;
}

/** The build's exit code and its findings of `ruleId`. */
export async function buildFindings(root: string, ruleId: string): Promise<{ code: number; findings: BuildFinding[] }> {
  const run = await runInProcess(root, ["build", "--format", "json"]);
  return { code: run.code, findings: (JSON.parse(run.stdout) as { diagnostics: BuildFinding[] }).diagnostics.filter((d) => d.ruleId === ruleId) };
}
