// The ajv instance that turns one dialect's schemas into standalone code: the dialect's ajv class
// with the official SDK's options (strict: false, validateFormats: true), first error only, and the
// formats and format-limit keywords of ajv-formats taken from mcp-gen's own validator runtime, so
// that the generated code calls exactly the functions the runtime module exports.
import { _, Ajv, type AnySchema, type Format } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import { formatLimitDefinition } from "ajv-formats/dist/limit.js";
import type { Dialect } from "../../model/dialect.js";
import type { JsonValue } from "../../model/json.js";
import { formats } from "../../runtime/validator-runtime.js";
import { rewriteStandalone, type StandaloneChunk } from "./rewrite-standalone.js";

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;
// ajv's standalone module is CommonJS with `exports.default`; under Node's ESM it arrives as the
// module object itself or wrapped in `default`, depending on the loader.
const standaloneCode = ((standaloneModule as unknown as { default?: StandaloneCode }).default ?? standaloneModule) as unknown as StandaloneCode;

/**
 * A fresh engine for `dialect`. Each schema is compiled with `addUsedSchema: false`, so a schema's
 * `$id` is not registered in the instance: two tools that share an `$id` (or bundle the same `$defs`
 * with nested `$id`s that differ) each resolve their `$ref`s inside their own schema, as they would
 * in a fresh ajv, and the schemas are compiled unchanged.
 * @example const engine = createStandaloneEngine("draft-07");
 */
export function createStandaloneEngine(dialect: Dialect): Ajv {
  const options = {
    strict: false,
    validateFormats: true,
    allErrors: false,
    validateSchema: false,
    addUsedSchema: false,
    logger: false as const,
    code: { source: true, esm: true, lines: true, formats: _`__rt.formats` },
  };
  const engine = dialect === "2020-12" ? new Ajv2020(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv(options);
  for (const [name, definition] of Object.entries(formats)) engine.addFormat(name, definition as Format);
  // ajv-formats adds these keywords by default, and mcp-gen's validation (like the SDK) uses them.
  engine.addKeyword(formatLimitDefinition);
  return engine;
}

/**
 * Compiles `schema` (already prepared) and returns its self-contained standalone chunk. Throws when
 * ajv cannot compile it: the schema-valid rule refuses such schemas before a build gets here.
 * @example compileStandalone(createStandaloneEngine("2020-12"), { type: "string" }).validateName === "validate0"
 */
export function compileStandalone(engine: Ajv, schema: JsonValue): StandaloneChunk {
  let validate: unknown;
  try {
    validate = engine.compile(schema as AnySchema);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`A schema given to emitValidators does not compile (${reason}); the schema-valid rule refuses such schemas before a build.`);
  }
  return rewriteStandalone(standaloneCode(engine, validate));
}
