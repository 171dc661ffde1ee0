// plainValidatorChunk writes, without running ajv, the standalone chunk ajv's engine writes for a
// plain schema (src/compile/plain-validator-code.ts). Held to standaloneChunk() byte for byte: on
// every corpus schema it answers, under each dialect, and on schemas drawn from the subset's whole
// grammar (fixed seed), with floors on how many it answers so that a subset that quietly shrinks to
// nothing fails too.
import * as validatorRuntime from "@mcp-gen/runtime/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlainValidatorSchema, plainValidatorChunk } from "../../src/compile/plain-validator-code.js";
import { prepareValidatorSchema } from "../../src/compile/prepare-validator-schema.js";
import { createStandaloneEngine, standaloneChunk } from "../../src/compile/standalone-engine.js";
import type { PatternPlan, PatternVerdict } from "../../src/compile/linear-pattern/pattern-plan.js";
import type { Dialect } from "../../src/model/dialect.js";
import type { JsonValue } from "../../src/model/json.js";
import { corpusCaptures } from "../support/corpus-tools.js";

const DIALECTS: readonly Dialect[] = ["2020-12", "2019-09", "draft-07"];

/** ajv's chunk for `schema`, from a fresh engine of `dialect`. */
function ajvChunk(schema: JsonValue, dialect: Dialect): string | undefined {
  const result = standaloneChunk(createStandaloneEngine(dialect), schema);
  return result.chunk ? JSON.stringify(result.chunk) : undefined;
}

function plainChunk(schema: JsonValue, dialect: Dialect): string | undefined {
  const chunk = plainValidatorChunk(schema, dialect);
  return chunk ? JSON.stringify(chunk) : undefined;
}

/** Every distinct input and output schema of the corpus, prepared as a build prepares them. */
function corpusSchemas(): JsonValue[] {
  const texts = new Set<string>();
  for (const { tools } of corpusCaptures()) {
    for (const tool of tools as { inputSchema?: JsonValue; outputSchema?: JsonValue }[]) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) if (schema !== undefined) texts.add(JSON.stringify(prepareValidatorSchema(schema)));
    }
  }
  return [...texts].map((text) => JSON.parse(text) as JsonValue);
}

/** A name that would run as code if it were ever written outside a string literal. */
const HOSTILE = '"]; globalThis.plainPwned = 1; //*/`${globalThis.plainPwned = 2}`\u2028';

