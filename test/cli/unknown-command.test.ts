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

  it("shows what an escape sequence, a C1 control or a bidi override in the name or an argument would do to the terminal", async () => {
    const root = tempProject({});
    const escapes = "\u001b]0;owned\u0007\u009b2J\u202eb\u2028c";
    const shown = "<U+001B>]0;owned<U+0007><U+009B>2J<U+202E>b<U+2028>c";
    const unknown = await runInProcess(root, [`x${escapes}`]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`mcp-gen: unknown command "x${shown}".\nRun "mcp-gen --help" for the list of commands.\n`);
    const option = await runInProcess(root, [`--x${escapes}`, "check"]);
    expect(option.stderr).toBe(`mcp-gen: "--x${shown}" is an option, and the command comes first: mcp-gen check --x${shown} ...\nRun "mcp-gen --help" for the list of commands.\n`);
    // A usage error of a command quotes the argument it refuses (here with JSON.stringify, which
    // leaves C1 controls, bidi overrides and U+2028 as they are): the message is shown as well.
    const usage = await runInProcess(root, ["proxy", "--listen", `x${escapes}`, "--", "node", "server.js"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(shown.replace("<U+001B>", "\\u001b").replace("<U+0007>", "\\u0007"));
    for (const run of [unknown, option, usage]) expect(run.stderr).not.toMatch(/[\u001b\u0007\u0080-\u009f\u202e\u2028]/);
  });
});
