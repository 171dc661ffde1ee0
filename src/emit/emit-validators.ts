// Schemas with their dialects → standalone validator modules (ajv standalone code), one module per
// dialect, that import nothing but the runtime's validator module (its pattern module, which adds
// re2js, when a validator has a pattern; none when no validator uses the runtime) and the validator
// type. Pure: no disk, no clock; it never edits the schemas, and it does not write the runtime (the
// caller copies it, or the project depends on @mcp-gen/runtime).
import { compareText } from "../model/diagnostic.js";
import type { Dialect } from "../model/dialect.js";
import type { JsonValue } from "../model/json.js";
import { usesPatterns } from "../compile/linear-pattern-code.js";
import { usesRuntime } from "../compile/uses-runtime.js";
import { piecesText, type BytePieces } from "../files/byte-pieces.js";
import { sha256Hex } from "../lock/sha256.js";
import { SchemaCompiler, type CompiledValidator, type KnownValidator } from "../compile/schema-compiler.js";
import type { StandaloneChunk } from "../compile/rewrite-standalone.js";

// Validators a build reads back out of the modules emitValidators wrote (knownValidatorsOf).
export type { KnownValidator } from "../compile/schema-compiler.js";

export interface ValidatorRequest {
  readonly schema: JsonValue;
  readonly dialect: Dialect;
  /**
   * The name the module exports this request's validator under, which says what it checks
   * (validatorExportNames: `validateGetWeatherArguments`). Distinct across the requests of a call.
   */
  readonly exportName: string;
  /**
   * The validator's id when it is already known (a tool unchanged since the last build): its code
   * comes from `known`, and `schema` is not looked at.
   */
  readonly id?: string;
}

export interface ValidatorRef {
  /** Module path relative to the `out` folder, e.g. "validators/2020-12.js". */
  readonly module: string;
  /** The request's exportName. */
  readonly exportName: string;
  /**
   * The module's own name for the validator: `v_` + hex digits of the hash of its schema, shared by
   * every request whose schema is the same. A later build finds its code by it (knownValidatorsOf).
   */
  readonly id: string;
}

/** The specifiers a validator module imports the runtime with (see runtime-modules.ts). */
export interface ValidatorImports {
  /** validator-runtime.ts: ajv's helpers and formats. */
  readonly validators: string;
  /** pattern-runtime.ts: the same plus `pattern` (re2js), for a module with a pattern. */
  readonly patterns: string;
  /** validation-messages.ts, for the CompiledValidator type. */
  readonly messages: string;
}

/** The imports of a vendored runtime, copied beside validators/ into runtime/. */
export const VENDORED_VALIDATOR_IMPORTS: ValidatorImports = {
  validators: "../runtime/validator-runtime.js",
  patterns: "../runtime/pattern-runtime.js",
  messages: "../runtime/validation-messages.js",
};

export interface EmittedValidators {
  /**
   * Files relative to the generated `out` folder, e.g. "validators/2020-12.ts", sorted by path. The
   * runtime they import (`imports`) is not included.
   */
  readonly files: readonly ValidatorModule[];
  /** For each request, in order: the module and export name of its validator. */
  readonly refs: readonly ValidatorRef[];
}

/** One validator module, rendered the first time its contents (or bytes) are read. */
export interface ValidatorModule {
  readonly path: string;
  /** The module's text, after the `prefix` emitValidators was given. */
  readonly contents: string;
  /**
   * Its UTF-8 bytes in pieces when the module was made from the last build's one (LastModuleText):
   * the blocks of the validators it holds copied as they are; undefined when it was rendered as text.
   */
  readonly pieces: BytePieces | undefined;
  /** Where each validator's block lies in the module's text, for the next build (rendered when asked). */
  readonly layout: ValidatorModuleLayout;
  /**
   * What decides the module's text, hashed: its dialect, imports, the ids of its validators (the
   * hash of each one's schema, which decides its code) and its exports. The same key gives the same
   * text (for the same mcp-gen), so a build that finds the last build's key need not render it.
   */
  readonly key: string;
  /** The ids of its validators, sorted (KnownValidator ids a later build may ask for). */
  readonly ids: readonly string[];
  /** The runtime modules it imports (keys of ValidatorImports), sorted; worked out from its validators' code when asked. */
  readonly runtime: readonly (keyof ValidatorImports)[];
}

