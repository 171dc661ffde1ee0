// A first argument that names no command: exit 2 with the command it most likely meant (`biuld` →
// build), or, for an option given before the command, where the command goes; never an internal
// error, whatever the name (`toString` and `__proto__` are no commands, though every object has them).
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

describe("an unknown command", () => {
  it("gets the command it most likely meant", async () => {
    const root = tempProject({});
    for (const [typed, meant] of [
      ["biuld", "build"],
      ["chekc", "check"],
      ["verfy", "verify"],
      ["imprt", "import"],
      ["Validate", "validate"],
    ]) {
      const run = await runInProcess(root, [typed!, "--cwd", "."]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`mcp-gen: unknown command "${typed}". Did you mean "${meant}"?\nRun "mcp-gen --help" for the list of commands.\n`);
    }
  });

  it("gets no guess when nothing is close, and never an internal error", async () => {
    const root = tempProject({});
    for (const typed of ["deploy", "toString", "__proto__", "constructor", "hasOwnProperty"]) {
      const run = await runInProcess(root, [typed]);
      expect(run.code, typed).toBe(2);
      expect(run.stderr, typed).toBe(`mcp-gen: unknown command "${typed}".\nRun "mcp-gen --help" for the list of commands.\n`);
    }
  });

  it("that is an option says the command comes first", async () => {
    const run = await runInProcess(tempProject({}), ["--cwd", "packages/a", "check"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mcp-gen: "--cwd" is an option, and the command comes first: mcp-gen check --cwd ...\nRun "mcp-gen --help" for the list of commands.\n');
  });
});
