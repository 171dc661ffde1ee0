// Meta-validates and compiles JSON Schemas with ajv, the way the official SDK configures it
// (strict: false, formats from ajv-formats). Each distinct schema is compiled once, by the engine
// that writes the generated validators (first error only, standalone code): that one compilation
// answers the schema-valid rule, checks examples and scaffold arguments with exactly the validator
// the generated server runs, and gives emitValidators its code. Meta-validation (every complaint,
// allErrors) runs each dialect's meta-schema precompiled (src/precompiled/), as the rules run
// their own shape schemas precompiled; a second engine per dialect compiles `$async` schemas as
// written and validator()'s allErrors validators (the reference tests hold generated code to).
// Owns the ajv instances and the caches of one run; nothing is fetched (ajv gets no loader).
import { createRequire } from "node:module";
import type { Ajv, AnySchema, ErrorObject, ValidateFunction } from "ajv";
import { hashJson } from "../lock/hash-tool.js";
import { sha256Hex } from "../lock/sha256.js";
import type { Dialect } from "../model/dialect.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import type { RunMemo } from "../model/run-memo.js";
import { oneOfPhrase, typePhrase } from "../model/phrases.js";
import { walkSchema } from "../model/schema-walk.js";
import { validateMeta201909, validateMeta202012, validateMetaDraft07 } from "../precompiled/meta-validators.js";
import * as validatorRuntime from "@mcp-gen/runtime/validators";
import { withoutSourceUrls } from "./ajv-code-tokens.js";
import { certifiedPatternFor, pattern, patternEngine } from "./linear-pattern/linear-regexp.js";
import { needsCertificate, NO_VERDICTS, type PatternPlan } from "./linear-pattern/pattern-plan.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import { newAjv } from "./load-ajv.js";
import { plainSchemaVerdict } from "./plain-schema-verdict.js";
import { plainValidatorChunk } from "./plain-validator-code.js";
import { prepareForAjv, prepareValidatorSchema } from "./prepare-validator-schema.js";
import type { StandaloneChunk } from "./rewrite-standalone.js";
import { scaffoldSamples, type ScaffoldSamples } from "./schema-samples.js";
import { createStandaloneEngine, standaloneChunk, timedRegExp } from "./standalone-engine.js";

// ajv and ajv-formats (CommonJS) load with the first engine: commands and builds that compile no
// schema (an unchanged project) never pay for them.
const require = createRequire(import.meta.url);

export interface SchemaProblem {
  /** Pointer relative to the schema root. */
  readonly pointer: string;
  readonly message: string;
}

export interface SchemaCheck {
  /** Complaints of the dialect's meta-schema. */
  readonly metaProblems: readonly SchemaProblem[];
  /** Why ajv could not compile the schema, if it could not. */
  readonly compileError: string | undefined;
}

/** One schema as a generated validator: its name, the text it was compiled from, and its code. */
export interface CompiledValidator {
  /** Its id in a validator module: `v_` + the first 12 hex digits of the SHA-256 of dialect and prepared schema text. */
  readonly id: string;
  readonly dialect: Dialect;
  /** The prepared schema (prepareValidatorSchema) as JSON text in its own member order. */
  readonly text: string;
  /** The standalone code; undefined when ajv cannot compile the schema. */
  readonly chunk: StandaloneChunk | undefined;
  /** Why ajv could not compile it. */
  readonly error: string | undefined;
}

/** Subschemas past which a schema is not compiled (each adds to ajv's compile time); the complexity rules report such schemas. */
const COMPILE_BUDGET = 20_000;

/**
 * True when `schema` has so many subschemas that compiling it would only make a hostile file slow
 * (far past the complexity limits, whose rules report it). `memo`: the run's, whose walk of the
 * schema the rules share (walkSchema).
 * @example isTooLargeToCompile({ type: "object" }) === false
 */
export function isTooLargeToCompile(schema: JsonValue, memo?: RunMemo): boolean {
  let count = 0;
  walkSchema(schema, "", () => (++count > COMPILE_BUDGET ? "stop" : undefined), memo);
  return count > COMPILE_BUDGET;
}

