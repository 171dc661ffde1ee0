// The ajv instance that turns one dialect's schemas into standalone code: the dialect's ajv class
// with the official SDK's options (strict: false, validateFormats: true), first error only, and the
// formats and format-limit keywords of ajv-formats taken from mcp-gen's own validator runtime, so
// that the generated code calls exactly the functions the runtime module exports.
import { createRequire } from "node:module";
import type { Ajv, AnySchema, Format, KeywordDefinition } from "ajv";
import type { Dialect } from "../model/dialect.js";
import type { JsonValue } from "../model/json.js";
import { formats } from "@mcp-gen/runtime/validators";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import { ajvCode, newAjv, standaloneCode } from "./load-ajv.js";
import { patternEngine } from "./linear-pattern/linear-regexp.js";
import { NO_VERDICTS, type PatternPlan } from "./linear-pattern/pattern-plan.js";
import { linearPatternCode } from "./linear-pattern-code.js";
import { CodeNestingError } from "./ajv-optimize-names.js";
import { rewriteStandalone, type StandaloneChunk } from "./rewrite-standalone.js";

// ajv-formats is CommonJS, loaded with the first engine: a command that compiles nothing never pays for it.
const require = createRequire(import.meta.url);

/**
 * A fresh engine for `dialect`; standaloneChunk() leaves it as it found it after each schema.
 * `allErrors`: every error instead of the first (mcp-gen's own Tool-schema validator, which the
 * tool-shape rule reports in full; generated validators stop at the first). `nativePatterns`:
 * RegExp for patterns, only for mcp-gen's own schemas, whose patterns are fixed and safe (so that
 * mcp-gen's start does not load re2js); generated validators run patterns as `patterns` says
 * (pattern-plan.ts: re2js, or RegExp for a pattern the ReDoS checker certified).
 * `clock`: pattern work counts to "patterns".
 * @example const engine = createStandaloneEngine("draft-07");
 */
export function createStandaloneEngine(
  dialect: Dialect,
  {
    allErrors = false,
    nativePatterns = false,
    patterns = NO_VERDICTS,
    clock = NO_CLOCK,
  }: { readonly allErrors?: boolean; readonly nativePatterns?: boolean; readonly patterns?: PatternPlan; readonly clock?: PhaseClock } = {},
): Ajv {
  const options = {
    strict: false,
    validateFormats: true,
    allErrors,
    validateSchema: false,
    logger: false as const,
    // A property is present only when the object has it as its own: `data.constructor` or
    // `data.toString` is inherited from Object.prototype, never an argument, so an optional property
    // named like one of Object's members must not be checked (and fail) when it is left out.
    ownProperties: true,
    // One statement per line, so a changed schema shows as a readable diff of the generated file
    // (newAjv adds the guard every function ajv evaluates passes). Patterns run in bounded time
    // (pattern-plan.ts), in mcp-gen and in the generated code.
    code: { source: true, esm: true, lines: true, formats: ajvCode("__rt.formats"), ...(nativePatterns ? {} : { regExp: timedRegExp(clock, patternEngine(patterns)) }) },
  };
  const engine = newAjv(dialect, options);
  // After newAjv: ajv-formats loads ajv, which load-ajv.ts patches first.
  const { formatLimitDefinition } = require("ajv-formats/dist/limit.js") as { formatLimitDefinition: KeywordDefinition };
  for (const [name, definition] of Object.entries(formats)) engine.addFormat(name, definition as Format);
  // ajv-formats adds these keywords by default, and mcp-gen's validation (like the SDK) uses them.
  engine.addKeyword(formatLimitDefinition);
  return engine;
}

/** A pattern engine (patternEngine), its time counted to "patterns" when the clock counts. */
export function timedRegExp<E extends ((source: string, flags: string) => unknown) & { code: string }>(clock: PhaseClock, engine: E): E {
  if (!clock.on) return engine;
  return Object.assign((source: string, flags: string) => clock.time("patterns", () => engine(source, flags)), { code: engine.code }) as unknown as E;
}

/**
 * The self-contained standalone chunk of `schema` (already prepared), or ajv's reason for refusing
 * it (the schema-valid rule reports that before a build writes anything). `patterns` is the plan
 * the engine was created with.
 *
 * Schemas are compiled unchanged, `$id`s included. ajv registers a schema's root `$id` (or "" for a
 * schema without one, which is how `$ref: "#"` finds the root) and every nested `$id` in the
 * instance, and refuses a second schema with a root `$id` it already holds. So after each schema,
 * everything the compilation registered is removed again, as mcp-gen's own SchemaCompiler removes
 * each schema: two tools with the same `$id`, or the same bundled `$defs` with nested `$id`s that
 * differ, each resolve their `$ref`s inside their own schema, as in a fresh ajv.
 * @example standaloneChunk(createStandaloneEngine("2020-12"), { type: "string" }).chunk?.validateName === "validate0"
 * @example standaloneChunk(createStandaloneEngine("2020-12"), { type: "string", pattern: "(" }).error // "Invalid regular expression: …"
 */
export function standaloneChunk(
  engine: Ajv,
  schema: JsonValue,
  patterns: PatternPlan = NO_VERDICTS,
  clock: PhaseClock = NO_CLOCK,
): { readonly chunk?: StandaloneChunk; readonly error?: string; readonly tooDeep?: true; readonly validate?: (data: unknown) => boolean } {
  const registered = new Set(Object.keys(engine.refs));
  try {
    let validate: (data: unknown) => boolean;
    try {
      validate = engine.compile(schema as AnySchema);
    } catch (e) {
      // Code nested too deeply for the stack (CodeNestingError before rendering, or a RangeError
      // where the recursion came first): the caller may compile it as code that nests less.
      const tooDeep = e instanceof CodeNestingError || e instanceof RangeError;
      return { error: e instanceof Error ? e.message : String(e), ...(tooDeep ? { tooDeep } : {}) };
    }
    const code = standaloneCode(engine, validate);
    // ajv's own function is the generated validator: the rewrite changes names, not verdicts.
    const chunk = rewriteStandalone(code);
    return { chunk: clock.time("patterns", () => linearPatternCode(chunk, patterns)), validate };
  } finally {
    try {
      if (typeof schema === "object" && schema !== null) engine.removeSchema(schema as AnySchema);
    } catch {
      // Nothing was registered.
    }
    const refs = engine.refs as Record<string, unknown>;
    for (const key of Object.keys(refs)) if (!registered.has(key)) delete refs[key];
  }
}
