// A config path where there is something other than a regular file (a folder, a symbolic link to
// nothing, a named pipe) is a config-invalid error (exit 2) that says what is there. Before, each was
// taken for "no config" and the build ran with every default (exit 0), writing the default out folder;
// and `--config tools` (a folder) said "does not exist".
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findConfigFolder } from "../../src/cli/project-root.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: echo\ndescription: Echo the text back.\ninputSchema:\n  type: object\n  additionalProperties: false\n";

/** The diagnostics of a run that must be refused with exit 2, having written nothing. */
async function refused(root: string, argv: readonly string[]): Promise<{ ruleId: string; file: string; message: string; hint: string }[]> {
  const run = await runInProcess(root, [...argv, "--format", "json"]);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(existsSync(join(root, "src/generated")), "the default out folder").toBe(false);
  expect(existsSync(join(root, "mcp-tools.lock.json")), "the default lock").toBe(false);
  return (JSON.parse(run.stdout) as { diagnostics: { ruleId: string; file: string; message: string; hint: string }[] }).diagnostics;
}

const MAKERS: readonly [string, (path: string) => void, string][] = [
  ["a folder", (path) => mkdirSync(path), "is a folder, not a file"],
  ["a dangling symbolic link", (path) => symlinkSync("missing/mcp-gen.config.yaml", path), "is a symbolic link to nothing (its target does not exist), not a file"],
  ["a symbolic link to a folder", (path) => symlinkSync("tools", path), "is a symbolic link to a folder, not a file"],
  ["a named pipe", (path) => execFileSync("mkfifo", [path]), "is a named pipe (FIFO), not a file"],
];

describe("a config that is not a file", () => {
  for (const [what, make, words] of MAKERS) {
    it(`mcp-gen.config.yaml as ${what}: build, check and validate exit 2 with config-invalid, nothing written`, async () => {
      for (const command of ["build", "check", "validate"]) {
        const root = tempProject({ "tools/echo.yaml": TOOL });
        make(join(root, "mcp-gen.config.yaml"));
        const diagnostics = await refused(root, [command]);
        expect(diagnostics.map((d) => [d.ruleId, d.file])).toEqual([["config-invalid", "mcp-gen.config.yaml"]]);
        expect(diagnostics[0]!.message).toContain(`The config mcp-gen.config.yaml ${words}`);
      }
    });
  }

  it("--config naming a folder says it is a folder, not that it does not exist (a usage error, before anything is read)", async () => {
    const root = tempProject({ "tools/echo.yaml": TOOL });
    const run = await runInProcess(root, ["build", "--config", "tools"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--config: ${JSON.stringify(join(root, "tools"))} is a folder, not a file.`);
    expect(existsSync(join(root, "src/generated"))).toBe(false);
  });

  it("marks its folder as the project root, as a config file does: a config above is not taken instead", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": "out: lib/generated\n", "pkg/tools/echo.yaml": TOOL });
    symlinkSync("../missing/mcp-gen.config.yaml", join(root, "pkg/mcp-gen.config.yaml"));
    expect(findConfigFolder(join(root, "pkg"))).toBe(join(root, "pkg"));
    const diagnostics = await refused(join(root, "pkg"), ["build"]);
    expect(diagnostics[0]!.message).toContain("is a symbolic link to nothing");
    expect(existsSync(join(root, "lib"))).toBe(false);
  });
});
