// An incremental build: which tools did not change since the last build (their descriptor and every
// file it names hash as the build cache and the lock record), and what of the last build's output
// can be written again as it is. Pure apart from the `read` callback, which gives the text of a
// generated file on disk. The rule is conservative: anything not known to be the same is redone.
import { compareText, type Diagnostic } from "../model/diagnostic.js";
import { DEFAULT_DIALECT, dialectOf } from "../model/dialect.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import type { GeneratedFile } from "../model/generated-file.js";
import type { LockFile } from "../model/lock.js";
import type { RunMemo } from "../model/run-memo.js";
import type { ResolvedTool } from "../model/source.js";
import { knownValidatorsOf, moduleLayoutFits, validatorModuleDialect, type KnownValidator, type LastModuleText, type ValidatorImports, type ValidatorModuleLayout } from "../emit/emit-validators.js";
import type { AggregateLayouts, EmittedTool, EmitReuse, LastValidatorModule, PreviousModule, ReusedToolOutput, ValidatorModuleRecord } from "../emit/emit-project.js";
import { layoutFits, type LastAggregate, type LastAggregates } from "../emit/tool-loop.js";
import { assignToolNames, scaffoldPaths, type ToolNames } from "../emit/names.js";
import type { ToolHash } from "../lock/hash-tool.js";
import type { CheckedTool } from "../project/analyze-project.js";
import { resolveTool } from "../resolve/resolve-tool.js";
import { cleanSchemaKey, type SchemaCompiler } from "../compile/schema-compiler.js";
import type { ProjectFile } from "../resolve/project-file.js";
import { CACHE_VERSION, vouchesForLock, type BuildCache, type CachedAggregates, type CachedTool } from "./build-cache.js";
import type { FileRecord, ReadReuse } from "./file-record.js";

/** The cache when it was written by this mcp-gen, with this config, next to this lock (by the SHA-256 of its text); else undefined. */
export function usableCache(cache: BuildCache | undefined, generator: string, config: string, lockHash: string | undefined): BuildCache | undefined {
  if (!cache || lockHash === undefined) return undefined;
  return cache.generator === generator && cache.config === config && vouchesForLock(cache, lockHash) ? cache : undefined;
}

/** For readProject: a file whose text is the one the cache describes is not parsed. */
export function cacheReader(cache: BuildCache): ReadReuse {
  return {
    lookup: (path, hash) => {
      const entry = Object.hasOwn(cache.files, path) ? cache.files[path] : undefined;
      return entry && entry.input === hash ? entry : undefined;
    },
  };
}

/**
 * The tools that need no resolving and no per-tool rules: the descriptor and every file its `$ref`s
 * reach were not parsed (their text is the cached one), the lock pins the tool to this descriptor
 * with this text, and the tool declares no input requests. Each gets its descriptor from the lock.
 */
export function reusableTools(descriptors: readonly string[], records: ReadonlyMap<string, FileRecord>, cache: BuildCache, lock: LockFile): CheckedTool[] {
  const reused: CheckedTool[] = [];
  for (const path of descriptors) {
    const record = records.get(path);
    const entry = own(cache.tools, path);
    if (!record?.reused || !entry?.reusable || record.hash === undefined || own(lock.inputs, path) !== record.hash) continue;
    const locked = own(lock.tools, entry.name);
    if (!locked || locked.file !== path || !closureUnchanged(path, records, lock)) continue;
    reused.push({
      tool: { file: path, wire: locked.descriptor, authoring: undefined, mounts: entry.mounts },
      diagnostics: entry.diagnostics,
      ...(entry.inProject ? { inProject: entry.inProject } : {}),
      ...(Array.isArray(entry.certify) && entry.certify.every((p) => typeof p === "string") ? { certify: entry.certify } : {}),
      ...(typeof entry.verdicts === "string" ? { verdicts: entry.verdicts } : {}),
    });
  }
  return reused;
}

