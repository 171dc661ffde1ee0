// The text of src/precompiled/meta-validators.ts: the meta-schema of each dialect mcp-gen supports,
// as ajv compiles it for meta-validation (every error kept, the formats of mcp-gen's validator
// runtime, which are ajv-formats'), written as standalone code the way generated validators are
// written. test/precompiled/meta-validators.test.ts holds it to ajv's own validateSchema.
import { standaloneCode } from "../../src/compile/load-ajv.js";
import { createStandaloneEngine } from "../../src/compile/standalone-engine.js";
import { rewriteStandalone } from "../../src/compile/rewrite-standalone.js";
import type { Dialect } from "../../src/model/dialect.js";
import { validatorModuleSource } from "./validator-module.js";

export const META_VALIDATORS_PATH = "src/precompiled/meta-validators.ts";

/** The id under which each dialect's ajv class holds its meta-schema, and the export that validates with it. */
export const META_SCHEMAS: readonly { readonly dialect: Dialect; readonly id: string; readonly exportName: string }[] = [
  { dialect: "2020-12", id: "https://json-schema.org/draft/2020-12/schema", exportName: "validateMeta202012" },
  { dialect: "2019-09", id: "https://json-schema.org/draft/2019-09/schema", exportName: "validateMeta201909" },
  { dialect: "draft-07", id: "http://json-schema.org/draft-07/schema", exportName: "validateMetaDraft07" },
];

export function metaValidatorsSource(): string {
  const exports = META_SCHEMAS.map(({ dialect, id, exportName }) => {
    const engine = createStandaloneEngine(dialect, { allErrors: true, nativePatterns: true });
    const validate = engine.getSchema(id);
    if (!validate) throw new Error(`ajv has no meta-schema ${id} for ${dialect}`);
    return { name: exportName, doc: `/** Validates a schema against the ${dialect} meta-schema (${id}). */`, chunk: rewriteStandalone(standaloneCode(engine, validate)) };
  });
  return validatorModuleSource(
    [
      "// The meta-schemas of JSON Schema 2020-12, 2019-09 and draft-07 as ajv standalone code with every",
      "// error (allErrors), for SchemaCompiler.check: no ajv to load and no meta-schema to compile to find",
      "// out whether a schema is a valid schema. Written by scripts/precompiled/meta-validators.ts; `npm run",
      "// schemas` rewrites it, test/schemas.test.ts fails when it is stale.",
    ],
    exports,
  );
}