/** A validator of a previous build's module, by export name: its code can be written again as it is. */
export interface KnownValidator {
  readonly dialect: Dialect;
  readonly chunk: StandaloneChunk;
}

/**
 * What an earlier build of the same project, by the same mcp-gen, learnt about schemas: a compiler
 * given it answers for those schemas without loading ajv, as that build's ajv answered.
 */
export interface SchemaPrior {
  /** The generated validators of that build, by export name: compiled() takes their code. */
  readonly validators: ReadonlyMap<string, KnownValidator>;
  /** cleanSchemaKey of every schema whose check found nothing wrong. */
  readonly clean: ReadonlySet<string>;
}

/**
 * The key of a schema in SchemaPrior.clean: its dialect and hashJson (canonical JSON, as the lock
 * hashes a tool's inputSchema and outputSchema). Whether a schema is valid and compiles does not
 * depend on the order of its members.
 * @example cleanSchemaKey("2020-12", lock.tools.ping.parts.inputSchema)
 */
export function cleanSchemaKey(dialect: Dialect, schemaHash: string): string {
  return `${dialect}:${schemaHash}`;
}

const CLEAN: SchemaCheck = Object.freeze({ metaProblems: Object.freeze([]) as readonly SchemaProblem[], compileError: undefined });

/** Hex digits of the schema hash in a validator's name: 48 bits (emitValidators checks for collisions). */
const NAME_HASH_LENGTH = 12;

/** A generated validator run in mcp-gen's own process: what the generated server calls. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: readonly ErrorObject[] | null;
}

type Engine = Ajv;

/** Each dialect's meta-schema as a precompiled validator (every error): src/precompiled/meta-validators.ts. */
const META_VALIDATORS: Readonly<Record<Dialect, GeneratedValidator>> = {
  "2020-12": validateMeta202012 as GeneratedValidator,
  "2019-09": validateMeta201909 as GeneratedValidator,
  "draft-07": validateMetaDraft07 as GeneratedValidator,
};

/**
 * Compilations after which an engine is replaced by a fresh one. ajv keeps every schema it compiled
 * (and, for standalone code, its source text) in the instance's value scope for good, removeSchema
 * or not, so one engine holds every schema it ever compiled: at 1000, each thread of a GitHub corpus
 * build kept all of its schemas to the end, 25-30 MB of peak RSS that the garbage collector's helper
 * threads kept copying and marking. A fresh engine costs about 2 ms now that meta-validation runs
 * precompiled (it cost 40-130 ms when it compiled the meta-schema in each engine), so at 50 the
 * corpus build makes about 15 of them. The generated code does not depend on what an engine compiled
 * before (rewriteStandalone names everything afresh; test/emit/corpus-compiles holds a validator alone
 * to the same among a corpus).
 */
const ENGINE_COMPILATIONS = 50;

/** Answers by schema object and dialect: the same object is not serialised again to find its answer. */
class ByObject<T> {
  private readonly answers = new WeakMap<object, Map<Dialect, T>>();

  has(schema: JsonValue, dialect: Dialect): boolean {
    return typeof schema === "object" && schema !== null && this.answers.get(schema)?.has(dialect) === true;
  }

  get(schema: JsonValue, dialect: Dialect): T | undefined {
    return typeof schema === "object" && schema !== null ? this.answers.get(schema)?.get(dialect) : undefined;
  }

  /** Remembers `answer` for an object schema (a boolean schema is looked up by its text); returns it. */
  set(schema: JsonValue, dialect: Dialect, answer: T): T {
    if (typeof schema === "object" && schema !== null) {
      const byDialect = this.answers.get(schema) ?? new Map<Dialect, T>();
      byDialect.set(dialect, answer);
      this.answers.set(schema, byDialect);
    }
    return answer;
  }
}

