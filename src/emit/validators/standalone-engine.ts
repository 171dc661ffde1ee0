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
import "../../validate/ajv-lone-surrogates.js";
import { rewriteStandalone, type StandaloneChunk } from "./rewrite-standalone.js";

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;
// ajv's standalone module is CommonJS with `exports.default`; under Node's ESM it arrives as the
// module object itself or wrapped in `default`, depending on the loader.
const standaloneCode = ((standaloneModule as unknown as { default?: StandaloneCode }).default ?? standaloneModule) as unknown as StandaloneCode;

/**
 * A fresh engine for `dialect`; compileStandalone() leaves it as it found it after each schema.
 * @example const engine = createStandaloneEngine("draft-07");
 */
export function createStandaloneEngine(dialect: Dialect): Ajv {
  const options = {
    strict: false,
    validateFormats: true,
    allErrors: false,
    validateSchema: false,
    logger: false as const,
    // One statement per line, so a changed schema shows as a readable diff of the generated file.
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
 *
 * Schemas are compiled unchanged, `$id`s included. ajv registers a schema's root `$id` (or "" for a
 * schema without one, which is how `$ref: "#"` finds the root) and every nested `$id` in the
 * instance, and refuses a second schema with a root `$id` it already holds. So after each schema,
 * everything the compilation registered is removed again, as mcp-gen's own SchemaCompiler removes
 * each schema: two tools with the same `$id`, or the same bundled `$defs` with nested `$id`s that
 * differ, each resolve their `$ref`s inside their own schema, as in a fresh ajv.
 * @example compileStandalone(createStandaloneEngine("2020-12"), { type: "string" }).validateName === "validate0"
 */
export function compileStandalone(engine: Ajv, schema: JsonValue): StandaloneChunk {
  const registered = new Set(Object.keys(engine.refs));
  try {
    let validate: unknown;
    try {
      validate = engine.compile(schema as AnySchema);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      throw new Error(`A schema given to emitValidators does not compile (${reason}); the schema-valid rule refuses such schemas before a build.`);
    }
    return rewriteStandalone(standaloneCode(engine, validate));
  } finally {
    if (typeof schema === "object" && schema !== null) engine.removeSchema(schema as AnySchema);
    const refs = engine.refs as Record<string, unknown>;
    for (const key of Object.keys(refs)) if (!registered.has(key)) delete refs[key];
  }
}
