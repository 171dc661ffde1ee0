import { expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { schemaDefsLimit } from "../../src/validate/rules/schema-defs-limit.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaDefsLimit;

describeRule(rule, () => {
  it("passes the corpus at half the default, and its largest block has the 9 entries the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    expect(corpusReports(rule, { maxDefs: rule.options!.defaults.maxDefs / 2 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxDefs: 9 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxDefs: 8 }, captures).length).toBeGreaterThan(0);
  });

  it("reports 100,000 definitions once, at entry 101, in inputSchema and outputSchema alike (T-REF-5)", () => {
    const $defs: Record<string, JsonValue> = {};
    for (let i = 0; i < 100_000; i++) $defs[`d${i}`] = { type: "integer" };
    const tool = toolWith({ type: "object", $defs }, { outputSchema: { type: "object", properties: { a: { $defs } } } });
    expect(analyzeTools([tool], [rule], { skipLoad: true }).analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`)).toEqual([
      "schema-defs-limit /inputSchema/$defs/d100",
      "schema-defs-limit /outputSchema/properties/a/$defs/d100",
    ]);
  });
});
