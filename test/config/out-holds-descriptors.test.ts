// out is rewritten by every build and skipped by the descriptor search: a config whose out is (or
// holds) the folder a `tools` glob looks in is config-invalid with exit 2, like out overlapping
// handlers, tests or the lock. Before, `out: tools` found no descriptor and exited 0 with a warning.
// So is out inside such a folder where the glob can match files (`out: tools/gen`): the search skips
// out, so a descriptor there was dropped, and `check` then said to delete it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: greet\ndescription: Greets.\ninputSchema:\n  type: object\n";

/** The [ruleId, message] pairs of a run refused with exit 2. */
async function refusal(config: string, argv: readonly string[]): Promise<[string, string][]> {
  const root = tempProject({ "mcp-gen.config.yaml": config, "tools/greet.yaml": TOOL, "tools/sub/wave.yaml": TOOL.replace("greet", "wave") });
  const run = await runInProcess(root, [...argv, "--format", "json"]);
  expect(run.code, run.stdout).toBe(2);
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; message: string }[] };
  return diagnostics.map((d) => [d.ruleId, d.message]);
}

describe("out that holds the descriptors", () => {
  for (const argv of [["build"], ["check"], ["validate"]]) {
    it(`out: tools with the default tools glob: ${argv[0]} exits 2 with config-invalid`, async () => {
      expect(await refusal("out: tools\n", argv)).toEqual([
        ["config-invalid", 'out ("tools") holds the descriptors tools[0] ("tools/**/*.{yaml,yml,json}") looks for; a build never reads descriptors from out, which it rewrites.'],
      ]);
    });
  }

  it("a glob below out, among others, is named by its index", async () => {
    expect(await refusal('out: tools\ntools: ["other/*.yaml", "tools/sub/*.yaml"]\n', ["build"])).toEqual([
      ["config-invalid", 'out ("tools") holds the descriptors tools[1] ("tools/sub/*.yaml") looks for; a build never reads descriptors from out, which it rewrites.'],
    ]);
  });

  it("out inside a folder a glob looks in, where it can match files, is refused: a descriptor there was dropped unsaid", async () => {
    // Before, `out: tools/gen` built 1 tool of 2, and `check` then said "Delete it" of tools/gen/shout.yaml.
    const root = tempProject({ "mcp-gen.config.yaml": "out: tools/gen\n", "tools/echo.yaml": TOOL, "tools/gen/shout.yaml": TOOL.replace("greet", "shout") });
    for (const command of ["build", "check", "validate"]) {
      const run = await runInProcess(root, [command, "--format", "json"]);
      expect(run.code, run.stdout).toBe(2);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; message: string; line: number }[] };
      expect(diagnostics.map((d) => [d.ruleId, d.message, d.line])).toEqual([
        ["config-invalid", 'out ("tools/gen") lies in tools/, where tools[0] ("tools/**/*.{yaml,yml,json}") looks for descriptors; a build never reads descriptors from out, which it rewrites.', 1],
      ]);
    }
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
    expect(await refusal('out: tools/a/b/generated\ntools: ["tools/*/*/*/*.yaml"]\n', ["build"])).toEqual([
      ["config-invalid", 'out ("tools/a/b/generated") lies in tools/, where tools[0] ("tools/*/*/*/*.yaml") looks for descriptors; a build never reads descriptors from out, which it rewrites.'],
    ]);
  });

  it.each(["{tools,schemas}/**/*.yaml", "tool[s]/**/*.yaml", "tools*/**/*.yaml"])("out inside a folder that a glob's first segment names by a pattern (%s) is refused too", async (glob) => {
    expect(await refusal(`out: tools/gen\ntools: ["${glob}"]\n`, ["build"])).toEqual([
      ["config-invalid", `out ("tools/gen") lies where tools[0] (${JSON.stringify(glob)}) looks for descriptors; a build never reads descriptors from out, which it rewrites.`],
    ]);
  });

  it.each([
    ["a glob that cannot reach out's depth", 'out: tools/generated\ntools: ["tools/*.yaml"]\n'],
    ["a glob whose folders out is not among", 'out: tools/generated\ntools: ["tools/{a,b}/*.yaml", "tools/*.yaml"]\n'],
    ["a glob over the whole project, which skips out wherever it is", 'tools: ["**/*.yaml"]\n'],
    ["a glob over every folder of the project", 'tools: ["*/**/*.yaml"]\n'],
    ["a glob whose first segment names other folders", 'out: tools/gen\ntools: ["{lib,schemas}/**/*.yaml", "tools/*.yaml"]\n'],
  ])("out is fine beside %s", async (_, config) => {
    const root = tempProject({ "mcp-gen.config.yaml": config, "tools/greet.yaml": TOOL });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/Built 1 tool into (tools|src)\/gen/);
  });
});
