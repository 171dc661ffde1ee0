// wrap's self-check on line ends (src/wrap/plan-wrap.ts): a rewrite whose lines end as the original's
// do passes; one that leaves a bare CR, or mixes LF into a CRLF file (or CRLF into an LF file), is a
// bug in mcp-gen and stops wrap before anything is written. The parsers the rewrite is read back with
// accept a bare CR, which is how a CRLF Codex config once came out of wrap as TOML Codex rejects.
import { describe, expect, it } from "vitest";
import { checkLineEnds } from "../../src/wrap/plan-wrap.js";

describe("checkLineEnds", () => {
  it.each([
    ["CRLF kept", "[a]\r\nurl = 1\r\n", "[a]\r\ncommand = 1\r\nargs = 2\r\n"],
    ["LF kept", "[a]\nurl = 1\n", "[a]\ncommand = 1\nargs = 2\n"],
    ["a file that mixed them already", "[a]\r\nurl = 1\n", "[a]\ncommand = 1\r\nargs = 2\n"],
    ["one line, no line end", '{ "mcpServers": {} }', '{ "mcpServers": { "a": {} } }'],
  ])("lets a rewrite through: %s", (_, before, after) => {
    expect(() => checkLineEnds(before, after)).not.toThrow();
  });

  it.each([
    ["a bare CR left where a line was removed", "[a]\r\nurl = 1\r\nh = 2\r\n", "[a]\r\nargs = 2\r\r\n", '"\\r"'],
    ["LF lines added to a CRLF file", "[a]\r\nurl = 1\r\n", "[a]\r\ncommand = 1\nargs = 2\r\n", '"\\n"'],
    ["CRLF lines added to an LF file", "[a]\nurl = 1\n", "[a]\ncommand = 1\r\nargs = 2\n", '"\\r\\n"'],
  ])("stops %s as a bug in mcp-gen", (_, before, after, named) => {
    expect(() => checkLineEnds(before, after)).toThrow(`Wrapping added ${named} line ends the config did not have; this is a bug in mcp-gen.`);
  });
});
