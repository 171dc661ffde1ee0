// The incremental build: what one build takes over from the last one, so that a build costs what
// changed. The build command takes its three steps in order, around the pure pipeline (load →
// resolve → validate → hash → emit), which sees no cache, no stat and no disk: only plain data
// (tools checked already, validators and modules known already, hashes of files known already).
//
//   plan   planBuild, before the project is read: the lock on disk, the build cache
//          (build-cache.ts) and the stat index (stat-index.ts) say what the last build left that
//          this one may trust, and which files need no parsing (readReuse).
//   reuse  reuseChecks, once the project is read: the tools that need no resolving and no per-tool
//          rules, and what is known of their schemas (plan-reuse.ts). reuseOutput, once the project
//          is valid: that the build would write nothing at all (unchanged-build.ts), or which tools'
//          modules and validators are kept as they are on disk. knownFileHashes: the hashes of the
//          generated files that are on disk as generated, for the lock.
//   write  writeBuild: the missing scaffolds, then the generated folder and the lock as one unit
//          (replace-tree.ts), once handEditedFiles found no edit it would lose; then what the next
//          build needs (the build cache, the stat index). recordUnchanged, for a build that had
//          nothing to write. undoWrites, for one that stops before its output goes in.
//
// A build with no usable cache (none, or one written by another mcp-gen, with another config or
// beside another lock) takes the same steps and reuses nothing.
import { existsSync, rmdirSync } from "node:fs";
import { join, posix } from "node:path";
import type { Config } from "../config/config.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { GeneratedFile } from "../model/generated-file.js";
import type { LockFile } from "../model/lock.js";
import type { ResolvedTool } from "../model/source.js";
import type { ToolHash } from "../lock/hash-tool.js";
import { readLockLayout, renderLockBytes, type LockLayout } from "../lock/lock-layout.js";
import { parseVouchedLock } from "../lock/parse-lock.js";
import { hashFileText, sha256Hex } from "../lock/sha256.js";
import type { AggregateLayouts, EmittedTool, EmitReuse, ValidatorModuleRecord } from "../emit/emit-project.js";
import type { KnownValidator } from "../emit/emit-validators.js";
import type { CheckedTool, ProjectAnalysis } from "../project/analyze-project.js";
import type { ProjectFile } from "../resolve/project-file.js";
import type { SchemaPrior } from "../compile/schema-compiler.js";
import type { RunMemo } from "../model/run-memo.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import type { JsonValue } from "../model/json.js";
import { certificateTest, patternsToCertify } from "../pattern-check/certify-patterns.js";
import { verdictsKey } from "../pattern-check/verdict-cache.js";
import type { PatternVerdict } from "../compile/linear-pattern/pattern-plan.js";
import { piecesEqual, piecesInclude, piecesLength, sha256OfPieces, type BytePieces } from "../files/byte-pieces.js";
import { readWithStat } from "../files/read-with-stat.js";
import { readTextIfExists } from "../files/write-files.js";
import { buildCachePath, configKey, generatorFingerprint, readCacheForLock, restoreEarlierCache, writeBuildCache, type BuildCache, type CachesOnDisk } from "./build-cache.js";
import { buildFindingsPath, writeBuildFindings, type BuildFindings } from "./build-findings.js";
import { diskReader, type DiskReader } from "./disk-reader.js";
import type { FileRecord, ReadReuse } from "./file-record.js";
import { cacheReader, cleanSchemas, lazyKnownValidators, nextCache, planEmitReuse, reusableTools, usableCache } from "./plan-reuse.js";
import { keepLastOutput, lastOutputReader, readLastLock } from "./last-output.js";
import { foreignFiles, handEditedFiles as editedSinceLastBuild, isRecorded, parsePreviousLock, staleFiles, type PreviousFiles, type PreviousLock } from "./previous-lock.js";
import { recoverInterruptedBuild, replaceTree, type TreeSummary } from "./replace-tree.js";
import type { ScaffoldsMade } from "./build-threads.js";
import { removeCreatedScaffolds } from "../files/create-missing-folders.js";
import { lockSummary, StatIndex, statIndexPath } from "./stat-index.js";
import { unchangedOutput } from "./unchanged-build.js";

