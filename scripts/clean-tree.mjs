// The last step of .ci/run: the tests left the working tree as they found it. Exits 1, listing
// every change, when `git status --porcelain` reports anything in the work tree at the folder given
// (default: the current one): a tracked file modified or deleted, or a new file that .gitignore does
// not cover. A test writes only into temporary folders (test/support/temp-project.ts) or git-ignored
// ones; see docs/testing.md. Outside a git work tree there is nothing to compare, and it says so.
import { spawnSync } from "node:child_process";

const cwd = process.argv[2] ?? process.cwd();
const git = (args) => spawnSync("git", args, { cwd, encoding: "utf8" });

const inside = git(["rev-parse", "--is-inside-work-tree"]);
if (inside.error) {
  console.error(`clean-tree: cannot run git (${inside.error.message}); it is needed to check that the tests left the tree clean.`);
  process.exit(2);
}
if (inside.status !== 0 || inside.stdout.trim() !== "true") {
  console.log(`clean-tree: ${cwd} is not in a git work tree; there is no checkout to compare with.`);
  process.exit(0);
}
const status = git(["status", "--porcelain", "--untracked-files=all"]);
if (status.status !== 0) {
  console.error(`clean-tree: git status failed: ${status.stderr.trim()}`);
  process.exit(2);
}
if (status.stdout === "") {
  console.log("clean-tree: the working tree is clean.");
  process.exit(0);
}
console.error("clean-tree: the working tree changed (git status --porcelain):");
console.error(status.stdout.trimEnd());
const diff = git(["--no-pager", "diff", "--stat"]);
if (diff.stdout !== "") console.error(diff.stdout.trimEnd());
console.error("A test must not write into the repository: write into a temporary folder (test/support/temp-project.ts), or into a git-ignored one when asked (docs/testing.md).");
process.exit(1);