/**
 * Where each validator's block lies in a module's text (UTF-8, counted from the end of the prefix):
 * its byte offset and length by id, the ids whose code calls `pattern` (re2js), and the ids whose
 * code uses nothing of the runtime (no `__rt`), which decide whether the module imports
 * pattern-runtime.ts, validator-runtime.ts or neither without reading any code.
 */
export interface ValidatorModuleLayout {
  readonly blocks: { readonly [id: string]: readonly [start: number, length: number] };
  readonly patterns: readonly string[];
  readonly runtimeFree: readonly string[];
}

/**
 * A module as the last build wrote it, byte for byte: a rebuild copies the blocks of the validators
 * it holds again instead of reading their code out of it and rendering it all (4.5 MB on the corpus).
 */
export interface LastModuleText {
  /** Its bytes; none (empty) when no block may be copied from them. */
  readonly bytes: Uint8Array;
  /** Where the module's text starts in `bytes` (after that build's prefix). */
  readonly start: number;
  readonly layout: ValidatorModuleLayout;
}

/** Where each dialect's validators go, and the name the module's banner gives the dialect. */
const DIALECT_MODULES: Readonly<Record<Dialect, { readonly stem: string; readonly title: string }>> = {
  "2020-12": { stem: "2020-12", title: "JSON Schema 2020-12" },
  "2019-09": { stem: "2019-09", title: "JSON Schema 2019-09" },
  "draft-07": { stem: "draft-07", title: "JSON Schema draft-07" },
};

/** A validator to write: compiled now, or known from a previous build (its schema text unknown). */
type UniqueValidator = Omit<CompiledValidator, "text"> & { readonly text: string | undefined };

function fromKnown(id: string, dialect: Dialect, known: ReadonlyMap<string, KnownValidator>): UniqueValidator {
  const validator = known.get(id);
  if (!validator || validator.dialect !== dialect) throw new Error(`The validator ${id} is not in the previous build's modules; this is a bug in mcp-gen.`);
  return {
    id,
    dialect,
    text: undefined,
    get chunk() {
      return validator.chunk;
    },
    error: undefined,
  };
}

/**
 * The validators of a module emitValidators wrote (its text as on disk, banner included), by id, so
 * that a build can write them again without compiling their schemas. A block that is not exactly as
 * renderModule writes it is left out (its tool's schemas are compiled again).
 * @example knownValidatorsOf(text, "2020-12").get("v_16d7081b15e7")?.chunk.validateName // "validate0"
 */
export function knownValidatorsOf(text: string, dialect: Dialect): Map<string, KnownValidator> {
  const known = new Map<string, KnownValidator>();
  const exportsAt = text.lastIndexOf(EXPORTS_HEAD);
  // A validator's code declares nothing at the start of a line that starts with `v_` (ajv's names are schema0, validate0...).
  const blocks = (exportsAt < 0 ? text : text.slice(0, exportsAt)).split("\nconst v_");
  for (const block of blocks.slice(1)) {
    const match = /^([0-9a-f]+): CompiledValidator = \/\* @__PURE__ \*\/ \(\(\) => \{\n([\s\S]*)\nreturn (validate\d+);\n\}\)\(\);\n?$/.exec(block);
    if (match) known.set(`v_${match[1]!}`, { dialect, chunk: { body: match[2]!, validateName: match[3]! } });
  }
  return known;
}

/** The dialect whose validators `path` (relative to `out`, e.g. "validators/2020-12.ts") holds. */
export function validatorModuleDialect(path: string): Dialect | undefined {
  return (Object.keys(DIALECT_MODULES) as Dialect[]).find((dialect) => path === modulePath(dialect, ".ts"));
}