/**
 * The stat index of the project whose real root is `realRoot` (beside its build cache); an empty
 * one when it has none. Read before anything else: reading the config already consults it.
 * @example const index = openStatIndex(await realpath(root))
 */
export function openStatIndex(realRoot: string): StatIndex {
  return StatIndex.read(statIndexPath(buildCachePath(realRoot)));
}

export interface PlanInput {
  /** Absolute project root. */
  readonly root: string;
  /** `root` with every link resolved: names the project's build cache. */
  readonly realRoot: string;
  readonly config: Config;
  /** hashFileText of each config file the lock records (mcp-gen.config.yaml), by path. */
  readonly configHashes: ReadonlyMap<string, string>;
  /** The project's stat index (openStatIndex). */
  readonly index: StatIndex;
}

/** What a build may take over from the last one, and what it needs to write for the next one. */
export interface BuildPlan {
  readonly root: string;
  readonly config: Config;
  /** The lock on disk, as far as it can be read; its diagnostics are the build's. */
  readonly previous: PreviousLock;
  /** For readProject: a file whose text the build cache describes is not parsed (no usable cache: undefined). */
  readonly readReuse: ReadReuse | undefined;
  /** The project's files on disk, each read once per build. */
  readonly disk: DiskReader;
  readonly index: StatIndex;
  /** The last build, when its cache vouches for the lock on disk: everything reused comes from it. */
  readonly last: LastBuild | undefined;
  /** Where this build's cache goes, and what it is keyed by. */
  readonly next: CacheKey;
  /** The caches found: the current one, replaced by this build's, and the one for the lock on disk. */
  readonly caches: CachesOnDisk;
  /** The folders the build writes into (and those above them) that did not exist when it began, deepest first: undoWrites removes them once empty. */
  readonly absentFolders: readonly string[];
}

interface LastBuild {
  readonly cache: BuildCache;
  /** The lock it wrote: the lock on disk, or the copy kept beside the cache (last-output.ts). */
  readonly lock: LockFile;
  /** That lock's text. */
  readonly text: string;
  /** Where each tool's block is in that lock's bytes, when it was read as a file (see lock-layout.ts). */
  readonly layout: LockLayout | undefined;
  /**
   * Whether that lock is the lock on disk. When it is not (a lock no build here wrote), the build
   * never concludes it has nothing to write: only a build writes the lock it would write.
   */
  readonly onDisk: boolean;
  /** knownValidators of its output on disk, read on first use. */
  readonly validators: () => ReadonlyMap<string, KnownValidator>;
}

interface CacheKey {
  /** buildCachePath: undefined for a project with no node_modules folder (no cache). */
  readonly path: string | undefined;
  readonly generator: string;
  readonly config: string;
  /** The SHA-256 of the text of the lock on disk, when there is one. */
  readonly lockHash: string | undefined;
}

/**
 * The plan step: reads the lock and the build cache, and keeps the cache only when it vouches for
 * that very lock. Call it after recoverInterruptedBuild (the build command does, before anything
 * looks at the files), which finishes or undoes a build that was killed while writing.
 * @example await recoverInterruptedBuild(root, config.out, config.lock); const plan = await planBuild({ root, realRoot, config, configHashes, index })
 */
