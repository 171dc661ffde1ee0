import { expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { descriptorSizeLimit } from "../../src/validate/rules/descriptor-size-limit.js";
import { measureJson, pointerAtOffset } from "../../src/validate/rules/descriptor-size-limit/json-size.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { nestedSchema, repeatPointer, toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = descriptorSizeLimit;
const pointers = (tools: readonly unknown[], maxBytes?: number) =>
  analyzeTools(tools, [rule], { skipLoad: true, ruleOptions: maxBytes ? { [rule.id]: { maxBytes } } : {} }).analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`);

describeRule(rule, () => {
  it("passes the corpus at half the default, and its largest tool has the 23,980 bytes the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    expect(corpusReports(rule, { maxBytes: rule.options!.defaults.maxBytes / 2 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxBytes: 23_980 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxBytes: 23_979 }, captures).map((line) => line.replace(/ (\/.*)?$/, ""))).toEqual(["bench/github-rest-tools.json tools/0474-repos_update-org-ruleset.json"]);
  });

  it("measures exactly what JSON.stringify sends, in UTF-8 bytes (T-REF-5)", () => {
    const values: JsonValue[] = [{}, [], "", 'é\u2028😀"\\\n', { a: [1, -2.5e-7, true, null, { ü: "x" }], b: {} }, [[[]], {}, "z"]];
    for (const value of values) expect(measureJson(value).of(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
  });

  it("points at the innermost value that holds the byte at the limit (T-REF-5)", () => {
    const tool = { name: "t", description: "x".repeat(100), inputSchema: { type: "object" } };
    const sizes = measureJson(tool);
    const at = (offset: number) => pointerAtOffset(tool, sizes, offset);
    expect([at(0), at(10), at(30), at(145), at(sizes.of(tool) - 3)]).toEqual(["", "/name", "/description", "/inputSchema", "/inputSchema/type"]);
  });

  it("reports a 1 MB description at the description, naming it as the largest part (T-REF-5)", () => {
    const tool = toolWith({ type: "object" }, { description: "Explains everything. ".repeat(50_000) });
    const diagnostics = analyzeTools([tool], [rule], { skipLoad: true }).analysis.diagnostics;
    expect(diagnostics.map((d) => `${d.pointer} ${d.message}`)).toEqual([
      "/description The tool is 1,050,067 bytes as compact JSON, more than the limit of 262,144; its largest part is description (1,050,002 bytes).",
    ]);
  });

  it("measures a 10,000-level schema without overflowing the stack (T-REF-5)", () => {
    const deep = nestedSchema(10_000, (inner) => ({ not: inner }), { type: "string", description: "y".repeat(300_000) });
    expect(pointers([toolWith(deep)])).toEqual([`descriptor-size-limit ${repeatPointer("/inputSchema", "/not", 10_000)}/description`]);
  });
});
