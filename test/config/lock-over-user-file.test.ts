// A lock path that names a file of the user's is config-invalid with exit 2, at the `lock` key: the
// config file itself, a file a `tools` glob reads as a descriptor, a file in handlers or tests. Every
// build writes the lock, and before it replaced such a file with the lock's JSON (exit 0, with only a
// lock-invalid warning that the lock "cannot be read").
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: echo\ndescription: Echo the text back.\ninputSchema:\n  type: object\n  additionalProperties: false\n";
const FILES = { "tools/echo.yaml": TOOL, "src/handlers/echo.ts": "// my handler\n", "test/tools/echo.test.ts": "// my test\n" };

interface Found {
  readonly ruleId: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string;
}

/** The diagnostics of `command` refused with exit 2, checking that no file of the project changed. */
async function refused(files: Readonly<Record<string, string>>, argv: readonly string[]): Promise<Found[]> {
  const root = tempProject(files);
  const run = await runInProcess(root, [...argv, "--format", "json"]);
  expect(run.code, run.stdout).toBe(2);
  for (const [path, text] of Object.entries(files)) expect(readFileSync(join(root, path), "utf8"), path).toBe(text);
  expect(existsSync(join(root, "src/generated"))).toBe(false);
  return (JSON.parse(run.stdout) as { diagnostics: Found[] }).diagnostics;
}

describe("a lock path that names a file of the user's", () => {
  it.each([
    ["the config file", "mcp-gen.config.yaml", "is this config file"],
    ["a descriptor", "tools/echo.yaml", 'is a file tools[0] ("tools/**/*.{yaml,yml,json}") reads as a descriptor'],
    ["a file the tools glob would read, not there yet", "tools/pins.json", 'is a file tools[0] ("tools/**/*.{yaml,yml,json}") reads as a descriptor'],
    ["a handler stub", "src/handlers/echo.ts", 'lies in handlers ("src/handlers"), whose files are yours'],
    ["a test scaffold", "test/tools/echo.test.ts", 'lies in tests ("test/tools"), whose files are yours'],
  ])("%s (%s): build, check and validate exit 2 with config-invalid at the lock key", async (_, lock, what) => {
    for (const command of ["build", "check", "validate"]) {
      const config = `server:\n  name: echo\nlock: ${lock}\n`;
      const diagnostics = await refused({ ...FILES, "mcp-gen.config.yaml": config }, [command]);
      expect(diagnostics).toEqual([
        expect.objectContaining({
          ruleId: "config-invalid",
          file: "mcp-gen.config.yaml",
          line: 3,
          column: 1,
          message: `lock (${JSON.stringify(lock)}) ${what}; every build writes the lock there, which would replace that file.`,
          hint: 'Give the lock a path of its own, such as "mcp-tools.lock.json".',
        }),
      ]);
    }
  });

  it("the config given with --config, under any name", async () => {
    const diagnostics = await refused({ ...FILES, "mcp.yaml": "lock: mcp.yaml\n" }, ["build", "--config", "mcp.yaml"]);
    expect(diagnostics.map((d) => [d.file, d.message])).toEqual([["mcp.yaml", 'lock ("mcp.yaml") is this config file; every build writes the lock there, which would replace that file.']]);
  });

  it.each([
    ["a lock name the descriptor search never reads", "tools/mcp-tools.lock.json"],
    ["a name no tools glob matches", "locks/pins.json"],
  ])("%s (%s) is fine", async (_, lock) => {
    const root = tempProject({ ...FILES, "mcp-gen.config.yaml": `lock: ${lock}\n` });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(readFileSync(join(root, lock), "utf8"))).toHaveProperty("lockfileVersion", 1);
  });
});
