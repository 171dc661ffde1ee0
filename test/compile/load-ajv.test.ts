// src/compile/load-ajv.ts is the only module that loads ajv, every engine it creates passes ajv's
// code through the guard, and the ajv it loads is the release its patches were written for.
// Patch 1: schemas with lone surrogates in property names compile (ajv alone throws "URI
// malformed") and validate exactly as written. Patch 2 has its own test (ajv-optimize-names.test.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AJV_CODE_GUARD } from "../../src/compile/ajv-code-tokens.js";
import { AJV_VERSION, newAjv } from "../../src/compile/load-ajv.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { moduleImports, sourceModules } from "../support/source-modules.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const require = createRequire(import.meta.url);

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

describe("the patched ajv", () => {
  it("is the release the patches were written for, pinned exactly", () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const installed = (require("ajv/package.json") as { version: string }).version;
    const hint = `load-ajv.ts patches ajv ${AJV_VERSION}'s internals: check both patches against the new release (their tests), then update AJV_VERSION`;
    expect(manifest.dependencies.ajv, hint).toBe(AJV_VERSION);
    expect(installed, hint).toBe(AJV_VERSION);
  });

  it("is loaded by load-ajv.ts alone", () => {
    const loaders = sourceModules().flatMap((module) =>
      moduleImports(module)
        .filter((entry) => !entry.typeOnly && /^ajv(?:\/|$)/.test(entry.specifier))
        .map((entry) => `${module.path}:${entry.line} loads ${entry.specifier}`),
    );
    expect(
      loaders.filter((loader) => !loader.startsWith("src/compile/load-ajv.ts:")),
      "create engines with newAjv() (src/compile/load-ajv.ts) instead",
    ).toEqual([]);
    expect(loaders.length).toBeGreaterThan(0);
  });

  it("creates every engine with the code guard, which options cannot take out", () => {
    const own = (code: string) => code;
    for (const dialect of ["2020-12", "2019-09", "draft-07"] as const) {
      expect(newAjv(dialect, {}).opts.code.process, dialect).toBe(AJV_CODE_GUARD);
      expect(newAjv(dialect, { code: { process: own, lines: true } }).opts.code, dialect).toMatchObject({ process: AJV_CODE_GUARD, lines: true });
    }
  });
});

describe("ajv's deep equality (patch 4)", () => {
  // Two objects with a `toString` member that is no function: fast-deep-equal calls it and throws.
  const member = (): JsonValue => JSON.parse('{"toString": 1, "valueOf": [2]}') as JsonValue;
  const schema: JsonObject = { type: "object", properties: { a: { enum: [member()] }, b: { type: "string", pattern: "^x" } }, required: ["a"] };

  it("compares objects whose toString or valueOf is no function member by member, as the generated code does", () => {
    const engine = newAjv("2020-12", { strict: false, ownProperties: true });
    const validate = engine.compile(schema);
    expect(validate({ a: member() })).toBe(true);
    expect(validate({ a: JSON.parse('{"toString": 1, "valueOf": [3]}') })).toBe(false);
    expect(validate({ a: { toString: 1 } })).toBe(false);
  });

  it("judges scaffold arguments of such a schema without throwing, with the generated validator's verdict", () => {
    // `default` is the derived argument: another object equal to the enum's member.
    const withDefault: JsonObject = { ...schema, properties: { a: { enum: [member()], default: member() }, b: { type: "string", pattern: "^x" } } };
    const samples = new SchemaCompiler().samples(withDefault, "2020-12");
    expect(samples.derived).toEqual({ a: member() });
    expect(samples.invalid).toEqual({});
  });

  it("still writes standalone code that names the runtime's equal", () => {
    const code = new SchemaCompiler().compiled(schema, "2020-12").chunk?.body ?? "";
    expect(code).toContain("__rt.equal");
    expect(require("ajv/dist/runtime/equal.js").default.code).toBe('require("ajv/dist/runtime/equal").default');
  });
});
