import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { TOOL_NAME_PATTERN } from "../../src/model/spec.js";
import { suggestName, toolNameSyntax } from "../../src/validate/rules/tool-name-syntax.js";
import { describeRule } from "../support/rule-harness.js";
import { specPath } from "../support/spec-paths.js";

interface NameCase {
  id: string;
  name?: string;
  expected: string;
}
const vectors = JSON.parse(readFileSync(specPath("vectors/tool-names.json"), "utf8")) as { pattern: string; cases: NameCase[] };

describeRule(toolNameSyntax, () => {
  it("uses the pattern of vectors/tool-names.json (T-NAME-1, T-NAME-3)", () => {
    expect(TOOL_NAME_PATTERN.source).toBe(vectors.pattern);
  });
  for (const c of vectors.cases.filter((c) => typeof c.name === "string")) {
    it(`${c.id}: ${JSON.stringify(c.name).slice(0, 40)} is ${c.expected} (T-NAME-1, T-NAME-3, T-NAME-4)`, () => {
      expect(TOOL_NAME_PATTERN.test(c.name!)).toBe(c.expected === "conforming");
    });
  }
  it("suggests a conforming name", () => {
    expect(suggestName("get weather")).toBe('Rename it to "get_weather".');
    expect(suggestName("café")).toBe('Rename it to "cafe".');
    expect(TOOL_NAME_PATTERN.test(JSON.parse(suggestName("x".repeat(300) + " y").slice(13, -1)))).toBe(true);
  });
});
