// Property test: for arbitrary schemas built from the keywords plainSchemaVerdict judges (nested,
// combined, with annotations, odd property names and every format family), its verdict on arbitrary
// values is the generated validator's, or it says it is unsure. The generated validator is the code
// a generated project runs: the standalone chunk over the validator runtime. PROPERTY_RUNS sets the
// number of schemas (a nightly run uses thousands) and PROPERTY_SEED the seed (fixed in `npm test`).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as validatorRuntime from "@mcp-gen/runtime/validators";
import { plainSchemaVerdict } from "../../src/compile/plain-schema-verdict.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonValue } from "../../src/model/json.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

/** Property names that trip up objects: Object.prototype's members, "", an integer-like key. */
const NAMES = ["a", "b", "", "constructor", "toString", "0", "10", "x-y"] as const;
const TYPES = ["null", "boolean", "string", "number", "integer", "array", "object"] as const;
const FORMATS = ["date-time", "date", "time", "email", "uri", "uuid", "ipv4", "int32", "int64", "float", "password", "binary", "byte"] as const;
const STRINGS = [
  "",
  "a",
  "ab",
  "abc",
  "\u{1F600}",
  "a\u{1F600}",
  "2026-01-01T00:00:00Z",
  "2026-01-01",
  "12:00:00Z",
  "user@example.com",
  "https://example.com/",
  "00000000-0000-4000-8000-000000000000",
  "192.0.2.1",
  "aGk=",
  "not a date",
];

const smallJson = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>;
const count = fc.integer({ min: 0, max: 4 });
const bound = fc.oneof(fc.integer({ min: -3, max: 10 }), fc.constantFrom(0.5, 2.5, 2147483647, 1e10));

/**
 * A schema of one to three judged keywords (or annotations), nesting: few keywords at a time, so that
 * values pass as often as they fail and each keyword decides some verdicts.
 */
const schemaArbitrary: fc.Arbitrary<JsonValue> = fc.letrec<{ schema: JsonValue }>((tie) => {
  const keywords: Record<string, fc.Arbitrary<unknown>> = {
    type: fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
    enum: fc.array(fc.oneof(smallJson, fc.constantFrom(...STRINGS)), { minLength: 1, maxLength: 4 }),
    const: fc.oneof(smallJson, fc.constantFrom(...STRINGS)),
    properties: fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 3 }),
    required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
    additionalProperties: tie("schema"),
    items: tie("schema"),
    minItems: count,
    maxItems: count,
    minLength: count,
    maxLength: count,
    minProperties: count,
    maxProperties: count,
    minimum: bound,
    maximum: bound,
    exclusiveMinimum: bound,
    exclusiveMaximum: bound,
    format: fc.constantFrom(...FORMATS),
    allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }),
    anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
    oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
    not: tie("schema"),
    description: fc.string(),
    default: smallJson,
    nullable: fc.boolean(),
    "x-vendor": smallJson,
  };
  const entry = fc.oneof(...Object.entries(keywords).map(([keyword, value]) => value.map((v) => [keyword, v] as const)));
  return {
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.boolean(),
      fc.uniqueArray(entry, { minLength: 1, maxLength: 3, selector: ([keyword]) => keyword }).map((entries) => Object.fromEntries(entries) as JsonValue),
    ),
  };
}).schema;

/** Values: any JSON, the schemas' own bounds, strings of every format family, and objects over the schemas' property names. */
const valueArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  smallJson,
  bound,
  fc.constantFrom(...STRINGS),
  fc.constantFrom(-0, 1.5, 2147483648, 1e21),
  fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(smallJson, fc.constantFrom(...STRINGS)), { maxKeys: 4 }),
  fc.array(fc.oneof(smallJson, fc.constantFrom(...STRINGS)), { maxLength: 4 }),
);

describe("plainSchemaVerdict, on arbitrary schemas of the keywords it judges", () => {
  // A nightly run's thousands of schemas take about 30 ms each on a busy machine.
  it("gives the generated validator's verdict, or none", { timeout: Math.max(60_000, RUNS * 60) }, () => {
    const compiler = new SchemaCompiler();
    let compared = 0;
    fc.assert(
      fc.property(schemaArbitrary, fc.array(valueArbitrary, { minLength: 4, maxLength: 12 }), (schema, values) => {
        const chunk = compiler.compiled(schema, "2020-12").chunk;
        const verdict = plainSchemaVerdict(schema);
        if (!chunk || !verdict) return;
        const validate = new Function("__rt", `${chunk.body}\nreturn ${chunk.validateName};`)(validatorRuntime) as (value: unknown) => unknown;
        for (const value of values) {
          const got = verdict(value);
          if (got === undefined) continue;
          compared++;
          expect(got, `${JSON.stringify(schema)} on ${JSON.stringify(value)}`).toBe(validate(value) === true);
        }
      }),
      { numRuns: RUNS },
    );
    // The draw must reach the comparison, or the property says nothing.
    expect(compared).toBeGreaterThan(RUNS);
  });
});
