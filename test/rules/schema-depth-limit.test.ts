import { expect, it } from "vitest";
import { schemaDepthLimit } from "../../src/validate/rules/schema-depth-limit.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { nestedSchema, repeatPointer, toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const reports = (tools: readonly unknown[]) => analyzeTools(tools, [schemaDepthLimit], { skipLoad: true }).analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`);

describeRule(schemaDepthLimit, () => {
  it("passes the corpus at half the default, and its deepest schema is the 14 levels the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    expect(corpusReports(schemaDepthLimit, { maxDepth: schemaDepthLimit.options!.defaults.maxDepth / 2 }, captures)).toEqual([]);
    expect(corpusReports(schemaDepthLimit, { maxDepth: 14 }, captures)).toEqual([]);
    expect(corpusReports(schemaDepthLimit, { maxDepth: 13 }, captures)).toEqual([
      "real/mapbox__mcp-server.json tools/0020-directions_tool.json /outputSchema/properties/routes/items/properties/legs/items/properties/steps/items/properties/bannerInstructions/items/properties/secondary/anyOf/0/properties/components/items/properties/directions/items",
    ]);
  });

  it("reports a 10,000-level schema once, at level 51, without overflowing the stack (T-REF-5)", () => {
    const deep = nestedSchema(10_000, (inner) => ({ type: "object", properties: { a: inner } }));
    const notChain = nestedSchema(10_000, (inner) => ({ not: inner }));
    expect(reports([toolWith(deep, { outputSchema: notChain })])).toEqual([
      `schema-depth-limit ${repeatPointer("/inputSchema", "/properties/a", 51)}`,
      `schema-depth-limit ${repeatPointer("/outputSchema", "/not", 51)}`,
    ]);
  });

  it("honours a configured maxDepth (T-REF-5)", () => {
    const tool = toolWith(nestedSchema(3, (inner) => ({ type: "array", items: inner })));
    expect(analyzeTools([tool], [schemaDepthLimit], { skipLoad: true, ruleOptions: { "schema-depth-limit": { maxDepth: 2 } } }).analysis.diagnostics.map((d) => d.pointer)).toEqual([
      "/inputSchema/items/items/items",
    ]);
  });
});
