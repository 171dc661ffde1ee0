// `mcp-gen build`: validate; when clean, write the generated folder, create missing handler stubs and
// test scaffolds, and write the lock. Writes nothing when validation has errors or when a generated
// file was edited by hand (unless --force). Exit 0, 1 with errors, 2 bad usage or config.
import { readdirSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { hasErrors, type Diagnostic } from "../../model/diagnostic.js";
import type { Config } from "../../config/config.js";
import type { GeneratedFile } from "../../model/generated-file.js";
import type { LockFile } from "../../model/lock.js";
import { RunMemo } from "../../model/run-memo.js";
import type { ResolvedTool } from "../../model/source.js";
import type { KnownValidator } from "../../emit/emit-validators.js";
import type { LoadLimits } from "../../load/limits.js";
import { MCP_GEN_HOMEPAGE, MCP_GEN_VERSION } from "../../model/version.js";
import { parseLock, parseVouchedLock } from "../../lock/parse-lock.js";
import { renderLock } from "../../lock/render-lock.js";
import { hashFileText, sha256Hex } from "../../lock/sha256.js";
import { analyzeProjectWith } from "../../project/analyze-project.js";
import { expectedTypesJobs } from "../../emit/emit-project.js";
import { buildProject } from "../../project/build-project.js";
import { ALL_RULES } from "../../validate/rules/index.js";
import { COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { startBuildThreads, wantsTypesThread, workerCount, type BuildThreads } from "../build-threads.js";
import { unchangedOutput } from "../unchanged-build.js";
import { readRuntimeSources, readTemplates } from "../package-files.js";
import { readProject, type FileRecord } from "../read-project.js";
import { hashedInputs, readProjectConfig, type ProjectConfig } from "../read-config.js";
import { buildCachePath, configKey, generatorFingerprint, readBuildCache, writeBuildCache, type BuildCache } from "../build-cache.js";
import { cacheReader, cleanSchemas, knownValidators, nextCache, planEmitReuse, reusableTools, usableCache } from "../plan-reuse.js";
import type { ProjectInput } from "../../project/analyze-project.js";
import { confineProjectPaths } from "../confine-paths.js";
import { acquireProjectLock, PROJECT_LOCK_FILE } from "../project-lock.js";
import { recoverInterruptedBuild, replaceTree, type TreeSummary } from "../replace-tree.js";
import { readTextIfExists, readTextSyncIfExists } from "../write-files.js";
import { failsPolicy, REPORT_FORMATS, REPORT_OPTIONS, reportHelp, reportSetup, writeReport, type ReportSetup } from "../report.js";
import { toolsNotFound } from "../tools-not-found.js";
import { lockSummary, readWithStat, StatIndex, statIndexPath, type StatRead } from "../stat-index.js";

export const BUILD_HELP = `Usage: mcp-gen build [options]

Validate every descriptor; when there are no errors, write the generated code, create handler stubs
and test scaffolds that do not exist yet, and write the lock file.

Options:
  --cwd DIR                project root (default: the current directory)
  --config FILE            config file, relative to the root (default: mcp-gen.config.yaml)
${reportHelp(REPORT_FORMATS, "error")}
                           (findings that fail the build stop it: nothing is written)
  --force                  overwrite generated files that were edited by hand
  --verbose                list every file created, not only how many
  -h, --help               show this help

Exit status: 0 built, 1 errors found (nothing written), 2 bad usage or config.
`;

/** `memo`: what the build remembers while it runs; watch passes one that lasts its session. */
export async function runBuild(argv: readonly string[], io: CliIo, memo = new RunMemo()): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...REPORT_OPTIONS, force: { type: "boolean" }, verbose: { type: "boolean" } });
  if (values.help) {
    io.stdout(BUILD_HELP);
    return EXIT.ok;
  }
  const setup = reportSetup("build", values, io, REPORT_FORMATS, "error");
  const { root } = setup;
  const format = setup.format;
  const sources = new Map<string, string>();
  // Files an incremental build did not read (unchanged, by their stat): read for their code frames only.
  const unread: UnreadTexts = { text: () => undefined };
  const print = async (diagnostics: readonly Diagnostic[]) => {
    clearProgress(io, format);
    for (const diagnostic of diagnostics) {
      if (sources.has(diagnostic.file)) continue;
      const text = unread.text(diagnostic.file);
      if (text !== undefined) sources.set(diagnostic.file, text);
    }
    await writeReport(io, setup, diagnostics, { sources, rules: ALL_RULES });
  };
  const realRoot = await realpath(root);
  // Stats of the files this build reads, for check (and the next build) to trust unchanged ones.
  const index = StatIndex.read(statIndexPath(buildCachePath(realRoot)));
  const project = await readProjectConfig(realRoot, values.config, "all", index);
  for (const [path, text] of project.sources) sources.set(path, text);
  if (!project.config) {
    await print(project.diagnostics);
    return EXIT.usage;
  }
  // Before anything is written (or a killed build's leftovers removed): every folder this build
  // writes must really be inside the project.
  const confined = confineProjectPaths(realRoot, project.config).diagnostics;
  if (confined.length > 0) {
    await print([...project.diagnostics, ...confined]);
    return EXIT.usage;
  }
  const projectLock = await acquireProjectLock(root);
  if (!projectLock.ok) {
    await print([buildInProgress(projectLock.owner)]);
    return EXIT.problems;
  }
  try {
    return await buildLocked({ root, realRoot, configPath: values.config, project: { ...project, config: project.config }, sources, force: values.force === true, verbose: values.verbose === true, format, setup, print, io, index, unread, memo });
  } finally {
    await projectLock.release();
  }
}

