// formatText names a finding's file as it is on disk, but never prints its control characters: a
// file named with a line break (or an escape sequence) printed a line of its own in a CI log, which
// GitHub reads as a workflow command ("::error ...") and a terminal as a screen edit.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { formatText } from "../../src/report/format-text.js";

const FILE = "tools/a\n::error file=README.md::pwned\u001b[2J\tb.yaml";

function finding(file: string): Diagnostic {
  return {
    ruleId: "tool-name-syntax",
    severity: "warning",
    message: "Tool name is odd.",
    hint: "Rename it.",
    file,
    line: 1,
    column: 7,
    endLine: 1,
    endColumn: 9,
    pointer: "/name",
    related: [{ file, line: 2, column: 1, message: "also here" }],
  };
}

describe("formatText and file names", () => {
  it("shows a line break, a tab and an escape in a file name as <U+...>, on the finding's own line", () => {
    const text = formatText([finding(FILE)], { sources: new Map(), color: false });
    expect(text.split("\n")[0]).toBe("tools/a<U+000A>::error file=README.md::pwned<U+001B>[2J<U+0009>b.yaml:1:7 warning tool-name-syntax Tool name is odd.");
    expect(text).not.toMatch(/^::error/m);
    expect(text).not.toContain("\u001b");
    expect(text).toContain("related: tools/a<U+000A>::error");
  });

  it("prints an ordinary name as it is", () => {
    expect(formatText([finding("tools/get weather.yaml")], { sources: new Map(), color: false }).split("\n")[0]).toBe("tools/get weather.yaml:1:7 warning tool-name-syntax Tool name is odd.");
  });
});
