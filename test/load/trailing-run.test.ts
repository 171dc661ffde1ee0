// Trimming descriptor text is linear (src/model/trim-text.ts): a regex `[ \t\r\n]+$` or `^_+|_+$`
// retried at every character of every run, and a descriptor with a megabyte of them anywhere held the
// loader, or a rule's suggestion, for minutes (the square of the run's length). Without the fix these
// texts do not load, and the names get no suggestion, within the test's time.
import { describe, expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { isJsonSpace, isLineBreak, lengthWithoutTrailing, trimmedWhere } from "../../src/model/trim-text.js";
import { suggestMetaKey } from "../../src/validate/meta-key.js";
import { suggestName } from "../../src/validate/rules/tool-name-syntax.js";

describe("lengthWithoutTrailing", () => {
  it("is the length without the given characters at the end, and only there", () => {
    expect(lengthWithoutTrailing("{ }\n\r\n", isLineBreak)).toBe(3);
    expect(lengthWithoutTrailing(" \n a \t\n", isJsonSpace)).toBe(4);
    expect(lengthWithoutTrailing("\n\n", isLineBreak)).toBe(0);
    expect(lengthWithoutTrailing("", isJsonSpace)).toBe(0);
    expect(lengthWithoutTrailing("a\u00a0", isJsonSpace)).toBe(2);
  });

  it("trimmedWhere trims both ends only", () => {
    expect(trimmedWhere("__a_b__", (c) => c === "_")).toBe("a_b");
    expect(trimmedWhere("____", (c) => c === "_")).toBe("");
    expect(trimmedWhere("ab", (c) => c === "_")).toBe("ab");
  });
});

describe("a rule's suggestion for a name with a long run of the characters it trims", () => {
  const run = 2_000_000;
  it("tool-name-syntax: a name of underscores between two letters", () => {
    expect(suggestName(`a${"_".repeat(run)}b!`)).toBe(`Rename it to ${JSON.stringify(`a${"_".repeat(127)}`)}.`);
  });

  it("a _meta key with runs of characters it cannot keep", () => {
    expect(suggestMetaKey(`example.com/a${"-".repeat(run)}b c`)).toBe(`example.com/a${"-".repeat(run)}b_c`);
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
