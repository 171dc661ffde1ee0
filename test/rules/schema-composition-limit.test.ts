import { expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { schemaCompositionLimit } from "../../src/validate/rules/schema-composition-limit.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { nestedSchema, repeatPointer, toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaCompositionLimit;
const pointers = (tools: readonly unknown[], options: Parameters<typeof analyzeTools>[2] = { skipLoad: true }) =>
  analyzeTools(tools, [rule], options).analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`);

describeRule(rule, () => {
  it("passes the corpus at half the defaults, and its maxima are the 23 branches and 2 levels the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    const { maxBranches, maxNesting } = rule.options!.defaults;
    expect(corpusReports(rule, { maxBranches: maxBranches / 2, maxNesting: maxNesting / 2 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxBranches: 23, maxNesting: 2 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxBranches: 22 }, captures)).toEqual([
      "bench/github-rest-tools.json tools/0979-repos_create-repo-ruleset.json /inputSchema/properties/requestBody/properties/rules/items/oneOf/22",
      "bench/github-rest-tools.json tools/0983-repos_update-repo-ruleset.json /inputSchema/properties/requestBody/properties/rules/items/oneOf/22",
    ]);
    expect(corpusReports(rule, { maxNesting: 1 }, captures).length).toBeGreaterThan(0);
  });

  it("reports a 10,000-branch anyOf read through the loader once, at branch 101 (T-REF-5)", () => {
    const branches: JsonValue[] = Array.from({ length: 10_000 }, (_, i) => ({ const: `v${i}` }));
    const tool = toolWith({ type: "object", properties: { code: { anyOf: branches } } });
    const project = analyzeTools([tool], [rule], { load: { maxFileBytes: 8 * 1024 * 1024 } });
    expect(project.analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer} ${d.line}`)).toEqual([
      // Line 9 holds the first branch's opening brace; each branch takes three lines.
      `schema-composition-limit /inputSchema/properties/code/anyOf/100 ${9 + 100 * 3}`,
    ]);
  });

  it("reports composition nested 10,000 deep once, at the ninth level, without overflowing the stack (T-REF-5)", () => {
    const deep = nestedSchema(10_000, (inner) => ({ allOf: [inner] }));
    expect(pointers([toolWith(deep)])).toEqual([`schema-composition-limit ${repeatPointer("/inputSchema", "/allOf/0", 9)}`]);
  });

  it("counts not and if/then/else as nesting, and properties as none (T-REF-5)", () => {
    const mixed = { not: { if: { properties: { a: { then: { else: { type: "string" } } } } } } };
    expect(pointers([toolWith(mixed)], { skipLoad: true, ruleOptions: { [rule.id]: { maxNesting: 3 } } })).toEqual(["schema-composition-limit /inputSchema/not/if/properties/a/then/else"]);
  });
});
