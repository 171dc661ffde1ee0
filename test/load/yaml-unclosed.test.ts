// A {, [ or quote left open in YAML (src/load/yaml-unclosed.ts): the diagnostic names the opener
// where it opened, not the indentation of the line where the yaml package gave up, and no YAML
// diagnostic points past the end of the file.
import { describe, expect, it } from "vitest";
import { parseYamlText } from "../../src/load/parse-yaml.js";
import { computeLineStarts, lineTexts } from "../../src/load/line-index.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { firstUnclosedOpeners } from "../../src/load/yaml-unclosed.js";
import { createRequire } from "node:module";

const yaml = createRequire(import.meta.url)("yaml") as typeof import("yaml");

function load(text: string) {
  return parseYamlText("t.yaml", text, computeLineStarts(text), DEFAULT_LOAD_LIMITS).diagnostics;
}

describe("firstUnclosedOpeners", () => {
  it("finds the first opener left open and the ones inside it, outermost first", () => {
    expect(firstUnclosedOpeners(yaml, "a: { b: [1\n").map((o) => [o.opener, o.offset])).toEqual([
      ["{", 3],
      ["[", 8],
    ]);
    expect(firstUnclosedOpeners(yaml, "a: 'it''s\nb: 1\n").map((o) => [o.opener, o.offset])).toEqual([["'", 3]]);
  });

  it("finds nothing where every opener is closed, on its line or a later one", () => {
    for (const text of ["a: { b: 1,\n  c: [1,\n  2] }\n", 'a: "x\n  y"\n', "a: 'it''s'\n", 'a: "\\""\n', "a: x { y [ z\n", 'a: it"s\n', "[1, 2]\n"]) {
      expect(firstUnclosedOpeners(yaml, text), text).toEqual([]);
    }
  });

  it("does not reach into an opener closed after an unclosed one ends", () => {
    // The [ runs to the less indented line; the [] on it is a sequence of its own, closed.
    expect(firstUnclosedOpeners(yaml, "a:\n  b: [1, 2\nc: []\n").map((o) => o.opener)).toEqual(["["]);
  });
});

describe("YAML with an opener left open", () => {
  it("names the { and where it opened, not the indentation of the next line", () => {
    const [d] = load("a:\n  b: { type: integer, default: 20\n  c:\n    type: string\n");
    expect(d).toMatchObject({ ruleId: "yaml-syntax", line: 2, column: 6, endLine: 2, endColumn: 7 });
    expect(d!.message).toBe("t.yaml is not valid YAML: the { opened at line 2 column 6 is never closed, so the mapping runs on into the lines after it.");
    expect(d!.hint).toBe("Close the { opened at line 2 column 6 with }.");
  });

  it("names the [ when the next line is less indented", () => {
    const [d] = load("a:\n  b:\n    c: [1, 2\n  required: []\n");
    expect(d).toMatchObject({ line: 3, column: 8 });
    expect(d!.hint).toBe("Close the [ opened at line 3 column 8 with ].");
  });

  it("names the quote at its opening, not a line past the end of the file", () => {
    const text = 'name: t\ndescription: "unterminated\ninputSchema:\n  type: object\n  properties:\n    a: { type: string }\n';
    const [d] = load(text);
    expect(d).toMatchObject({ line: 2, column: 14 });
    expect(d!.hint).toBe('Close the " opened at line 2 column 14 with ".');
  });

  it("closes nested openers innermost first", () => {
    const [d] = load("a: { b: [1, 2\nc: 1\n");
    expect(d).toMatchObject({ line: 1, column: 9 });
    expect(d!.hint).toBe("Close the [ opened at line 1 column 9 with ], then the { opened at line 1 column 4 with }.");
  });

  it("keeps the indentation message where the slip comes before any open bracket", () => {
    const [d] = load("a:\n  b: 1\n   c: 2\nd: [1\n");
    expect(d!.message).toContain("this line is indented 3 spaces");
  });

  it("never places a diagnostic past the file's last character, whatever prefix of a file is read", () => {
    const full = 'name: t\ndescription: "A tool."\ninputSchema:\n  type: object\n  properties:\n    a: { type: array, items: [1, "x", \'y\'] }\n';
    for (let cut = 1; cut < full.length; cut++) {
      const text = full.slice(0, cut);
      const lines = lineTexts(text, computeLineStarts(text));
      for (const d of load(text)) {
        const where = `${JSON.stringify(text)} → ${d.line}:${d.column} ${d.message}`;
        expect(d.line, where).toBeLessThanOrEqual(lines.length);
        expect(d.column, where).toBeLessThanOrEqual(Math.max(1, lines[d.line - 1]!.length));
      }
    }
  });
});
