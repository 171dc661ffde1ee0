// The proxy as a host meets it: `mcp-gen proxy` in a process of its own (the command line bundled
// once per test file from the sources, as rolldown.config.mjs bundles the package), a pinned project
// in a temp folder whose lock pins given tools, the test server of test/fixtures/proxy/, and the
// official SDK clients (v1 and v2) as hosts. Every process started is tracked and ended by stopAll().
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashTool } from "../../src/lock/hash-tool.js";
import { renderLock } from "../../src/lock/render-lock.js";
import type { JsonObject } from "../../src/model/json.js";
import type { LockFile } from "../../src/model/lock.js";
import { REPO_ROOT } from "./spec-paths.js";

export const PIN_SERVER = join(REPO_ROOT, "test", "fixtures", "proxy", "pin-server.mjs");

/** The tools the pin server lists when honest, as a lock pins them. */
export const ECHO: JsonObject = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } };
export const ADD: JsonObject = {
  name: "add",
  title: "Add",
  description: "Adds two numbers.",
  inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
  annotations: { readOnlyHint: true },
};
export const ASK: JsonObject = { name: "ask", description: "Asks the user for a word.", inputSchema: { type: "object", properties: {} } };

const work = mkdtempSync(join(tmpdir(), "mcp-gen-proxy-"));
const started = new Set<ChildProcess>();
let bundled: Promise<string> | undefined;

/** The command line, bundled from src/ into this file's temp folder: the path of a script that runs it. */
export function proxyCli(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import("rolldown");
    const dir = join(work, "cli");
    mkdirSync(dir, { recursive: true });
    // Bare imports resolve from the repository's node_modules, as in an installed package.
    symlinkSync(join(REPO_ROOT, "node_modules"), join(work, "node_modules"), "dir");
    await build({
      input: { main: join(REPO_ROOT, "src", "cli", "main.ts") },
      platform: "node",
      external: (id: string) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("@mcp-gen/runtime/"),
      output: { dir, format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name].js" },
      logLevel: "silent",
    });
    const runner = join(dir, "run.mjs");
    writeFileSync(runner, `import { runCli } from "./main.js";\nprocess.exitCode = await runCli(process.argv.slice(2));\n`);
    return runner;
  })();
  return bundled;
}

/** An empty folder, for `mcp-gen import` to pin a server in. */
export function emptyProject(): string {
  return mkdtempSync(join(work, "project-"));
}

/** A folder whose mcp-tools.lock.json pins exactly `tools` (hashed as the lock does). */
export function pinnedProject(tools: readonly JsonObject[], extra: Readonly<Record<string, string>> = {}): string {
  const dir = mkdtempSync(join(work, "project-"));
  writeFileSync(join(dir, "mcp-tools.lock.json"), lockText(tools));
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export function lockText(tools: readonly JsonObject[]): string {
  const entries: Record<string, LockFile["tools"][string]> = {};
  for (const tool of tools) {
    const hash = hashTool(tool);
    entries[tool.name as string] = { file: `tools/${tool.name as string}.yaml`, sha256: hash.sha256, parts: hash.parts, descriptor: tool };
  }
  const lock: LockFile = { lockfileVersion: 1, generator: { name: "mcp-gen", version: "0.1.0" }, specRevision: "2026-07-28", tools: entries, inputs: {}, files: {}, packageJson: {} };
  return renderLock(lock);
}

/** A fresh file the pin server appends each call to; read it with callsIn(). */
export function callsFile(): string {
  const file = join(mkdtempSync(join(work, "calls-")), "calls.txt");
  writeFileSync(file, "");
  return file;
}

export function callsIn(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "");
}

/** The argv of `node <cli> proxy --cwd <project> [options] -- <server...>`. */
export async function proxyCommand(project: string, server: readonly string[], options: readonly string[] = []): Promise<{ command: string; args: string[] }> {
  return { command: process.execPath, args: [await proxyCli(), "proxy", "--cwd", project, ...options, "--", ...server] };
}

export function pinServer(mode: string): string[] {
  return [process.execPath, PIN_SERVER, mode];
}

/** Starts a process (tracked); its stderr collects in `stderr()`. */
export function startProcess(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  detached = false,
): { child: ChildProcess; stderr: () => string; stdout: () => string } {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"], detached });
  started.add(child);
  // A test may write to a process that has just ended.
  child.stdin!.on("error", () => undefined);
  let stderr = "";
  let stdout = "";
  child.stderr!.setEncoding("utf8").on("data", (text: string) => void (stderr += text));
  child.stdout!.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
  child.on("exit", () => started.delete(child));
  return { child, stderr: () => stderr, stdout: () => stdout };
}

/** Waits until `ready()` holds, failing with `what` after 20 s. */
export async function until(ready: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Raw JSON-RPC lines to and from a started proxy (startProcess): `send` writes one message on its
 * stdin, `lines` are the messages it wrote so far, `answer(id)` waits for the answer to `id`.
 */
export function rawLines(run: ReturnType<typeof startProcess>) {
  const lines = () =>
    run
      .stdout()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as JsonObject);
  const send = (message: object) => run.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const answer = async (id: number) => {
    await until(
      () => lines().some((m) => m.id === id),
      () => `the answer to ${id}; stderr: ${run.stderr()}`,
    );
    return lines().find((m) => m.id === id)!;
  };
  return { lines, send, answer };
}

export function track(child: ChildProcess): void {
  started.add(child);
  child.on("exit", () => started.delete(child));
}

/** Resolves with the exit code and signal once `child` has exited. */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** Kills whatever is left (after a failed test), then removes the temp folder. */
export function stopAll(): void {
  for (const child of started) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }
  started.clear();
  rmSync(work, { recursive: true, force: true });
}

/** Whether a process runs (a zombie does not count). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.startsWith("Z");
  } catch {
    return false;
  }
}
