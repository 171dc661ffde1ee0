// The meta-schema validators compiled ahead of time (src/precompiled/meta-validators.ts) answer as ajv's
// own validateSchema() does with mcp-gen's options (allErrors, ajv-formats): the same verdict and the
// same errors, for every dialect, on every corpus schema and on schemas broken in many ways. And a
// `$schema` spelled in a way dialectOf accepts but ajv does not know is checked, not a crash.
import type { Ajv, ErrorObject } from "ajv";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/model/dialect.js";
import type { JsonValue } from "../../src/model/json.js";
import { validateMeta201909, validateMeta202012, validateMetaDraft07 } from "../../src/precompiled/meta-validators.js";
import { SchemaCompiler, type GeneratedValidator } from "../../src/compile/schema-compiler.js";
import { corpusCaptures } from "../support/corpus-tools.js";
import { META_SCHEMAS } from "../../scripts/precompiled/meta-validators.js";
import { wideSchema } from "../support/hostile-schemas.js";

const require = createRequire(import.meta.url);

const PRECOMPILED: Record<Dialect, GeneratedValidator> = {
  "2020-12": validateMeta202012 as GeneratedValidator,
  "2019-09": validateMeta201909 as GeneratedValidator,
  "draft-07": validateMetaDraft07 as GeneratedValidator,
};

/** ajv configured as SchemaCompiler's check engine was before the meta-schemas were precompiled. */
function runtimeEngine(dialect: Dialect): Ajv {
  const options = { strict: false, validateFormats: true, validateSchema: false, allErrors: true, logger: false as const };
  const Engine =
    dialect === "2020-12"
      ? (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020
      : dialect === "2019-09"
        ? (require("ajv/dist/2019.js") as typeof import("ajv/dist/2019.js")).Ajv2019
        : (require("ajv") as typeof import("ajv")).Ajv;
  const engine = new Engine(options);
  (require("ajv-formats") as { default: (ajv: Ajv) => Ajv }).default(engine);
  return engine;
}

const errorsOf = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message }));

const BROKEN: readonly JsonValue[] = [
  { type: "strin" },
  { type: ["string", "string"] },
  { properties: { a: { type: 5 } } },
  { pattern: "(" },
  { properties: { a: { pattern: "[" } } },
  { minLength: -1 },
  { maxItems: 1.5 },
  { required: "a" },
  { required: ["a", "a"] },
  { $ref: 5 },
  { $id: "has space#frag" },
  { items: [{}] },
  { prefixItems: {} },
  { $defs: { a: { type: ["string", "strin"] } } },
  { definitions: { a: { enum: "x" } } },
  { format: 5 },
  { additionalProperties: "no" },
  { anyOf: [] },
  { allOf: [{ type: "object" }, { minimum: "x" }] },
  { dependentRequired: { a: [1] } },
  { dependencies: { a: 5 } },
  { $recursiveRef: 1 },
  { $dynamicRef: 2 },
  { $anchor: "1bad" },
  { contentEncoding: 7 },
  { exclusiveMinimum: true },
  { if: 3 },
  { properties: { deep: { properties: { deeper: { items: { type: "nope" } } } } } },
  7,
  "schema",
  null,
  [],
];

const VALID: readonly JsonValue[] = [true, false, {}, wideSchema(300), { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" }];

describe("the precompiled meta-schema validators", () => {
  const schemas: JsonValue[] = [
    ...corpusCaptures().flatMap((capture) =>
      capture.tools.flatMap((tool) => {
        const { inputSchema, outputSchema } = tool as { inputSchema?: JsonValue; outputSchema?: JsonValue };
        return [inputSchema, outputSchema].filter((schema): schema is JsonValue => schema !== undefined);
      }),
    ),
    ...BROKEN,
    ...VALID,
  ];

  for (const { dialect, id } of META_SCHEMAS) {
    it(`${dialect}: the verdict and errors of ajv's validateSchema on ${schemas.length} schemas`, () => {
      const engine = runtimeEngine(dialect);
      const precompiled = PRECOMPILED[dialect];
      let refused = 0;
      for (const schema of schemas) {
        const expected = engine.validate(id, schema) as boolean;
        expect(precompiled(schema), JSON.stringify(schema).slice(0, 200)).toBe(expected);
        expect(errorsOf(precompiled.errors)).toEqual(errorsOf(engine.errors));
        if (!expected) refused++;
      }
      expect(schemas.length).toBeGreaterThan(1500);
      // Most broken schemas are broken in every dialect (draft-07 does not know some of the keywords).
      expect(refused).toBeGreaterThanOrEqual(20);
    });
  }

  it("checks a schema whose $schema is a variant dialectOf accepts, as its dialect", () => {
    const compiler = new SchemaCompiler();
    const http = { $schema: "http://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { type: "string" } } };
    expect(compiler.check(http, "2020-12")).toEqual({ metaProblems: [], compileError: undefined });
    const broken = { $schema: "https://json-schema.org/draft-07/schema", type: "object", properties: { a: { type: "strin" } } };
    expect(compiler.check(broken, "draft-07").metaProblems.map((problem) => problem.pointer)).toEqual(["/properties/a/type"]);
  });
});
