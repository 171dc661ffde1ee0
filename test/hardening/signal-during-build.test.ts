// Ctrl+C (SIGINT) or SIGTERM while a build stages its output left the staging folder
// (src/generated.mcp-gen-new/), the project lock and any scaffolds it had created, until the next
// build: a stray folder in `git status`. The build now stops at its next safe point, takes back what
// it staged and created, and exits 128 + the signal's number (130, 143), the generated folder and
// the lock left whole: as they were or, when the signal came after the swap, as the build wrote
// them. Run as child processes of the compiled CLI (with its worker threads), each signalled the
// moment its staging folder appears.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileCli } from "../support/compiled-cli.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-signal-"));
let cli = "";
/** Enough tools that the staging folder stays for a few hundred milliseconds. */
const TOOLS = 600;
const STAGING = "src/generated.mcp-gen-new";

function writeTools(dir: string, version: string): void {
  mkdirSync(join(dir, "tools"), { recursive: true });
  for (let i = 0; i < TOOLS; i++) {
    const tool = {
      name: `tool_${i}`,
      description: `Tool ${i}, ${version}.`,
      inputSchema: { type: "object", properties: { a: { type: "string" }, n: { type: "integer", minimum: i } }, required: ["a"] },
    };
    writeFileSync(join(dir, "tools", `t${i}.json`), JSON.stringify(tool));
  }
}

/** Every file (with its text) and folder below `dir`, as project paths; folders end with "/". `cache`: node_modules too (the build cache). */
function everything(dir: string, cache = false): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === "node_modules" && !cache) continue;
      const path = join(current, entry.name);
      const name = relative(dir, path).split(sep).join("/");
      if (entry.isDirectory()) found.set(`${name}/`, ""), walk(path);
      else found.set(name, readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const build = (dir: string) => execFileSync(process.execPath, [cli, "build", "--cwd", dir], { stdio: "pipe" });

/** Starts a build in `dir` and sends it `signal` as soon as its staging folder appears. */
async function signalWhileStaging(dir: string, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string; staged: boolean }> {
  const child = spawn(process.execPath, [cli, "build", "--cwd", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  let exited = false;
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => ((exited = true), resolve(code))));
  let staged = false;
  while (!exited && !staged) {
    staged = existsSync(join(dir, STAGING));
    if (staged) child.kill(signal);
    else await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { code: await exit, stderr, staged };
}

/** What a build may leave behind when it is killed, which an interrupted one must not. */
const LEFTOVER = /\.mcp-gen-(new|old|journal)|\.mcp-gen-\d+-[0-9a-f]+\.tmp(\/|$)|^\.mcp-gen\.pid/;

let fresh = "";
let built = "";
let firstBuild = new Map<string, string>();
let rebuild = new Map<string, string>();

beforeAll(() => {
  cli = compileCli(work);
  fresh = join(work, "fresh");
  writeTools(fresh, "v1");
  // A project with node_modules/ has a build cache: the build writes it once its output is in.
  mkdirSync(join(fresh, "node_modules"));
  const first = join(work, "first");
  cpSync(fresh, first, { recursive: true });
  build(first);
  firstBuild = everything(first);
  // A built project whose every tool changed since: the next build rewrites the whole folder.
  built = join(work, "built");
  cpSync(first, built, { recursive: true });
  writeTools(built, "v2");
  const second = join(work, "second");
  cpSync(built, second, { recursive: true });
  build(second);
  rebuild = everything(second);
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(process.platform === "win32")("a build signalled while it stages its output", () => {
  const cases: [string, NodeJS.Signals, number, () => string, () => Map<string, string>][] = [
    ["a first build, staged ahead by worker threads", "SIGINT", 130, () => fresh, () => firstBuild],
    ["a build that rewrites every file", "SIGTERM", 143, () => built, () => rebuild],
  ];

  it.each(cases)(
    "%s (%s): takes back what it staged and exits %i, the project as it was or as the build wrote it",
    async (name, signal, status, template, after) => {
      const dir = join(work, `${signal}-${name.length}`);
      cpSync(template(), dir, { recursive: true });
      const before = everything(dir);
      const run = await signalWhileStaging(dir, signal);
      expect(run.staged, "the build ended before its staging folder was seen: the project is too small").toBe(true);
      expect(run.code, run.stderr).toBe(status);
      const now = everything(dir);
      expect([...everything(dir, true).keys()].filter((path) => LEFTOVER.test(path))).toEqual([]);
      if (run.stderr.includes("before writing anything")) {
        expect(run.stderr).toBe(`mcp-gen build: stopped by ${signal} before writing anything: the project is as it was.\n`);
        expect(now).toEqual(before);
      } else {
        // The signal came in the instant between the last safe point and the swap's last rename.
        expect(run.stderr).toContain(`mcp-gen build: stopped by ${signal} as it finished: what it wrote is complete.`);
        expect(now).toEqual(after());
      }
      // And the next build writes what a build writes.
      build(dir);
      expect(everything(dir)).toEqual(after());
    },
    120_000,
  );
});
