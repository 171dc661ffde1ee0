// out, handlers, tests and lock inside .git or node_modules (any letter case, at any depth) are
// config-invalid with exit 2: a build wrote its generated tree into .git, among git's own files, or
// into node_modules, which the next install empties. Other folders are fine.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: greet\ndescription: Greets.\ninputSchema:\n  type: object\n  additionalProperties: false\n";

describe("output folders that another tool owns", () => {
  it.each([
    ["out", ".git", "git keeps its own data in"],
    ["out", "node_modules", "the package manager empties"],
    ["out", "src/node_modules/generated", "the package manager empties"],
    ["out", ".GIT/generated", "git keeps its own data in"],
    ["handlers", ".git/hooks", "git keeps its own data in"],
    ["tests", "Node_Modules/tests", "the package manager empties"],
    ["lock", "node_modules/mcp-tools.lock.json", "the package manager empties"],
  ])("%s: %s is refused by build, check and validate, and nothing is written", async (key, path, why) => {
    for (const command of ["build", "check", "validate"]) {
      const root = tempProject({ "mcp-gen.config.yaml": `${key}: ${JSON.stringify(path)}\n`, "tools/greet.yaml": TOOL });
      const run = await runInProcess(root, [command, "--format", "json"]);
      expect(run.code, run.stdout).toBe(2);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; message: string }[] };
      expect(diagnostics.map((d) => d.ruleId)).toEqual(["config-invalid"]);
      expect(diagnostics[0]!.message).toContain(`${key} (${JSON.stringify(path)}) lies inside`);
      expect(diagnostics[0]!.message).toContain(why);
      expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
    }
  });

  it.each(["src/gen.git", "src/node_modules_generated", "git/generated"])("out: %s is a folder of the project's own", async (out) => {
    const root = tempProject({ "mcp-gen.config.yaml": `out: ${JSON.stringify(out)}\n`, "tools/greet.yaml": TOOL });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout).toBe(0);
    expect(existsSync(join(root, out, "server.ts"))).toBe(true);
  });
});
