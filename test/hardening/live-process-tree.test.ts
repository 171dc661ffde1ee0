// verify and import always end, run as a user runs them (a separate Node process, whose exit is what
// a CI job waits for): behind a wrapper that passes no signal on (`bash -c 'node server.js; true'`),
// a server that ignores SIGTERM and the end of its stdin outlived mcp-gen's own child, kept its
// stderr pipe open, and with it mcp-gen, forever. Each run here must end by itself (the test
// timeout is the only clock) and leave no server process behind; a malformed answer ends the run
// with exit 2 long before the (huge) timeout.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { FAKE_SERVER } from "../live/servers.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-tree-"));
const PACKAGE = join(work, "package");
const RUNNER = join(work, "run.mjs");
/** Every mcp-gen started, each the leader of a process group, and every server pid seen. */
const started: ChildProcess[] = [];
const servers: number[] = [];

afterAll(() => {
  // Only after a failure is anything left: end it, with whatever it started in its group.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) signal(-child.pid!);
  for (const pid of servers) signal(pid);
  rmSync(work, { recursive: true, force: true });
});

function signal(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone already
  }
}

beforeAll(() => {
  // The CLI compiled into a package folder of this test's own, as bundled-cli.test.ts does: other
  // tests compile the repository's dist/ while this one runs.
  mkdirSync(join(PACKAGE, "packages", "runtime"), { recursive: true });
  for (const name of ["templates", "schemas", "node_modules", "package.json"]) symlinkSync(join(REPO_ROOT, name), join(PACKAGE, name));
  symlinkSync(join(REPO_ROOT, "packages", "runtime", "src"), join(PACKAGE, "packages", "runtime", "src"));
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(PACKAGE, "dist")], { stdio: "pipe" });
  // What bin/mcp-gen.js does: the exit code is set, and the process ends when nothing holds it.
  writeFileSync(RUNNER, `import { runCli } from ${JSON.stringify(join(PACKAGE, "dist/cli/main.js"))};\nprocess.exitCode = await runCli(process.argv.slice(2));\n`);
}, 180_000);

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs mcp-gen in `cwd` until the process has exited and closed its output. */
function mcpGen(cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
    started.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (stderr += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Whether a process runs. A killed orphan stays a zombie until init reaps it, and some containers'
 * init never does: ps tells a zombie ("Z") from a running process.
 */
function isRunning(pid: number): boolean {
  servers.push(pid);
  try {
    return !execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" })
      .trim()
      .startsWith("Z");
  } catch {
    return false; // ps exits 1 when there is no such process
  }
}

/** The fake server in `mode` behind bash, which neither passes signals on nor exits before it. */
function wrapped(mode: string): string {
  return `bash -c ${JSON.stringify(`${JSON.stringify(process.execPath)} ${JSON.stringify(FAKE_SERVER)} ${mode}; true`)}`;
}

describe.skipIf(process.platform === "win32")("verify and import always end", () => {
  it("behind a wrapper that passes no signal on, import and verify answer, exit, and leave no server running", async () => {
    const root = mkdtempSync(join(work, "project-"));
    const pidFile = join(root, "server.pid");
    const live = ["--command", wrapped("immortal"), "--env", `FAKE_PID_FILE=${pidFile}`, "--timeout", "600000"];
    const imported = await mcpGen(root, ["import", ...live]);
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(isRunning(Number(readFileSync(pidFile, "utf8")))).toBe(false);
    const verified = await mcpGen(root, ["verify", ...live]);
    expect(verified).toEqual({ code: 0, stderr: "", stdout: '"fake" 1.0.0 (legacy era) listed 2 tools on 1 page.\n\nAll 2 tools match mcp-tools.lock.json.\n' });
    expect(isRunning(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });

  it("an answer cut short ends the run with exit 2 at once, though the timeout is ten minutes", async () => {
    const root = mkdtempSync(join(work, "project-"));
    const run = await mcpGen(root, ["import", "--command", wrapped("truncated"), "--timeout", "600000"]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: 'mcp-gen import: The server sent a line that is not complete JSON: "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{\\"tools"\n' });
  });
});
