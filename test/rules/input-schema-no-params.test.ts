import { expect, it } from "vitest";
import { inputSchemaNoParams } from "../../src/validate/rules/input-schema-no-params.js";
import { corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = inputSchemaNoParams;
const reported = (inputSchema: object) => analyzeTools([toolWith(inputSchema as never)], [rule], { skipLoad: true }).analysis.diagnostics.length > 0;

describeRule(rule, () => {
  it("is left to input-schema-object when the root is not type: object (T-SCHEMA-3)", () => {
    expect([reported({}), reported({ type: "array" }), reported({ type: ["object", "null"] })]).toEqual([false, false, false]);
  });

  it("reports an empty required list, which asks for nothing (T-SCHEMA-3)", () => {
    expect(reported({ type: "object", properties: {}, required: [] })).toBe(true);
  });

  it("leaves alone a schema that shapes its arguments in any other way (T-SCHEMA-3)", () => {
    const shaped = [
      { $ref: "#/$defs/a", $defs: { a: { type: "object" } } },
      { anyOf: [{ required: ["a"] }] },
      { required: ["a"] },
      { patternProperties: { "^x-": {} } },
      { unevaluatedProperties: false },
      { maxProperties: 0 },
      { properties: { a: {} } },
    ];
    expect(shaped.map((schema) => reported({ type: "object", ...schema }))).toEqual(shaped.map(() => false));
  });

  it("notes the 24 open no-parameter tools of the corpus: six reference-server tools, notion's API-get-self and 17 GitHub REST tools (T-SCHEMA-3)", () => {
    const reports = corpusReports(rule);
    const count = (prefix: string) => reports.filter((r) => r.startsWith(prefix)).length;
    expect([reports.length, count("real/modelcontextprotocol__"), count("real/notionhq__"), count("bench/")]).toEqual([24, 6, 1, 17]);
  });
});
