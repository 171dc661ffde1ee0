import { expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { schemaSubschemaLimit } from "../../src/validate/rules/schema-subschema-limit.js";
import { corpusCaptures, corpusReports } from "../support/corpus-tools.js";
import { deepFreeze, doublingDefs, nestedSchema, toolWith, wideSchema } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const reports = (tools: readonly unknown[], options: object = {}) =>
  analyzeTools(tools, [schemaSubschemaLimit], { skipLoad: true, ruleOptions: { "schema-subschema-limit": options } }).analysis.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`);

describeRule(schemaSubschemaLimit, () => {
  it("passes the corpus at half the defaults, and its largest schema has the 385 subschemas the description quotes (T-REF-5)", () => {
    const captures = corpusCaptures();
    const defaults = schemaSubschemaLimit.options!.defaults;
    expect(corpusReports(schemaSubschemaLimit, { maxSubschemas: defaults.maxSubschemas / 2, maxExpandedSubschemas: defaults.maxExpandedSubschemas / 2 }, captures)).toEqual([]);
    expect(corpusReports(schemaSubschemaLimit, { maxSubschemas: 385, maxExpandedSubschemas: 385 }, captures)).toEqual([]);
    const mapbox = "real/mapbox__mcp-server.json tools/0020-directions_tool.json";
    expect(corpusReports(schemaSubschemaLimit, { maxSubschemas: 384 }, captures)).toEqual([`${mapbox} /outputSchema/additionalProperties`]);
    expect(corpusReports(schemaSubschemaLimit, { maxSubschemas: 385, maxExpandedSubschemas: 384 }, captures)).toEqual([`${mapbox} /outputSchema/additionalProperties`]);
  });

  it("reports a schema of 100,000 subschemas once, at subschema 2,001 (T-REF-5)", () => {
    expect(reports([toolWith(wideSchema(100_000))])).toEqual(["schema-subschema-limit /inputSchema/properties/p1999"]);
  });

  it("reports $defs that double 60 times at the $ref that starts the expansion, without expanding 2^60 subschemas (T-REF-5)", () => {
    expect(reports([toolWith(doublingDefs(60))])).toEqual(["schema-subschema-limit /inputSchema/properties/value/$ref"]);
  });

  it("counts a $ref back into a schema being expanded once, so recursive schemas pass (T-REF-5)", () => {
    const tree = deepFreeze({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#" } }, next: { $ref: "#/$defs/a" } },
      $defs: { a: { $anchor: "node", properties: { self: { $ref: "#node" }, root: { $ref: "#" } } } },
    });
    expect(reports([toolWith(tree)], { maxExpandedSubschemas: 10 })).toEqual([]);
  });

  it('expands "" as "#", and a $ref to a $dynamicAnchor as one to an $anchor (T-REF-5)', () => {
    // Each level names the next twice: 2^8 copies of the last once expanded, through either anchor.
    const levels = (keyword: string) => {
      const defs: Record<string, JsonValue> = {};
      for (let i = 0; i < 8; i++) defs[`d${i}`] = { [keyword]: `a${i}`, allOf: [{ $ref: `#a${i + 1}` }, { $ref: `#a${i + 1}` }] };
      defs.d8 = { [keyword]: "a8", type: "string" };
      return deepFreeze({ type: "object", properties: { v: { $ref: "#a0" } }, $defs: defs });
    };
    expect(reports([toolWith(levels("$anchor"))], { maxExpandedSubschemas: 200 })).toEqual(["schema-subschema-limit /inputSchema/properties/v/$ref"]);
    expect(reports([toolWith(levels("$dynamicAnchor"))], { maxExpandedSubschemas: 200 })).toEqual(["schema-subschema-limit /inputSchema/properties/v/$ref"]);
    const self = (ref: string) => deepFreeze({ type: "object", properties: { a: { $ref: ref }, b: { items: { $ref: ref } } } });
    expect(reports([toolWith(self(""))], { maxExpandedSubschemas: 4 })).toEqual(reports([toolWith(self("#"))], { maxExpandedSubschemas: 4 }));
  });

  it("reports a 10,000-level schema without overflowing the stack (T-REF-5)", () => {
    const deep = nestedSchema(10_000, (inner) => ({ allOf: [inner] }));
    expect(reports([toolWith(deep)])).toEqual([`schema-subschema-limit /inputSchema${"/allOf/0".repeat(2000)}`]);
  });
});