export class SchemaCompiler {
  private readonly engines = new Map<Dialect, { engine: Engine; uses: number }>();
  private readonly standaloneEngines = new Map<Dialect, { engine: Engine; uses: number }>();
  private readonly everyErrorEngines = new Map<Dialect, { engine: Engine; uses: number }>();
  private readonly checks = new Map<string, SchemaCheck>();
  /** Same schema object → same check, without serialising it again (the rules ask for every schema). */
  private readonly checksByObject = new ByObject<SchemaCheck>();
  private readonly validators = new Map<string, ValidateFunction | undefined>();
  /** Same schema object → same answer, without serialising it again (rule schemas are large). */
  private readonly byObject = new ByObject<ValidateFunction | undefined>();
  /** Compiled validators by dialect and prepared schema text. */
  private readonly compiledByText = new Map<string, CompiledValidator>();
  private readonly compiledByObject = new ByObject<CompiledValidator>();
  private readonly functions = new Map<string, GeneratedValidator | undefined>();
  /** ajv's function for the schema compiled last, when it is the generated validator (see compiled()). */
  private justCompiled: { readonly key: string; readonly validate: GeneratedValidator } | undefined;
  /** Scaffold samples by dialect and schema text, and by schema object. */
  private readonly sampleSets = new Map<string, ScaffoldSamples>();
  private readonly samplesByObject = new ByObject<ScaffoldSamples>();

  /** What `__rt` is to the generated validators this compiler runs in mcp-gen's process. */
  private readonly runtime: GeneratedRuntime;

  /**
   * `patterns`: the ReDoS checker's verdicts for the project's patterns, and whether it is a client
   * project (pattern-plan.ts); without it, a pattern that needs a verdict does not compile.
   * `clock`: pattern work counts to "patterns" (MCP_GEN_PHASES).
   */
  constructor(
    private readonly prior?: SchemaPrior,
    readonly patterns: PatternPlan = NO_VERDICTS,
    private readonly clock: PhaseClock = NO_CLOCK,
  ) {
    this.runtime = { ...validatorRuntime, pattern, certifiedPattern: certifiedPatternFor(patterns) };
  }

  /** Whether check() and compiled() can answer for `schema` from the prior alone, without ajv. */
  knowsFromPrior(schema: JsonValue, dialect: Dialect): boolean {
    return this.priorFoundClean(schema, dialect) && this.prior!.validators.get(validatorName(dialect, JSON.stringify(prepareValidatorSchema(schema, this.patterns))))?.dialect === dialect;
  }

  /**
   * Whether the prior found `schema` valid and compiling under `dialect`. Not for a schema with a
   * pattern that needs the checker's verdict: that build's verdict may not be this one's.
   */
  private priorFoundClean(schema: JsonValue, dialect: Dialect): boolean {
    return this.prior !== undefined && this.prior.clean.size > 0 && this.prior.clean.has(cleanSchemaKey(dialect, hashJson(schema))) && !hasCertifiedPattern(schema);
  }

  /** The check made of `schema` in this run, if one was made (or seeded); nothing is compiled. */
  checked(schema: JsonValue, dialect: Dialect): SchemaCheck | undefined {
    return typeof schema === "object" && schema !== null ? this.checksByObject.get(schema, dialect) : this.checks.get(dialect + "\u0000" + JSON.stringify(schema));
  }

  /** Meta-validates and compiles `schema` under `dialect`. */
  check(schema: JsonValue, dialect: Dialect): SchemaCheck {
    const known = this.checksByObject.get(schema, dialect);
    if (known) return known;
    const text = JSON.stringify(schema);
    const key = dialect + "\u0000" + text;
    const cached = this.checks.get(key);
    if (cached) return this.checksByObject.set(schema, dialect, cached);
    if (this.priorFoundClean(schema, dialect)) {
      this.checks.set(key, CLEAN);
      return this.checksByObject.set(schema, dialect, CLEAN);
    }
    // The dialect's meta-schema, compiled ahead of time: what ajv's validateSchema() runs, without
    // loading ajv or compiling the meta-schema in a build that compiles no schema of its own. By
    // dialect, not by `$schema`: ajv looks a `$schema` up by its exact text and throws on a variant
    // that dialectOf accepts (http://json-schema.org/draft/2020-12/schema).
    const validateMeta = META_VALIDATORS[dialect];
    const metaProblems = validateMeta(schema) ? [] : pickMetaProblems(validateMeta.errors ?? []);
    let compileError: string | undefined;
    if (metaProblems.length === 0) {
      // `$async` is the one keyword the generated validator's copy leaves out that changes whether
      // ajv compiles a schema (it refuses an async subschema in a sync schema): such a schema is
      // compiled as written. Every other schema is compiled once, as its generated validator.
      compileError = text.includes('"$async"') ? this.compileWith(this.engine(dialect), schema).error : this.compiled(schema, dialect).error;
    }
    const result = { metaProblems, compileError };
    this.checks.set(key, result);
    return this.checksByObject.set(schema, dialect, result);
  }

