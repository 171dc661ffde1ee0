import { expect, it } from "vitest";
import { schemaEnumLimit } from "../../src/validate/rules/schema-enum-limit.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { nestedSchema, repeatPointer, toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaEnumLimit;
const pointers = (tools: readonly unknown[]) => analyzeTools(tools, [rule], { skipLoad: true }).analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`);

describeRule(rule, () => {
  it("passes the corpus at half the default, and its longest enum has the 22 values the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    expect(corpusReports(rule, { maxValues: rule.options!.defaults.maxValues / 2 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxValues: 22 }, captures)).toEqual([]);
    expect(corpusReports(rule, { maxValues: 21 }, captures)).toEqual([
      "real/azure__mcp.json tools/0045-deploy_architecture_diagram_generate.json /inputSchema/properties/services/items/properties/dependencies/items/properties/serviceType/enum/21",
    ]);
  });

  it("reports an enum of 1,000,000 values once, at value 1,001 (T-REF-5)", () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(pointers([toolWith({ type: "object", properties: { n: { enum: values }, m: { enum: values } } })])).toEqual(["schema-enum-limit /inputSchema/properties/n/enum/1000"]);
  });

  it("finds a long enum 10,000 levels down without overflowing the stack (T-REF-5)", () => {
    const deep = nestedSchema(10_000, (inner) => ({ items: inner }), { enum: Array.from({ length: 1001 }, (_, i) => i) });
    expect(pointers([toolWith(deep)])).toEqual([`schema-enum-limit ${repeatPointer("/inputSchema", "/items", 10_000)}/enum/1000`]);
  });
});
