// Before measuring: the baseline dependencies (bench/package.json, installed only here, with
// `npm ci --prefix bench`, so the main project's install stays lean) and a fresh build of mcp-gen.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIR, BENCH_MODULES, MCP_GEN_BIN, REPO_DIR } from "./paths.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function installedVersion(name) {
  const file = join(BENCH_MODULES, name, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : undefined;
}

/** Runs `npm ci --prefix bench` when bench/node_modules is missing or holds other versions. */
export function ensureBenchDependencies(log) {
  const { dependencies } = JSON.parse(readFileSync(join(BENCH_DIR, "package.json"), "utf8"));
  const stale = Object.entries(dependencies).filter(([name, version]) => installedVersion(name) !== version);
  if (stale.length === 0) return;
  log(`installing the baselines (npm ci --prefix bench): ${stale.map(([n, v]) => `${n}@${v}`).join(", ")}`);
  const result = spawnSync(npm, ["ci", "--prefix", BENCH_DIR, "--no-audit", "--no-fund"], {
    cwd: REPO_DIR,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) throw new Error(`npm ci --prefix bench failed:\n${(result.stderr || result.stdout).slice(-2000)}`);
}

/** `npm run build` (tsc → dist/). A type error elsewhere still emits; the run goes on, with a warning. */
export function buildMcpGen(log) {
  log("building mcp-gen (npm run build)");
  const result = spawnSync(npm, ["run", "build"], { cwd: REPO_DIR, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const warnings = [];
  if (result.status !== 0) {
    const tail = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-8).join("\n");
    warnings.push(`npm run build exited with ${result.status}; measuring the dist/ it emitted.`);
    log(`WARNING: npm run build exited with ${result.status}:\n${tail}`);
  }
  const version = spawnSync(process.execPath, [MCP_GEN_BIN, "--version"], { encoding: "utf8" });
  if (version.status !== 0) throw new Error(`node bin/mcp-gen.js --version failed:\n${version.stderr}`);
  return { version: version.stdout.trim(), warnings };
}
