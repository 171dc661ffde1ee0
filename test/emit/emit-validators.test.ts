// emit/emit-validators.ts: standalone validators that accept exactly what mcp-gen's own ajv
// validation (and so the official SDK) accepts, that depend on nothing but the runtime module, and
// that come out byte-identical for the same schemas.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitValidators as emitNamedValidators, knownValidatorsOf, validatorModuleDialect, type EmittedValidators, type ValidatorRequest as NamedRequest } from "../../src/emit/emit-validators.js";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../../src/model/dialect.js";
import { isJsonObject, type JsonValue } from "../../src/model/json.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { corpusCaptures } from "../support/corpus-tools.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { PATTERN_RUNTIME_SOURCE_PATH, RUNTIME_SOURCE_PATH, writeEmittedFolder, type EmittedFolder, type LoadedValidator } from "./load-validators.js";
import { instancesFor } from "./validator-instances.js";
import { withinSeconds } from "../support/within-seconds.js";

/** A request as these tests write it: one without a name is exported as `validateRequest${index}`. */
type ValidatorRequest = Omit<NamedRequest, "exportName"> & { readonly exportName?: string };

function emitValidators(requests: readonly ValidatorRequest[], ...rest: Parameters<typeof emitNamedValidators> extends [unknown, ...infer R] ? R : never): EmittedValidators {
  return emitNamedValidators(
    requests.map((request, i) => ({ exportName: `validateRequest${i}`, ...request })),
    ...rest,
  );
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

interface CorpusRequest extends ValidatorRequest {
  readonly label: string;
}

/** Every inputSchema and outputSchema of corpus/real and corpus/bench, with its dialect as toolSchemas() reads it. */
function corpusRequests(): CorpusRequest[] {
  const out: CorpusRequest[] = [];
  for (const { file, tools } of corpusCaptures()) {
    for (const tool of tools as { name: string; inputSchema?: JsonValue; outputSchema?: JsonValue }[]) {
      for (const key of ["inputSchema", "outputSchema"] as const) {
        const schema = tool[key];
        if (schema === undefined || (!isJsonObject(schema) && typeof schema !== "boolean")) continue;
        const declared = isJsonObject(schema) ? schema.$schema : undefined;
        const dialect = declared === undefined ? DEFAULT_DIALECT : dialectOf(declared);
        if (dialect !== undefined) out.push(deepFreeze({ label: `${file} ${tool.name} ${key}`, schema, dialect }));
      }
    }
  }
  return out;
}

interface ErrorLike {
  readonly instancePath: string;
  readonly keyword: string;
  readonly schemaPath?: string;
}

/** The first error as the server reports it: where, and which keyword. */
function firstError(validator: { errors?: readonly ErrorLike[] | null }): string {
  const first = validator.errors?.[0];
  return first === undefined ? "-" : `${first.instancePath} ${first.keyword}`;
}

/**
 * The first error that ajv with only the first error would report. With allErrors, ajv keeps the
 * errors of the items that failed a `contains` subschema ahead of the `contains` error itself; with
 * the first error only, it reports the `contains` error, which is what the server should say.
 */
function firstErrorOfReference(validator: { errors?: readonly ErrorLike[] | null }): string {
  const errors = validator.errors ?? [];
  const containsPaths = errors.filter((e) => e.keyword === "contains").map((e) => `${e.schemaPath ?? ""}/`);
  return firstError({ errors: errors.filter((e) => !containsPaths.some((path) => (e.schemaPath ?? "").startsWith(path))) });
}

async function loadAll(emitted: EmittedValidators, folder: EmittedFolder): Promise<LoadedValidator[]> {
  const modules = new Map<string, Record<string, LoadedValidator>>();
  for (const file of emitted.files) {
    const module = file.path.replace(/\.ts$/, ".js");
    modules.set(module, await folder.load(module));
  }
  return emitted.refs.map((ref) => modules.get(ref.module)![ref.exportName]!);
}

/** Emits `requests`, loads the modules, and returns one validator per request. */
async function emitAndLoad(requests: readonly ValidatorRequest[]): Promise<LoadedValidator[]> {
  const emitted = emitValidators(requests);
  const folder = writeEmittedFolder(emitted.files);
  try {
    return await loadAll(emitted, folder);
  } finally {
    folder.remove();
  }
}

interface Mismatch {
  readonly label: string;
  readonly instance: string;
  readonly expected: string;
  readonly actual: string;
}

/** Runs both validators on every instance; lists where verdict or first error differ. */
function compareOn(label: string, reference: (data: unknown) => boolean, emitted: LoadedValidator, instances: readonly unknown[]): Mismatch[] {
  const mismatches: Mismatch[] = [];
  for (const instance of instances) {
    const expected = `${reference(instance)} ${firstErrorOfReference(reference as { errors?: readonly ErrorLike[] | null })}`;
    const actual = `${emitted(instance)} ${firstError(emitted)}`;
    if (expected !== actual) mismatches.push({ label, instance: JSON.stringify(instance).slice(0, 300), expected, actual });
  }
  return mismatches;
}

describe("emitValidators: equivalence with mcp-gen's own ajv validation", () => {
  const compiler = new SchemaCompiler();
  const requests = corpusRequests();
  const compilable = requests.filter((r) => compiler.validator(r.schema, r.dialect) !== undefined);
  let emitted: EmittedValidators;
  let folder: EmittedFolder;
  let validators: LoadedValidator[];

  beforeAll(async () => {
    emitted = emitValidators(compilable);
    folder = writeEmittedFolder(emitted.files);
    validators = await loadAll(emitted, folder);
  }, 300_000); // the whole corpus compiled and loaded: minutes on a loaded machine
  afterAll(() => folder.remove());

  it("covers the whole corpus: input and output schemas of corpus/real and corpus/bench", () => {
    expect(requests.length).toBeGreaterThan(1_500);
    expect(compilable.map((r) => r.label)).toEqual(requests.map((r) => r.label));
    expect(new Set(emitted.refs.map((r) => r.module))).toEqual(new Set(["validators/2020-12.js", "validators/draft-07.js"]));
  });

  it("every corpus schema: the emitted validator gives the same verdict and the same first error on every instance", () => {
    let checked = 0;
    let rejected = 0;
    const mismatches: Mismatch[] = [];
    compilable.forEach((request, i) => {
      const reference = compiler.validator(request.schema, request.dialect)!;
      const instances = instancesFor(request.schema, 1_000 + i);
      mismatches.push(...compareOn(request.label, reference, validators[i]!, instances));
      checked += instances.length;
      rejected += instances.filter((x) => !reference(x)).length;
    });
    expect(mismatches.slice(0, 10)).toEqual([]);
    // Enough instances on both sides of every verdict to mean something.
    expect(checked).toBeGreaterThan(50_000);
    expect(rejected).toBeGreaterThan(checked / 4);
    expect(checked - rejected).toBeGreaterThan(checked / 10);
  });

  it("a schema ajv cannot compile makes emitValidators throw instead of emitting a validator", () => {
    const bad = deepFreeze({ schema: { type: "string", pattern: "(" }, dialect: "2020-12" as Dialect });
    expect(compiler.validator(bad.schema, bad.dialect)).toBeUndefined();
    expect(() => emitValidators([bad])).toThrow(/does not compile/);
  });
});

describe("emitValidators: formats, $id and hostile text", () => {
  const compiler = new SchemaCompiler();

  async function expectSameAsReference(requests: readonly ValidatorRequest[], instances: readonly unknown[]): Promise<LoadedValidator[]> {
    const validators = await emitAndLoad(requests.map((r) => deepFreeze(r)));
    const mismatches = requests.flatMap((r, i) => compareOn(`request ${i}`, compiler.validator(r.schema, r.dialect)!, validators[i]!, instances));
    expect(mismatches).toEqual([]);
    return validators;
  }

  it("checks every ajv-formats format (and formatMinimum/formatMaximum) and treats unknown formats as annotations", async () => {
    const formats = [
      "date",
      "time",
      "date-time",
      "iso-time",
      "iso-date-time",
      "duration",
      "uri",
      "uri-reference",
      "uri-template",
      "url",
      "email",
      "hostname",
      "ipv4",
      "ipv6",
      "regex",
      "uuid",
      "json-pointer",
      "json-pointer-uri-fragment",
      "relative-json-pointer",
      "byte",
      "int32",
      "int64",
      "float",
      "double",
      "password",
      "binary",
      "json",
      "made-up",
    ];
    const requests: ValidatorRequest[] = formats.map((format) => ({ schema: { format }, dialect: "2020-12" }));
    requests.push({ schema: { type: "string", format: "date", formatMinimum: "2024-01-01", formatExclusiveMaximum: "2024-12-31" }, dialect: "2020-12" });
    requests.push({ schema: { format: "date-time", formatMaximum: "2024-06-01T00:00:00Z" }, dialect: "draft-07" });
    const instances = [
      "2024-02-29",
      "2023-02-29",
      "2024-12-31",
      "23:59:60Z",
      "23:59:60+01:00",
      "2024-01-01T00:00:00Z",
      "2024-06-01T00:00:01Z",
      "P1D",
      "https://a.b/c d",
      "a@b.co",
      "::1",
      "1.2.3.4",
      "(",
      "\\Z",
      "[a-z]",
      "aGk=",
      "",
      "x",
      1,
      2 ** 31,
      1.5,
      -(2 ** 31) - 1,
      null,
      {},
    ];
    const validators = await expectSameAsReference(requests, instances);
    expect(validators[formats.indexOf("made-up")]!("anything at all")).toBe(true);
    expect(validators[formats.indexOf("date")]!("2024-02-30")).toBe(false);
  });

  it('two tools with the same root $id, or the same nested $id with different contents, or $ref "#" without $id, each keep their own $refs (T-REF-6)', async () => {
    const tool = (type: string) => ({
      $id: "https://example.com/shared.json",
      type: "object",
      properties: { a: { $ref: "#/$defs/a" }, b: { $ref: "https://example.com/shared.json#/$defs/a" }, c: { $ref: "https://example.com/nested.json" } },
      $defs: { a: { type }, n: { $id: "https://example.com/nested.json", type } },
    });
    // `$ref: "#"` finds the root of a schema without `$id` through the same registry.
    const recursive = (type: string) => ({ type: "object", properties: { k: { $ref: "#" }, a: { type } } });
    const requests: ValidatorRequest[] = [
      { schema: tool("string"), dialect: "2020-12" },
      { schema: tool("integer"), dialect: "2020-12" },
      { schema: { ...tool("boolean"), $defs: { a: { type: "boolean" }, n: { $id: "https://example.com/nested.json", type: "boolean" } } }, dialect: "2019-09" },
      { schema: recursive("string"), dialect: "2020-12" },
      { schema: recursive("integer"), dialect: "2020-12" },
      { schema: recursive("boolean"), dialect: "draft-07" },
    ];
    const instances = [
      { a: "x", b: "x", c: "x" },
      { a: 1, b: 1, c: 1 },
      { a: true, b: true, c: true },
      { c: 2 },
      { b: "x" },
      { k: { k: { a: "x" } } },
      { k: { k: { a: 1 } } },
      { k: { a: true }, a: true },
    ];
    const [asString, asInteger, asBoolean, , recursiveInteger] = await expectSameAsReference(requests, instances);
    expect(recursiveInteger!({ k: { k: { a: 1 } } })).toBe(true);
    expect(recursiveInteger!({ k: { k: { a: "x" } } })).toBe(false);
    expect(firstError(recursiveInteger!)).toBe("/k/k/a type");
    expect(asString!({ a: "x", b: "y", c: "z" })).toBe(true);
    expect(asInteger!({ a: 1, b: 2, c: 3 })).toBe(true);
    expect(asInteger!({ c: "z" })).toBe(false);
    expect(asBoolean!({ a: true, b: false, c: true })).toBe(true);
  });

  it("keywords that need the runtime or unusual code agree with the reference, in every dialect", async () => {
    const schemas: JsonValue[] = [
      { type: "array", uniqueItems: true, items: { type: ["object", "array", "number", "string", "null"] } },
      { const: { a: [1, { b: null }] } },
      { enum: [{ a: 1 }, [1, 2], "x", null, 1.5] },
      { type: "string", minLength: 2, maxLength: 3 },
      { type: "number", multipleOf: 0.01, exclusiveMinimum: 0, maximum: 10 },
      { type: "integer", multipleOf: 3 },
      { type: "object", patternProperties: { "^x-": { type: "string" }, "\\d": { type: "integer" } }, additionalProperties: false, propertyNames: { maxLength: 5 } },
      { type: "object", if: { properties: { kind: { const: "a" } }, required: ["kind"] }, then: { required: ["a"] }, else: { required: ["b"] } },
      { type: "array", contains: { type: "integer", minimum: 5 }, minItems: 2 },
      {
        type: "object",
        properties: { tree: { $ref: "#/definitions/node" } },
        definitions: { node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/definitions/node" } }, v: { type: "integer" } }, required: ["v"] } },
      },
      {
        oneOf: [
          { type: "string", maxLength: 2 },
          { type: "string", pattern: "^a" },
        ],
        not: { const: "zz" },
      },
      { anyOf: [{ type: "object", properties: { kind: { const: "x" } }, required: ["kind"] }, { type: "array" }] },
    ];
    const dialects: readonly Dialect[] = ["draft-07", "2019-09", "2020-12"];
    const requests = dialects.flatMap((dialect) => schemas.map((schema) => ({ schema, dialect })));
    requests.push({ schema: { type: "object", unevaluatedProperties: false, properties: { a: { type: "integer" } }, allOf: [{ properties: { b: { type: "string" } } }] }, dialect: "2020-12" });
    requests.push({ schema: { type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false }, dialect: "2020-12" });
    const instances: unknown[] = [
      [],
      [1, 1],
      [{ a: 1 }, { a: 1 }],
      [[1], [1]],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [1, "1"],
      { a: [1, { b: null }] },
      { a: [1, { b: 0 }] },
      { a: 1 },
      [1, 2],
      "x",
      null,
      1.5,
      1.25,
      "😀😀",
      "😀",
      "abcd",
      "ab",
      0.03,
      0.035,
      0,
      10,
      10.01,
      9,
      4,
      { "x-a": "s", "1": 2 },
      { "x-a": 1 },
      { toolong: 1 },
      { kind: "a" },
      { kind: "a", a: 1 },
      { kind: "b" },
      { b: 1 },
      [1, 6],
      [1, 2],
      [6],
      { tree: { v: 1, kids: [{ v: 2, kids: [{ v: "x" }] }] } },
      { tree: { v: 1, kids: [{}] } },
      "ab",
      "abc",
      "zz",
      "a",
      { kind: "x" },
      { kind: "y" },
      { a: 1, b: "s" },
      { a: 1, c: 1 },
      ["s"],
      ["s", 1],
    ];
    const validators = await expectSameAsReference(requests, instances);
    // With allErrors, ajv lists the failing items of `contains` first; the first error alone is `contains`.
    const contains = validators[schemas.findIndex((s) => isJsonObject(s) && s.contains !== undefined)]!;
    expect(contains([1, 2])).toBe(false);
    expect(firstError(contains)).toBe(" contains");
  });

  it("an ajv-only `$async: true` is dropped: the validator stays synchronous and checks the schema", async () => {
    const [validator] = await emitAndLoad([{ schema: { $async: true, type: "object", required: ["a"] }, dialect: "2020-12" }]);
    expect(validator!({ a: 1 })).toBe(true);
    expect(validator!({})).toBe(false);
  });

  it('a required property named "" is enforced, which ajv\'s first-error-only code forgets', async () => {
    const requests: ValidatorRequest[] = [
      { schema: { type: "object", required: [""] }, dialect: "2020-12" },
      { schema: { type: "object", required: ["a", ""] }, dialect: "draft-07" },
      { schema: { dependentRequired: { a: [""] } }, dialect: "2019-09" },
      { schema: { dependencies: { a: ["", "b"] } }, dialect: "draft-07" },
    ];
    const validators = await expectSameAsReference(requests, [{}, { "": 0 }, { a: 1 }, { a: 1, "": 0 }, { a: 1, b: 2 }, { a: 1, b: 2, "": 3 }]);
    expect(validators[0]!({})).toBe(false);
    expect(validators[0]!.errors?.[0]?.params).toEqual({ missingProperty: "" });
    expect(validators[2]!({ a: 1 })).toBe(false);
  });

  it('a required property named "" under `not` or `if` is not enforced, as the official SDK\'s ajv checks those with the first error only', async () => {
    // The SDK (allErrors) checks the subschemas of `not` and `if` with the first error only, where
    // ajv forgets a required "" (load-ajv.ts, patch 6); a subschema it compiles as a function of its
    // own (a recursive $ref) is checked with allErrors, and enforces it.
    const requests: ValidatorRequest[] = [
      { schema: { not: { required: [""] } }, dialect: "2020-12" },
      { schema: { if: { required: [""] }, then: { required: ["a"] } }, dialect: "2020-12" },
      { schema: { not: { properties: { x: { dependentRequired: { b: [""] } } } } }, dialect: "2019-09" },
      { schema: { not: { dependencies: { b: ["", "c"] } } }, dialect: "draft-07" },
      { schema: { $defs: { d: { required: [""], properties: { n: { $ref: "#/$defs/d" } } } }, not: { $ref: "#/$defs/d" } }, dialect: "2020-12" },
    ];
    const validators = await expectSameAsReference(requests, [{}, { "": 0 }, { a: 1 }, { b: 1 }, { b: 1, c: 1 }, { x: { b: 1 } }, { x: {} }, "s"]);
    // What the SDK's ajv answers (8.20.0, allErrors, as the SDK configures it).
    expect(validators.map((validate) => validate({}))).toEqual([false, false, false, false, true]);
    expect(validators[2]!({ x: { b: 1 } })).toBe(false);
    expect(validators[3]!({ b: 1, c: 1 })).toBe(false);
    expect(validators[3]!({ b: 1 })).toBe(true);
  });

  it("`contains` after a tuple is checked on an array shorter than the tuple, which ajv's first-error-only code skips", async () => {
    // ajv checks a tuple entry only where the array has it, and gates the keywords after it on that
    // entry's verdict, which an empty array never sets: `contains` was not checked (load-ajv.ts, patch 5).
    const requests: ValidatorRequest[] = [
      { schema: { type: "array", prefixItems: [{ type: "string" }], contains: { type: "integer" } }, dialect: "2020-12" },
      { schema: { prefixItems: [true, { type: "string" }], contains: { const: 1 }, minContains: 1, maxContains: 2 }, dialect: "2020-12" },
      { schema: { items: [{ type: "string" }], contains: { type: "integer" } }, dialect: "2019-09" },
      { schema: { items: [{ type: "string" }, { type: "string" }], additionalItems: false, contains: { type: "integer" } }, dialect: "draft-07" },
    ];
    const validators = await expectSameAsReference(requests, [[], ["a"], [1], ["a", 1], ["a", "b"], [1, 1, 1], "x", {}]);
    expect(validators.map((validate) => validate([]))).toEqual([false, false, false, false]);
    expect(firstError(validators[0]!)).toBe(" contains");
    expect(validators[1]!(["x"])).toBe(false);
    expect(validators[1]!([1])).toBe(true);
  });

  it("a property named like one of Object's members is present only when the object has it as its own", async () => {
    // JSON arguments never inherit `constructor` or `toString` as data: before ajv's ownProperties,
    // an optional `constructor: { type: string }` saw Object and refused every call that left it out.
    const schema = { type: "object", properties: { constructor: { type: "string" }, toString: { type: "string" }, item: { type: "string" } }, required: ["item"] };
    const [optional, required] = await emitAndLoad([
      { schema, dialect: "2020-12" },
      { schema: { type: "object", required: ["valueOf", "__proto__"] }, dialect: "draft-07" },
    ]);
    expect(optional!({ item: "x" })).toBe(true);
    expect(optional!({ item: "x", constructor: "y" })).toBe(true);
    expect(optional!({ item: "x", constructor: 5 })).toBe(false);
    expect(optional!(JSON.parse('{ "item": "x", "toString": 1 }'))).toBe(false);
    expect(required!({})).toBe(false);
    expect(required!(JSON.parse('{ "valueOf": 1, "__proto__": {} }'))).toBe(true);
  });

  it("a __proto__ key in the schema the code holds stays a key: closed objects and const objects keep it", async () => {
    // ajv writes the schema as JSON into the code, where `"__proto__": {…}` would set a prototype.
    const closed = { type: "object", properties: { ["__proto__"]: { type: "string" }, constructor: { type: "string" } }, additionalProperties: false };
    const unevaluated = { type: "object", properties: { ["__proto__"]: { type: "string" } }, unevaluatedProperties: false };
    const constant = { const: JSON.parse('{ "__proto__": 1 }') as JsonValue };
    const requests: ValidatorRequest[] = [
      { schema: closed, dialect: "2020-12" },
      { schema: constant, dialect: "2020-12" },
      { schema: { enum: [JSON.parse('{ "__proto__": [1], "a": 2 }') as JsonValue] }, dialect: "draft-07" },
      { schema: unevaluated, dialect: "2020-12" },
    ];
    const emitted = emitValidators(requests);
    expect(emitted.files.map((f) => f.contents).join("\n")).toContain('["__proto__"]:');
    const [closedValidator, constValidator, enumValidator, unevaluatedValidator] = await expectSameAsReference(requests, [
      JSON.parse('{ "__proto__": "x" }'),
      JSON.parse('{ "__proto__": "x", "constructor": "y" }'),
      JSON.parse('{ "__proto__": 1 }'),
      JSON.parse('{ "__proto__": [1], "a": 2 }'),
      { other: 1 },
      {},
    ]);
    // ajv alone neither applies the subschema of a property named __proto__ nor lets a closed object have it (load-ajv.ts, patch 3).
    expect(closedValidator!(JSON.parse('{ "__proto__": "x", "constructor": "y" }'))).toBe(true);
    expect(closedValidator!(JSON.parse('{ "__proto__": 1 }'))).toBe(false);
    expect(unevaluatedValidator!(JSON.parse('{ "__proto__": "x" }'))).toBe(true);
    expect(unevaluatedValidator!(JSON.parse('{ "__proto__": 1 }'))).toBe(false);
    expect(unevaluatedValidator!({ other: 1 })).toBe(false);
    expect(closedValidator!({ other: 1 })).toBe(false);
    expect(constValidator!(JSON.parse('{ "__proto__": 1 }'))).toBe(true);
    expect(constValidator!({})).toBe(false);
    expect(enumValidator!(JSON.parse('{ "__proto__": [1], "a": 2 }'))).toBe(true);
    expect(enumValidator!({ a: 2 })).toBe(false);
  });

  it("a hostile $id cannot end ajv's sourceURL comment and run code", async () => {
    const schema = { $id: "https://e.com/*/ globalThis.mcpGenPwned = 1; /*", type: "object", properties: { "*/": { enum: ["*/ throw 1 /*", "`${x}`", "\u2028", "</script>"] } } };
    const emitted = emitValidators([deepFreeze({ schema, dialect: "2020-12" })]);
    expect(emitted.files[0]!.contents).not.toContain("sourceURL");
    // In ajv's own output the comment sits at the top of the validate function, so it would run
    // on every call.
    const [validator] = await emitAndLoad([{ schema, dialect: "2020-12" }]);
    expect(validator!({ "*/": "`${x}`" })).toBe(true);
    expect(validator!({ "*/": "x" })).toBe(false);
    expect(firstError(validator!)).toBe("/*~1 enum");
    expect((globalThis as { mcpGenPwned?: unknown }).mcpGenPwned).toBeUndefined();
  });

  it("property names, patterns and enum values with arbitrary text give modules that parse and validators that agree", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.constantFrom("*/", "/*", "`", "${a}", "\\", '"', "'", "\u2028", "\u0000", "__proto__", "constructor", "valueOf", "validate0", "schema0", 'require("x")', "</script>"),
    );
    const cases = fc.sample(fc.tuple(text, text, text), { seed: 42, numRuns: 60 });
    const requests = cases.map(([name, value, other]): ValidatorRequest => {
      const schema: JsonValue = {
        type: "object",
        properties: { [name]: { enum: [value, { [other]: [value] }] }, [other]: { type: "string", pattern: "^[a-z]*$", maxLength: 3 } },
        required: [name],
        dependentRequired: { [other]: [name, ""] },
      };
      return { schema, dialect: "2020-12" };
    });
    const emitted = emitValidators(requests.map((r) => deepFreeze(r)));
    const parsed = ts.createSourceFile("m.ts", emitted.files[0]!.contents, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    expect((parsed as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const instances = cases.flatMap(([name, value, other]) => [{ [name]: value }, { [name]: value, [other]: "ab" }, { [other]: "abcd" }, { [name]: 1 }, { "": 1, [other]: "a" }, {}]);
    await expectSameAsReference(requests, instances);
  });
});

describe("emitValidators: determinism and dedupe", () => {
  const a = { type: "object", properties: { city: { type: "string", description: "City name" }, days: { type: "integer", maximum: 7 } }, required: ["city"] };
  const aReordered = { required: ["city"], properties: { days: { maximum: 7, type: "integer" }, city: { description: "City name", type: "string" } }, type: "object" };
  const aOtherDescription = { ...a, properties: { ...a.properties, city: { type: "string", description: "Where" } } };
  const b = { type: "object", properties: { q: { type: "string", minLength: 1 } } };
  const c = { type: "array", items: { type: "number" } };
  const requests: readonly ValidatorRequest[] = deepFreeze([
    { schema: a, dialect: "2020-12", exportName: "validateAArguments" },
    { schema: b, dialect: "2020-12", exportName: "validateAResult" },
    { schema: aReordered, dialect: "2020-12", exportName: "validateBArguments" },
    { schema: a, dialect: "draft-07", exportName: "validateCArguments" },
    { schema: c, dialect: "2019-09", exportName: "validateDArguments" },
    { schema: aOtherDescription, dialect: "2020-12", exportName: "validateEArguments" },
    { schema: b, dialect: "2020-12", exportName: "validateEResult" },
  ]);

  /** Each validator's block (its constant), without the exports at the end of the module. */
  const validatorBlocks = (result: EmittedValidators) =>
    result.files.flatMap((f) =>
      f.contents
        .slice(0, f.contents.indexOf("\nexport {\n"))
        .split(/\n(?=const v_)/)
        .slice(1),
    );

  it("emitting twice gives byte-identical files, and request order does not change the files", () => {
    const first = emitValidators(requests);
    expect(emitValidators(requests)).toEqual(first);
    const order = [6, 2, 4, 0, 5, 1, 3];
    const shuffled = emitValidators(order.map((i) => requests[i]!));
    expect(shuffled.files).toEqual(first.files);
    expect(shuffled.refs).toEqual(order.map((i) => first.refs[i]));
  });

  it("one module per dialect in use, sorted by path; each opens with @ts-nocheck and imports the runtime only when a validator uses it", () => {
    const { files } = emitValidators(requests);
    expect(files.map((f) => f.path)).toEqual(["validators/2019-09.ts", "validators/2020-12.ts", "validators/draft-07.ts"]);
    // What they import, for a vendored build to copy (the texts are never searched for imports): only
    // b's minLength (2020-12) counts characters with the runtime's ucs2length; a (draft-07) and c
    // (2019-09) need nothing of it, and an import they do not use is one a linter's fix takes out.
    expect(files.map((file) => file.runtime)).toEqual([["messages"], ["messages", "validators"], ["messages"]]);
    for (const file of files) {
      const usesRuntime = file.runtime.includes("validators");
      const lines = file.contents.split("\n");
      expect(lines[0]).toBe("// @ts-nocheck");
      // The file's banner, which says it is generated, comes before (emitProject adds it).
      expect(lines[1]).toMatch(/^\/\/ The JSON Schema \S+ validators of the tools' schemas, as ajv standalone code; tools whose schemas are the same share one\.$/);
      expect(lines.filter((l) => /^import\b/.test(l))).toEqual([
        ...(usesRuntime ? ['import * as __rt from "../runtime/validator-runtime.js";'] : []),
        'import type { CompiledValidator } from "../runtime/validation-messages.js";',
      ]);
      expect(file.contents.includes("__rt")).toBe(usesRuntime);
      expect(file.contents).not.toMatch(/\brequire\(|\bimport\(/);
    }
  });

  it("every validator declares its type, so that no compiler infers it from the validator's body", () => {
    // tsc 5.9 and 6.0 overflow their stack inferring the type of a large validator (corpus-compiles.test.ts).
    const { files } = emitValidators(requests);
    for (const file of files) {
      const declarations = file.contents.split("\n").filter((line) => line.startsWith("const v_"));
      expect(declarations.length).toBeGreaterThan(0);
      for (const line of declarations) expect(line).toMatch(/^const v_[0-9a-f]{12}: CompiledValidator = \/\* @__PURE__ \*\/ \(\(\) => \{$/);
    }
  });

  it("the same schema in one dialect shares a validator (ids are v_ + 12 hex digits, sorted); each request exports it under its own name", () => {
    const { files, refs } = emitValidators(requests);
    const ids = refs.map((r) => r.id);
    for (const id of ids) expect(id).toMatch(/^v_[0-9a-f]{12}$/);
    // a and its copy with another description are one validator; its copy with the properties in
    // another order is another, since the order decides which error is reported first.
    expect(ids[5]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[6]).toBe(ids[1]);
    expect(refs[3]).toEqual({ module: "validators/draft-07.js", exportName: "validateCArguments", id: ids[3] });
    expect(ids[3]).not.toBe(ids[0]);
    const declared = files.flatMap((f) => [...f.contents.matchAll(/^const (v_[0-9a-f]{12}): CompiledValidator =/gm)].map((m) => m[1]!));
    expect(declared).toHaveLength(new Set(refs.map((r) => r.module + r.id)).size);
    const in2020 = files[1]!.contents;
    const ids2020 = [...in2020.matchAll(/^const (v_\w+)/gm)].map((m) => m[1]!);
    expect(ids2020).toEqual([...ids2020].sort());
    // One export per request, sorted by name, each naming the validator its schema compiled to.
    const exports = in2020
      .slice(in2020.indexOf("\nexport {\n"))
      .split("\n")
      .filter((line) => line.startsWith("  "));
    const of2020 = refs.filter((r) => r.module === "validators/2020-12.js");
    expect(exports).toEqual(of2020.sort((x, y) => (x.exportName < y.exportName ? -1 : 1)).map((r) => `  ${r.id} as ${r.exportName},`));
  });

  it("two requests exported under one name are a bug, not a module with one of them missing", () => {
    expect(() => emitValidators([requests[0]!, { ...requests[1]!, exportName: "validateAArguments" }])).toThrow(/Two validators are to be exported as validateAArguments/);
  });

  it("adding a tool renames no other validator and leaves every other validator's code unchanged", () => {
    const chunks = validatorBlocks;
    const before = emitValidators(requests);
    const added: ValidatorRequest = deepFreeze({
      schema: { type: "object", properties: { zz: { enum: [1, { a: [2] }] } }, $id: "urn:example:added" },
      dialect: "2020-12",
      exportName: "validateZArguments",
    });
    const after = emitValidators([added, ...requests]);
    expect(after.refs.slice(1)).toEqual(before.refs);
    const afterChunks = new Set(chunks(after));
    for (const chunk of chunks(before)) expect(afterChunks.has(chunk)).toBe(true);
    expect(afterChunks.size).toBe(chunks(before).length + 1);
  });

  it("a validator's code is the same alone as among a whole corpus compiled by the same ajv instance", () => {
    const chunks = validatorBlocks;
    const corpus = corpusRequests().filter((r) => !r.label.startsWith("bench/") && !r.label.includes("gitlab"));
    const together = new Set(chunks(emitValidators(corpus)));
    const sample = corpus.filter((_, i) => i % 9 === 0);
    expect(sample.length).toBeGreaterThan(30);
    for (const request of sample) {
      const [alone] = chunks(emitValidators([request]));
      expect(together.has(alone!)).toBe(true);
    }
  });

  it("a later build reads every validator back out of the modules, by id, and writes the same modules from them", () => {
    const first = emitValidators(requests);
    const known = new Map(first.files.flatMap((file) => [...knownValidatorsOf(`// banner\n${file.contents}`, validatorModuleDialect(file.path)!)]));
    expect([...known.keys()].sort()).toEqual([...new Set(first.refs.map((r) => r.id))].sort());
    const again = emitNamedValidators(
      first.refs.map((ref, i) => ({ ...requests[i]!, exportName: ref.exportName, id: ref.id, schema: null })),
      new SchemaCompiler(),
      known,
    );
    expect(again).toEqual(first);
  });

  it("no requests, no files", () => {
    expect(emitValidators([])).toEqual({ files: [], refs: [] });
  });
});

describe("emitValidators: each dialect keeps its own semantics", () => {
  const compiler = new SchemaCompiler();
  const tuple = { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false };
  const prefixItems = { type: "array", prefixItems: [{ type: "string" }] };
  // Before 2020-12, `items: false` applies to every item (prefixItems is not a keyword there).
  const closedTuple = { type: "array", prefixItems: [{ type: "string" }], items: false };

  it("draft-07 tuple: items as an array with additionalItems: false (which 2020-12 refuses to compile)", async () => {
    const [draft07, v201909] = await emitAndLoad([
      { schema: tuple, dialect: "draft-07" },
      { schema: tuple, dialect: "2019-09" },
    ]);
    for (const validator of [draft07!, v201909!]) {
      expect(validator(["a", 1])).toBe(true);
      expect(validator(["a"])).toBe(true);
      expect(validator(["a", 1, 2])).toBe(false);
      expect(firstError(validator)).toBe(" additionalItems");
      expect(validator(["a", "b"])).toBe(false);
      expect(firstError(validator)).toBe("/1 type");
    }
    expect(compiler.validator(tuple, "2020-12")).toBeUndefined();
    expect(() => emitValidators([{ schema: tuple, dialect: "2020-12" }])).toThrow(/does not compile/);
  });

  it("draft-07 and 2019-09 ignore prefixItems, which 2020-12 applies", async () => {
    const cases = [
      [prefixItems, [1], [true, true, false]],
      [closedTuple, ["a"], [false, false, true]],
      [closedTuple, [1], [false, false, false]],
    ] as const;
    const dialects: readonly Dialect[] = ["draft-07", "2019-09", "2020-12"];
    const validators = await emitAndLoad(cases.flatMap(([schema]) => dialects.map((dialect) => ({ schema, dialect }))));
    cases.forEach(([schema, instance, expected], i) => {
      const verdicts = dialects.map((_, j) => validators[i * dialects.length + j]!(instance));
      expect(verdicts).toEqual(expected);
      expect(dialects.map((dialect) => compiler.validator(schema, dialect)!(instance))).toEqual(expected);
    });
    const [, , prefix2020] = validators;
    prefix2020!([1]);
    expect(firstError(prefix2020!)).toBe("/0 type");
    const closed07 = validators[3]!;
    closed07(["a"]);
    expect(firstError(closed07)).toBe("/0 false schema");
  });
});

describe("emitValidators: patterns run in linear time", () => {
  // Issue 14: on these strings V8's RegExp runs for more than 20 s; withinSeconds stops a call that
  // takes longer than its generous bound and fails the test.
  const schema = deepFreeze({
    type: "object",
    properties: {
      a: { type: "string", pattern: "^\\d+\\d+\\d+\\d+x$" },
      b: { type: "string", pattern: "^(\\d+)(\\d+)(\\d+)(\\d+)(\\d+)x$" },
      c: { type: "string", pattern: "^[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!$" },
    },
    patternProperties: { "^k[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!$": { type: "integer" } },
  });
  // The last key is tested against the patternProperties pattern, does not match, so its value is not checked.
  const slow: [unknown, boolean][] = [
    [{ a: "1".repeat(600) }, false],
    [{ b: "1".repeat(300) }, false],
    [{ c: "a".repeat(300) }, false],
    [{ ["k" + "a".repeat(300)]: "not an integer" }, true],
  ];
  let folder: EmittedFolder;
  let validate: LoadedValidator;
  let text: string;
  let runtime: readonly string[];

  beforeAll(async () => {
    const emitted = emitValidators([{ schema, dialect: "2020-12" }]);
    text = emitted.files[0]!.contents;
    runtime = emitted.files[0]!.runtime;
    folder = writeEmittedFolder(emitted.files);
    validate = (await folder.load("validators/2020-12.js"))[emitted.refs[0]!.exportName]!;
  });
  afterAll(() => folder.remove());

  it("the module runs its patterns on re2js, translated, and never on RegExp", () => {
    expect(text).toContain('import * as __rt from "../runtime/pattern-runtime.js";');
    expect(runtime).toEqual(["messages", "patterns"]);
    // The pattern function is one of ajv's numbered funcs (func0 is hasOwnProperty, for own properties).
    const engine = /const (func\d+) = __rt\.pattern;/.exec(text)?.[1];
    expect(engine).toBeDefined();
    expect(text).toContain(`const pattern1 = ${engine}("^(\\\\d+)(\\\\d+)(\\\\d+)(\\\\d+)(\\\\d+)x$");`);
    expect(text).not.toMatch(/RegExp/);
  });

  it("answers the issue's strings at once, with ajv's error naming the schema's own pattern", () => {
    for (const [data, valid] of slow) expect(withinSeconds(10, () => validate(data))).toBe(valid);
    validate({ a: "1".repeat(600) });
    expect(validate.errors?.[0]).toMatchObject({ instancePath: "/a", keyword: "pattern", params: { pattern: "^\\d+\\d+\\d+\\d+x$" }, message: 'must match pattern "^\\d+\\d+\\d+\\d+x$"' });
    expect(validate({ a: "12345x", b: "123456x", c: "abc!", kabc: 1 })).toBe(true);
  });
});

describe("emitValidators: the generated code type-checks", () => {
  it("every corpus module and the runtime (with pattern-runtime) pass tsc --strict (runtime: ES2022 lib only, no DOM, no Node types)", () => {
    const emitted = emitValidators(corpusRequests());
    const root = mkdtempSync(join(tmpdir(), "mcp-gen-validators-tsc-"));
    try {
      writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
      for (const file of emitted.files) {
        mkdirSync(dirname(join(root, file.path)), { recursive: true });
        // The caller puts mcp-gen's banner above each module; @ts-nocheck still applies below it.
        writeFileSync(join(root, file.path), `// Generated by mcp-gen. Do not edit.\n${file.contents}`);
      }
      mkdirSync(join(root, "runtime"));
      copyFileSync(RUNTIME_SOURCE_PATH, join(root, "runtime", "validator-runtime.ts"));
      // validation-messages and the modules it imports (each dependency-free).
      for (const name of ["validation-messages.ts", "alternatives-message.ts", "field-path.ts", "schema-alternatives.ts"]) {
        copyFileSync(join(dirname(RUNTIME_SOURCE_PATH), name), join(root, "runtime", name));
      }
      copyFileSync(PATTERN_RUNTIME_SOURCE_PATH, join(root, "runtime", "pattern-runtime.ts"));
      // pattern-runtime imports re2js, a dependency of the generated project.
      mkdirSync(join(root, "node_modules"));
      symlinkSync(join(REPO_ROOT, "node_modules", "re2js"), join(root, "node_modules", "re2js"), "dir");
      const flags = [
        "--noEmit",
        "--strict",
        "--noUncheckedIndexedAccess",
        "--exactOptionalPropertyTypes",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "ES2022",
        "--lib",
        "ES2022",
        "--types",
        "",
        "--skipLibCheck",
      ];
      const tsc = join(REPO_ROOT, "node_modules", ".bin", "tsc");
      const files = ["runtime/validator-runtime.ts", "runtime/pattern-runtime.ts", ...emitted.files.map((f) => f.path)];
      let output = "";
      try {
        execFileSync(tsc, [...flags, ...files], { cwd: root, encoding: "utf8", stdio: "pipe" });
      } catch (e) {
        output = String((e as { stdout?: string }).stdout ?? e);
      }
      expect(output).toBe("");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("a module made from the last build's module", () => {
  const objectOf = (property: string, schema: object) => ({ type: "object", properties: { [property]: schema }, required: [property] });
  const A = objectOf("a", { type: "string" });
  const B = objectOf("b", { type: "string", pattern: "^(a|b)+c$" });
  const C = objectOf("c", { type: "integer", minimum: 1 });
  // minLength counts code points with the runtime's ucs2length; A and C use nothing of the runtime.
  const D = objectOf("d", { type: "string", minLength: 2 });
  const requestsOf = (...schemas: object[]) => schemas.map((schema) => ({ schema: schema as JsonValue, dialect: "2020-12" as const }));
  const compiler = new SchemaCompiler();
  /** The modules as the last build wrote them after `prefix`, with their layouts. */
  const lastOf = (emitted: EmittedValidators, prefix: string) =>
    new Map(emitted.files.map((file) => [file.path, { bytes: Buffer.from(file.contents, "utf8"), start: Buffer.byteLength(prefix, "utf8"), layout: file.layout }]));
  const CASES: readonly [string, object[], string[]][] = [
    ["a schema changed", [objectOf("a", { type: "string", minLength: 3 }), B, C, D], ["messages", "patterns"]],
    ["a schema added", [A, B, C, D, objectOf("e", { type: "boolean" })], ["messages", "patterns"]],
    ["a schema removed", [A, B, D], ["messages", "patterns"]],
    ["the only schema with a pattern removed (the module imports the runtime without re2js)", [A, C, D], ["messages", "validators"]],
    ["every schema that uses the runtime removed (the module does not import it)", [A, C], ["messages"]],
    ["a schema that uses the runtime added to blocks that do not", [A, C, objectOf("e", { type: "string", maxLength: 4 })], ["messages", "validators"]],
    ["nothing changed", [A, B, C, D], ["messages", "patterns"]],
  ];

  it.each(CASES)("after %s, is byte for byte the module rendered from scratch, with the same layout", (_, next, runtime) => {
    const first = emitValidators(requestsOf(A, B, C, D), compiler, new Map(), undefined, "// one\n");
    expect(first.files[0]!.runtime).toEqual(["messages", "patterns"]);
    const spliced = emitValidators(requestsOf(...next), compiler, new Map(), undefined, "// another banner\n", lastOf(first, "// one\n"));
    const scratch = emitValidators(requestsOf(...next), compiler, new Map(), undefined, "// another banner\n");
    const [file, plain] = [spliced.files[0]!, scratch.files[0]!];
    expect(file.pieces).toBeDefined();
    expect(Buffer.concat(file.pieces!).toString("utf8")).toBe(plain.contents);
    expect(file.contents).toBe(plain.contents);
    expect(file.layout).toEqual(plain.layout);
    expect(file.runtime).toEqual(plain.runtime);
    expect(file.runtime).toEqual(runtime);
    expect(file.contents.includes("import * as __rt")).toBe(runtime.length > 1);
  });

  it("copies the blocks of a module that imports no runtime into one that does, and back", () => {
    const first = emitValidators(requestsOf(A, C), compiler, new Map(), undefined, "// one\n");
    expect(first.files[0]!.runtime).toEqual(["messages"]);
    expect(first.files[0]!.layout.runtimeFree).toEqual([...first.files[0]!.ids]);
    const both = emitValidators(requestsOf(A, C, D), compiler, new Map(), undefined, "// one\n", lastOf(first, "// one\n"));
    expect(both.files[0]!.pieces).toBeDefined();
    expect(both.files[0]!.contents).toBe(emitValidators(requestsOf(A, C, D), compiler, new Map(), undefined, "// one\n").files[0]!.contents);
    const again = emitValidators(requestsOf(A, C), compiler, new Map(), undefined, "// one\n", lastOf(both, "// one\n"));
    expect(again.files[0]!.contents).toBe(first.files[0]!.contents);
    expect(again.files[0]!.layout).toEqual(first.files[0]!.layout);
  });

  it("copies no block whose place in the last module does not hold it (a damaged layout), and renders it instead", () => {
    const first = emitValidators(requestsOf(A, B, C), compiler, new Map(), undefined, "// one\n");
    const [path, last] = [...lastOf(first, "// one\n")][0]!;
    const shifted = { ...last, layout: { ...last.layout, blocks: Object.fromEntries(Object.entries(last.layout.blocks).map(([id, [at, length]]) => [id, [at + 1, length] as const])) } };
    const spliced = emitValidators(requestsOf(A, B), compiler, new Map(), undefined, "// one\n", new Map([[path, shifted]]));
    expect(spliced.files[0]!.pieces).toBeUndefined();
    expect(spliced.files[0]!.contents).toBe(emitValidators(requestsOf(A, B), compiler, new Map(), undefined, "// one\n").files[0]!.contents);
  });
});
