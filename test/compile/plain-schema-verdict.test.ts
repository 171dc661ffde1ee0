// plainSchemaVerdict (src/compile/plain-schema-verdict.ts) must answer exactly as the generated
// validator does, or not at all: the scaffold arguments a build writes are judged by it instead of
// by running that code. Held to the generated validator on every distinct schema of the corpus and
// on hand-written schemas for each keyword, with values drawn by fast-check from a fixed seed.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import * as validatorRuntime from "@mcp-gen/runtime/validators";
import { plainSchemaVerdict } from "../../src/compile/plain-schema-verdict.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { sampleValue, scaffoldSamples } from "../../src/compile/schema-samples.js";
import { dialectOf, type Dialect } from "../../src/model/dialect.js";
import { isJsonObject, type JsonValue } from "../../src/model/json.js";
import { corpusPath } from "../support/spec-paths.js";

interface Capture {
  readonly tools: readonly { readonly inputSchema?: JsonValue; readonly outputSchema?: JsonValue }[];
}

/** Every distinct inputSchema and outputSchema of a corpus file, with its dialect. */
function corpusSchemas(file: string): { schema: JsonValue; dialect: Dialect }[] {
  const capture = JSON.parse(readFileSync(corpusPath(file), "utf8")) as Capture;
  const found = new Map<string, { schema: JsonValue; dialect: Dialect }>();
  for (const tool of capture.tools) {
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      if (!isJsonObject(schema)) continue;
      const dialect = dialectOf(schema.$schema);
      if (dialect) found.set(`${dialect}\0${JSON.stringify(schema)}`, { schema, dialect });
    }
  }
  return [...found.values()];
}

/** One schema for each keyword the verdict judges, and their edges. */
const HAND_WRITTEN: readonly JsonValue[] = [
  { type: ["string", "null"], minLength: 2, maxLength: 3 },
  { type: "integer", minimum: 0, maximum: 10 },
  { type: "number", minimum: 0.5, maximum: 1e9 },
  { enum: [1, "1", { a: [1] }, [1, 2], null, false] },
  { const: { a: 1, b: [true] } },
  { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 2 },
  { type: "array", items: false },
  { type: "object", properties: { constructor: { type: "string" }, toString: { type: "integer" } }, required: ["toString"] },
  { type: "object", properties: { a: true, b: false }, additionalProperties: { type: "boolean" } },
  { type: "object", additionalProperties: false },
  { type: "object", properties: { "": { type: "string" } }, required: [""] },
  { type: "string", format: "date-time" },
  { type: "integer", format: "int32" },
  { format: "email" },
  { type: "string", format: "password" },
  { type: "string", nullable: true, description: "d", title: "t", default: 3, examples: [1], "x-vendor": { type: "integer" } },
  { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 },
  { type: "object", minProperties: 1, maxProperties: 2 },
  { oneOf: [{ type: "integer" }, { type: "number", minimum: 1 }, { type: "string", maxLength: 1 }] },
  {
    anyOf: [
      { type: "object", required: ["a"] },
      { type: "object", required: ["b"] },
    ],
    allOf: [{ type: "object" }, { not: { required: ["x"] } }],
  },
  {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: { tags: { type: "array", items: { enum: ["a", "b"] }, maxItems: 3 }, n: { type: ["integer", "string"], maximum: 5, maxLength: 1 } },
    required: ["tags"],
    additionalProperties: { type: "object", properties: { x: { const: 1 } }, required: ["x"] },
  },
];

/**
 * Numbers in [0, 1) drawn by fast-check from `seed` (docs/testing.md: every random draw in the
 * tests is fast-check's), ten thousand at a time: the same values on every run.
 */
function random(seed: number): () => number {
  let pool: number[] = [];
  let round = 0;
  return () => {
    // Unbiased: fast-check's arbitraries favour small and extreme values by default.
    if (pool.length === 0) pool = fc.sample(fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })), { seed: seed + round++, numRuns: 10_000 });
    return pool.pop()! / 2 ** 31;
  };
}