interface BuildRun {
  readonly root: string;
  /** `root` with every link resolved: names the project's build cache. */
  readonly realRoot: string;
  readonly configPath: string | undefined;
  readonly project: ProjectConfig & { readonly config: Config };
  /** Every text read so far, for the code frames of diagnostics; reading adds to it. */
  readonly sources: Map<string, string>;
  readonly force: boolean;
  /** List every file created (--verbose), not only how many. */
  readonly verbose: boolean;
  readonly format: string;
  readonly setup: ReportSetup;
  readonly print: (diagnostics: readonly Diagnostic[]) => Promise<void>;
  readonly io: CliIo;
  readonly index: StatIndex;
  /** Where print finds the text of a project file that is not in `sources` (set once the project is read). */
  readonly unread: UnreadTexts;
  readonly memo: RunMemo;
}

interface UnreadTexts {
  text: (path: string) => string | undefined;
}

async function buildLocked(run: BuildRun): Promise<number> {
  const { root, project } = run;
  const { config } = project;
  await recoverInterruptedBuild(root, config.out, config.lock, [config.handlers, config.tests]);
  const cachePath = buildCachePath(run.realRoot);
  const { index } = run;
  const lockRead = readWithStat(join(root, config.lock));
  // A lock that cannot be read as a file (not there, or a folder) is read again for the error.
  const lockText = lockRead ? lockRead.bytes.toString("utf8") : await readTextIfExists(join(root, config.lock));
  // The stat index knows the hash of a lock unchanged since it was hashed.
  const lockHash = lockText === undefined ? undefined : ((lockRead && index.recorded("lock", config.lock, lockRead)) ?? sha256Hex(lockText));
  if (lockRead && lockHash !== undefined) index.record("lock", config.lock, lockRead, lockHash);
  // The build cache lets unchanged tools skip parsing, resolving, rules and type generation.
  const configHashes = new Map([...hashedInputs(project.sources)].map(([path, text]) => [path, hashFileText(text)]));
  // Only a project with a cache needs to know which mcp-gen and config it was written by.
  const generator = cachePath === undefined ? "" : generatorFingerprint(index);
  const configId = configKey(configHashes, config.packageJson);
  const usable = usableCache(readBuildCache(cachePath), generator, configId, lockHash);
  // A usable cache vouches that the lock is byte for byte what this mcp-gen's last build wrote.
  const previousLock = parsePreviousLock(lockText, config.lock, config.load, usable !== undefined);
  const cache = previousLock.parsed ? usable : undefined;
  const read = await readProject({ root, configPath: run.configPath, config }, cache ? cacheReader(cache) : undefined, {
    known: (path, file) => index.recorded("input", path, file),
    record: (path, file, hash) => index.record("input", path, file, hash),
    globs: index,
  });
  if (!read.ok) throw new Error("readProject refused a config it was given; this is a bug in mcp-gen.");
  for (const [path, text] of read.sources) run.sources.set(path, text);
  run.unread.text = (path) => {
    const file = read.input.files.get(path);
    try {
      return file?.status === "ok" ? file.doc.text : undefined;
    } catch {
      return undefined; // gone since: the diagnostic is printed without its code frame
    }
  };
  const reused = cache && previousLock.parsed ? reusableTools(read.input.descriptors, read.records, cache, previousLock.parsed) : [];
  const disk = diskReader(root, run.index);
  // The validators the last build generated, and the schemas it found clean: with them, a tool
  // whose schemas did not change needs no ajv even when its descriptor did.
  // Read only when some tool is analysed afresh or emitted: a build with nothing to write needs none.
  let known: ReadonlyMap<string, KnownValidator> | undefined;
  const validators = () => (known ??= cache && previousLock.parsed ? knownValidators(previousLock.parsed, config.out, disk.text, disk.hash) : new Map<string, KnownValidator>());
  const building = read.input.descriptors.length - reused.length;
  const prior = cache ? { validators: building > 0 ? validators() : new Map<string, KnownValidator>(), clean: new Set(cache.clean) } : undefined;
  const input: ProjectInput = { ...read.input, loadDiagnostics: [...project.diagnostics, ...read.input.loadDiagnostics], reused, ...(prior ? { prior } : {}), memo: run.memo };
  const workers = workerCount(building, run.io.env);
  const threads = startBuildThreads(workers, { typesThread: wantsTypesThread(workers, building, read.input.descriptors.length, run.io.env) });
  try {
    return await buildWith(run, threads, input, read.records, previousLock, { cache, cachePath, generator, configId, configHashes, disk, validators, lockHash });
  } finally {
    await threads.close();
  }
}

