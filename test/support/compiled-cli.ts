// The CLI compiled from the sources under test into a folder of the test's own (never into the
// repository's dist/, which may be stale or rebuilt by another run), laid out as the installed
// package: dist/ beside templates/, schemas/ and packages/runtime/src/. For tests that must run the
// command in a child process: one that could hang in a synchronous read, or be killed.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./spec-paths.js";

/**
 * Compiles the CLI into `folder` (which must exist) and returns the script that runs it, as
 * bin/mcp-gen.js does: `node <script> <command> ...`.
 * @example const cli = compileCli(mkdtempSync(join(tmpdir(), "mcp-gen-cli-")))
 */
export function compileCli(folder: string): string {
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(folder, "dist")], { stdio: "pipe" });
  for (const name of ["templates", "schemas", "node_modules", "package.json"]) symlinkSync(join(REPO_ROOT, name), join(folder, name));
  mkdirSync(join(folder, "packages", "runtime"), { recursive: true });
  symlinkSync(join(REPO_ROOT, "packages", "runtime", "src"), join(folder, "packages", "runtime", "src"));
  const script = join(folder, "cli.mjs");
  writeFileSync(script, 'import { runCli } from "./dist/cli/main.js";\nprocess.exitCode = await runCli(process.argv.slice(2));\n');
  return script;
}