/** Every file `path` names through `$ref`s, transitively, was taken from the cache and is pinned by the lock. */
function closureUnchanged(path: string, records: ReadonlyMap<string, FileRecord>, lock: LockFile): boolean {
  const seen = new Set([path]);
  const queue = [path];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const record = records.get(next);
    if (!record?.reused || record.hash === undefined || own(lock.inputs, next) !== record.hash) return false;
    for (const target of record.refs) if (!seen.has(target)) seen.add(target), queue.push(target);
  }
  return true;
}

export interface EmitPlan {
  /** The tools to emit: the reused ones whose output cannot be taken over are resolved again. */
  readonly tools: readonly ResolvedTool[];
  readonly reuse: EmitReuse;
  /** Hashes of the reused tools, from the lock. */
  readonly hashes: ReadonlyMap<ResolvedTool, ToolHash>;
}

export interface EmitPlanInput {
  readonly tools: readonly ResolvedTool[];
  readonly reused: readonly CheckedTool[];
  readonly cache: BuildCache;
  readonly lock: LockFile;
  readonly out: string;
  readonly files: ReadonlyMap<string, ProjectFile>;
  /** Scaffold paths that exist; undefined for a project that has none (`generate: client`). */
  readonly scaffolds: ReadonlySet<string> | undefined;
  /** knownValidators of the last build's output. */
  readonly validators: ReadonlyMap<string, KnownValidator>;
  readonly handlers: string;
  readonly tests: string;
  /** The text of a project file on disk, or undefined. */
  readonly read: (path: string) => string | undefined;
  /** hashFileText of the same. */
  readonly hash: (path: string) => string | undefined;
  /** Its bytes as read, or undefined (not decoded: an aggregate is taken from them in pieces). */
  readonly bytes?: (path: string) => Uint8Array | undefined;
  /** The run's memo, whose analysis assigned the current names already. */
  readonly memo?: RunMemo;
}

/**
 * What of the last build's output each reused tool can keep: its module (when its names did not
 * change and the file is as the lock records it), its validators (when the last build's module
 * holds them) and its scaffolds (when they exist). A reused tool that cannot keep all of them is
 * resolved from its descriptor again, so that everything is generated from it in its own order.
 */
export function planEmitReuse(input: EmitPlanInput): EmitPlan {
  const currentNames = input.tools.map((tool) => String(tool.wire.name)).sort(compareText);
  const previousNames = Object.keys(input.lock.tools).sort(compareText);
  const current = namesByTool(currentNames, input.memo);
  // Names depend on the whole set of names only: the same set gives the same names.
  const sameSet = currentNames.length === previousNames.length && currentNames.every((name, i) => name === previousNames[i]);
  const previous = sameSet ? current : namesByTool(previousNames, input.memo);
  const { validators, scaffolds } = input;
  const reusedFiles = new Map(input.reused.map((r) => [r.tool, r]));
  const keep = new Map<ResolvedTool, ReusedToolOutput>();
  const hashes = new Map<ResolvedTool, ToolHash>();
  const previousModules = new Map<ResolvedTool, PreviousModule>();
  /**
   * The path of the tool's module of the last build, when its names are the same and it is on disk
   * as the lock records it (by its stat, as the stat index knows it: not read for that).
   */
  const previousModule = (name: string, names: ToolNames): string | undefined => {
    if (!sameNames(names, previous.get(name))) return undefined;
    const modulePath = `${input.out}/tools/${names.file}.ts`;
    const recorded = own(input.lock.files, modulePath);
    return recorded !== undefined && input.hash(modulePath) === recorded ? modulePath : undefined;
  };
  /** A tool generated afresh may still find its types in its last module. */
  const fresh = (tool: ResolvedTool): ResolvedTool => {
    const name = String(tool.wire.name);
    const entry = own(input.cache.tools, tool.file);
    const modulePath = entry?.name === name ? previousModule(name, current.get(name)!) : undefined;
    const module = modulePath === undefined ? undefined : input.read(modulePath);
    if (entry && module !== undefined) previousModules.set(tool, { module, types: entry.types });
    return tool;
  };
  const tools = input.tools.map((tool) => {
    if (!reusedFiles.has(tool)) return fresh(tool);
    const name = String(tool.wire.name);
    const entry = own(input.cache.tools, tool.file)!;
    const names = current.get(name)!;
    const modulePath = previousModule(name, names);
    const kept =
      modulePath !== undefined &&
      entry.validators.length === (tool.wire.outputSchema === undefined ? 1 : 2) &&
      entry.validators.every((id, i) => validators.get(id)?.dialect === dialectOf$(tool.wire[i === 0 ? "inputSchema" : "outputSchema"])) &&
      (scaffolds === undefined || scaffoldPaths(input.handlers, input.tests, names.file).every((path) => scaffolds.has(path)));
    if (kept) {
      keep.set(tool, { module: unchangedFile(modulePath, input.read), validators: entry.validators, headers: entry.headers, types: entry.types });
      const locked = input.lock.tools[name]!;
      hashes.set(tool, { sha256: locked.sha256, parts: locked.parts });
      return tool;
    }
    // Resolved again from its (unchanged) descriptor; its cached diagnostics still hold.
    const file = input.files.get(tool.file);
    const resolved = file?.status === "ok" ? resolveTool(file.doc, input.files).value : undefined;
    if (!resolved) throw new Error(`${tool.file} no longer resolves though it is unchanged; this is a bug in mcp-gen.`);
    return fresh(resolved);
  });
  const aggregates = lastAggregates(input);
  return { tools, reuse: { tools: keep, validators, previous: previousModules, validatorModules: lastValidatorModules(input), ...(aggregates ? { aggregates } : {}) }, hashes };
}