const name = fc.oneof(
  fc.constantFrom("a", "b", "id", "per_page", "a-b", "with space", "x/y~z", "constructor", "toString", "1", "02", "ünï", "😀", "\u2028", 'q"uote', "back\\slash", HOSTILE),
  fc.string({ minLength: 1, maxLength: 6 }),
);
const primitive = fc.oneof(fc.string({ maxLength: 5 }), fc.integer({ min: -5, max: 1e6 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const type = fc.oneof(
  fc.constantFrom("string", "number", "integer", "boolean", "null", "array", "object"),
  fc.uniqueArray(fc.constantFrom("string", "number", "integer", "boolean", "null", "array", "object"), { minLength: 1, maxLength: 4 }),
);
const limit = fc.nat({ max: 20 });
const bound = fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double({ noNaN: true, noDefaultInfinity: true }));

const scalarKeywords = {
  type,
  enum: fc.array(primitive, { minLength: 1, maxLength: 4 }),
  maximum: bound,
  minimum: bound,
  exclusiveMaximum: bound,
  exclusiveMinimum: bound,
  // Mostly patterns the engine runs; now and then one it refuses (a lookahead, a syntax error).
  pattern: fc.oneof(
    { arbitrary: fc.constantFrom("^[a-z]+$", "\\d{2,}", "a|b", "", "\\p{L}+", "😀.", "^(a+)+$", "[^/]+\\.json$"), weight: 12 },
    { arbitrary: fc.constantFrom("^x(?=y)", "["), weight: 1 },
  ),
  format: fc.constantFrom("date-time", "date", "email", "uri", "uuid", "int32", "int64", "double", "password", "binary", "not-a-format", "constructor"),
  maxLength: limit,
  minLength: limit,
  maxItems: limit,
  minItems: limit,
  maxProperties: limit,
  minProperties: limit,
  // An extension keyword: ajv (strict: false) ignores it, and a schema of only such keys is always valid.
  "x-extension": fc.constantFrom(1, "x", { nested: true }),
};

/**
 * A branch of anyOf or oneOf: what every dialect's branch may have in the subset (2019-09 and
 * 2020-12 leave properties, additionalProperties and items out of a branch's own level).
 */
function branchOf(depth: number): fc.Arbitrary<Record<string, unknown>> {
  const branches = depth > 0 ? fc.array(branchOf(depth - 1), { minLength: 1, maxLength: 3 }) : fc.constant([{ type: "integer" }]);
  return fc.record({ ...scalarKeywords, anyOf: branches, oneOf: branches, allOf: branches }, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Schemas of the subset's grammar: any mix of its keywords, nested through properties, items, anyOf and oneOf up to `depth` levels. */
function schemaOf(depth: number): fc.Arbitrary<Record<string, unknown>> {
  const below = depth > 0 ? fc.oneof(fc.constant({}), schemaOf(depth - 1)) : fc.constant({ type: "string" });
  // Mostly branches any dialect takes; now and then one with properties or items (draft-07's only).
  const branches = fc.array(fc.oneof({ arbitrary: branchOf(1), weight: 3 }, { arbitrary: below, weight: 2 }), { minLength: 1, maxLength: 3 });
  const keywords = {
    ...scalarKeywords,
    properties: fc.dictionary(name, below, { maxKeys: depth > 1 ? 4 : 10 }),
    required: fc.uniqueArray(name, { maxLength: 3 }),
    items: below,
    additionalProperties: fc.boolean(),
  };
  return fc.oneof(
    { arbitrary: fc.record(keywords, { requiredKeys: [] }), weight: 2 },
    { arbitrary: fc.record({ ...keywords, anyOf: branches, oneOf: branches, allOf: branches }, { requiredKeys: [] }), weight: 1 },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

const schema = schemaOf(2);

/** A branch that evaluates properties or items of its parent's data, or holds branches that do. */
function evaluatingBranch(depth: number): fc.Arbitrary<Record<string, unknown>> {
  const own = fc.oneof(
    fc.record({ type: fc.constant("object"), properties: fc.dictionary(name, fc.constant({ type: "string" }), { minKeys: 1, maxKeys: 3 }) }),
    fc.record({ type: fc.constant("array"), items: fc.constant({ type: "integer" }) }),
    fc.record({ additionalProperties: fc.boolean() }),
    fc.constant({ type: "string" }),
  );
  return depth > 0 ? fc.oneof(own, unionHost(depth - 1)) : own;
}

/** A schema with anyOf and/or oneOf of evaluating branches, beside properties, items or additionalProperties of its own. */
function unionHost(depth: number): fc.Arbitrary<Record<string, unknown>> {
  const branches = fc.array(evaluatingBranch(depth), { minLength: 1, maxLength: 3 });
  return fc
    .record(
      {
        anyOf: branches,
        oneOf: branches,
        allOf: branches,
        properties: fc.dictionary(name, fc.constant({ type: "boolean" }), { maxKeys: 2 }),
        items: fc.constant({ type: "null" }),
        additionalProperties: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .filter((host) => host.anyOf !== undefined || host.oneOf !== undefined || host.allOf !== undefined) as fc.Arbitrary<Record<string, unknown>>;
}

describe("plainValidatorChunk", () => {
  it("writes ajv's chunk for every corpus schema it answers, under each dialect, and answers most", () => {
    const schemas = corpusSchemas();
    const answered = schemas.filter((s) => isPlainValidatorSchema(s));
    const mismatches: string[] = [];
    for (const dialect of DIALECTS) {
      for (const s of schemas) {
        if (!isPlainValidatorSchema(s)) continue;
        const expected = ajvChunk(s, dialect);
        if (plainChunk(s, dialect) !== expected) mismatches.push(`${dialect} ${JSON.stringify(s).slice(0, 200)}`);
      }
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(schemas.length).toBeGreaterThan(900);
    // 976 of 1,028 at the time of writing (720 of the bench corpus's 727 inputSchemas): the rest have
    // $ref, $defs, propertyNames, const, uniqueItems, object-valued additionalProperties...
    expect(answered.length / schemas.length).toBeGreaterThan(0.9);
  }, 240_000);

  it("writes ajv's chunk for schemas drawn from the whole subset", () => {
    let answered = 0;
    let unions = 0;
    let patterns = 0;
    fc.assert(
      fc.property(schema, fc.constantFrom(...DIALECTS), (s, dialect) => {
        const json = JSON.parse(JSON.stringify(s)) as JsonValue;
        const mine = plainChunk(json, dialect);
        // Outside the subset, or a pattern the engine refuses: ajv compiles it (or says why).
        if (mine === undefined) return;
        answered++;
        if (/"(anyOf|oneOf|allOf)"/.test(JSON.stringify(json))) unions++;
        if (/"pattern"/.test(JSON.stringify(json))) patterns++;
        expect(mine).toBe(ajvChunk(json, dialect));
      }),
      { numRuns: 1000 },
    );
    // The grammar draws the subset: enough draws are answered, not filtered out.
    // 296, 36 and 260 of 1,000 at the time of writing (the next test draws unions by the hundred).
    expect(answered).toBeGreaterThan(250);
    expect(unions).toBeGreaterThan(25);
    expect(patterns).toBeGreaterThan(200);
  }, 240_000);

  it("writes ajv's chunk where anyOf and oneOf branches evaluate properties and items (2019-09, 2020-12)", () => {
    let merges = 0;
    fc.assert(
      fc.property(unionHost(2), fc.boolean(), fc.constantFrom<Dialect>("2020-12", "2019-09"), (host, nested, dialect) => {
        const json = JSON.parse(JSON.stringify(nested ? { type: "object", properties: { x: host }, required: ["x"] } : host)) as JsonValue;
        const mine = plainChunk(json, dialect);
        if (mine === undefined) return;
        if (/var (props|items)\d+ = /.test(mine)) merges++;
        expect(mine).toBe(ajvChunk(json, dialect));
      }),
      { numRuns: 400 },
    );
    expect(merges).toBeGreaterThan(150);
  }, 240_000);

  it("writes descriptor text only as data: a hostile name, enum member and format run nothing", () => {
    const hostile = JSON.parse(
      JSON.stringify({
        type: "object",
        properties: { [HOSTILE]: { enum: [HOSTILE, 1], format: HOSTILE }, b: { oneOf: [{ type: "string", format: HOSTILE }, { type: "integer" }] } },
        required: [HOSTILE],
        additionalProperties: false,
      }),
    ) as JsonValue;
    for (const dialect of DIALECTS) {
      const chunk = plainValidatorChunk(hostile, dialect)!;
      expect(JSON.stringify(chunk)).toBe(ajvChunk(hostile, dialect));
      const validate = new Function("__rt", `${chunk.body}\nreturn ${chunk.validateName};`)(validatorRuntime) as (data: unknown) => boolean;
      expect(validate({ [HOSTILE]: HOSTILE })).toBe(true);
      expect(validate({ [HOSTILE]: "x" })).toBe(false);
      expect(validate({})).toBe(false);
      expect((globalThis as { plainPwned?: unknown }).plainPwned).toBeUndefined();
    }
  });

  it("writes a certified lookaround as the checker's plan runs it, as ajv's engine with that plan does", () => {
    const plan: PatternPlan = { verdicts: new Map<string, PatternVerdict>([["^x(?=y)", { status: "safe" }]]), leaveOutUncertified: false };
    const withLookaround = { type: "object", properties: { a: { type: "string", pattern: "^x(?=y)" }, b: { type: "string", pattern: "^[a-z]+$" } } };
    for (const dialect of DIALECTS) {
      const expected = standaloneChunk(createStandaloneEngine(dialect, { patterns: plan }), withLookaround, plan).chunk!;
      const chunk = plainValidatorChunk(withLookaround, dialect, plan)!;
      expect(chunk).toEqual(expected);
      expect(chunk.body).toContain('__rt.certifiedPattern("^x(?=y)")');
      // Without the verdict the engine refuses the lookaround, and so does this module.
      expect(plainValidatorChunk(withLookaround, dialect)).toBeUndefined();
    }
  });

  it("leaves a schema nested deeper than its code to ajv, without running out of stack", () => {
    let deep: JsonValue = { type: "string" };
    for (let i = 0; i < 20_000; i++) deep = { type: "array", items: deep };
    expect(plainValidatorChunk(deep, "2020-12")).toBeUndefined();
    let shallow: JsonValue = { type: "string" };
    for (let i = 0; i < 20; i++) shallow = { type: "array", items: shallow };
    expect(plainValidatorChunk(shallow, "2020-12")).toBeDefined();
  });

  it("answers nothing outside the subset", () => {
    for (const outside of [
      { type: "string", pattern: "^x(?=y)" },
      { type: "string", pattern: "[" },
      // A refused pattern wherever the code uses it (found in an allOf branch by the property test).
      { allOf: [{ anyOf: [{ pattern: "^x(?=y)" }, { type: "integer" }] }] },
      { type: "object", additionalProperties: { type: "string" } },
      { anyOf: [{}] },
      { oneOf: [{ "x-only": true }] },
      { "x-only": true },
      { not: { type: "string" } },
      { type: "number", multipleOf: 2 },
      JSON.parse('{ "type": "object", "properties": { "__proto__": { "type": "string" } } }') as JsonValue,
      {},
      { type: "object", required: [""] },
      { enum: [{ a: 1 }] },
      { enum: [] },
      { type: "object", properties: { a: true } },
      { type: "string", maxLength: 1.5 },
      { $ref: "#" },
      true,
    ]) {
      expect(plainValidatorChunk(JSON.parse(JSON.stringify(outside)) as JsonValue, "2020-12")).toBeUndefined();
    }
  });
});
