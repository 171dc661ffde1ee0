// Runs a Node program as a child process, the way a user runs it, and measures its wall time (in
// this process, around spawn → exit), its CPU time (user + system, every thread of it) and its peak
// resident memory: `/usr/bin/time -v` when the machine has GNU time, otherwise a preloaded hook
// (children/rss-hook.mjs) that writes process.resourceUsage() when the child exits. CPU time is
// steadier than wall time on a busy machine: it leaves out the time the child waited for a core.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { BENCH_DIR, workPath } from "./paths.mjs";

const GNU_TIME = "/usr/bin/time";
let gnuTime;

/** Whether /usr/bin/time is GNU time (understands -v). Checked once. */
export function hasGnuTime() {
  if (gnuTime === undefined) {
    gnuTime = existsSync(GNU_TIME) && /Maximum resident set size/.test(spawnSync(GNU_TIME, ["-v", process.execPath, "-e", ""], { encoding: "utf8" }).stderr ?? "");
  }
  return gnuTime;
}

export function rssMethod() {
  return hasGnuTime() ? "/usr/bin/time -v (maximum resident set size)" : "process.resourceUsage().maxRSS of the child (preloaded hook)";
}

const RSS_HOOK = pathToFileURL(join(BENCH_DIR, "children", "rss-hook.mjs")).href;
let seq = 0;

/**
 * Runs `node <nodeArgs...> <script> <args...>` in cwd. Resolves { ms, cpuMs, rssMB, exitCode, stdout, stderr }.
 * Throws when the exit code is not `expectExit` (default 0; null accepts any), with the output's tail.
 */
export async function runNode(script, args, { cwd, env = {}, nodeArgs = [], expectExit = 0, label = script } = {}) {
  const rssFile = hasGnuTime() ? undefined : workPath("rss", `${process.pid}-${seq++}.txt`);
  const argv = [...nodeArgs, ...(rssFile ? ["--import", RSS_HOOK] : []), script, ...args];
  const command = rssFile ? process.execPath : GNU_TIME;
  const commandArgs = rssFile ? argv : ["-v", process.execPath, ...argv];
  const childEnv = { ...process.env, ...env, ...(rssFile ? { BENCH_RSS_FILE: rssFile } : {}) };
  if (rssFile) mkdirSync(workPath("rss"), { recursive: true });
  const started = performance.now();
  const { code, stdout, stderr } = await new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ code: exitCode, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
  });
  const ms = performance.now() - started;
  let exitCode = code;
  let rssKB = NaN;
  let cpuMs = NaN;
  let childStderr = stderr;
  if (rssFile) {
    if (existsSync(rssFile)) {
      const [rss, cpuUs] = readFileSync(rssFile, "utf8").split(" ").map(Number);
      rssKB = rss;
      cpuMs = cpuUs / 1000;
      rmSync(rssFile);
    }
  } else {
    const marker = childStderr.lastIndexOf("\tCommand being timed:");
    const report = marker >= 0 ? childStderr.slice(marker) : "";
    childStderr = (marker >= 0 ? childStderr.slice(0, marker) : childStderr).replace(/^Command exited with non-zero status \d+\n?/m, "");
    rssKB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1] ?? NaN);
    const seconds = (what) => Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(report)?.[1] ?? NaN);
    cpuMs = (seconds("User") + seconds("System")) * 1000;
    const status = /Exit status: (\d+)/.exec(report);
    if (status) exitCode = Number(status[1]);
  }
  if (expectExit !== null && exitCode !== expectExit) {
    const tail = `${stdout.trim()}\n${childStderr.trim()}`.trim().split("\n").slice(-15).join("\n");
    throw new Error(`${label} exited with ${exitCode} (expected ${expectExit}):\n${tail}`);
  }
  return { ms, cpuMs, rssMB: rssKB / 1024, exitCode, stdout, stderr: childStderr };
}