/**
 * Compiles each request's schema under its own dialect into a standalone validator, exported under
 * the request's exportName. Requests whose prepared schemas (no `nullable`, no annotations: see
 * prepare-validator-schema.ts) are the same JSON, member order included, in the same dialect share
 * one validator, whose id is `v_` + the first 12 hex digits of the SHA-256 of dialect and schema
 * text, so an id never depends on the other requests; each of them exports it under its own name.
 * The same requests, in any order, give byte-identical files. Throws if a schema does not compile:
 * the schema-valid rule reports those before a build. `compiler` is the one validation used, so
 * that no schema is compiled twice.
 * @example emitValidators([{ schema: { type: "object" }, dialect: "2020-12", exportName: "validatePingArguments" }]).refs[0] // { module: "validators/2020-12.js", exportName: "validatePingArguments", id: "v_…" }
 */
export function emitValidators(
  requests: readonly ValidatorRequest[],
  compiler: SchemaCompiler = new SchemaCompiler(),
  knownValidators: ReadonlyMap<string, KnownValidator> = new Map(),
  imports: ValidatorImports = VENDORED_VALIDATOR_IMPORTS,
  /** The text each module starts with (the generated file's banner line). */
  prefix = "",
  /** The last build's modules on disk as it wrote them, by path (as `files` names them). */
  lastModules: ReadonlyMap<string, LastModuleText> = new Map(),
): EmittedValidators {
  const unique = new Map<string, UniqueValidator>();
  const exported = new Set<string>();
  const refs = requests.map((request): ValidatorRef => {
    if (exported.has(request.exportName)) throw new Error(`Two validators are to be exported as ${request.exportName}; this is a bug in mcp-gen.`);
    exported.add(request.exportName);
    const validator = request.id === undefined ? compiler.compiled(request.schema, request.dialect) : fromKnown(request.id, request.dialect, knownValidators);
    const known = unique.get(validator.id);
    if (known === undefined || (known.text === undefined && validator.text !== undefined)) unique.set(validator.id, validator);
    else if (known.dialect !== validator.dialect || (known.text !== undefined && validator.text !== undefined && known.text !== validator.text)) {
      throw new Error(`Two different schemas hash to the validator id ${validator.id}; this is a bug in mcp-gen.`);
    }
    return { module: modulePath(request.dialect, ".js"), exportName: request.exportName, id: validator.id };
  });
  const dialects = [...new Set([...unique.values()].map((v) => v.dialect))].sort((a, b) => compareText(DIALECT_MODULES[a].stem, DIALECT_MODULES[b].stem));
  const modules = dialects.map((dialect) =>
    renderModule(
      dialect,
      [...unique.values()].filter((v) => v.dialect === dialect),
      refs.filter((ref) => ref.module === modulePath(dialect, ".js")),
      imports,
      prefix,
      lastModules.get(modulePath(dialect, ".ts")),
    ),
  );
  const files = modules.map((module, i) => ({
    path: modulePath(dialects[i]!, ".ts"),
    key: module.key,
    ids: module.ids,
    get runtime() {
      return module.runtime();
    },
    get contents() {
      return module.rendered().contents;
    },
    get pieces() {
      return module.rendered().pieces;
    },
    get layout() {
      return module.rendered().layout;
    },
  }));
  return { files, refs };
}

function modulePath(dialect: Dialect, extension: ".ts" | ".js"): string {
  return `validators/${DIALECT_MODULES[dialect].stem}${extension}`;
}

/** Where a validator module's exports start: every block before it declares one validator. */
const EXPORTS_HEAD = "\nexport {\n";

/**
 * One module: every validator of `dialect`, sorted by id, compiled by one ajv instance (an instance
 * per schema would cost more than the schema itself), then one export per request, sorted by name.
 * Each validator sits in its own closure with its names numbered from 0, so its code is the same
 * whatever else the module holds; the IIFE is marked pure so that a bundler can drop validators
 * nothing imports. Each validator declares its type: `@ts-nocheck` keeps the compiler from checking
 * the body, but a constant whose type it must infer is still inferred from it when tools.ts uses the
 * export, by flow analysis over thousands of lines, which overflows the stack of tsc 5.9 and 6.0 on
 * large schemas.
 */
