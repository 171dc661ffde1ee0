import { join } from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { schemaDynamicRef } from "../../src/validate/rules/schema-dynamic-ref.js";
import { recursiveRefReadings } from "../../src/validate/rules/schema-dynamic-ref/recursive-ref-readings.js";
import { describeRule, runRuleOn } from "../support/rule-harness.js";

describeRule(schemaDynamicRef, () => {
  it("reports what the SDK's ajv really does: a $dynamicRef to a pointer checks against the root, a $ref does not", () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    const schema = (keyword: string) => ({ type: "array", items: { [keyword]: "#/$defs/count" }, $defs: { count: { type: "integer" } } });
    // Under JSON Schema 2020-12 both accept [1]: the pointer names no $dynamicAnchor, so $dynamicRef is $ref.
    expect(ajv.compile(schema("$ref"))([1])).toBe(true);
    expect(ajv.compile(schema("$dynamicRef"))([1])).toBe(false);
  });

  it("leaves a $dynamicRef to another document to the resolver, which refuses it (its words about the schema root would not fit)", async () => {
    const root = join(import.meta.dirname, "..", "fixtures", "resolve", "dynamic-refs-to-files");
    const { diagnostics } = await runRuleOn(schemaDynamicRef, root, "tools");
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([
      "schemas/item.yaml:8 ref-unresolved",
      "tools/dynamic.yaml:9 ref-unresolved",
      "tools/dynamic.yaml:10 ref-network-refused",
      "tools/recursive.yaml:8 ref-unresolved",
    ]);
  });

  describe("$recursiveRef: warned exactly where ajv's reading differs from JSON Schema 2019-09's", () => {
    const S = "https://json-schema.org/draft/2019-09/schema";
    const kids = { type: "array", items: { $recursiveRef: "#" } };
    // Each case: a schema, a value, whether 2019-09 (§ 8.2.4.2) accepts it, and whether the rule warns.
    // The value tells the two readings apart, so ajv gets it right exactly when no warning is given.
    it.each<[string, Record<string, unknown>, unknown, boolean, boolean]>([
      [
        "$recursiveAnchor on a $defs entry without $id: 2019-09 reads the root",
        { $schema: S, type: "object", properties: { tree: { $ref: "#/$defs/Node" } }, $defs: { Node: { $recursiveAnchor: true, type: "object", properties: { kids, v: { type: "integer" } } } } },
        { tree: { kids: [{ v: "x" }] } },
        true,
        true,
      ],
      [
        "no $recursiveAnchor, in a $defs entry: ajv reads the entry",
        { $schema: S, type: "object", properties: { tree: { $ref: "#/$defs/Node" } }, $defs: { Node: { type: "object", properties: { kids, v: { type: "integer" } } } } },
        { tree: { kids: [{ v: "x" }] } },
        true,
        true,
      ],
      [
        "no $recursiveAnchor, in a resource written in place: ajv reads the root",
        { $schema: S, type: "object", properties: { t: { $id: "node", type: "object", properties: { kids, w: { type: "string" } } }, v: { type: "integer" } } },
        { t: { kids: [{ w: 1 }] } },
        false,
        true,
      ],
      [
        "the root anchored, the ref in an unanchored resource: 2019-09 reads the resource, ajv the root",
        {
          $schema: S,
          $recursiveAnchor: true,
          type: "object",
          properties: { t: { $ref: "node" }, v: { type: "integer" } },
          $defs: { N: { $id: "node", type: "object", properties: { kids, w: { type: "string" } } } },
        },
        { t: { kids: [{ w: 1 }] } },
        false,
        true,
      ],
      [
        "an anchor on a sibling schema validation passes first",
        { $schema: S, type: "object", properties: { a: { $ref: "#/$defs/A" }, kids, v: { type: "integer" } }, $defs: { A: { $recursiveAnchor: true, type: "object" } } },
        { a: {}, kids: [{ v: "x" }] },
        false,
        true,
      ],
      [
        "the root anchored, and a $defs entry too",
        {
          $schema: S,
          $recursiveAnchor: true,
          type: "object",
          properties: { t: { $ref: "#/$defs/N" }, v: { type: "integer" } },
          $defs: { N: { $recursiveAnchor: true, properties: { kids, w: { type: "string" } } } },
        },
        { t: { kids: [{ v: "x" }] } },
        false,
        false,
      ],
      ["no anchor, in the root's own properties", { $schema: S, type: "object", properties: { kids, v: { type: "integer" } } }, { kids: [{ v: "x" }] }, false, false],
      [
        "an anchored resource, the only anchor, reached through $defs inside it",
        {
          $schema: S,
          type: "object",
          properties: { t: { $ref: "node" } },
          $defs: {
            N: { $id: "node", $recursiveAnchor: true, type: "object", properties: { x: { $ref: "#/$defs/X" }, w: { type: "string" } }, $defs: { X: { type: "object", properties: { kids } } } },
          },
        },
        { t: { x: { kids: [{ w: 1 }] } } },
        false,
        false,
      ],
      [
        "an unanchored resource only a $ref reaches",
        { $schema: S, type: "object", properties: { tree: { $ref: "node" } }, $defs: { Node: { $id: "node", type: "object", properties: { kids, v: { type: "integer" } } } } },
        { tree: { kids: [{ v: "x" }] } },
        false,
        false,
      ],
    ])("%s", (_, schema, value, specVerdict, warns) => {
      expect(recursiveRefReadings(schema as never, "2019-09").length > 0).toBe(warns);
      const ajv = new Ajv2019({ strict: false, logger: false });
      expect(ajv.compile(schema)(value) === specVerdict).toBe(!warns);
    });

    it("under 2020-12, where $recursiveRef is no keyword, ajv still checks by it", () => {
      const schema = { type: "object", properties: { kids: { type: "array", items: { $recursiveRef: "#" } }, v: { type: "integer" } } };
      expect(new Ajv2020({ strict: false, logger: false }).compile(schema)({ kids: [{ v: "x" }] })).toBe(false);
      expect(recursiveRefReadings(schema, "2020-12")).toEqual([{ pointer: "/properties/kids/items", spec: undefined, ajv: 'the schema root ("#")', ref: undefined }]);
      expect(recursiveRefReadings(schema, "draft-07")).toEqual([]);
    });
  });
});