  /**
   * The generated validator of `schema`: compiled once per distinct prepared schema, whoever asks
   * (the schema-valid rule, the example rule, scaffolds, emitValidators).
   */
  compiled(schema: JsonValue, dialect: Dialect): CompiledValidator {
    const known = this.compiledByObject.get(schema, dialect);
    if (known) return known;
    const prepared = prepareValidatorSchema(schema, this.patterns);
    const text = JSON.stringify(prepared);
    const key = dialect + "\u0000" + text;
    let compiled = this.compiledByText.get(key);
    const id = compiled ? compiled.id : validatorName(dialect, text);
    const earlier = compiled || hasCertifiedPattern(prepared) ? undefined : this.prior?.validators.get(id);
    if (!compiled && earlier?.dialect === dialect) {
      // The code an earlier build's ajv generated for this very text: the same as compiling it again.
      // Its code is read off the last build's module only when something asks for it (see knownValidators).
      compiled = {
        id,
        dialect,
        text,
        get chunk() {
          return earlier.chunk;
        },
        error: undefined,
      };
      this.compiledByText.set(key, compiled);
    }
    if (!compiled) {
      // A plain schema's chunk is written directly (plain-validator-code.ts): ajv's text, without ajv.
      const plain = plainValidatorChunk(prepared, dialect, this.patterns, this.clock);
      if (plain) {
        compiled = { id, dialect, text, chunk: plain, error: undefined };
        this.compiledByText.set(key, compiled);
        this.justCompiled = undefined;
        return this.compiledByObject.set(schema, dialect, compiled);
      }
      let result = standaloneChunk(this.standaloneEngine(dialect), prepared, this.patterns, this.clock);
      // A first-error validator nests a block per property and keyword; where that is too deep to
      // render and parse (CodeNestingError), the validator keeps every error instead: its code nests
      // only as deep as the schema, and it accepts and refuses exactly the same values.
      if (result.tooDeep) result = standaloneChunk(this.everyErrorEngine(dialect), prepared, this.patterns, this.clock);
      compiled = { id, dialect, text, chunk: result.chunk, error: result.error };
      this.compiledByText.set(key, compiled);
      // ajv's own function, the generated validator under other names (see standaloneChunk), for the
      // samples() that a build asks for right after: not compiled twice, and not kept (it holds on
      // to its whole engine).
      this.justCompiled = result.validate ? { key, validate: result.validate as GeneratedValidator } : undefined;
    }
    return this.compiledByObject.set(schema, dialect, compiled);
  }

  /**
   * The generated validator of `schema` as a function (first error only, exactly the code the
   * generated server runs), or undefined when the schema does not compile.
   */
  generatedValidator(schema: JsonValue, dialect: Dialect): GeneratedValidator | undefined {
    const compiled = this.compiled(schema, dialect);
    const key = dialect + "\u0000" + compiled.text;
    if (this.functions.has(key)) return this.functions.get(key);
    if (this.justCompiled?.key === key) return this.justCompiled.validate;
    this.functions.set(key, compiled.chunk && instantiate(compiled.chunk, this.runtime));
    return this.functions.get(key);
  }

  /**
   * What the test scaffold of a tool with this inputSchema needs of its generated validator: worked
   * out once per distinct schema, on the thread that compiled it when a build seeded it.
   */
  samples(schema: JsonValue, dialect: Dialect): ScaffoldSamples {
    const known = this.samplesByObject.get(schema, dialect);
    if (known) return known;
    const key = dialect + "\u0000" + JSON.stringify(schema);
    let samples = this.sampleSets.get(key);
    if (!samples) {
      samples = scaffoldSamples(schema, this.sampleJudge(schema, dialect));
      this.sampleSets.set(key, samples);
    }
    return this.samplesByObject.set(schema, dialect, samples);
  }