function renderModule(
  dialect: Dialect,
  validators: readonly UniqueValidator[],
  refs: readonly ValidatorRef[],
  imports: ValidatorImports,
  prefix: string,
  last: LastModuleText | undefined,
): { rendered: () => RenderedModule; key: string; ids: readonly string[]; runtime: () => readonly (keyof ValidatorImports)[] } {
  const sorted = [...validators].sort((a, b) => compareText(a.id, b.id));
  const failed = sorted.find((validator) => validator.error !== undefined);
  if (failed) throw notCompiled(failed);
  // A validator whose block the last build's module holds is copied from it: its code is not read.
  // The block must start and end as blockText writes them, so that a damaged layout only costs a render.
  const takes = new Map<string, boolean>();
  const taken = (id: string) => {
    let answer = takes.get(id);
    if (answer === undefined) takes.set(id, (answer = last !== undefined && Object.hasOwn(last.layout.blocks, id) && holdsBlock(last, id)));
    return answer;
  };
  const lastPatterns = new Set(last?.layout.patterns ?? []);
  // A known validator's code is read off the last build's module only here, when the module is rendered.
  let patterns: ReadonlySet<string> | undefined;
  const patternIds = () => {
    // Only a module with a pattern imports re2js (through pattern-runtime.ts, which is validator-runtime.ts plus `pattern`).
    patterns ??= new Set(sorted.filter((v) => (taken(v.id) ? lastPatterns.has(v.id) : usesPatterns(chunkOf(v)))).map((v) => v.id));
    return patterns;
  };
  const lastRuntimeFree = new Set(last?.layout.runtimeFree ?? []);
  let runtimeFree: ReadonlySet<string> | undefined;
  const runtimeFreeIds = () => {
    // An unused import is what a linter's fix takes out, and `mcp-gen check` would call that a hand edit.
    runtimeFree ??= new Set(sorted.filter((v) => (taken(v.id) ? lastRuntimeFree.has(v.id) : !usesRuntime(chunkOf(v)))).map((v) => v.id));
    return runtimeFree;
  };
  // A validator that runs a pattern uses the runtime's `pattern` (or `certifiedPattern`).
  const runtimeKey = (): "patterns" | "validators" | undefined => (patternIds().size > 0 ? "patterns" : runtimeFreeIds().size < sorted.length ? "validators" : undefined);
  const exports = [...refs].sort((a, b) => compareText(a.exportName, b.exportName)).map((ref) => `  ${ref.id} as ${ref.exportName},`);
  const key = sha256Hex(JSON.stringify([MODULE_KEY_VERSION, dialect, imports, sorted.map((validator) => validator.id), exports]));
  let rendered: RenderedModule | undefined;
  const render = (): RenderedModule => {
    const header = [
      "// @ts-nocheck",
      `// The ${DIALECT_MODULES[dialect].title} validators of the tools' schemas, as ajv standalone code; tools whose schemas are the same share one.`,
      ...runtimeImport(runtimeKey(), imports),
      `import type { CompiledValidator } from "${imports.messages}";`,
    ].join("\n");
    const tail = `\n${EXPORTS_HEAD}${exports.join("\n")}\n};\n`;
    const blocks = sorted.map((validator) => (taken(validator.id) ? validator.id : blockText(validator.id, chunkOf(validator))));
    const layout: { blocks: Record<string, readonly [number, number]>; patterns: readonly string[]; runtimeFree: readonly string[] } = {
      blocks: {},
      patterns: [...patternIds()].sort(compareText),
      runtimeFree: [...runtimeFreeIds()].sort(compareText),
    };
    const setBlock = (id: string, start: number, length: number) => Object.defineProperty(layout.blocks, id, { value: [start, length], enumerable: true });
    let offset = Buffer.byteLength(header, "utf8");
    if (!sorted.some((validator) => taken(validator.id))) {
      for (const [i, block] of blocks.entries()) {
        const length = Buffer.byteLength(block, "utf8");
        setBlock(sorted[i]!.id, offset, length);
        offset += length;
      }
      return { contents: `${prefix}${header}${blocks.join("")}${tail}`, pieces: undefined, layout };
    }
    const pieces: Uint8Array[] = [Buffer.from(`${prefix}${header}`, "utf8")];
    // Blocks that follow one another in the last module are copied in one piece.
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart >= 0) pieces.push(last!.bytes.subarray(runStart, runEnd));
      runStart = runEnd = -1;
    };
    for (const [i, block] of blocks.entries()) {
      const id = sorted[i]!.id;
      let length: number;
      if (taken(id)) {
        const [start, size] = last!.layout.blocks[id]!;
        if (last!.start + start !== runEnd) flush(), (runStart = last!.start + start);
        runEnd = last!.start + start + size;
        length = size;
      } else {
        flush();
        const bytes = Buffer.from(block, "utf8");
        pieces.push(bytes);
        length = bytes.length;
      }
      setBlock(id, offset, length);
      offset += length;
    }
    flush();
    pieces.push(Buffer.from(tail, "utf8"));
    let contents: string | undefined;
    return {
      get contents() {
        return (contents ??= piecesText(pieces));
      },
      pieces,
      layout,
    };
  };
  const runtime = (): (keyof ValidatorImports)[] => {
    const used = runtimeKey();
    return used === undefined ? ["messages"] : ([used, "messages"] as (keyof ValidatorImports)[]).sort();
  };
  return { rendered: () => (rendered ??= render()), key, ids: sorted.map((validator) => validator.id), runtime };
}