interface CacheState {
  readonly cache: BuildCache | undefined;
  readonly cachePath: string | undefined;
  readonly generator: string;
  readonly configId: string;
  /** hashFileText of each config input the lock hashes (mcp-gen.config.yaml), by path. */
  readonly configHashes: ReadonlyMap<string, string>;
  /** The project's files on disk, each read once. */
  readonly disk: DiskReader;
  /** knownValidators of the last build's output (empty without a usable cache), read on first use. */
  readonly validators: () => ReadonlyMap<string, KnownValidator>;
  /** The SHA-256 of the lock on disk, when there is one. */
  readonly lockHash: string | undefined;
}

async function buildWith(run: BuildRun, threads: BuildThreads, input: ProjectInput, records: ReadonlyMap<string, FileRecord>, previousLock: PreviousLock, state: CacheState): Promise<number> {
  const { root, sources, print, io, format } = run;
  const { config } = input;
  // Type generation for the tools resolved afresh starts behind their schema compilation: the
  // worker goes on to it while the main thread finishes the rules.
  // A tool whose types request is the last build's (a description edited) starts no job.
  const lastTypesKey = (tool: ResolvedTool) => (state.cache && Object.prototype.hasOwnProperty.call(state.cache.tools, tool.file) ? state.cache.tools[tool.file]!.types : undefined);
  const progress = buildProgress(run);
  progress(`Validating ${count(input.descriptors.length, "tool")}…`);
  const analysis = await analyzeProjectWith(input, threads.precompile, (fresh, all) => threads.prefetchTypes(expectedTypesJobs(fresh, all.map((tool) => String(tool.wire.name)), run.memo, lastTypesKey)));
  const diagnostics = [...analysis.diagnostics, ...previousLock.diagnostics];
  if (input.descriptors.length === 0) {
    // Nothing to build: writing the runtime and an empty tool table would only hide the mistake.
    const all = [...diagnostics, toolsNotFound(config, run.configPath, run.sources)];
    await print(all);
    return hasErrors(all) || failsPolicy(all, run.setup.policy) ? EXIT.problems : EXIT.ok;
  }
  if (hasErrors(diagnostics) || failsPolicy(diagnostics, run.setup.policy)) {
    await print(diagnostics);
    return EXIT.problems;
  }
  const { disk } = state;
  const inputs = new Map([...records].filter(([, record]) => record.hash !== undefined).map(([path, record]) => [path, record.hash!] as const));
  const allInputs = new Map([...state.configHashes, ...inputs]);
  // A client-only project has no scaffolds to create or to find.
  const existingScaffolds = config.generate === "all" ? existingFiles(root, [config.handlers, config.tests]) : undefined;
  const reused = input.reused ?? [];
  if (!run.force && state.cache && previousLock.parsed && reused.length === analysis.tools.length) {
    const files = unchangedOutput({
      lock: previousLock.parsed, toolNames: analysis.tools.map((tool) => String(tool.wire.name)), inputs: allInputs, packageJson: config.packageJson, hash: disk.hash,
      scaffolds: existingScaffolds, handlers: config.handlers, tests: config.tests, memo: analysis.memo,
    });
    if (files) return finishUnchanged(run, state, analysis.tools.length, files, diagnostics, records, previousLock.parsed);
  }
  const plan = state.cache && previousLock.parsed && reused.length > 0
    ? planEmitReuse({ tools: analysis.tools, reused, cache: state.cache, lock: previousLock.parsed, out: config.out, files: input.files, scaffolds: existingScaffolds, handlers: config.handlers, tests: config.tests, read: disk.text, hash: disk.hash, validators: state.validators(), memo: analysis.memo })
    : undefined;
  const tools = plan?.tools ?? analysis.tools;
  progress(`Generating code for ${count(analysis.tools.length, "tool")}…`);
  const { emit, lock, tools: emitted } = await buildProject({
    tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analysis.schemas, memo: analysis.memo, inputs: allInputs,
    compileTypes: threads.compileTypes, existingScaffolds, ...(plan ? { reuse: plan.reuse, hashes: plan.hashes } : {}),
    // A file that is on disk as it is generated again has the hash the disk reader took already.
    fileHash: (file) => (file.unchanged || (recorded(previousLock.lock, file.path) && disk.text(file.path) === file.contents) ? disk.hash(file.path) : undefined),
  });
  const edited = run.force ? [] : handEditedFiles(previousLock.lock, emit.generated, disk);
  if (edited.length > 0) {
    await print([...diagnostics, ...edited]);
    return EXIT.problems;
  }
  // Descriptors read back from the lock the cache vouches for (renderLock's text), rendered with no
  // integer-like key, are in order at every depth.
  const inOrder = state.cache && previousLock.text !== undefined && previousLock.parsed && !INTEGER_KEY.test(previousLock.text)
    ? new Set<object>(Object.values(previousLock.parsed.tools).map((entry) => entry.descriptor))
    : undefined;
  const lockText = renderLock(lock, inOrder);
  const lockChanged = previousLock.text !== lockText;
  const lockHash = sha256Hex(lockText);
  // emit.scaffolds holds only scaffolds that existingScaffolds (a listing of their folders) lacks.
  // They are created (on a worker, when there is one) while the generated folder is written.
  const creating = threads.createMissing(root, emit.scaffolds);
  creating.catch(() => undefined);
  progress(`Writing ${count(emit.generated.length, "file")}…`);
  const tree = await replaceTree({
    root, out: config.out, lock: config.lock, files: emit.generated, lockText,
    drop: staleFiles(previousLock.lock, emit.generated, run.force, disk), read: disk.text,
  });
  const created = await creating;
  // Per tool: its diagnostics from this analysis, or from the cache when it was reused.
  const cached = new Map(reused.map((r) => [r.tool.file, r.diagnostics]));
  const fresh = new Map([...(analysis.toolDiagnostics ?? new Map<ResolvedTool, readonly Diagnostic[]>())].map(([tool, list]) => [tool.file, list]));
  const inProject = analysis.inProject;
  const inProjectByFile = new Map([...(inProject?.diagnostics ?? new Map<ResolvedTool, readonly Diagnostic[]>())].map(([tool, list]) => [tool.file, list]));
  await writeBuildCache(state.cachePath, nextCache({
    generator: state.generator, config: state.configId, lockHash, records, emitted,
    tools: tools.map((tool) => {
      const found = inProjectByFile.get(tool.file);
      return { tool, diagnostics: fresh.get(tool.file) ?? cached.get(tool.file) ?? [], ...(inProject && found ? { inProject: { names: inProject.names, diagnostics: found } } : {}) };
    }),
    clean: cleanSchemas(tools, lock, analysis.schemas, input.prior?.clean ?? new Set()),
  }));
  // What check's fast path needs of the lock just written, and the stats of what this build read.
  run.index.rememberLock(lockHash, lockSummary(lock));
  run.index.retain("input", records.keys());
  run.index.retain("generated", Object.keys(lock.files));
  await run.index.save(statIndexPath(state.cachePath));
  if (format === "text") {
    if (diagnostics.length > 0) await print(diagnostics);
    clearProgress(io, format);
    io.stdout(buildSummary({ tools: analysis.tools.length, out: config.out, tree, created, lock: lockChanged ? config.lock : undefined, handlers: config.handlers, verbose: run.verbose }));
  } else {
    await print(diagnostics);
  }
  return EXIT.ok;
}