/**
 * The last build's aggregates that are on disk byte for byte as it wrote them (the hash the lock
 * records, which the cache recorded with the layout; no CR, which that hash would not tell), each
 * with a layout that fits its size; undefined when there are none.
 */
function lastAggregates(input: EmitPlanInput): LastAggregates | undefined {
  const recorded = input.cache.aggregates as JsonValue | undefined;
  const keys = getOwn(recorded, "keys");
  const files = getOwn(recorded, "files");
  if (!Array.isArray(keys) || !keys.every((key) => typeof key === "string") || !isJsonObject(files)) return undefined;
  const found = new Map<string, LastAggregate>();
  for (const [path, entry] of Object.entries(files)) {
    const layout = layoutOf(getOwn(entry, "loops"));
    const hash = getOwn(entry, "hash");
    const locked = own(input.lock.files, path);
    if (layout === undefined || typeof hash !== "string" || locked !== hash || input.hash(path) !== locked) continue;
    const bytes = bytesAsWritten(input, path, (size) => layoutFits(layout, size));
    if (bytes !== undefined) found.set(path, { bytes, layout });
  }
  return found.size === 0 ? undefined : { keys: keys as string[], files: found };
}

/** A cached ValidatorModuleLayout as far as it has the shape nextCache writes (moduleLayoutFits checks its numbers). */
function moduleLayoutOf(value: JsonValue | undefined): ValidatorModuleLayout | undefined {
  const blocks = getOwn(value, "blocks");
  const patterns = getOwn(value, "patterns");
  const runtimeFree = getOwn(value, "runtimeFree");
  const strings = (list: JsonValue | undefined): list is string[] => Array.isArray(list) && list.every((id) => typeof id === "string");
  if (!isJsonObject(blocks) || !strings(patterns) || !strings(runtimeFree)) return undefined;
  const pair = (range: JsonValue | undefined) => Array.isArray(range) && range.length === 2 && range.every((n) => typeof n === "number");
  return Object.values(blocks).every(pair) ? { blocks: blocks as unknown as ValidatorModuleLayout["blocks"], patterns, runtimeFree } : undefined;
}

