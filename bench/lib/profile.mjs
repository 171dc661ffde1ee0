// `--profile <workload>`: runs one workload under node --cpu-prof and prints where the CPU went.
// The .cpuprofile files stay in bench/.work/prof/ (open them in Chrome DevTools › Performance).
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { summarise, summariseByPhase } from "./cpuprofile.mjs";
import { runNode } from "./measure.mjs";
import { BENCH_DIR, githubToolsFile, MCP_GEN_BIN, workPath } from "./paths.mjs";
import { editDescriptor, githubTools, writeProject } from "./projects.mjs";
import { prepareRuntimeProjects } from "./runtime-projects.mjs";
import { syntheticTools } from "./synthetic.mjs";

const SERVER_CASES = ["floor", "one-gen", "one-zod", "one-zod-hoisted", "one-fjs", "one-fjs-hoisted", "gh-gen", "gh-naive"];

function profileDir(workload) {
  const dir = workPath("prof", workload.replace(/[^a-z0-9-]+/gi, "_"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs `mcp-gen <command>` under --cpu-prof; with MCP_GEN_PHASES too (build), so that the summary
 * can name the top functions of each phase (the phase record's stretches, on the same clock as the
 * profiles' samples).
 */
async function mcpGenProfile(workload, command, prepare) {
  const project = await prepare();
  const out = profileDir(workload);
  const phasesFile = command === "build" ? join(out, "phases.json") : undefined;
  const result = await runNode(MCP_GEN_BIN, [command, "--cwd", project], {
    cwd: project,
    nodeArgs: ["--cpu-prof", "--cpu-prof-dir", out],
    env: phasesFile ? { MCP_GEN_PHASES: phasesFile } : {},
    label: `mcp-gen ${command}`,
  });
  return { out, result, phases: phasesFile ? JSON.parse(readFileSync(phasesFile, "utf8")) : undefined };
}

/** Returns the summary text. */
export async function runProfile(workload, { log, seconds = 5 }) {
  const [kind, arg] = workload.split(":");
  const gh = () => writeProject("prof-github", githubTools(), "github");
  const built = async () => {
    const dir = await gh();
    await runNode(MCP_GEN_BIN, ["build", "--cwd", dir], { cwd: dir, label: "mcp-gen build (setup)" });
    return dir;
  };
  let out;
  let result;
  let phases;
  switch (kind) {
    case "build":
      ({ out, result, phases } = await mcpGenProfile(workload, "build", async () => gh()));
      break;
    case "no-change-build":
      ({ out, result, phases } = await mcpGenProfile(workload, "build", built));
      break;
    case "rebuild":
      ({ out, result, phases } = await mcpGenProfile(workload, "build", async () => {
        const dir = await built();
        editDescriptor(dir, githubTools()[0], 1);
        return dir;
      }));
      break;
    case "check":
      ({ out, result, phases } = await mcpGenProfile(workload, "check", built));
      break;
    case "synthetic": {
      const size = arg ? Number(arg) : 1000;
      if (!Number.isInteger(size) || size <= 0) throw new Error(`synthetic:N needs a tool count, got "${arg}"`);
      ({ out, result, phases } = await mcpGenProfile(workload, "build", async () => writeProject(`prof-syn-${size}`, syntheticTools(size), "synthetic")));
      break;
    }
    case "jstt":
      out = profileDir(workload);
      result = await runNode(join(BENCH_DIR, "children", "jstt.mjs"), [githubToolsFile(), "format"], {
        nodeArgs: ["--cpu-prof", "--cpu-prof-dir", out],
        label: "jstt",
      });
      break;
    case "server":
    case "list":
    case "client": {
      const name = kind === "client" ? "client-gen" : arg;
      if (kind !== "client" && !SERVER_CASES.includes(name)) throw new Error(`${kind}:<case> needs one of ${SERVER_CASES.join(", ")}`);
      const { projects } = await prepareRuntimeProjects(log);
      out = profileDir(workload);
      const config = kind === "list" ? { cases: [], projects, list: [name], listIterations: 100, connectIterations: 10 } : { cases: [name], projects, seconds, warmupMs: 500 };
      result = await runNode(join(BENCH_DIR, "children", "inproc.mjs"), [JSON.stringify(config)], {
        nodeArgs: ["--cpu-prof", "--cpu-prof-dir", out],
        label: `in-process ${name}`,
      });
      break;
    }
    default:
      throw new Error(`unknown profile workload "${workload}"; see --help`);
  }
  const files = readdirSync(out)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => join(out, f));
  if (files.length === 0) throw new Error(`no .cpuprofile was written to ${out}`);
  const byPhase = phases ? `\n\n${summariseByPhase(files, phases)}` : "";
  return `profile of ${workload}: ${(result.ms / 1000).toFixed(2)} s wall, ${result.rssMB.toFixed(0)} MB peak RSS\n${summarise(files)}${byPhase}`;
}