/**
 * The end of a build that found nothing to write (unchangedOutput): what the full build would print
 * and record in the stat index, without generating anything. The build cache stays as it is: it
 * vouches for this very lock, and for every tool, by its hash.
 */
async function finishUnchanged(run: BuildRun, state: CacheState, tools: number, files: string[], diagnostics: readonly Diagnostic[], records: ReadonlyMap<string, FileRecord>, lock: LockFile): Promise<number> {
  const { io, print, format, project } = run;
  if (state.lockHash !== undefined) run.index.rememberLock(state.lockHash, lockSummary(lock));
  run.index.retain("input", records.keys());
  run.index.retain("generated", files);
  await run.index.save(statIndexPath(state.cachePath));
  if (format === "text") {
    if (diagnostics.length > 0) await print(diagnostics);
    io.stdout(buildSummary({ tools, out: project.config.out, tree: { written: [], unchanged: files, removed: [] }, created: [], lock: undefined, handlers: project.config.handlers, verbose: run.verbose }));
  } else {
    await print(diagnostics);
  }
  return EXIT.ok;
}

/** A member name JavaScript objects order first (an array index), anywhere in a JSON text; a string that only looks like one errs on the safe side. */
const INTEGER_KEY = /"(?:0|[1-9][0-9]{0,9})":/;