/** A cached layout as far as it has the shape nextCache writes (layoutFits checks its numbers). */
function layoutOf(loops: JsonValue | undefined): LastAggregate["layout"] | undefined {
  if (!Array.isArray(loops)) return undefined;
  const layout = [];
  for (const loop of loops) {
    const name = getOwn(loop, "name");
    const start = getOwn(loop, "start");
    const lengths = getOwn(loop, "lengths");
    if (typeof name !== "string" || typeof start !== "number" || !Array.isArray(lengths) || !lengths.every((length) => typeof length === "number")) return undefined;
    layout.push({ name, start, lengths: lengths as number[] });
  }
  return layout;
}

/**
 * The last build's validator modules that are on disk as the lock records them (by their stat,
 * mostly: not read for it), each with the key the cache recorded: one this build would write with
 * the same key is linked into the new tree as it is.
 */
function lastValidatorModules(input: EmitPlanInput): Map<string, LastValidatorModule> {
  const modules = new Map<string, LastValidatorModule>();
  for (const [path, record] of recordedModules(input.cache)) {
    const { key, runtime } = record;
    const locked = own(input.lock.files, path);
    if (locked === undefined || input.hash(path) !== locked) continue;
    const text = lastModuleText(input, path, record);
    modules.set(path, { key, file: unchangedFile(path, input.read), runtime, ...(text ? { text } : {}) });
  }
  return modules;
}

/**
 * The layout the cache recorded for a module on disk as the lock records it, and its bytes, read
 * only when a block is to be copied: a build that links the module as it is (no schema of it
 * changed, as after a description edit) never reads its megabytes. The bytes are none (nothing is
 * copied, the module is rendered) unless every block lies inside the file and it has no CR
 * (bytesAsWritten); each block is checked for its id again when copied.
 */
function lastModuleText(input: EmitPlanInput, path: string, record: ValidatorModuleRecord): LastModuleText | undefined {
  const { start, layout } = record;
  if (start === undefined || layout === undefined) return undefined;
  let bytes: Uint8Array | undefined;
  return {
    start,
    layout,
    get bytes() {
      bytes ??= bytesAsWritten(input, path, (size) => moduleLayoutFits(layout, start, size)) ?? new Uint8Array(0);
      return bytes;
    },
  };
}

/**
 * The bytes of a generated file the caller found on disk as the lock records it, when a cached
 * layout of them `fits` their size and they hold no CR: a CRLF checkout hashes as the lock records
 * (hashFileText reads CRLF as LF), but its byte offsets are not the layout's.
 */
function bytesAsWritten(input: EmitPlanInput, path: string, fits: (size: number) => boolean): Uint8Array | undefined {
  const bytes = input.bytes?.(path);
  return bytes !== undefined && !bytes.includes(0x0d) && fits(bytes.length) ? bytes : undefined;
}

/** The keys of ValidatorImports: the runtime modules a validator module may import. */
const RUNTIME_KEYS: ReadonlySet<string> = new Set(["validators", "patterns", "messages"] satisfies (keyof ValidatorImports)[]);

/** BuildCache.validatorModules, as far as it has the shape nextCache writes. */
function recordedModules(cache: BuildCache): [string, ValidatorModuleRecord][] {
  const recorded = cache.validatorModules as JsonValue | undefined;
  if (!isJsonObject(recorded)) return [];
  return Object.entries(recorded).flatMap(([path, entry]): [string, ValidatorModuleRecord][] => {
    const key = getOwn(entry, "key");
    const ids = getOwn(entry, "ids");
    const runtime = getOwn(entry, "runtime");
    const strings = (list: JsonValue | undefined): list is string[] => Array.isArray(list) && list.every((item) => typeof item === "string");
    if (typeof key !== "string" || !strings(ids) || !strings(runtime) || !runtime.every((name) => RUNTIME_KEYS.has(name))) return [];
    const start = getOwn(entry, "start");
    const layout = moduleLayoutOf(getOwn(entry, "layout"));
    const placed = typeof start === "number" && layout !== undefined ? { start, layout } : {};
    return [[path, { key, ids, runtime: runtime as ValidatorModuleRecord["runtime"], ...placed }]];
  });
}

