// An interrupted build (kill -9 at points spread over the build) leaves either the old generated tree and lock or the
// new ones, never a mix, a half-written file or a lost user file (hardening issue). The next build
// finishes or undoes a swap that was cut short; this test runs that recovery step alone to look.
import { spawn, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoverInterruptedBuild } from "../../src/incremental/replace-tree.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-kill-"));
/** The command as installed from the sources under test, compiled into `work` (never into the repository's dist/). */
const BIN = join(work, "package", "cli.mjs");
const TOOLS = 120;

function tool(i: number, version: string) {
  return JSON.stringify({
    name: `tool_${i}`,
    description: `Tool ${i}, ${version}.`,
    inputSchema: { type: "object", properties: { a: { type: "string", description: version }, n: { type: "integer", minimum: i } }, required: ["a"] },
    outputSchema: { type: "object", properties: { ok: { type: "boolean" } } },
  });
}

function writeProject(dir: string, version: string) {
  for (let i = 0; i < TOOLS; i++) {
    writeFileSync(join(dir, "tools", `t${i}.json`), tool(i, version));
  }
}

function snapshot(dir: string, under: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string) => {
    if (!existsSync(current)) return;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(join(dir, under));
  return files;
}

function build(dir: string) {
  execFileSync(process.execPath, [BIN, "build", "--cwd", dir], { stdio: "pipe" });
}

let template = "";
let oldTree = new Map<string, string>();
let newTree = new Map<string, string>();
let oldLock = "";
let newLock = "";

beforeAll(() => {
  // The package as installed: dist/ next to templates/, schemas/ and packages/runtime/src/.
  const pkg = join(work, "package");
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(pkg, "dist")], { stdio: "pipe" });
  for (const name of ["templates", "schemas", "node_modules", "package.json"]) symlinkSync(join(REPO_ROOT, name), join(pkg, name));
  mkdirSync(join(pkg, "packages", "runtime"), { recursive: true });
  symlinkSync(join(REPO_ROOT, "packages", "runtime", "src"), join(pkg, "packages", "runtime", "src"));
  writeFileSync(BIN, 'import { runCli } from "./dist/cli/main.js";\nprocess.exitCode = await runCli(process.argv.slice(2));\n');
  template = join(work, "template");
  mkdirSync(join(template, "tools"), { recursive: true });
  writeProject(template, "old");
  build(template);
  oldTree = snapshot(template, "src/generated");
  oldLock = readFileSync(join(template, "mcp-tools.lock.json"), "utf8");
  const reference = join(work, "reference");
  cpSync(template, reference, { recursive: true });
  writeProject(reference, "new");
  build(reference);
  newTree = snapshot(reference, "src/generated");
  newLock = readFileSync(join(reference, "mcp-tools.lock.json"), "utf8");
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("kill -9 during a build", () => {
  it("the two builds differ, so the test can tell old from new", () => {
    expect(newLock).not.toBe(oldLock);
    expect([...newTree.keys()].sort()).toEqual([...oldTree.keys()].sort());
  });

  for (let round = 0; round < 6; round++) {
    it(`round ${round + 1}: the project holds the old tree and lock or the new ones`, async () => {
      const dir = join(work, `round-${round}`);
      cpSync(template, dir, { recursive: true });
      writeProject(dir, "new");
      const handlerBefore = readFileSync(join(dir, "src/handlers/tool_0.ts"), "utf8");
      // Spread the kills over the whole build, from parsing to the last rename: the same delays every run.
      await killBuildAndRecover(dir, spread(round, 150, 2500), { tree: newTree, lock: newLock });
      expect(readFileSync(join(dir, "src/handlers/tool_0.ts"), "utf8")).toBe(handlerBefore);
    }, 60_000);
  }
});

describe("kill -9 during a build that changes one tool (the journal: few files are renamed into place)", () => {
  let oneTree = new Map<string, string>();
  let oneLock = "";
  const changeOne = (dir: string) => writeFileSync(join(dir, "tools", "t0.json"), tool(0, "one changed"));

  beforeAll(() => {
    const reference = join(work, "reference-one");
    cpSync(template, reference, { recursive: true });
    changeOne(reference);
    build(reference);
    oneTree = snapshot(reference, "src/generated");
    oneLock = readFileSync(join(reference, "mcp-tools.lock.json"), "utf8");
  }, 120_000);

  it("the change rewrites a few files only", () => {
    const changed = [...oneTree.keys()].filter((path) => oneTree.get(path) !== oldTree.get(path));
    expect(changed.length).toBeGreaterThan(1);
    expect(changed.length).toBeLessThan(20);
  });

  for (let round = 0; round < 6; round++) {
    it(`round ${round + 1}: the project holds the old tree and lock or the new ones`, async () => {
      const dir = join(work, `one-${round}`);
      cpSync(template, dir, { recursive: true });
      changeOne(dir);
      // A build of one changed tool takes a fraction of a full one: kill early and often.
      await killBuildAndRecover(dir, spread(round, 80, 900), { tree: oneTree, lock: oneLock });
    }, 60_000);
  }
});

/** The delay of round `round` of 6: the middles of six equal parts of `from` to `from + span` ms. */
function spread(round: number, from: number, span: number): number {
  return from + Math.floor(((round + 0.5) / 6) * span);
}

/**
 * Starts a build in `dir`, kills it with SIGKILL after `delay` ms, recovers, and expects the old
 * tree and lock or `next`, no leftovers, and that a build after it writes exactly `next`.
 */