/** Whether the last build wrote `path` (so it is probably on disk: worth reading, where a miss costs a thrown error). */
function recorded(lock: PreviousFiles, path: string): boolean {
  return lock !== undefined && Object.prototype.hasOwnProperty.call(lock.files, path);
}

interface DiskReader {
  text(path: string): string | undefined;
  hash(path: string): string | undefined;
}

/** Texts (and their hashes) of project files on disk, each read once per build; hashes recorded in `index`. */
function diskReader(root: string, index: StatIndex): DiskReader {
  const texts = new Map<string, string | undefined>();
  const reads = new Map<string, StatRead>();
  const hashes = new Map<string, string | undefined>();
  const text = (path: string) => {
    if (!texts.has(path)) {
      const read = readWithStat(join(root, path));
      if (read) reads.set(path, read);
      // Anything but a readable file is read again, for its error (a folder) or its absence.
      texts.set(path, read ? read.bytes.toString("utf8") : readTextSyncIfExists(join(root, path)));
    }
    return texts.get(path);
  };
  const hash = (path: string) => {
    if (!hashes.has(path) && !texts.has(path)) {
      // A file whose stat is the one recorded with its hash is not even read for it.
      const known = index.lookup("generated", path, join(root, path));
      if (known !== undefined) hashes.set(path, known);
    }
    if (!hashes.has(path)) {
      const current = text(path);
      const read = reads.get(path);
      // A file whose stat is the one the index recorded with its hash is not hashed again.
      const value = current === undefined ? undefined : ((read && index.recorded("generated", path, read)) ?? hashFileText(current));
      hashes.set(path, value);
      if (read) index.record("generated", path, read, value);
    }
    return hashes.get(path);
  };
  return { text, hash };
}