/**
 * knownValidators without reading the modules until a validator's code is asked for: the ids (and
 * dialects) of the last build's modules that are on disk as the lock records them come from the
 * build cache, and the first `chunk` read parses the modules (knownValidators). Falls back to
 * knownValidators for a cache that does not list them.
 */
export function lazyKnownValidators(
  cache: BuildCache,
  lock: LockFile,
  out: string,
  read: (path: string) => string | undefined,
  hash: (path: string) => string | undefined,
): ReadonlyMap<string, KnownValidator> {
  const recorded = recordedModules(cache);
  if (recorded.length === 0) return knownValidators(lock, out, read, hash);
  let parsed: Map<string, KnownValidator> | undefined;
  const code = (id: string) => {
    const found = (parsed ??= knownValidators(lock, out, read, hash)).get(id);
    if (!found) throw new Error(`The validator ${id} is not in the last build's modules as the build cache says; delete node_modules/.cache/mcp-gen and build again.`);
    return found.chunk;
  };
  const known = new Map<string, KnownValidator>();
  for (const [path, { ids }] of recorded) {
    const dialect = path.startsWith(`${out}/`) ? validatorModuleDialect(path.slice(out.length + 1)) : undefined;
    const locked = own(lock.files, path);
    if (dialect === undefined || locked === undefined || hash(path) !== locked) continue;
    for (const id of ids) {
      known.set(id, {
        dialect,
        get chunk() {
          return code(id);
        },
      });
    }
  }
  return known;
}

/**
 * A generated file on disk as the lock records it, which this build writes again as it is: its text
 * is read only if something asks for it (the build links the file into the new tree unread).
 */
function unchangedFile(path: string, read: (path: string) => string | undefined): GeneratedFile {
  return {
    path,
    get contents() {
      const text = read(path);
      if (text === undefined) throw new Error(`${path} was removed while mcp-gen was building; build again.`);
      return text;
    },
    unchanged: true,
  };
}

function dialectOf$(schema: JsonValue | undefined) {
  return dialectOf(getOwn(schema, "$schema")) ?? DEFAULT_DIALECT;
}

function namesByTool(names: readonly string[], memo: RunMemo | undefined): Map<string, ToolNames> {
  const sorted = [...names].sort(compareText);
  const assigned = assignToolNames(sorted, memo);
  return new Map(sorted.map((name, i) => [name, assigned[i]!]));
}

function sameNames(a: ToolNames, b: ToolNames | undefined): boolean {
  return b !== undefined && a.pascal === b.pascal && a.camel === b.camel && a.file === b.file;
}

/** The validators of the last build's modules that are on disk as the lock records them. */
export function knownValidators(lock: LockFile, out: string, read: (path: string) => string | undefined, hash: (path: string) => string | undefined): Map<string, KnownValidator> {
  const known = new Map<string, KnownValidator>();
  for (const path of Object.keys(lock.files)) {
    if (!path.startsWith(`${out}/validators/`)) continue;
    const dialect = validatorModuleDialect(path.slice(out.length + 1));
    const text = dialect === undefined ? undefined : read(path);
    if (dialect === undefined || text === undefined || hash(path) !== lock.files[path]) continue;
    // The lock's hash reads a CRLF copy as the text the build wrote: so is its code, parsed with LF.
    for (const [name, validator] of knownValidatorsOf(text.includes("\r") ? text.replace(/\r\n/g, "\n") : text, dialect)) known.set(name, validator);
  }
  return known;
}

export interface NextCacheInput {
  readonly generator: string;
  readonly config: string;
  /** SHA-256 of the text of the lock this build wrote. */
  readonly lockHash: string;
  readonly records: ReadonlyMap<string, FileRecord>;
  /** The tools as emitted, each with its resolve and per-tool rule diagnostics, and its checkInProject ones. */
  readonly tools: readonly {
    readonly tool: ResolvedTool;
    readonly diagnostics: readonly Diagnostic[];
    readonly inProject?: CachedTool["inProject"];
    readonly certify: readonly string[];
    /** verdictsKey of the verdicts on `certify` this build used; absent when it has none. */
    readonly verdicts?: string;
  }[];
  readonly emitted: ReadonlyMap<string, EmittedTool>;
  /** cleanSchemaKeys of the schemas found clean (see cleanSchemas). */
  readonly clean: readonly string[];
  /** GeneratedProject.validatorModules. */
  readonly validatorModules: ReadonlyMap<string, ValidatorModuleRecord>;
  /** GeneratedProject.aggregates, and the lock this build wrote (each layout is kept with the hash it records). */
  readonly aggregates?: { readonly layouts: AggregateLayouts; readonly files: { readonly [path: string]: string } };
}