/** The line that imports the runtime as `__rt` from `key`'s module: none when no validator uses it. */
function runtimeImport(key: "patterns" | "validators" | undefined, imports: ValidatorImports): string[] {
  return key === undefined ? [] : [`import * as __rt from "${imports[key]}";`];
}

/** A module rendered: its text (with the prefix), its bytes when they were made from the last module's, and its layout. */
interface RenderedModule {
  readonly contents: string;
  readonly pieces: BytePieces | undefined;
  readonly layout: ValidatorModuleLayout;
}

function chunkOf(validator: UniqueValidator): StandaloneChunk {
  return validator.chunk ?? throwError(notCompiled(validator));
}

/** Whether the last module's bytes at `id`'s place begin and end as blockText writes `id`'s block. */
function holdsBlock(last: LastModuleText, id: string): boolean {
  const [at, length] = last.layout.blocks[id]!;
  const head = Buffer.from(`\n\nconst ${id}: CompiledValidator = `, "utf8");
  const end = Buffer.from("\n})();", "utf8");
  const start = last.start + at;
  const bytes = Buffer.from(last.bytes.buffer, last.bytes.byteOffset, last.bytes.byteLength);
  return length >= head.length + end.length && bytes.subarray(start, start + head.length).equals(head) && bytes.subarray(start + length - end.length, start + length).equals(end);
}

/** One validator's block in its module: a blank line, then its closure. */
function blockText(id: string, chunk: StandaloneChunk): string {
  return `\n\nconst ${id}: CompiledValidator = /* @__PURE__ */ (() => {\n${chunk.body}\nreturn ${chunk.validateName};\n})();`;
}

/**
 * Whether `layout` can describe the module text of `size` bytes that starts at `start`: every block
 * inside it, with whole non-negative offsets, and every pattern id and runtime-free id one of its
 * blocks, none both.
 */
export function moduleLayoutFits(layout: ValidatorModuleLayout, start: number, size: number): boolean {
  if (!Number.isSafeInteger(start) || start < 0) return false;
  for (const [, range] of Object.entries(layout.blocks)) {
    const [at, length] = range;
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(length) || at < 0 || length < 0 || start + at + length > size) return false;
  }
  const free = new Set(layout.runtimeFree);
  return layout.patterns.every((id) => Object.hasOwn(layout.blocks, id) && !free.has(id)) && layout.runtimeFree.every((id) => Object.hasOwn(layout.blocks, id));
}

function notCompiled(validator: UniqueValidator): Error {
  return new Error(`A schema given to emitValidators does not compile (${validator.error}); the schema-valid rule refuses such schemas before a build.`);
}

function throwError(error: Error): never {
  throw error;
}

/**
 * Changes whenever renderModule writes the same parts differently (ValidatorModule.key). 2: no
 * `import * as __rt` in a module none of whose validators uses the runtime.
 */
const MODULE_KEY_VERSION = 2;