function buildInProgress(owner: number): Diagnostic {
  return {
    ruleId: "build-in-progress", severity: "error",
    message: `Another mcp-gen process${owner > 0 ? ` (pid ${owner})` : ""} is building this project.`,
    hint: `Wait for it to finish; if no mcp-gen is running, delete ${PROJECT_LOCK_FILE}.`,
    file: PROJECT_LOCK_FILE, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "",
  };
}

/** What build needs from the previous lock: the hash of every file the last build generated. */
type PreviousFiles = { readonly files: Readonly<Record<string, string>> } | undefined;

interface PreviousLock {
  readonly lock: PreviousFiles;
  /** The whole lock, when it parses. */
  readonly parsed?: LockFile;
  readonly text?: string;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The previous lock's record of generated files. A lock that does not parse (an older format, a
 * merge conflict) is not an error: this build writes it again. Its `files` are still used when they
 * can be read, so hand edits to generated files are not overwritten unnoticed. `vouched`: the build
 * cache says this is exactly the text the last build wrote, so only its shape is checked.
 */
function parsePreviousLock(text: string | undefined, path: string, limits: LoadLimits, vouched: boolean): PreviousLock {
  if (text === undefined) return { lock: undefined, diagnostics: [] };
  const trusted = vouched ? parseVouchedLock(text) : undefined;
  if (trusted) return { lock: trusted, parsed: trusted, text, diagnostics: [] };
  const parsed = parseLock(text, path, limits);
  if (parsed.value) return { lock: parsed.value, parsed: parsed.value, text, diagnostics: [] };
  const first = parsed.diagnostics[0];
  const warning: Diagnostic = {
    ruleId: "lock-invalid", severity: "warning",
    message: `${path} cannot be read (${first ? first.message.replace(/\.$/, "") : "it is malformed"}); this build writes it again.`,
    hint: "Review the rewritten lock before committing it.",
    file: path, line: first?.line ?? 1, column: first?.column ?? 1, endLine: first?.endLine ?? 1, endColumn: first?.endColumn ?? 1, pointer: first?.pointer ?? "",
  };
  return { lock: recordedFiles(text), text, diagnostics: [warning] };
}

/** The `files` member of a lock that does not parse as a whole, when it is a map of hashes. */
function recordedFiles(text: string): PreviousFiles {
  try {
    const files: unknown = (JSON.parse(text) as { files?: unknown }).files;
    if (files === null || typeof files !== "object" || Array.isArray(files)) return undefined;
    const entries = Object.entries(files).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return { files: Object.fromEntries(entries) };
  } catch {
    return undefined;
  }
}

