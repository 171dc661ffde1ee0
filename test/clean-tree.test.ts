// .ci/run fails when the tests changed the working tree (issue 23.2): scripts/clean-tree.mjs, run
// after `npm test`, passes on a clean checkout and fails, naming each change, on a modified or deleted
// tracked file or a new file that .gitignore does not cover. Checked against throwaway git repositories.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/spec-paths.js";
import { tempProject } from "./support/temp-project.js";

const SCRIPT = join(REPO_ROOT, "scripts", "clean-tree.mjs");
/** git without the machine's or the user's configuration. */
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
};

function git(cwd: string, ...args: string[]): void {
  const run = spawnSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

/** A committed repository: a tracked file, and a .gitignore that covers ignored/. */
function checkout(): string {
  const root = tempProject({ "tracked.txt": "as committed\n", ".gitignore": "ignored/\n", "src/kept.ts": "export {};\n" });
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "checkout");
  return root;
}

function cleanTree(cwd: string) {
  const run = spawnSync(process.execPath, [SCRIPT], { cwd, env: GIT_ENV, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("scripts/clean-tree.mjs", () => {
  it("passes on the tree as checked out, and with files only in git-ignored folders", () => {
    const root = checkout();
    expect(cleanTree(root)).toMatchObject({ code: 0, stdout: "clean-tree: the working tree is clean.\n" });
    writeIn(root, "ignored/counterexample.json");
    expect(cleanTree(root).code).toBe(0);
  });

  it("fails on a modified tracked file, and prints it with the diff's summary", () => {
    const root = checkout();
    writeFileSync(join(root, "tracked.txt"), "rewritten by a test\n");
    const run = cleanTree(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(" M tracked.txt");
    expect(run.stderr).toContain("1 file changed");
    expect(run.stderr).toContain("A test must not write into the repository");
  });

  it("fails on a deleted tracked file and on a new file .gitignore does not cover, listing each", () => {
    const root = checkout();
    rmSync(join(root, "src/kept.ts"));
    writeIn(root, "test/fixtures/new-counterexample.json");
    const run = cleanTree(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(" D src/kept.ts");
    expect(run.stderr).toContain("?? test/fixtures/new-counterexample.json");
  });

  it("says so and passes outside a git work tree", () => {
    const run = cleanTree(tempProject({ "a.txt": "a" }));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/is not in a git work tree/);
  });

  it("is what .ci/run runs after the tests", () => {
    const steps = readFileSync(join(REPO_ROOT, ".ci", "run"), "utf8")
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#"));
    expect(steps.slice(-2)).toEqual(["npm test", "node scripts/clean-tree.mjs"]);
  });
});

/** Writes a new file at `path` in the repository `root`, as a test that writes into the tree would. */
function writeIn(root: string, path: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), "{}\n");
}
