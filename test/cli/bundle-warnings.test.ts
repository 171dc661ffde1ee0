// `npm ci` and an install from a git URL run `prepare`, which bundles tsc's output with rolldown
// (rolldown.config.mjs): it must print no warning. Rolldown warned of dynamic imports that could not
// split anything off (INEFFECTIVE_DYNAMIC_IMPORT: the module was imported statically on the same path
// too, so the lazy import only pretended to defer it). Bundled here as `npm run build` bundles, in a
// folder of this test's own.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-bundle-warnings-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("bundles the package without a warning", () => {
  for (const name of ["schemas", "package.json"]) cpSync(join(REPO_ROOT, name), join(work, name), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(work, "node_modules"));
  execFileSync(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(work, "dist")], { stdio: "pipe" });
  const run = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules/rolldown/bin/cli.mjs"), "-c", join(REPO_ROOT, "rolldown.config.mjs")], {
    cwd: work,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status, output).toBe(0);
  // Rolldown names each warning by its code in brackets, e.g. [INEFFECTIVE_DYNAMIC_IMPORT]. (Under a
  // test runner's NODE_ENV it prints warnings and errors only, so nothing is the expected output.)
  expect(output.split("\n").filter((line) => /\[[A-Z][A-Z_]+\]/.test(line) || /warn/i.test(line))).toEqual([]);
  expect(existsSync(join(work, "dist", "bundle", "main.js"))).toBe(true);
}, 60_000);
