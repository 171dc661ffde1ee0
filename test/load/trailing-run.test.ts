// The loader's trimming of a text's end is linear: a regex `[ \t\r\n]+$` retried at every character
// of every run of spaces or line breaks, and a descriptor with a megabyte of them anywhere held the
// loader for minutes (the square of the run's length). Without the fix these texts do not load
// within the test's time.
import { describe, expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { lengthWithoutTrailing } from "../../src/load/trailing-run.js";

describe("lengthWithoutTrailing", () => {
  it("is the length without the given characters at the end, and only there", () => {
    expect(lengthWithoutTrailing("{ }\n\r\n", "\r\n")).toBe(3);
    expect(lengthWithoutTrailing(" \n a \t\n", " \t\r\n")).toBe(4);
    expect(lengthWithoutTrailing("\n\n", "\r\n")).toBe(0);
    expect(lengthWithoutTrailing("", " ")).toBe(0);
    expect(lengthWithoutTrailing("a\u00a0", " \t\r\n")).toBe(2);
  });
});

describe("a descriptor with a long run of white space and a syntax error", () => {
  const run = 4_000_000;
  it.each([
    ["spaces", `{"name": "t",${" ".repeat(run)}"inputSchema": {"type": "object",}}\n`],
    ["line breaks", `{"name": "t",${"\n".repeat(run)}"inputSchema": {"type": "object",}}\n`],
    ["line breaks, cut short", `{"name": "t",${"\n".repeat(run)}"inputSchema": {"type": "object"`],
  ])("in JSON (%s) is reported at its error", (_, text) => {
    const loaded = loadDocument({ path: "tools/t.json", text });
    expect(loaded.value).toBeUndefined();
    expect(loaded.diagnostics.map((d) => d.ruleId)).toEqual(["json-syntax"]);
  });

  it("in YAML (line breaks before a flow mapping left open) is reported at its opener", () => {
    const loaded = loadDocument({ path: "tools/t.yaml", text: `name: t\n${"\n".repeat(run / 4)}inputSchema: { type: object` });
    expect(loaded.value).toBeUndefined();
    expect(loaded.diagnostics[0]!.message).toContain("never closed");
  });
});