/** What this build remembers for the next one. */
export function nextCache(input: NextCacheInput): BuildCache {
  const files: Record<string, BuildCache["files"][string]> = {};
  for (const path of [...input.records.keys()].sort(compareText)) {
    const record = input.records.get(path)!;
    if (record.hash !== undefined) setOwn(files, path, { input: record.hash, refs: record.refs, diagnostics: record.diagnostics });
  }
  const tools: Record<string, CachedTool> = {};
  for (const { tool, diagnostics, inProject, certify, verdicts } of [...input.tools].sort((a, b) => compareText(a.tool.file, b.tool.file))) {
    const name = String(tool.wire.name);
    const emitted = input.emitted.get(name);
    if (!emitted) continue;
    const reusable = !isJsonObject(getOwn(tool.authoring, "inputRequests"));
    setOwn(tools, tool.file, {
      name,
      mounts: tool.mounts,
      validators: emitted.validators,
      headers: emitted.headers,
      types: emitted.types,
      reusable,
      diagnostics,
      ...(inProject ? { inProject } : {}),
      certify,
      ...(verdicts !== undefined ? { verdicts } : {}),
    });
  }
  const validatorModules: Record<string, ValidatorModuleRecord> = {};
  for (const path of [...input.validatorModules.keys()].sort(compareText)) setOwn(validatorModules, path, input.validatorModules.get(path)!);
  const aggregates = input.aggregates ? cachedAggregates(input.aggregates.layouts, input.aggregates.files) : undefined;
  return { version: CACHE_VERSION, generator: input.generator, config: input.config, lock: input.lockHash, files, tools, clean: input.clean, validatorModules, ...(aggregates ? { aggregates } : {}) };
}

/** The layouts of the aggregates the lock records, each with its hash there, sorted by path. */
function cachedAggregates(layouts: AggregateLayouts, locked: { readonly [path: string]: string }): CachedAggregates {
  const files: Record<string, CachedAggregates["files"][string]> = {};
  for (const path of [...layouts.files.keys()].sort(compareText)) {
    const hash = own(locked, path);
    if (hash !== undefined) setOwn(files, path, { hash, loops: layouts.files.get(path)! });
  }
  return { keys: layouts.keys, files };
}

/**
 * cleanSchemaKey of every inputSchema and outputSchema of `tools` that is valid and compiles: as
 * `schemas` checked it in this build, or, for a schema it did not check (a reused tool's), as the
 * previous build found it (`earlier`). Keys use the schema hashes the lock records. Sorted.
 */
export function cleanSchemas(tools: readonly ResolvedTool[], lock: LockFile, schemas: SchemaCompiler, earlier: ReadonlySet<string>): string[] {
  const clean = new Set<string>();
  for (const tool of tools) {
    const parts = own(lock.tools, String(tool.wire.name))?.parts;
    for (const key of ["inputSchema", "outputSchema"] as const) {
      const schema = tool.wire[key];
      const hash = parts?.[key];
      if (schema === undefined || hash === undefined) continue;
      const dialect = dialectOf$(schema);
      const id = cleanSchemaKey(dialect, hash);
      const check = schemas.checked(schema, dialect);
      if (check ? check.metaProblems.length === 0 && check.compileError === undefined : earlier.has(id)) clean.add(id);
    }
  }
  return [...clean].sort(compareText);
}

function own<T>(record: { readonly [key: string]: T }, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Only `__proto__` needs defining: assignment makes the same own property for every other key.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