  /**
   * What judges a scaffold's arguments for `schema`: the generated validator's verdict, from the
   * schema itself where it is plain (plain-schema-verdict.ts), else from running the validator;
   * undefined when the schema does not compile. The validator is made only when a verdict needs it.
   */
  private sampleJudge(schema: JsonValue, dialect: Dialect): ((value: unknown) => boolean) | undefined {
    if (this.compiled(schema, dialect).chunk === undefined) return undefined;
    const run = (value: unknown) => this.generatedValidator(schema, dialect)!(value) === true;
    const plain = plainSchemaVerdict(schema);
    return plain ? (value) => plain(value) ?? run(value) : run;
  }

  /**
   * Records what another thread's SchemaCompiler answered for `schema` (check and compiled, from
   * its JSON text `text`), so that this one answers the same without compiling it again.
   */
  seed(schema: JsonValue, dialect: Dialect, text: string, check: SchemaCheck, compiled: CompiledValidator | undefined, samples?: ScaffoldSamples): void {
    this.checks.set(dialect + "\u0000" + text, check);
    this.checksByObject.set(schema, dialect, check);
    if (samples) {
      this.sampleSets.set(dialect + "\u0000" + text, samples);
      this.samplesByObject.set(schema, dialect, samples);
    }
    if (!compiled) return;
    const key = dialect + "\u0000" + compiled.text;
    const known = this.compiledByText.get(key) ?? compiled;
    this.compiledByText.set(key, known);
    this.compiledByObject.set(schema, dialect, known);
  }

  /** A validator for `schema` that collects every error (allErrors), or undefined when it does not compile. */
  validator(schema: JsonValue, dialect: Dialect): ValidateFunction | undefined {
    if (this.byObject.has(schema, dialect)) return this.byObject.get(schema, dialect);
    const key = dialect + "\u0000" + JSON.stringify(schema);
    if (!this.validators.has(key)) this.validators.set(key, this.compileWith(this.engine(dialect), schema).validate);
    return this.byObject.set(schema, dialect, this.validators.get(key));
  }

