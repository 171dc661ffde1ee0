// Schemas with lone surrogates in property names compile (ajv alone throws "URI malformed"), and
// validate exactly as written.
import { describe, expect, it } from "vitest";
import { SchemaCompiler } from "../../src/validate/schema-compiler.js";

describe("ajv and lone surrogates", () => {
  it("compiles and validates a property named with a lone surrogate", () => {
    const schema = { type: "object", properties: { "a\udfff": { type: "string" } }, required: ["a\udfff"] };
    const check = new SchemaCompiler().check(schema, "2020-12");
    expect(check.compileError).toBeUndefined();
    const validate = new SchemaCompiler().validator(schema, "2020-12")!;
    expect(validate({ "a\udfff": "x" })).toBe(true);
    expect(validate({ "a\udfff": 1 })).toBe(false);
    expect(validate({ "a\ufffd": "x" })).toBe(false);
  });
});
