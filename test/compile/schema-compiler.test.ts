// SchemaCompiler's in-process validators and scaffold samples (src/compile/schema-compiler.ts). The
// function a build runs to judge scaffold arguments is ajv's own compiled function, the generated
// validator under other names (load-ajv.ts mends ajv itself, a required property named "" included):
// it must judge exactly as the generated code.
import { describe, expect, it } from "vitest";
import { cleanSchemaKey, SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { hashJson } from "../../src/lock/hash-tool.js";
import type { JsonValue } from "../../src/model/json.js";

describe("SchemaCompiler", () => {
  it('enforces a required property named "" in-process too, as the generated validator does', () => {
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

  it("works out no scaffold samples for a schema whose $ref loop would recurse forever", () => {
    // A build asks for samples before it reports the ref-cycle error; running the validator on a
    // sample here overflowed the stack, and the build ended in an internal error.
    const compiler = new SchemaCompiler();
    for (const ref of ["#", ""]) {
      expect(compiler.samples({ type: "object", anyOf: [{ $ref: ref }] }, "2020-12")).toEqual({ derived: undefined, invalid: undefined });
    }
  });

  it("uses ajv's own function, which judges as the rewritten code", () => {
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

  it("answers from a previous build's validators and clean schemas without compiling", () => {
    const schema: JsonValue = { type: "object", properties: { q: { type: "string", minLength: 1 } }, required: ["q"] };
    const first = new SchemaCompiler();
    const compiled = first.compiled(schema, "2020-12");
    expect(first.check(schema, "2020-12")).toEqual({ metaProblems: [], compileError: undefined });
    // A chunk no ajv would write, so that an answer taken from the prior shows.
    const chunk = { body: "const validate9 = (data) => data === 42;", validateName: "validate9" };
    const prior = { validators: new Map([[compiled.id, { dialect: "2020-12" as const, chunk }]]), clean: new Set([cleanSchemaKey("2020-12", hashJson(schema))]) };
    const later = new SchemaCompiler(prior);
    // Members in another order: the same canonical schema, so the same clean key.
    const reordered: JsonValue = { required: ["q"], properties: { q: { minLength: 1, type: "string" } }, type: "object" };
    expect(later.knowsFromPrior(schema, "2020-12")).toBe(true);
    expect(later.knowsFromPrior(reordered, "2020-12")).toBe(false); // its validator text differs
    expect(later.check(reordered, "2020-12")).toEqual({ metaProblems: [], compileError: undefined });
    expect(later.compiled(schema, "2020-12")).toEqual({ ...compiled, chunk });
    expect(later.generatedValidator(schema, "2020-12")!(42)).toBe(true);
    expect(later.checked(schema, "2020-12")).toBeUndefined();
    expect(later.check(schema, "2020-12")).toEqual({ metaProblems: [], compileError: undefined });
    expect(later.checked(schema, "2020-12")).toEqual({ metaProblems: [], compileError: undefined });
  });

  it("checks and compiles what the prior does not vouch for", () => {
    const bad: JsonValue = { type: "object", properties: { n: { type: "integer", minimum: "1" } } };
    const other: JsonValue = { type: "string" };
    const later = new SchemaCompiler({ validators: new Map(), clean: new Set([cleanSchemaKey("2020-12", hashJson(other))]) });
    expect(later.knowsFromPrior(bad, "2020-12")).toBe(false);
    expect(later.knowsFromPrior(other, "2020-12")).toBe(false); // clean, but its validator is unknown
    expect(later.check(bad, "2020-12").metaProblems).not.toEqual([]);
    expect(later.compiled(other, "2020-12").chunk?.body).toContain("validate");
  });
});
