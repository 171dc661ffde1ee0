import { expect, it } from "vitest";
import { schemaPatternLimit } from "../../src/validate/rules/schema-pattern-limit.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaPatternLimit;

describeRule(rule, () => {
  it("passes the corpus at half the default, and its longest pattern has the 109 characters the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    expect(corpusReports(rule, { maxLength: rule.options!.defaults.maxLength / 2 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxLength: 109 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxLength: 108 }, captures)).toEqual([
      "bench/github-rest-tools.json tools/1143-users_create-ssh-signing-key-for-authenticated-user.json /inputSchema/properties/requestBody/properties/key/pattern",
    ]);
  });

  it("reports a 1 MB pattern once per schema, quoting only its start (T-REF-5)", () => {
    const huge = "a".repeat(1_000_000);
    const tool = toolWith({ type: "object", properties: { a: { type: "string", pattern: huge }, b: { type: "string", pattern: huge } } });
    const diagnostics = analyzeTools([tool], [rule], { skipLoad: true }).analysis.diagnostics;
    expect(diagnostics.map((d) => `${d.ruleId} ${d.pointer} ${d.message.length < 200}`)).toEqual(["schema-pattern-limit /inputSchema/properties/a/pattern true"]);
  });
});