const STRINGS = [
  "",
  "a",
  "ab",
  "abc",
  "abcd",
  "example",
  "\u{1F600}",
  "a\u{1F600}",
  "\u{1F600}\u{1F600}",
  "a\ud800",
  "2026-01-01T00:00:00Z",
  "2026-13-01",
  "user@example.com",
  "https://example.com/",
  "1",
  "x".repeat(300),
];
const NUMBERS = [0, -0, 1, 2, 5, 10, 11, -1, 0.5, 1.5, 2147483648, 1e10, Number.NaN, Number.POSITIVE_INFINITY];

/** Values near `schema`'s own samples, and anything at all: what the verdict is held to. */
function valuesFor(schema: JsonValue, next: () => number, count: number): unknown[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const any = (depth: number): unknown => {
    const kind = Math.floor(next() * (depth > 2 ? 5 : 7));
    if (kind === 0) return null;
    if (kind === 1) return next() < 0.5;
    if (kind === 2) return pick(NUMBERS);
    if (kind === 3 || kind === 4) return pick(STRINGS);
    if (kind === 5) return Array.from({ length: Math.floor(next() * 4) }, () => any(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(next() * 3) }, () => [pick(["a", "b", "x", "tags", "toString", "constructor", ""]), any(depth + 1)]));
  };
  const nearby = (value: unknown, sub: JsonValue | undefined, depth: number): unknown => {
    if (next() < 0.15 || depth > 4) return any(depth);
    const properties = isJsonObject(sub) && isJsonObject(sub.properties) ? sub.properties : {};
    if (isJsonObject(value as JsonValue)) {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const names = [...new Set([...Object.keys(out), ...Object.keys(properties)])];
      const steps = 1 + Math.floor(next() * 3);
      for (let i = 0; i < steps && names.length > 0; i++) {
        const name = pick(names);
        const roll = next();
        if (roll < 0.3) delete out[name];
        else if (roll < 0.5) out[`extra${i}`] = any(depth + 1);
        else out[name] = nearby(out[name] ?? sampleValue(properties[name], schema, 0), properties[name], depth + 1);
      }
      return out;
    }
    if (Array.isArray(value)) return next() < 0.5 ? [] : [...value, nearby(value[0], isJsonObject(sub) ? (sub.items as JsonValue) : undefined, depth + 1)];
    return any(depth);
  };
  const base = sampleValue(schema, schema, 0);
  return [base, {}, ...Array.from({ length: count }, () => nearby(base ?? {}, schema, 0))];
}

/**
 * The generated validator of `schema` exactly as a generated project runs it: the standalone code
 * mcp-gen writes, over the validator runtime (a schema the verdict judges has no pattern), not ajv's own
 * function (whose fast-deep-equal throws on an object with a `toString` member that is no function).
 */
function generatedCode(compiler: SchemaCompiler, schema: JsonValue, dialect: Dialect): ((value: unknown) => unknown) | undefined {
  const chunk = compiler.compiled(schema, dialect).chunk;
  return chunk && (new Function("__rt", `${chunk.body}\nreturn ${chunk.validateName};`)(validatorRuntime) as (value: unknown) => unknown);
}

/** Where the verdict and the generated validator disagree, and how many values each schema was judged on. */
function holdToValidator(schemas: readonly { schema: JsonValue; dialect: Dialect }[], perSchema: number) {
  const compiler = new SchemaCompiler();
  const next = random(27);
  const disagreements: string[] = [];
  let compiled = 0;
  let judged = 0;
  let verdicts = 0;
  let unsure = 0;
  for (const { schema, dialect } of schemas) {
    if (compiler.compiled(schema, dialect).chunk === undefined) continue;
    compiled++;
    const verdict = plainSchemaVerdict(schema);
    if (!verdict) continue;
    judged++;
    const validate = generatedCode(compiler, schema, dialect)!;
    for (const value of valuesFor(schema, next, perSchema)) {
      const got = verdict(value);
      if (got === undefined) {
        unsure++;
        continue;
      }
      verdicts++;
      if (got !== (validate(value) === true)) disagreements.push(`${JSON.stringify(schema).slice(0, 200)} on ${JSON.stringify(value)}: verdict ${got}`);
    }
  }
  return { disagreements, compiled, judged, verdicts, unsure };
}