export async function planBuild(input: PlanInput): Promise<BuildPlan> {
  const { root, config, index } = input;
  const cachePath = buildCachePath(input.realRoot);
  const lock = await readLock(root, config.lock, index);
  // Only a project with a cache needs to know which mcp-gen and config it was written by.
  const next: CacheKey = {
    path: cachePath,
    generator: cachePath === undefined ? "" : generatorFingerprint(index),
    config: configKey(input.configHashes, config.packageJson),
    lockHash: lock.hash,
  };
  // The current cache, or the one kept from when an earlier build wrote the lock now on disk (a
  // branch switched back to, a change undone with git).
  const caches = readCacheForLock(cachePath, lock.hash);
  const usable = usableCache(caches.forLock, next.generator, next.config, lock.hash);
  // A usable cache vouches that the lock is byte for byte what this mcp-gen's last build wrote: its
  // blocks are found in its bytes, and those of unchanged tools written again as they are.
  const read = parsePreviousLock(lock.text, config.lock, config.load, usable !== undefined);
  const previous: PreviousLock = lock.bytes ? { ...read, bytes: lock.bytes } : read;
  const disk = diskReader(root, index);
  // Without a cache for the lock on disk, the last build's own lock (kept beside the cache) still
  // says what that build did, for the tools whose files did not change since.
  const last =
    usable && read.parsed && lock.text !== undefined
      ? lastBuild(usable, { lock: read.parsed, text: lock.text, bytes: lock.bytes, onDisk: true }, cachePath, config.out, disk)
      : lastBuildElsewhere(cachePath, caches.current, next, config.out, disk);
  const absentFolders = foldersAbsent(root, [config.out, config.handlers, config.tests, posix.dirname(config.lock)]);
  return { root, config, previous, readReuse: last ? cacheReader(last.cache) : undefined, disk, index, last, next, caches, absentFolders };
}

/** Each of `folders` (project paths) and each folder above it that does not exist, deepest first. */
function foldersAbsent(root: string, folders: readonly string[]): string[] {
  const absent = new Set<string>();
  for (const folder of folders) {
    for (let dir = folder; dir !== "." && dir !== "/" && dir !== "" && !dir.startsWith(".."); dir = posix.dirname(dir)) {
      if (absent.has(dir) || existsSync(join(root, dir))) break;
      absent.add(dir);
    }
  }
  return [...absent].sort((a, b) => b.split("/").length - a.split("/").length);
}

/**
 * Takes back what a build that stops before its output goes in has written: what it staged (and a
 * swap cut short, finished or undone: recoverInterruptedBuild), then each folder in `absentFolders`
 * it made that is empty now. Call it once nothing writes any more (the build's threads closed).
 */
export async function undoWrites(plan: BuildPlan): Promise<void> {
  const { root, config } = plan;
  await recoverInterruptedBuild(root, config.out, config.lock, [config.handlers, config.tests]).catch(() => undefined);
  for (const dir of plan.absentFolders) {
    try {
      rmdirSync(join(root, dir));
    } catch {
      // Not empty, or never made: left as it is.
    }
  }
}

interface LastLock {
  readonly lock: LockFile;
  readonly text: string;
  readonly bytes: Buffer | undefined;
  readonly onDisk: boolean;
}

function lastBuild(cache: BuildCache, last: LastLock, cachePath: string | undefined, out: string, disk: DiskReader): LastBuild {
  const { lock, text, bytes, onDisk } = last;
  let known: ReadonlyMap<string, KnownValidator> | undefined;
  const layout = bytes ? readLockLayout(bytes, lock) : undefined;
  // Its validator modules as it wrote them: on disk, or copied beside the cache when git replaced them.
  const written = lastOutputReader(cachePath, lock, disk);
  return { cache, lock, text, layout, onDisk, validators: () => (known ??= lazyKnownValidators(cache, lock, out, written.text, written.hash)) };
}

/**
 * The last build, from its lock kept beside its cache, when the lock on disk is not that one: the
 * current cache, written by this mcp-gen with this config, vouches for the copy whose SHA-256 it records.
 */
function lastBuildElsewhere(cachePath: string | undefined, current: BuildCache | undefined, next: CacheKey, out: string, disk: DiskReader): LastBuild | undefined {
  if (!current || current.generator !== next.generator || current.config !== next.config) return undefined;
  const bytes = readLastLock(cachePath, current.lock);
  const text = bytes?.toString("utf8");
  const lock = text === undefined ? undefined : parseVouchedLock(text);
  return lock && text !== undefined ? lastBuild(current, { lock, text, bytes, onDisk: false }, cachePath, out, disk) : undefined;
}

