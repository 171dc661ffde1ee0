// visibleLine: every name, message and diff line a command prints that came from a descriptor, a
// lock or a server goes through it. A GitHub job's runner reads a printed line as a workflow command
// when, after leading spaces, it starts with `::` or `##[`; an unchanged line of a description diff
// is printed indented, so its own text would start such a line.
import { describe, expect, it } from "vitest";
import { visibleLine, visibleText } from "../../src/diff/visible-text.js";
import { formatText } from "../../src/report/format-text.js";

describe("visibleLine", () => {
  it.each([
    ["a\n::error::b\tc", "a<U+000A>::error::b<U+0009>c"],
    ["::error file=x::pwned", "<U+003A>:error file=x::pwned"],
    ["    ::warning::x", "    <U+003A>:warning::x"],
    ["##[error]x", "<U+0023>#[error]x"],
    ["  ##[group]x", "  <U+0023>#[group]x"],
    ["see ::error:: later", "see ::error:: later"],
    [":a:", ":a:"],
    ["#[x]", "#[x]"],
  ])("shows %j as %j", (text, shown) => {
    expect(visibleLine(text)).toBe(shown);
  });

  it("leaves visibleText's own output alone where no line starts", () => {
    expect(visibleText("::error::x")).toBe("::error::x");
  });
});

describe("visibleText", () => {
  it("keeps LF and tab, and shows U+2028 and U+2029, which a renderer may break a line at", () => {
    expect(visibleText("a\nb\tc\u2028d\u2029e\r")).toBe("a\nb\tc<U+2028>d<U+2029>e<U+000D>");
  });
});

describe("a description diff in text output", () => {
  it("starts no printed line with a workflow command, changed or unchanged", () => {
    const before = "Lists files.\n::error file=README.md::pwned\n##[warning]also\nend";
    const after = "Lists all files.\n::error file=README.md::pwned\n##[warning]also\nend";
    const out = formatText(
      [
        {
          ruleId: "description-changed",
          severity: "warning",
          message: "The description changed.",
          file: "tools/a.yaml",
          line: 1,
          column: 1,
          textChanges: [{ label: "description", before, after }],
        } as never,
      ],
      { sources: new Map(), color: false },
    );
    expect(out).toContain("pwned");
    for (const line of out.split("\n")) expect(line.trimStart()).not.toMatch(/^(?:::|##\[)/);
  });
});
