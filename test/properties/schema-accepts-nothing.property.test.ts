// Property test: schema-accepts-nothing is sound. For arbitrary schemas of the keywords it reads
// (type, enum, const, nullable, allOf/anyOf/oneOf, not, bounds, items/prefixItems, required with
// properties and additionalProperties), nested, whenever it reports a schema, ajv (the SDKs'
// validator, the one the generated code is compiled with) accepts none of many values: arbitrary
// JSON, every value the schemas name, and objects built from their property names. PROPERTY_RUNS
// sets the number of schemas and PROPERTY_SEED the seed (fixed in `npm test`).
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonObject, valueAt, type JsonObject, type JsonValue } from "../../src/model/json.js";
import { splitPointer } from "../../src/model/pointer.js";
import { schemaAcceptsNothing } from "../../src/validate/rules/schema-accepts-nothing.js";
import { analyzeTools } from "../support/project-from-tools.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261207);

const NAMES = ["a", "b", "c"] as const;
const TYPES = ["null", "boolean", "string", "number", "integer", "array", "object"] as const;
const SCALARS: JsonValue[] = [null, true, false, 0, 1, 2, 2.5, -1, 10, "", "a", "ab", "abcdef"];
/** Few values, so that a schema's keywords often name the same ones. */
const scalar = fc.constantFrom<JsonValue>(null, true, 1, 2.5, "", "ab", "\u{1f600}", [], ["a"], { a: 1 });
const bound = fc.constantFrom(0, 1, 2, 3, 5, 2.5);

const schema: fc.Arbitrary<JsonValue> = fc.letrec<{ node: JsonValue }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<JsonValue>(true, false, {}, { not: {} }),
    fc
      .tuple(
        // The keywords that say which kinds pass, each there half the time...
        fc.record(
          {
            type: fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
            enum: fc.array(scalar, { minLength: 0, maxLength: 3 }),
            const: scalar,
            nullable: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        // ...and up to two others: with many, nearly every schema accepts nothing for several reasons at once.
        fc
          .record(
            {
              allOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }),
              anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }),
              oneOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }),
              not: fc.constantFrom<JsonValue>({}, true, { type: "string" }),
              minimum: bound,
              maximum: bound,
              exclusiveMinimum: bound,
              exclusiveMaximum: bound,
              minLength: bound,
              maxLength: bound,
              minItems: bound,
              maxItems: bound,
              minProperties: bound,
              maxProperties: bound,
              items: fc.oneof(fc.constant<JsonValue>(false), tie("node")),
              prefixItems: fc.array(tie("node"), { maxLength: 2 }),
              properties: fc.dictionary(fc.constantFrom(...NAMES), tie("node"), { maxKeys: 2 }),
              required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }),
              additionalProperties: fc.oneof(fc.constant<JsonValue>(false), fc.constant<JsonValue>(true)),
            },
            { requiredKeys: [] },
          )
          .chain((others) => fc.subarray(Object.keys(others), { maxLength: 2 }).map((keys) => Object.fromEntries(keys.map((key) => [key, others[key as keyof typeof others]])))),
      )
      .map(([kinds, others]) => ({ ...kinds, ...others }) as JsonObject),
  ),
})).node;

/** Cases each run checks first: where numbers, integers, null and bounds meet. */
const EXAMPLES: JsonValue[] = [
  { type: "number", const: 2.5 },
  { type: "integer", enum: [1, 2.5] },
  { type: "string", nullable: true, enum: [null] },
  { anyOf: [{ type: "string" }, { type: "integer" }], type: "number" },
  { type: "integer", minimum: 2.5, maximum: 3 },
  { type: "array", prefixItems: [{ type: "string" }], items: false, minItems: 1 },
  { type: "object", required: ["a"], properties: { a: { not: { type: "string" } } } },
  { enum: [0, "ab"], minimum: 1, maxLength: 1 },
  { const: "\u{1f600}", minLength: 2 },
  { enum: [{ a: 1 }, []], required: ["b"], minItems: 1 },
  // Values on a bound: each one passes it.
  { enum: [1], minimum: 1, maximum: 1 },
  { enum: [1], exclusiveMinimum: 0, exclusiveMaximum: 2 },
  { const: "ab", minLength: 2, maxLength: 2 },
  { const: "\u{1f600}", maxLength: 1 },
  { enum: [["a"]], minItems: 1, maxItems: 1 },
  { enum: [{ a: 1 }], minProperties: 1, maxProperties: 1, required: ["a"] },
];

/** Every value a schema names, with the sample scalars, arrays of them and objects keyed by NAMES. */
function candidates(root: JsonValue): JsonValue[] {
  const found: JsonValue[] = [...SCALARS];
  const visit = (value: JsonValue): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isJsonObject(value)) return;
    for (const [key, member] of Object.entries(value)) {
      if (key === "enum" && Array.isArray(member)) found.push(...member);
      else if (key === "const") found.push(member);
      else visit(member);
    }
  };
  visit(root);
  const values = [...new Set(found.map((value) => JSON.stringify(value)))].map((text) => JSON.parse(text) as JsonValue);
  const arrays: JsonValue[] = [[], ...values.map((v) => [v]), ...values.map((v) => [v, v])];
  const objects: JsonValue[] = [{}];
  for (const a of values) {
    objects.push({ a }, { b: a }, { c: a }, { a, b: a }, { a, b: a, c: a });
  }
  return [...values, ...arrays, ...objects];
}

describe("schema-accepts-nothing is sound", () => {
  it("every schema it reports, ajv accepts none of the candidate values", () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    let reported = 0;
    fc.assert(
      fc.property(schema, fc.array(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>, { maxLength: 20 }), (property, arbitrary) => {
        const inputSchema = { type: "object", properties: { p: property } };
        const tool = { name: "probe", description: "Probes.", inputSchema };
        const { analysis } = analyzeTools([tool], [schemaAcceptsNothing], { skipLoad: true });
        for (const diagnostic of analysis.diagnostics) {
          reported++;
          const reportedSchema = valueAt(tool as unknown as JsonValue, splitPointer(diagnostic.pointer).slice(0, -1));
          let validate: ReturnType<Ajv2020["compile"]>;
          try {
            validate = ajv.compile(reportedSchema as object);
          } catch {
            continue; // a schema ajv refuses to compile accepts nothing there either
          }
          const passing = [...candidates(reportedSchema!), ...arbitrary].filter((value) => validate(value));
          expect(passing, `${JSON.stringify(reportedSchema)}: ${diagnostic.message}`).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: SEED, examples: EXAMPLES.map((example) => [example, []]) },
    );
    // The arbitrary schemas do reach the rule's findings, so the property checks something.
    expect(reported).toBeGreaterThan(RUNS / 40);
  });
});