/** The lock's bytes (when it is a file), its text, and its SHA-256 (known to the stat index while the lock's stat is unchanged). */
async function readLock(root: string, path: string, index: StatIndex): Promise<{ readonly bytes: Buffer | undefined; readonly text: string | undefined; readonly hash: string | undefined }> {
  const read = readWithStat(join(root, path));
  // A lock that cannot be read as a file (not there, or a folder) is read again for the error.
  const text = read ? read.bytes.toString("utf8") : await readTextIfExists(join(root, path));
  // The SHA-256 of the text is that of the bytes read whenever they are UTF-8 (a lock that is not
  // differs from what any build wrote either way): hashing the bytes skips encoding the text again.
  const hash = text === undefined ? undefined : ((read && index.recorded("lock", path, read)) ?? sha256Hex(read ? read.bytes : text));
  if (read && hash !== undefined) index.record("lock", path, read, hash);
  return { bytes: read?.bytes, text, hash };
}

/** What the analysis takes over from the last build (see ProjectInput). */
export interface ChecksReuse {
  /** ProjectInput.checked: the tools that need no resolving and no per-tool rules. */
  readonly checked: readonly CheckedTool[];
  /** ProjectInput.knownSchemas; absent without a usable cache. */
  readonly knownSchemas?: SchemaPrior;
  /** The typesKey the last build recorded for a tool, if any (see expectedTypesJobs). */
  readonly lastTypesKey: (tool: ResolvedTool) => string | undefined;
}

/**
 * The reuse step, for the analysis: the tools whose descriptor and every file it names are what the
 * last build read, and what that build learnt about schemas.
 * @example const { checked, knownSchemas } = reuseChecks(plan, read.input.descriptors, read.records)
 */
export function reuseChecks(plan: BuildPlan, descriptors: readonly string[], records: ReadonlyMap<string, FileRecord>): ChecksReuse {
  const { last } = plan;
  if (!last) return { checked: [], lastTypesKey: () => undefined };
  const checked = reusableTools(descriptors, records, last.cache, last.lock);
  // The validators the last build generated, and the schemas it found clean: with them, a tool
  // whose schemas did not change needs no ajv even when its descriptor did. Read only when some
  // tool is analysed afresh: a build with nothing to write needs none.
  const validators = descriptors.length > checked.length ? last.validators() : new Map<string, KnownValidator>();
  const tools = last.cache.tools;
  return {
    checked,
    knownSchemas: { validators, clean: new Set(last.cache.clean) },
    lastTypesKey: (tool) => (Object.hasOwn(tools, tool.file) ? tools[tool.file]!.types : undefined),
  };
}

/** What reuseOutput looks at: the analysed project and what the build read. */
export interface OutputQuestion {
  /** Every tool of the analysis, in descriptor path order. */
  readonly tools: readonly ResolvedTool[];
  /** ChecksReuse.checked, as the analysis took them. */
  readonly checked: readonly CheckedTool[];
  /** Every file the build read (config included), with its hashFileText. */
  readonly inputs: ReadonlyMap<string, string>;
  /** ProjectInput.files. */
  readonly files: ReadonlyMap<string, ProjectFile>;
  /** Scaffold paths that exist; undefined for a project that has none (`generate: client`). */
  readonly scaffolds: ReadonlySet<string> | undefined;
  /** --force: generated files edited by hand are overwritten, so the build writes whatever it found. */
  readonly force: boolean;
  /** The run's memo (ProjectAnalysis.memo), whose analysis assigned the current names already. */
  readonly memo?: RunMemo;
}

/**
 * What of the last build's output this one keeps: all of it (`unchanged`: every generated file, the
 * build has nothing to write), or the tools to emit with what emitProject may take as it is.
 */
export type OutputReuse =
  | { readonly unchanged: readonly string[] }
  | { readonly unchanged?: undefined; readonly tools: readonly ResolvedTool[]; readonly reuse?: EmitReuse; readonly hashes?: ReadonlyMap<ResolvedTool, ToolHash> };

/**
 * The reuse step, for the output.
 * @example const output = reuseOutput(plan, { tools: analysis.tools, checked, inputs, files, scaffolds, force: false })
 */
