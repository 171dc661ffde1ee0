// SchemaCompiler's in-process validators and scaffold samples (src/validate/schema-compiler.ts). The
// function a build runs to judge scaffold arguments is ajv's own compiled function where that is
// the generated validator under other names, and the rewritten standalone code where the rewrite
// mends ajv (a required property named ""): either way it must judge exactly as the generated code.
import { describe, expect, it } from "vitest";
import { rewriteChangesBehaviour } from "../../src/emit/validators/rewrite-standalone.js";
import { SchemaCompiler } from "../../src/validate/schema-compiler.js";
import type { JsonValue } from "../../src/model/json.js";

describe("SchemaCompiler", () => {
  it("enforces a required property named \"\" in-process too, as the generated validator does", () => {
    const compiler = new SchemaCompiler();
    const schema: JsonValue = { type: "object", properties: { "": { type: "string" }, a: { type: "integer" } }, required: ["", "a"] };
    const validate = compiler.generatedValidator(schema, "2020-12")!;
    expect(validate({ a: 1 })).toBe(false);
    expect(validate({ "": "x", a: 1 })).toBe(true);
    // The scaffold samples are judged the same way: {} and { a: 1 } are both invalid.
    const samples = compiler.samples(schema, "2020-12");
    expect(samples.derived).toEqual({ "": "example", a: 1 });
    expect(samples.invalid).toEqual({});
  });

  it("uses ajv's own function only where the rewrite changes names alone", () => {
    expect(rewriteChangesBehaviour('if((data.a === undefined) && (missing0 = "a")){')).toBe(false);
    expect(rewriteChangesBehaviour('if((data[""] === undefined) && (missing0 = "")){')).toBe(true);
    const compiler = new SchemaCompiler();
    const validate = compiler.generatedValidator({ type: "object", required: ["a"], properties: { a: { const: 1 } } }, "draft-07")!;
    expect([validate({ a: 1 }), validate({ a: 2 }), validate({})]).toEqual([true, false, false]);
    expect(validate.errors?.[0]?.keyword).toBe("required");
  });

  it("answers scaffold samples seeded by another thread without compiling", () => {
    const compiler = new SchemaCompiler();
    const schema: JsonValue = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
    const seeded = { derived: { q: "seeded" }, invalid: { q: 0 } };
    compiler.seed(schema, "2020-12", JSON.stringify(schema), { metaProblems: [], compileError: undefined }, undefined, seeded);
    expect(compiler.samples(schema, "2020-12")).toBe(seeded);
    expect(compiler.samples(JSON.parse(JSON.stringify(schema)) as JsonValue, "2020-12")).toBe(seeded);
  });
});
