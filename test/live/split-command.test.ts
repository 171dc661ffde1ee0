// splitCommand: --command "CMD ARGS" split as a POSIX shell splits words, with nothing expanded.
import { describe, expect, it } from "vitest";
import { splitCommand } from "../../src/live/split-command.js";

describe("splitCommand", () => {
  it.each<[string, string, string[]]>([
    ["node dist/stdio.js", "node", ["dist/stdio.js"]],
    ["  npx   -y  @scope/server  ", "npx", ["-y", "@scope/server"]],
    [`server --root '/tmp/my dir' --name "a \\"b\\""`, "server", ["--root", "/tmp/my dir", "--name", 'a "b"']],
    [`echo it\\'s a\\ b`, "echo", ["it's", "a b"]],
    [`x '' ""`, "x", ["", ""]],
    [`x "$HOME" ';' '|' *.js`, "x", ["$HOME", ";", "|", "*.js"]],
    [`x "a\\nb" 'c\\d'`, "x", ["a\\nb", "c\\d"]],
  ])("%s", (text, command, args) => {
    expect(splitCommand(text)).toEqual({ ok: true, command, args });
  });

  it.each([
    ["", "--command is empty"],
    ["   ", "--command is empty"],
    [`node "unclosed`, `unclosed " quote`],
    ["node 'unclosed", "unclosed ' quote"],
    ["node trailing\\", "lone backslash"],
  ])("refuses %j", (text, message) => {
    const result = splitCommand(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });
});