export function reuseOutput(plan: BuildPlan, question: OutputQuestion): OutputReuse {
  const { last, config, disk } = plan;
  const { tools, checked, scaffolds } = question;
  if (!question.force && last?.onDisk && checked.length === tools.length) {
    const files = unchangedOutput({
      lock: last.lock,
      toolNames: tools.map((tool) => String(tool.wire.name)),
      inputs: question.inputs,
      packageJson: config.packageJson,
      hash: disk.hash,
      scaffolds,
      handlers: config.handlers,
      tests: config.tests,
      ...(question.memo ? { memo: question.memo } : {}),
    });
    if (files) return { unchanged: files };
  }
  if (!last || checked.length === 0) return { tools };
  const planned = planEmitReuse({
    tools,
    reused: checked,
    cache: last.cache,
    lock: last.lock,
    out: config.out,
    files: question.files,
    scaffolds,
    handlers: config.handlers,
    tests: config.tests,
    read: disk.text,
    hash: disk.hash,
    bytes: disk.bytes,
    validators: last.validators(),
    ...(question.memo ? { memo: question.memo } : {}),
  });
  return { tools: planned.tools, reuse: planned.reuse, hashes: planned.hashes };
}

/** What knownFileHashes found of the generated files the last lock records. */
export interface KnownFiles {
  /** hashFileText of each, by path: the lock need not hash these again (lockProject). */
  readonly hashes: ReadonlyMap<string, string>;
  /** The UTF-8 bytes of those that changed, encoded once to tell their size, hash them and write them (replaceTree). */
  readonly encoded: ReadonlyMap<string, BytePieces>;
  /** Those read and found byte for byte as generated: replaceTree need not compare them again. */
  readonly same: ReadonlySet<string>;
}

/**
 * The hash of each generated file the last lock records: of one on disk exactly as generated, from
 * the stat index (mostly not even read); of one that changed, from its bytes, which are kept to be
 * written. A 1 MB aggregate with a non-ASCII character is a two-byte string: measuring, hashing and
 * writing it each took an encoding of its own.
 */
export function knownFileHashes(plan: BuildPlan, files: readonly GeneratedFile[]): KnownFiles {
  const hashes = new Map<string, string>();
  const encoded = new Map<string, BytePieces>();
  const same = new Set<string>();
  for (const file of files) {
    if (!file.unchanged) {
      if (!isRecorded(plan.previous.lock, file.path)) continue;
      const pieces = file.pieces ?? [Buffer.from(file.contents, "utf8")];
      // hashFileText hashes the text with CRLF as LF: the same as its bytes' hash when it has no CR.
      const hashOf = () => (piecesInclude(pieces, 0x0d) ? hashFileText(file.contents) : sha256OfPieces(pieces));
      // A file whose size on disk is another is not read to find that it changed.
      const disk = plan.disk.differsBySize(file.path, piecesLength(pieces)) ? undefined : plan.disk.bytes(file.path);
      if (disk === undefined || !piecesEqual(pieces, disk)) {
        encoded.set(file.path, pieces);
        hashes.set(file.path, hashOf());
        continue;
      }
      // On disk as generated (a clean clone has every file so, and no stat index to hash them by):
      // the bytes in hand are hashed, not the file's text decoded from the same bytes and hashed again.
      const known = hashOf();
      plan.disk.vouch(file.path, known);
      hashes.set(file.path, known);
      same.add(file.path);
      continue;
    }
    const hash = plan.disk.hash(file.path);
    if (hash !== undefined) hashes.set(file.path, hash);
  }
  return { hashes, encoded, same };
}

/**
 * The write step's guard: generated files edited by hand since the last build, which writing would
 * overwrite (none with --force).
 */
export function handEditedFiles(plan: BuildPlan, files: readonly GeneratedFile[], force: boolean): Diagnostic[] {
  if (force) return [];
  const edited = editedSinceLastBuild(plan.previous.lock, files, plan.disk, () => earlierOutputs(plan));
  // Only a generated folder that exists can hold another's files (a first build usually has none).
  const foreign = existsSync(join(plan.root, plan.config.out)) ? foreignFiles(plan.previous.lock, files, plan.disk) : [];
  return [...edited, ...foreign];
}

