import { Ajv } from "ajv";
import { expect, it } from "vitest";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { schemaInheritedProperty } from "../../src/validate/rules/schema-inherited-property.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(schemaInheritedProperty, () => {
  it("reports what the official SDK's validator does: the inherited member counts, where the generated validator sees none", () => {
    // ajv as the SDK configures it (strict: false, every error), against the generated validator.
    const sdk = new Ajv({ strict: false, allErrors: true });
    const generated = new SchemaCompiler();
    const optional = { type: "object", properties: { constructor: { type: "string" } } };
    const required = { type: "object", required: ["toString"] };
    expect([sdk.validate(optional, {}), generated.generatedValidator(optional, "draft-07")!({})]).toEqual([false, true]);
    expect([sdk.validate(required, {}), generated.generatedValidator(required, "draft-07")!({})]).toEqual([true, false]);
  });
});
