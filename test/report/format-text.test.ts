// formatText names a finding's file as it is on disk, but never prints its control characters: a
// file named with a line break (or an escape sequence) printed a line of its own in a CI log, which
// GitHub reads as a workflow command ("::error ...") and a terminal as a screen edit. The same holds
// for a message, a hint and a related location's phrase, which may quote another file's name.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { formatText } from "../../src/report/format-text.js";
import { toolNameSyntax } from "../../src/validate/rules/tool-name-syntax.js";
import { toolNameUnique } from "../../src/validate/rules/tool-name-unique.js";
import { analyzeTexts } from "../support/project-from-tools.js";

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

describe("formatText and the text of a finding", () => {
  it("shows a line break or an escape in another descriptor's file name quoted by a message (tool-name-unique) as <U+...>", () => {
    const other = "tools/b\n::error file=README.md::pwned\u001b[2J.json";
    const tool = '{ "name": "dup", "inputSchema": { "type": "object" } }\n';
    const { analysis, sources } = analyzeTexts(
      new Map([
        ["tools/a.json", tool],
        [other, tool],
      ]),
      [toolNameUnique],
    );
    const text = formatText(analysis.diagnostics, { sources, color: false });
    expect(analysis.diagnostics.map((d) => d.ruleId)).toEqual(["tool-name-unique", "tool-name-unique"]);
    expect(text).toContain('tools/a.json:1:11 error tool-name-unique Tool name "dup" is also used by tools/b<U+000A>::error file=README.md::pwned<U+001B>[2J.json.');
    expect(text).not.toMatch(/^::error/m);
    expect(text).not.toContain("\u001b");
  });

  it("shows them in a message, a hint and a related location's phrase, and leaves every other character as it is", () => {
    const d: Diagnostic = {
      ...finding("tools/a.yaml"),
      message: 'Quoted: a\r\n::warning::x\u2028y\u001b]0;title\u0007 é 名 "q".',
      hint: "Write\tit\nonce.",
      related: [{ file: "tools/a.yaml", line: 2, column: 1, message: "also\nhere" }],
    };
    expect(formatText([d], { sources: new Map(), color: true }).split("\n")).toEqual([
      '\u001b[1mtools/a.yaml:1:7\u001b[0m \u001b[33mwarning\u001b[0m \u001b[90mtool-name-syntax\u001b[0m Quoted: a<U+000D><U+000A>::warning::x<U+2028>y<U+001B>]0;title<U+0007> é 名 "q".',
      "  \u001b[36mhint:\u001b[0m Write<U+0009>it<U+000A>once.",
      "",
      "  \u001b[36mrelated:\u001b[0m tools/a.yaml:2:1 also<U+000A>here",
      "",
      "1 problem (0 errors, 1 warning)",
      "",
    ]);
  });
});

describe("formatText's code frame", () => {
  it("shows what visibleText shows, U+2028 and zero-width characters included, with the caret under its character", () => {
    const tool = '{\n  "title": "Weather\u00ad\ufe0f\u200d", "name": "get weather",\n  "description": "Hi\u2028::error::forged\u2029.",\n  "inputSchema": { "type": "object" }\n}\n';
    const { analysis, sources } = analyzeTexts(new Map([["tools/a.json", tool]]), [toolNameSyntax]);
    const frame = formatText(analysis.diagnostics, { sources, color: false }).split("\n").slice(3, 7);
    expect(frame).toEqual([
      "  1 | {",
      '> 2 |   "title": "Weather<U+00AD><U+FE0F><U+200D>", "name": "get weather",',
      "    |                                                       ^^^^^^^^^^^^^",
      '  3 |   "description": "Hi<U+2028>::error::forged<U+2029>.",',
    ]);
    expect(frame[2]!.indexOf("^")).toBe(frame[1]!.indexOf('"get weather"'));
  });

  it("expands a tab to the next stop of four columns in the line and under it, so the caret is under the token after it and as wide as a span holding one", () => {
    const yaml = "name:\tg\tweather\ninputSchema:\n  type: object\n";
    const json = '{\n\t"name":\t"get weather",\n\t"inputSchema": { "type": "object" }\n}\n';
    const { analysis, sources } = analyzeTexts(
      new Map([
        ["tools/a.yaml", yaml],
        ["tools/b.json", json],
      ]),
      [toolNameSyntax],
    );
    const text = formatText(analysis.diagnostics, { sources, color: false });
    expect(text).not.toContain("\t");
    const frames = text.split("\n\n").filter((block) => block.startsWith("  ") || block.startsWith(">"));
    expect(frames).toEqual([
      ["> 1 | name:   g   weather", "    |         ^^^^^^^^^^^", "  2 | inputSchema:"].join("\n"),
      ["  1 | {", '> 2 |     "name": "get weather",', "    |             ^^^^^^^^^^^^^", '  3 |     "inputSchema": { "type": "object" }'].join("\n"),
    ]);
  });

  it("cuts a line of more than 200 characters before an emoji the cut would split, never showing half of it", () => {
    const line = `x: "${"a".repeat(194)}😀 and more"`;
    const d: Diagnostic = { ...finding("tools/a.yaml"), column: 1, endColumn: 2, related: [] };
    const frame = formatText([d], { sources: new Map([["tools/a.yaml", `${line}\n`]]), color: false })
      .split("\n")
      .slice(3, 5);
    expect(frame).toEqual([`> 1 | x: "${"a".repeat(194)}…`, "    | ^"]);
  });

  it("puts the caret in display columns: a CJK character and an emoji take two, an accent over its letter none", () => {
    const tool = '{\n  "title": "天気予報 😀 cafe\u0301", "name": "get weather",\n  "inputSchema": { "type": "object" }\n}\n';
    const { analysis, sources } = analyzeTexts(new Map([["tools/a.json", tool]]), [toolNameSyntax]);
    const frame = formatText(analysis.diagnostics, { sources, color: false }).split("\n").slice(4, 6);
    expect(frame).toEqual(['> 2 |   "title": "天気予報 😀 cafe\u0301", "name": "get weather",', `    | ${" ".repeat(39)}${"^".repeat(13)}`]);
  });

  it("counts a tab's stop in display columns, after a CJK character too", () => {
    const d: Diagnostic = { ...finding("tools/a.yaml"), column: 3, endColumn: 4, related: [] };
    const frame = formatText([d], { sources: new Map([["tools/a.yaml", "名\tx: 1\n"]]), color: false })
      .split("\n")
      .slice(3, 5);
    expect(frame).toEqual(["> 1 | 名  x: 1", "    |     ^"]);
  });

  it("marks all of an emoji under an empty span at it, not its first half", () => {
    const d: Diagnostic = { ...finding("tools/a.yaml"), column: 4, endColumn: 4, related: [] };
    const frame = formatText([d], { sources: new Map([["tools/a.yaml", "a: 😀b\n"]]), color: false })
      .split("\n")
      .slice(3, 5);
    expect(frame).toEqual(["> 1 | a: 😀b", "    |    ^^"]);
  });
});