/**
 * What else mcp-gen generated, when the lock on disk is not the one the newest build wrote (an
 * earlier build's, put back by git with the descriptors while the generated folder stayed; one with
 * merge-conflict markers; none): the newest build's lock, kept beside the current cache, and each
 * side of a conflict. Nothing when the lock on disk is the newest build's.
 */
function earlierOutputs(plan: BuildPlan): readonly PreviousFiles[] {
  const { last, caches } = plan;
  const sides = plan.previous.sides ?? [];
  if (last?.onDisk && last.cache === caches.current) return sides;
  if (last && !last.onDisk) return [last.lock, ...sides];
  // Its lock's copy even when its work cannot be reused (another mcp-gen or config wrote it): which
  // files mcp-gen wrote does not depend on either.
  const bytes = caches.current && readLastLock(plan.next.path, caches.current.lock);
  return [bytes ? parseVouchedLock(bytes.toString("utf8")) : undefined, ...sides];
}

/** What writeBuild writes, and what the next build needs to know of this one. */
export interface BuildWrite {
  /** Every file of the generated folder (EmitOutput.generated). */
  readonly generated: readonly GeneratedFile[];
  /** KnownFiles.encoded: the bytes of changed files, written as they are. */
  readonly encoded?: ReadonlyMap<string, BytePieces>;
  /** KnownFiles.same: files found on disk as generated. */
  readonly same?: ReadonlySet<string>;
  /** TreeReplacement.staged: the new generated folder, being written into staging ahead. */
  readonly staged?: Promise<void>;
  readonly lock: LockFile;
  readonly force: boolean;
  /** Creates the missing scaffolds while the folder is written (on worker threads); answers what it did. */
  readonly createScaffolds: () => Promise<ScaffoldsMade>;
  /** Aborted to stop the build: it stops just before the generated folder and the lock change, throwing the reason. */
  readonly stop?: AbortSignal;
  /** The tools emitted (OutputReuse.tools), and what emitProject said of each (GeneratedProject.tools). */
  readonly tools: readonly ResolvedTool[];
  readonly emitted: ReadonlyMap<string, EmittedTool>;
  /** GeneratedProject.validatorModules: the next build finds its validator modules by them. */
  readonly validatorModules: ReadonlyMap<string, ValidatorModuleRecord>;
  /** GeneratedProject.aggregates: the next build takes unchanged tools' items from them. */
  readonly aggregates?: AggregateLayouts;
  readonly analysis: Pick<ProjectAnalysis, "schemas" | "toolDiagnostics" | "inProject" | "memo">;
  readonly checked: readonly CheckedTool[];
  /** The checker's verdicts the analysis used (ProjectInput.patternVerdicts): each tool's are kept with it. */
  readonly verdicts?: ReadonlyMap<string, PatternVerdict>;
  /** What reading the project recorded of each file. */
  readonly records: ReadonlyMap<string, FileRecord>;
  /** Where the time goes (MCP_GEN_PHASES): writing counts to "write", rendering and hashing the lock to "hash". */
  readonly clock?: PhaseClock;
  /** What the build found, for the next build that has nothing to write (build-findings.ts). */
  readonly findings: BuildFound;
}

/** What a build found: its analysis's diagnostics, the scaffolds it requires and the verdicts it used (BuildFindings). */
export type BuildFound = Pick<BuildFindings, "diagnostics" | "scaffolds" | "verdicts">;

export interface BuildWritten {
  readonly tree: TreeSummary;
  /** The scaffolds created. */
  readonly created: readonly string[];
  /** Whether the lock's text changed. */
  readonly lockChanged: boolean;
}

/** A write step that wrote nothing: the system refused to create these scaffolds (ScaffoldsMade.refused). */
export interface ScaffoldsRefused {
  readonly refused: ScaffoldsMade["refused"];
}