  private compileWith(engine: Engine, schema: JsonValue): { validate?: ValidateFunction; error?: string } {
    const prepared = prepareForAjv(schema, this.patterns);
    try {
      return { validate: engine.compile(prepared as AnySchema) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    } finally {
      try {
        engine.removeSchema(prepared as AnySchema);
      } catch {
        // Nothing was registered.
      }
    }
  }

  private engine(dialect: Dialect): Engine {
    return nextUse(this.engines, dialect, (d) => createCheckEngine(d, this.patterns, this.clock));
  }

  private standaloneEngine(dialect: Dialect): Engine {
    return nextUse(this.standaloneEngines, dialect, (d) => createStandaloneEngine(d, { patterns: this.patterns, clock: this.clock }));
  }

  /** The standalone engine that keeps every error, for a schema whose first-error code nests too deeply (compiled()). */
  private everyErrorEngine(dialect: Dialect): Engine {
    return nextUse(this.everyErrorEngines, dialect, (d) => createStandaloneEngine(d, { allErrors: true, patterns: this.patterns, clock: this.clock }));
  }
}

/** The dialect's engine in `engines` for one more compilation: a fresh one every ENGINE_COMPILATIONS. */
function nextUse(engines: Map<Dialect, { engine: Engine; uses: number }>, dialect: Dialect, create: (dialect: Dialect) => Engine): Engine {
  let entry = engines.get(dialect);
  if (!entry || entry.uses >= ENGINE_COMPILATIONS) {
    entry = { engine: create(dialect), uses: 0 };
    engines.set(dialect, entry);
  }
  entry.uses++;
  return entry.engine;
}

/** The engine that compiles schemas as written, every error kept: `$async` schemas and validator(). */
function createCheckEngine(dialect: Dialect, patterns: PatternPlan, clock: PhaseClock): Engine {
  // ownProperties as the generated validators have it (createStandaloneEngine), and patterns run as
  // there too: a schema compiles here exactly when its generated validator can.
  const engine = newAjv(dialect, {
    strict: false,
    validateFormats: true,
    validateSchema: false,
    allErrors: true,
    ownProperties: true,
    logger: false,
    code: { regExp: timedRegExp(clock, patternEngine(patterns)) },
  });
  // After newAjv: ajv-formats loads ajv, which load-ajv.ts patches first.
  const addFormats = require("ajv-formats") as { default?: (ajv: Ajv) => Ajv } & ((ajv: Ajv) => Ajv);
  (addFormats.default ?? addFormats)(engine);
  return engine;
}

/**
 * The name of the validator compiled from `text` (a prepared schema) under `dialect`, which never
 * depends on any other schema of the project. The schema is taken as JSON text with its member
 * order kept: JSON.stringify writes strings and numbers exactly as RFC 8785 does, so this is
 * canonicalJson() except that members are not sorted. Order does not change what a schema accepts,
 * but ajv checks `properties` in their order, so it decides which error comes first. Sharing one
 * validator between two orders would let one tool's order decide the other's error message, and a
 * new tool could change an old tool's messages; in the corpus, keeping the order costs 11 more
 * validators than canonical JSON would (692 instead of 681).
 * @example validatorName("2020-12", '{"type":"string"}') // "v_…"
 */
export function validatorName(dialect: Dialect, text: string): string {
  return `v_${sha256Hex(`${dialect}\n${text}`).slice(0, NAME_HASH_LENGTH)}`;
}

/** Runs a standalone chunk as a function, with mcp-gen's copy of the runtime module it imports in generated code. */
function instantiate(chunk: StandaloneChunk, runtime: GeneratedRuntime): GeneratedValidator {
  // The chunk is ajv's code for a schema, rewritten; it is scanned once more, as ajv's own code is
  // before ajv evaluates it (a chunk may come from the last build's module on disk).
  return new Function("__rt", `${withoutSourceUrls(chunk.body)}\nreturn ${chunk.validateName};`)(runtime) as GeneratedValidator;
}

/**
 * What `__rt` is to generated validators: validator-runtime.ts, and pattern-runtime.ts's `pattern`
 * and `certifiedPattern` (linear-regexp.ts; the latter runs only what the compiler's plan certified).
 */
type GeneratedRuntime = typeof validatorRuntime & { readonly pattern: typeof pattern; readonly certifiedPattern: ReturnType<typeof certifiedPatternFor> };

/** Whether `schema` has a pattern that runs only with the ReDoS checker's verdict (pattern-plan.ts). */
function hasCertifiedPattern(schema: JsonValue): boolean {
  // Only lookarounds and back-references need a verdict: most schemas have neither anywhere.
  if (!/\(\?<?[=!]|\\\\[1-9k]/.test(JSON.stringify(schema))) return false;
  let found = false;
  walkSchema(schema, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    const { pattern, patternProperties } = node.schema as Record<string, JsonValue>;
    found ||=
      (Object.hasOwn(node.schema, "pattern") && typeof pattern === "string" && needsCertificate(pattern)) ||
      (Object.hasOwn(node.schema, "patternProperties") && isJsonObject(patternProperties) && Object.keys(patternProperties).some(needsCertificate));
    return found ? "stop" : undefined;
  });
  return found;
}

/** The most specific meta-schema complaints: one per place, none for a place whose child also failed. */
function pickMetaProblems(errors: readonly ErrorObject[]): SchemaProblem[] {
  const useful = errors.filter((e) => !["anyOf", "oneOf", "allOf", "if", "$ref", "$dynamicRef"].includes(e.keyword));
  const byPath = new Map<string, ErrorObject>();
  for (const error of useful) if (!byPath.has(error.instancePath)) byPath.set(error.instancePath, error);
  const paths = [...byPath.keys()];
  const leaves = paths.filter((p) => !paths.some((other) => other !== p && other.startsWith(p + "/")));
  return leaves.slice(0, 5).map((path) => ({ pointer: path, message: describeMetaError(byPath.get(path)!) }));
}

function describeMetaError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) return `must be one of ${oneOfPhrase(params.allowedValues)}`;
  if (error.keyword === "type") return `must be ${typePhrase(String(params.type))}`;
  return error.message ?? "is invalid";
}