async function killBuildAndRecover(dir: string, delay: number, next: { tree: ReadonlyMap<string, string>; lock: string }): Promise<void> {
  const child = spawn(process.execPath, [BIN, "build", "--cwd", dir], { stdio: "ignore" });
  const exited = new Promise((r) => child.once("exit", r));
  await new Promise((r) => setTimeout(r, delay));
  child.kill("SIGKILL");
  await exited;

  await recoverInterruptedBuild(dir, "src/generated", "mcp-tools.lock.json", ["src/handlers", "test/tools"]);
  const tree = snapshot(dir, "src/generated");
  const lock = readFileSync(join(dir, "mcp-tools.lock.json"), "utf8");
  const isOld = lock === oldLock && sameTree(tree, oldTree);
  const isNew = lock === next.lock && sameTree(tree, next.tree);
  expect(isOld || isNew, `killed after ${delay} ms: tree and lock are neither the old nor the new build`).toBe(true);
  const leftovers = [...snapshot(dir, ".").keys()].filter((p) => LEFTOVER.test(p));
  expect(leftovers).toEqual([]);

  // And the next build completes the job.
  build(dir);
  expect(sameTree(snapshot(dir, "src/generated"), next.tree)).toBe(true);
  expect(readFileSync(join(dir, "mcp-tools.lock.json"), "utf8")).toBe(next.lock);
}

/** What a killed build may leave and recovery must remove: swap folders, the journal, temporary files and staging folders. */
const LEFTOVER = /\.mcp-gen-(new|old|journal)|\.mcp-gen-\d+-[0-9a-f]+\.tmp(\/|$)/;

describe("kill -9 during a first build (scaffold folders are staged whole, then renamed into place)", () => {
  let fresh = "";
  let firstFiles = new Map<string, string>();

  beforeAll(() => {
    fresh = join(work, "fresh");
    mkdirSync(join(fresh, "tools"), { recursive: true });
    writeProject(fresh, "old");
    const reference = join(work, "reference-fresh");
    cpSync(fresh, reference, { recursive: true });
    build(reference);
    firstFiles = snapshot(reference, ".");
  }, 120_000);

  it("a first build creates each scaffold folder whole, nothing left beside it", () => {
    const scaffolds = [...firstFiles.keys()].filter((path) => /^(src\/handlers|test\/tools)\//.test(path));
    expect(scaffolds).toHaveLength(2 * TOOLS);
    expect([...firstFiles.keys()].filter((p) => LEFTOVER.test(p))).toEqual([]);
  });

  for (let round = 0; round < 4; round++) {
    it(`round ${round + 1}: recovery leaves no staging folder, every scaffold there is whole, the next build completes`, async () => {
      const dir = join(work, `fresh-${round}`);
      cpSync(fresh, dir, { recursive: true });
      const child = spawn(process.execPath, [BIN, "build", "--cwd", dir], { stdio: "ignore" });
      const exited = new Promise((r) => child.once("exit", r));
      await new Promise((r) => setTimeout(r, spread(round, 300, 2400)));
      child.kill("SIGKILL");
      await exited;
      await recoverInterruptedBuild(dir, "src/generated", "mcp-tools.lock.json", ["src/handlers", "test/tools"]);
      const after = snapshot(dir, ".");
      expect([...after.keys()].filter((p) => LEFTOVER.test(p))).toEqual([]);
      for (const [path, text] of after) if (/^(src\/handlers|test\/tools)\//.test(path)) expect(text, path).toBe(firstFiles.get(path));
      build(dir);
      const rebuilt = snapshot(dir, ".");
      expect([...rebuilt.keys()].filter((path) => !path.startsWith("node_modules/")).sort()).toEqual([...firstFiles.keys()].filter((path) => !path.startsWith("node_modules/")).sort());
      for (const [path, text] of firstFiles) if (!path.startsWith("node_modules/")) expect(rebuilt.get(path), path).toBe(text);
    }, 60_000);
  }
});

function sameTree(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, text] of a) if (b.get(path) !== text) return false;
  return true;
}

describe("two builds at once", () => {
  it("the second is refused while the first holds the project lock, and the first completes", async () => {
    const dir = join(work, "concurrent");
    cpSync(template, dir, { recursive: true });
    writeProject(dir, "new");
    const first = spawn(process.execPath, [BIN, "build", "--cwd", dir], { stdio: "ignore" });
    const firstExit = new Promise<number | null>((r) => first.once("exit", r));
    // Wait until the first build holds the lock.
    for (let i = 0; i < 100 && !existsSync(join(dir, ".mcp-gen.pid")); i++) await new Promise((r) => setTimeout(r, 20));
    let second: { status: number; stdout: string } = { status: 0, stdout: "" };
    try {
      execFileSync(process.execPath, [BIN, "build", "--cwd", dir], { stdio: "pipe" });
    } catch (e) {
      const error = e as { status: number; stdout: Buffer };
      second = { status: error.status, stdout: String(error.stdout) };
    }
    expect(await firstExit).toBe(0);
    expect(second.status).toBe(1);
    expect(second.stdout).toContain("build-in-progress");
    expect(existsSync(join(dir, ".mcp-gen.pid"))).toBe(false);
    expect(readFileSync(join(dir, "mcp-tools.lock.json"), "utf8")).toBe(newLock);
  }, 60_000);
});