/**
 * The write step: the missing scaffolds, then the generated folder and the lock as one unit, then
 * the build cache and the stat index for the next build. The new code imports the scaffolds, so it
 * goes in only once they are all there: when the system refuses one, the scaffolds this build
 * created are taken back and nothing else is written (ScaffoldsRefused).
 */
export async function writeBuild(plan: BuildPlan, write: BuildWrite): Promise<BuildWritten | ScaffoldsRefused> {
  const clock = write.clock ?? NO_CLOCK;
  // Rendered as bytes, which are written and hashed: the blocks of tools that did not change are
  // the previous lock's bytes (a 3 MB lock with any non-ASCII character would otherwise be a
  // two-byte string, which costs more to encode than to hash).
  const lockBytes = clock.time("hash", () => renderLockBytes(write.lock, descriptorsInOrder(plan), plan.last?.layout));
  return clock.timeAsync("write", () => writeTree(plan, write, lockBytes));
}

async function writeTree(plan: BuildPlan, write: BuildWrite, lockBytes: BytePieces): Promise<BuildWritten | ScaffoldsRefused> {
  const { previous } = plan;
  // Only scaffolds that the listing of their folders lacks: created while the folder is staged, and
  // waited for before it is swapped in.
  const creating = write.createScaffolds();
  creating.catch(() => undefined);
  let made: ScaffoldsMade | undefined;
  let committing = false;
  const beforeCommit = async () => {
    made = await creating;
    if (made.refused.length > 0) throw new ScaffoldsRefusedError();
    write.stop?.throwIfAborted();
    committing = true;
  };
  let tree: TreeSummary;
  try {
    tree = await writeFolder(plan, write, lockBytes, beforeCommit);
  } catch (e) {
    if (committing) throw e;
    // Nothing of the generated folder or the lock changed: the scaffolds go, and what was staged.
    const done = made ?? (await creating.catch(() => undefined));
    if (done) removeCreatedScaffolds(plan.root, done.created, done.newFolders);
    await undoWrites(plan);
    if (e instanceof ScaffoldsRefusedError && done) return { refused: done.refused };
    throw e;
  }
  const created = made!.created;
  const lockHash = sha256OfPieces(lockBytes);
  await writeBuildCache(
    plan.next.path,
    nextCache({
      generator: plan.next.generator,
      config: plan.next.config,
      lockHash,
      records: write.records,
      emitted: write.emitted,
      validatorModules: write.validatorModules,
      ...(write.aggregates ? { aggregates: { layouts: write.aggregates, files: write.lock.files } } : {}),
      tools: toolsForCache(write),
      clean: cleanSchemas(write.tools, write.lock, write.analysis.schemas, new Set(plan.last?.cache.clean ?? [])),
    }),
    plan.caches.current,
  );
  await recordBuild(plan, lockHash, write.lock, write.records.keys(), Object.keys(write.lock.files), write.findings, write.validatorModules.keys());
  return { tree, created, lockChanged: previous.bytes === undefined || !piecesEqual(lockBytes, previous.bytes) };
}

/** Thrown by writeTree's beforeCommit when the system refused a scaffold: caught by writeTree, which answers ScaffoldsRefused. */
class ScaffoldsRefusedError extends Error {}

/** The generated folder and the lock as one unit (replaceTree); `beforeCommit` runs just before either changes. */
function writeFolder(plan: BuildPlan, write: BuildWrite, lockBytes: BytePieces, beforeCommit: () => Promise<void>): Promise<TreeSummary> {
  const { config, previous, disk } = plan;
  return replaceTree({
    root: plan.root,
    out: config.out,
    lock: config.lock,
    files: write.generated,
    lockBytes,
    drop: staleFiles(previous.lock, write.generated, write.force, disk, earlierOutputs(plan)),
    read: disk.text,
    differs: disk.differsBySize,
    ...(write.encoded ? { encoded: write.encoded } : {}),
    ...(write.same ? { same: write.same } : {}),
    ...(write.staged ? { staged: write.staged } : {}),
    beforeCommit,
  });
}

