import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect, it } from "vitest";
import { schemaDynamicRef } from "../../src/validate/rules/schema-dynamic-ref.js";
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
});
