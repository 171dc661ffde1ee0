// Child processes for the end-to-end tests: the TypeScript compiler, and example servers started
// over HTTP on 127.0.0.1. Every child is tracked, so a suite's afterAll can kill what is left even
// when a test failed half-way.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "./spec-paths.js";

const TSC = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

export interface ChildRun {
  readonly code: number | null;
  readonly output: string;
}

/** Runs `node args` to its end and collects stdout and stderr together. */
export function runNode(args: readonly string[], cwd = REPO_ROOT): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (output += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (output += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** `tsc -p <project>`; rejects with the compiler's messages when it reports any. */
export async function compileProject(tsconfigPath: string): Promise<void> {
  const run = await runNode([TSC, "-p", tsconfigPath]);
  if (run.code !== 0) throw new Error(`tsc -p ${tsconfigPath} failed (exit ${String(run.code)}):\n${run.output}`);
}

/** A server started as a child process, and the URL it announced on stderr. */
export interface ServedChild {
  readonly url: URL;
  readonly child: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
}

/**
 * Starts `node script 0 ...args` (port 0: the system picks a free port), and waits for the line where the
 * server names its URL on 127.0.0.1. Rejects when the child exits first or stays silent too long.
 */
export function startHttpChild(script: string, timeoutMs = 20_000, args: readonly string[] = []): Promise<ServedChild> {
  const child = spawn(process.execPath, [script, "0", ...args], { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stopChild(child);
      reject(new Error(`${script} printed no URL within ${timeoutMs} ms. stderr:\n${stderr}`));
    }, timeoutMs);
    child.stderr!.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
      const match = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr);
      if (match === null) return;
      clearTimeout(timer);
      resolve({ url: new URL(match[0]), child, stderr: () => stderr });
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${String(code)} before printing its URL. stderr:\n${stderr}`));
    });
  });
}

/** Ends a child: SIGTERM, then SIGKILL if it is still there after `graceMs`. Resolves once it is gone. */
export function stopChild(child: ChildProcess, graceMs = 2_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