/**
 * The write step of a build that found nothing to write (OutputReuse.unchanged): only what check's
 * fast path and the next build need. The build cache stays as it is: it vouches for this very lock,
 * and for every tool, by its hash.
 */
export async function recordUnchanged(plan: BuildPlan, files: readonly string[], records: ReadonlyMap<string, FileRecord>, findings: BuildFound): Promise<void> {
  // A cache kept for this lock (the branch switched back to) becomes the current one again.
  if (plan.last) await restoreEarlierCache(plan.next.path, plan.caches);
  await recordBuild(plan, plan.next.lockHash, plan.last?.lock, records.keys(), files, findings, Object.keys(plan.last?.cache.validatorModules ?? {}));
}

/**
 * What check's fast path needs of the lock on disk, and the stats of what this build read; and what
 * it found, for the next build's (src/cli/unchanged-build-fast.ts).
 */
async function recordBuild(
  plan: BuildPlan,
  lockHash: string | undefined,
  lock: LockFile | undefined,
  inputs: Iterable<string>,
  generated: Iterable<string>,
  found: BuildFound,
  validatorModules: Iterable<string>,
): Promise<void> {
  const { index, next } = plan;
  if (lockHash !== undefined && lock) index.rememberLock(lockHash, lockSummary(lock));
  // The lock the cache now vouches for and its validator modules, kept for a build that finds others on disk.
  if (lockHash !== undefined && lock) await keepLastOutput(next.path, plan.root, join(plan.root, plan.config.lock), lock, validatorModules);
  index.retain("input", inputs);
  index.retain("generated", generated);
  await index.save(statIndexPath(next.path));
  if (lockHash !== undefined) await writeBuildFindings(buildFindingsPath(next.path), { lock: lockHash, generator: next.generator, config: next.config, ...found });
}

/** Per tool: its diagnostics from this analysis, or from the last build when it was checked then. */
function toolsForCache(write: BuildWrite): Parameters<typeof nextCache>[0]["tools"] {
  const earlier = new Map(write.checked.map((c) => [c.tool.file, c.diagnostics]));
  // What the next build's withPatternVerdicts takes instead of walking each reused tool again.
  const listed = new Map(write.checked.flatMap((c) => (c.certify ? [[c.tool.file, c.certify] as const] : [])));
  const needs = certificateTest(write.analysis.memo);
  const fresh = new Map([...(write.analysis.toolDiagnostics ?? new Map<ResolvedTool, readonly Diagnostic[]>())].map(([tool, list]) => [tool.file, list]));
  const inProject = write.analysis.inProject;
  const inProjectByFile = new Map([...(inProject?.diagnostics ?? new Map<ResolvedTool, readonly Diagnostic[]>())].map(([tool, list]) => [tool.file, list]));
  return write.tools.map((tool) => {
    const found = inProjectByFile.get(tool.file);
    const certify = listed.get(tool.file) ?? patternsToCertify(tool.wire as unknown as JsonValue, needs);
    const verdicts = certify.length > 0 ? { verdicts: verdictsKey(certify, write.verdicts) } : {};
    return {
      tool,
      diagnostics: fresh.get(tool.file) ?? earlier.get(tool.file) ?? [],
      ...(inProject && found ? { inProject: { names: inProject.names, diagnostics: found } } : {}),
      certify,
      ...verdicts,
    };
  });
}

/** A member name JavaScript objects order first (an array index), anywhere in a JSON text; a string that only looks like one errs on the safe side. */
const INTEGER_KEY = /"(?:0|[1-9][0-9]{0,9})":/;

/**
 * Descriptors read back from the lock the cache vouches for (renderLock's text), rendered with no
 * integer-like key, are in order at every depth: renderLock need not sort them again.
 */
function descriptorsInOrder(plan: BuildPlan): Set<object> | undefined {
  const { last } = plan;
  if (!last || INTEGER_KEY.test(last.text)) return undefined;
  return new Set<object>(Object.values(last.lock.tools).map((entry) => entry.descriptor));
}
