// The two generated projects the runtime benchmarks serve: the one realistic tool, and the 1,223
// GitHub tools. Built with mcp-gen and compiled with tsc (src → dist) once per run, untimed.
import { performance } from "node:perf_hooks";
import { runNode } from "./measure.mjs";
import { githubToolsFile, MCP_GEN_BIN } from "./paths.mjs";
import { compileProject, githubTools, writeProject } from "./projects.mjs";
import { FORECAST_TOOL } from "./forecast-tool.mjs";

/** Returns { projects: { one, github, githubTools }, warnings }. */
export async function prepareRuntimeProjects(log) {
  const started = performance.now();
  const one = await writeProject("rt-one", [FORECAST_TOOL], "forecast");
  const github = await writeProject("rt-github", githubTools(), "github");
  const warnings = [];
  for (const dir of [one, github]) {
    await runNode(MCP_GEN_BIN, ["build", "--cwd", dir], { cwd: dir, label: `mcp-gen build --cwd ${dir}` });
    const { warning } = await compileProject(dir);
    if (warning) {
      warnings.push(warning);
      log(`WARNING: ${warning}`);
    }
  }
  log(`runtime projects built and compiled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { projects: { one, github, githubTools: githubToolsFile() }, warnings };
}
