// Runs the official conformance CLI (@modelcontextprotocol/conformance, exact-pinned in package.json)
// against a server URL at one spec version, and reads back the checks.json it writes per scenario.
// The CLI runs one scenario or a whole suite per process, and starting it costs more than most
// scenarios take, so each era runs the whole suite once; the caller keeps the scenarios it judges.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Check, CheckStatus } from "./baseline.js";
import type { Era } from "./scenarios.js";
import { REPO_ROOT } from "../support/spec-paths.js";

export const CONFORMANCE_PACKAGE = join(REPO_ROOT, "node_modules", "@modelcontextprotocol", "conformance");
const CLI = join(CONFORMANCE_PACKAGE, "dist", "index.js");
const NODE20_SHIM = join(REPO_ROOT, "test", "conformance", "node20-glob-sync.mjs");

/** Per scenario: a server that stops answering fails that scenario (check scenario-timeout) after this. */
const SCENARIO_TIMEOUT_MS = 10_000;
/** The whole run; far above what it takes, only there so a stuck CLI cannot outlive the test. */
const RUN_TIMEOUT_MS = 90_000;

export interface ConformanceRun {
  readonly exitCode: number | null;
  /** What the CLI printed, for failure messages. */
  readonly output: string;
  /** Every scenario that wrote results. */
  readonly scenarios: ReadonlySet<string>;
  readonly checks: readonly Check[];
}

/** `conformance server --suite all --spec-version <era>` against `url`, results written under `outDir`. */
export async function runConformance(url: URL, era: Era, outDir: string): Promise<ConformanceRun> {
  const args = ["--import", NODE20_SHIM, CLI, "server", "--url", url.href, "--suite", "all", "--spec-version", era, "--timeout", String(SCENARIO_TIMEOUT_MS), "-o", outDir];
  const { code, output } = await runCli(args);
  const results = readResults(outDir, era);
  return { exitCode: code, output, ...results };
}

function runCli(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // `timeout` makes Node kill the child (SIGTERM) if it is still running then.
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], timeout: RUN_TIMEOUT_MS, env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (output += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (output += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** `server-<scenario>-<timestamp>`, the folder the CLI writes one scenario's checks.json into. */
const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

interface RawCheck {
  readonly id: string;
  readonly status: CheckStatus;
  readonly errorMessage?: string;
}

function readResults(outDir: string, era: Era): { scenarios: Set<string>; checks: Check[] } {
  const scenarios = new Set<string>();
  const checks: Check[] = [];
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    const scenario = entry.isDirectory() ? RESULT_DIR.exec(entry.name)?.[1] : undefined;
    if (scenario === undefined) continue;
    scenarios.add(scenario);
    const raw = JSON.parse(readFileSync(join(outDir, entry.name, "checks.json"), "utf8")) as RawCheck[];
    for (const check of raw) checks.push({ era, scenario, id: check.id, status: check.status, ...(check.errorMessage === undefined ? {} : { errorMessage: check.errorMessage }) });
  }
  return { scenarios, checks };
}
