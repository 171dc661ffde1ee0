// A first-error validator nests one block of code per property and keyword, and ajv renders that
// code (and V8 parses it) by recursion: a flat schema of about 1,650 properties overflowed the main
// thread's stack inside the schema-valid rule ("does not compile: Maximum call stack size exceeded"),
// and whether it did depended on how much stack the thread had and the caller had used. Code nested
// deeper than MAX_CODE_NESTING is now refused before rendering (src/compile/ajv-optimize-names.ts)
// and compiled keeping every error instead, the same on every thread (src/compile/schema-compiler.ts).
import { describe, expect, it } from "vitest";
import { MAX_CODE_NESTING } from "../../src/compile/ajv-optimize-names.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonValue } from "../../src/model/json.js";

function flatSchema(count: number): JsonValue {
  const properties: Record<string, JsonValue> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: "string" };
  return { type: "object", properties, required: ["p0"] };
}

/** Runs `work` below `frames` frames of recursion: what a caller deep in a build has used of the stack. */
function belowFrames<T>(frames: number, work: () => T): T {
  return frames === 0 ? work() : belowFrames(frames - 1, work);
}

describe("validators whose code would nest too deeply", () => {
  it("compile a flat schema of 3,000 properties and judge it", () => {
    const compiler = new SchemaCompiler();
    const schema = flatSchema(3000);
    expect(compiler.check(schema, "2020-12")).toEqual({ metaProblems: [], compileError: undefined });
    const validate = compiler.generatedValidator(schema, "2020-12")!;
    expect(validate({ p0: "a", p2999: "z" })).toBe(true);
    expect(validate({ p0: "a", p2999: 1 })).toBe(false);
    expect(validate({ p1: "b" })).toBe(false);
  });

  it("give the same code whatever stack the caller has left", () => {
    const schema = flatSchema(1700);
    const fresh = new SchemaCompiler().compiled(schema, "2020-12");
    const deep = belowFrames(3000, () => new SchemaCompiler().compiled(schema, "2020-12"));
    expect(fresh.error).toBeUndefined();
    expect(deep.error).toBeUndefined();
    expect(fresh.chunk!.body).toContain("p1699");
    expect(deep.chunk!.body).toBe(fresh.chunk!.body);
  });

  it("keep first-error code for a schema that nests less than the bound", () => {
    // One block per property: well under MAX_CODE_NESTING, so ajv's first-error code stays (it returns at the first error).
    const schema = flatSchema(Math.floor(MAX_CODE_NESTING / 4));
    const validate = new SchemaCompiler().generatedValidator(schema, "2020-12")!;
    expect(validate({ p1: 1, p2: 2 })).toBe(false);
    expect(validate.errors).toHaveLength(1);
  });
});