describe("plainSchemaVerdict", () => {
  it("agrees with the generated validator on every distinct schema of the GitHub corpus", () => {
    const result = holdToValidator(corpusSchemas("bench/github-rest-tools.json"), 30);
    expect(result.disagreements).toEqual([]);
    // It must judge most of them, or a build runs the validators after all.
    expect(result.compiled).toBe(727);
    expect(result.judged).toBeGreaterThan(690);
    expect(result.verdicts).toBeGreaterThan(690 * 30);
  });

  it("agrees with the generated validator on the published servers' schemas", () => {
    const files = readdirSync(corpusPath("real")).filter((file) => file.endsWith(".json"));
    const result = holdToValidator(
      files.flatMap((file) => corpusSchemas(`real/${file}`)),
      30,
    );
    expect(result.disagreements).toEqual([]);
    expect(result.judged).toBeGreaterThan(50);
  });

  it("agrees with the generated validator on a schema for each keyword it judges", () => {
    const result = holdToValidator(
      HAND_WRITTEN.map((schema) => ({ schema, dialect: dialectOf(isJsonObject(schema) ? schema.$schema : undefined)! })),
      400,
    );
    expect(result.disagreements).toEqual([]);
    expect(result.judged).toBe(HAND_WRITTEN.length);
  });

  it("leaves to the validator every keyword, shape and value it does not judge", () => {
    const notJudged: JsonValue[] = [
      { type: "string", pattern: "^a" },
      { type: "array", items: [{ type: "string" }] },
      { type: "string", format: "no-such-format" },
      { type: "string", formatMinimum: "2020-01-01", format: "date" },
      { $ref: "#/$defs/a", $defs: { a: { type: "string" } } },
      { anyOf: [{ type: "string", pattern: "^a" }] },
      { oneOf: [] },
      { type: "string", minLength: -1 },
      { type: "strin" },
      { type: "object", properties: { a: { $schema: "https://json-schema.org/draft/2020-12/schema" } } },
      { type: "number", exclusiveMinimum: true },
      { uniqueItems: true },
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as JsonValue,
      // ajv does not enforce a required "" under `not` (load-ajv.ts, patch 6).
      { not: { properties: { a: { required: ["b", ""] } } } },
    ];
    for (const schema of notJudged) expect(plainSchemaVerdict(schema), JSON.stringify(schema)).toBeUndefined();
    // A value with a `__proto__` member of its own: unsure, whatever the schema says of objects.
    const verdict = plainSchemaVerdict({ type: "object", required: ["a"] })!;
    expect(verdict(JSON.parse('{"__proto__":1,"a":1}'))).toBeUndefined();
    expect([verdict({ a: 1 }), verdict({})]).toEqual([true, false]);
  });

  it("spares a build the validator for a plain schema, and still runs it for the others", () => {
    const compiler = new SchemaCompiler();
    const run = vi.spyOn(compiler, "generatedValidator");
    const plain = compiler.samples({ type: "object", properties: { city: { type: "string", minLength: 2 } }, required: ["city"] }, "2020-12");
    expect(plain).toEqual({ derived: { city: "example" }, invalid: {} });
    expect(run).not.toHaveBeenCalled();
    const patterned = compiler.samples({ type: "object", properties: { city: { type: "string", pattern: "^[A-Z]" } }, required: ["city"] }, "2020-12");
    // "example" does not start with a capital: no derived arguments, as the validator says.
    expect(patterned).toEqual({ derived: undefined, invalid: {} });
    expect(run).toHaveBeenCalled();
  });

  it("gives every corpus schema the scaffold arguments the generated validator alone gives", () => {
    const schemas = [
      ...corpusSchemas("bench/github-rest-tools.json"),
      ...readdirSync(corpusPath("real"))
        .filter((file) => file.endsWith(".json"))
        .flatMap((file) => corpusSchemas(`real/${file}`)),
    ];
    const compiler = new SchemaCompiler();
    const reference = new SchemaCompiler();
    const differ = schemas.filter(({ schema, dialect }) => {
      const validate = reference.generatedValidator(schema, dialect);
      const expected = scaffoldSamples(schema, validate && ((value) => validate(value) === true));
      return JSON.stringify(compiler.samples(schema, dialect)) !== JSON.stringify(expected);
    });
    expect(differ.map(({ schema }) => JSON.stringify(schema).slice(0, 200))).toEqual([]);
  });
});