/** Generated files whose text on disk is neither what the last build wrote nor what this one writes. */
function handEditedFiles(lock: PreviousFiles, files: readonly GeneratedFile[], disk: DiskReader): Diagnostic[] {
  if (!lock) return [];
  const next = new Map(files.map((f) => [f.path, f]));
  const edited: Diagnostic[] = [];
  for (const [path, recorded] of Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    // A file the build leaves as it is was found on disk as recorded.
    if (next.get(path)?.unchanged) continue;
    const current = disk.text(path);
    if (current === undefined || disk.hash(path) === recorded || current === next.get(path)?.contents) continue;
    edited.push({
      ruleId: "generated-file-edited",
      severity: "error",
      message: `${path} was edited by hand since the last build; building would overwrite the edit.`,
      hint: "Move the change into the descriptor, a handler or a template, or run `mcp-gen build --force` to discard it.",
      file: path, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "",
    });
  }
  return edited;
}

/**
 * Files the last build generated that this one does not: removed, unless they were edited by hand
 * since (then they stay, as any unknown file in the folder does), or --force says to drop them too.
 */
function staleFiles(lock: PreviousFiles, files: readonly GeneratedFile[], force: boolean, disk: DiskReader): Set<string> {
  const stale = new Set<string>();
  if (!lock) return stale;
  const now = new Set(files.map((f) => f.path));
  for (const [path, recorded] of Object.entries(lock.files)) {
    if (now.has(path)) continue;
    const current = disk.text(path);
    if (current !== undefined && (force || disk.hash(path) === recorded)) stale.add(path);
  }
  return stale;
}

/** Project paths of the files directly in each folder (scaffold folders: one file per tool). */
function existingFiles(root: string, folders: readonly string[]): Set<string> {
  const paths = new Set<string>();
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(join(root, folder));
    } catch {
      continue;
    }
    for (const name of names) paths.add(`${folder}/${name}`);
  }
  return paths;
}

/**
 * A one-line progress report on stderr, rewritten in place, while stdout is a terminal and the
 * format is text: long work (a cold build of a thousand tools) says what it is doing. Nothing
 * otherwise: not in CI logs, not in json or sarif.
 */
function buildProgress(run: BuildRun): (text: string) => void {
  if (!run.io.isTty || run.format !== "text") return () => undefined;
  return (text) => run.io.stderr(`\r\u001b[2K${text}`);
}

function clearProgress(io: CliIo, format: string): void {
  if (io.isTty && format === "text") io.stderr("\r\u001b[2K");
}

interface BuildSummary {
  readonly tools: number;
  readonly out: string;
  readonly tree: TreeSummary;
  /** Scaffolds created: handler stubs (under `handlers`) and test scaffolds. */
  readonly created: readonly string[];
  /** The lock's path when it was written. */
  readonly lock: string | undefined;
  readonly handlers: string;
  readonly verbose: boolean;
}

/** "Built 1,223 tools into src/generated: ...", "Created 1,223 handler stubs and 1,223 test scaffolds." and, with --verbose, each file created. */
function buildSummary(summary: BuildSummary): string {
  const { written, unchanged, removed } = summary.tree;
  const lines = [`Built ${count(summary.tools, "tool")} into ${summary.out}: ${count(written.length, "file")} written, ${count(unchanged.length)} unchanged${removed.length > 0 ? `, ${count(removed.length)} removed` : ""}.`];
  if (summary.created.length > 0) {
    const stubs = summary.created.filter((path) => path.startsWith(`${summary.handlers}/`)).length;
    const scaffolds = summary.created.length - stubs;
    const parts = [stubs > 0 ? count(stubs, "handler stub") : "", scaffolds > 0 ? count(scaffolds, "test scaffold") : ""].filter((part) => part !== "");
    lines.push(`Created ${parts.join(" and ")}${summary.verbose ? ":" : "."}`);
    if (summary.verbose) lines.push(...summary.created.map((path) => `  ${path}`));
  }
  lines.push(summary.lock ? `Wrote ${summary.lock}.` : "Lock file unchanged.");
  return lines.join("\n") + "\n";
}

/** "1,223 tools": English digit grouping, whatever the machine's locale. */
function count(n: number, word?: string): string {
  const number = n.toLocaleString("en-US");
  return word === undefined ? number : `${number} ${word}${n === 1 ? "" : "s"}`;
}
