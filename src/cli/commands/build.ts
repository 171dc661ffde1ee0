// `mcp-gen build`: validate; when clean, write the generated folder, create missing handler stubs and
// test scaffolds, and write the lock. Writes nothing when validation has errors or when a generated
// file was edited by hand (unless --force). Exit 0, 1 with errors, 2 bad usage or config.
//
// The steps, in order: read the config; plan what the last build left that this one can trust
// (src/incremental: the build cache, the stat index, the lock); read the project; validate it;
// reuse what did not change (or stop: nothing to write); generate the rest; write the folder and
// the lock as one unit. Everything between reading and writing is the pure pipeline.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { join, posix } from "node:path";
import { CONFIG_FILE, type Config } from "../../config/config.js";
import { hasErrors, type Diagnostic } from "../../model/diagnostic.js";
import { RunMemo } from "../../model/run-memo.js";
import { groupDigits } from "../../model/phrases.js";
import { NO_CLOCK, type PhaseClock } from "../../model/phase-clock.js";
import { startPhaseClock } from "../phase-record.js";
import { hashFileText } from "../../lock/sha256.js";
import { withPatternVerdicts } from "../../pattern-check/certify-patterns.js";
import { analyzeProjectWith, type ProjectAnalysis, type ProjectInput } from "../../project/analyze-project.js";
import { expectedTypesJobs } from "../../emit/emit-project.js";
import { generateProject, lockProject, type BuildOutput } from "../../project/build-project.js";
import { ALL_RULES } from "../../validate/rules/index.js";
import { COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { startBuildThreads, wantsTypesThread, workerCount, type BuildThreads } from "../../incremental/build-threads.js";
import {
  handEditedFiles,
  knownFileHashes,
  openStatIndex,
  planBuild,
  recordUnchanged,
  reuseChecks,
  reuseOutput,
  writeBuild,
  type BuildPlan,
  type ChecksReuse,
  type OutputReuse,
} from "../../incremental/incremental-build.js";
import type { FileRecord } from "../../incremental/file-record.js";
import { acquireProjectLock, PROJECT_LOCK_FILE } from "../../incremental/project-lock.js";
import { buildCachePath } from "../../incremental/build-cache.js";
import { recoverInterruptedBuild } from "../../incremental/replace-tree.js";
import { requiredScaffolds } from "../../incremental/unchanged-build.js";
import { decodeSource } from "../../load/decode-source.js";
import { unchangedBuildFast } from "../unchanged-build-fast.js";
import type { TreeSummary } from "../../incremental/replace-tree.js";
import type { StatIndex } from "../../incremental/stat-index.js";
import { buildProgress, progressLine, type BuildProgress } from "../build-progress.js";
import { PACKAGE_ROOT, readRuntimeSources, readTemplates } from "../package-files.js";
import { runtimeInstallArgument } from "../dependency-specs.js";
import { runtimeWarnings } from "../runtime-skew.js";
import { readProject, type ReadProjectResult } from "../read-project.js";
import { hashedInputs, PACKAGE_JSON, readProjectConfig, type ProjectConfig } from "../read-config.js";
import { confineProjectPaths } from "../confine-paths.js";
import { failsPolicy, REPORT_FORMATS, REPORT_OPTIONS, reportHelp, reportSetup, writeReport, type ReportSetup } from "../report.js";
import { toolsNotFound } from "../tools-not-found.js";
import { projectModuleFormat } from "../module-format.js";

/** The options of `build` that name several projects (build-servers.ts). */
const SEVERAL_OPTIONS = {
  "client-config": { type: "string" },
  "servers-dir": { type: "string" },
  server: { type: "string", multiple: true },
} as const;

export const BUILD_HELP = `Usage: mcp-gen build [options]

Validate every descriptor; when there are no errors, write the generated code, create handler stubs
and test scaffolds that do not exist yet, and write the lock file.

Options:
  --cwd DIR                project root (default: the nearest folder, here or above, with
                           mcp-gen.config.yaml; else the current folder)
  --config FILE            config file, relative to --cwd or the current folder
                           (default: mcp-gen.config.yaml, in the project root)
${reportHelp(REPORT_FORMATS, "error")}
                           (findings that fail the build stop it: nothing is written)
  --client-config FILE     build every server \`mcp-gen import --client-config FILE\` pinned, each in its
                           folder under --servers-dir (with --server NAME, only those); a build run in
                           a folder with no config whose subfolders have one builds each of them
  --servers-dir DIR        with --client-config: the folder of the servers' folders (default: mcp-servers)
  --server NAME            with --client-config: only this server (repeatable)
  --force                  overwrite generated files that were edited by hand
  --verbose                list every file created, not only how many
  -h, --help               show this help

Exit status: 0 built, 1 errors found (nothing written), 2 bad usage or config.
`;

/** `memo`: what the build remembers while it runs; watch passes one that lasts its session. */
export async function runBuild(argv: readonly string[], io: CliIo, memo = new RunMemo()): Promise<number> {
  // MCP_GEN_PHASES=<file>: where the time went, phase by phase, written to <file> (BENCHMARKS.md).
  const recorder = startPhaseClock(io.env);
  const clock = recorder?.clock ?? NO_CLOCK;
  try {
    // Time no stage claims counts to reading the config.
    return await clock.timeAsync("config", () => buildCommand(argv, io, memo, clock));
  } finally {
    recorder?.finish();
  }
}

async function buildCommand(argv: readonly string[], io: CliIo, memo: RunMemo, clock: PhaseClock): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...REPORT_OPTIONS, ...SEVERAL_OPTIONS, force: { type: "boolean" }, verbose: { type: "boolean" } });
  if (values.help) {
    io.stdout(BUILD_HELP);
    return EXIT.ok;
  }
  const setup = reportSetup("build", values, io, REPORT_FORMATS, "error");
  const { root, format } = setup;
  // Several projects: --client-config, or a folder without a config whose subfolders have one (the
  // servers' folder of `import --client-config`). Their module loads only then.
  if (values["client-config"] !== undefined || values["servers-dir"] !== undefined || values.server?.length || (values.config === undefined && !existsSync(join(root, CONFIG_FILE)))) {
    const { buildSeveral } = await import("../build-servers.js");
    const several = await buildSeveral(values, setup, io, (args, each) => runBuild(args, each, memo));
    if (several !== undefined) return several;
  }
  const report = diagnosticsPrinter(io, setup);
  const realRoot = await realpath(root);
  // Stats of the files this build reads, for check (and the next build) to trust unchanged ones.
  const index = openStatIndex(realRoot);
  const project = await readProjectConfig(realRoot, values.config, "all", index);
  for (const [path, text] of project.sources) report.sources.set(path, text);
  if (!project.config) {
    await report.print(project.diagnostics);
    return EXIT.usage;
  }
  // Before anything is written (or a killed build's leftovers removed): every folder this build
  // writes must really be inside the project.
  const confined = confineProjectPaths(realRoot, project.config);
  if (confined.diagnostics.length > 0) {
    await report.print([...project.diagnostics, ...confined.diagnostics]);
    return EXIT.usage;
  }
  const projectLock = await acquireProjectLock(root);
  if (!projectLock.ok) {
    await report.print([buildInProgress(projectLock.owner)]);
    return EXIT.problems;
  }
  try {
    return await buildLocked({
      root,
      realRoot,
      outFolder: confined.real.get(project.config.out)!,
      configPath: values.config,
      project: { ...project, config: project.config },
      force: values.force === true,
      verbose: values.verbose === true,
      format,
      setup,
      io,
      index,
      memo,
      clock,
      ...report,
      progress: buildProgress(progressLine(io, format)),
    });
  } finally {
    await projectLock.release();
  }
}

interface BuildRun extends DiagnosticsPrinter {
  readonly root: string;
  /** `root` with every link resolved: names the project's build cache. */
  readonly realRoot: string;
  /** The generated folder's real path (confineProjectPaths). */
  readonly outFolder: string;
  readonly configPath: string | undefined;
  readonly project: ProjectConfig & { readonly config: Config };
  readonly force: boolean;
  /** List every file created (--verbose), not only how many. */
  readonly verbose: boolean;
  readonly format: string;
  readonly setup: ReportSetup;
  readonly io: CliIo;
  readonly index: StatIndex;
  /** Says what the build is doing, on a terminal (buildProgress). */
  readonly progress: BuildProgress;
  /** What the run remembers (see RunMemo): watch's lasts its session. */
  readonly memo: RunMemo;
  /** Where the build's time goes (MCP_GEN_PHASES); NO_CLOCK counts nothing. */
  readonly clock: PhaseClock;
}

interface DiagnosticsPrinter {
  /** Every text read so far, for the code frames of diagnostics; reading adds to it. */
  readonly sources: Map<string, string>;
  /** Where print finds the text of a project file that is not in `sources` (set once the project is read). */
  readonly unread: { text: (path: string) => string | undefined };
  readonly print: (diagnostics: readonly Diagnostic[]) => Promise<void>;
}

/** Prints diagnostics as the setup says, each with the code frame of its file. */
function diagnosticsPrinter(io: CliIo, setup: ReportSetup): DiagnosticsPrinter {
  const sources = new Map<string, string>();
  // Files an incremental build did not read (unchanged, by their stat): read for their code frames only.
  const unread = { text: (_path: string): string | undefined => undefined };
  const print = async (diagnostics: readonly Diagnostic[]) => {
    clearProgress(io, setup.format);
    for (const diagnostic of diagnostics) {
      if (sources.has(diagnostic.file)) continue;
      const text = unread.text(diagnostic.file);
      if (text !== undefined) sources.set(diagnostic.file, text);
    }
    await writeReport(io, setup, diagnostics, { sources, rules: ALL_RULES });
  };
  return { sources, unread, print };
}

/** The build, with the project lock held: plan, read, then validate, reuse, generate and write. */
async function buildLocked(run: BuildRun): Promise<number> {
  const { project, clock } = run;
  const configHashes = new Map([...hashedInputs(project.sources)].map(([path, text]) => [path, hashFileText(text)]));
  const unchanged = run.force ? undefined : await clock.timeAsync("config", () => buildUnchanged(run, configHashes));
  if (unchanged !== undefined) return unchanged;
  const plan = await planBuild({ root: run.root, realRoot: run.realRoot, config: project.config, configHashes, index: run.index });
  const read = await readInputs(run, plan);
  const reuse = reuseChecks(plan, read.input.descriptors, read.records);
  const input: ProjectInput = {
    ...read.input,
    loadDiagnostics: [...project.diagnostics, ...read.input.loadDiagnostics],
    checked: reuse.checked,
    ...(reuse.knownSchemas ? { knownSchemas: reuse.knownSchemas } : {}),
    memo: run.memo,
    clock,
  };
  const building = input.descriptors.length - reuse.checked.length;
  const workers = workerCount(building, run.io.env);
  const threads = startBuildThreads(workers, { typesThread: wantsTypesThread(workers, building, input.descriptors.length, run.io.env), progress: run.progress.work, clock });
  try {
    return await validateAndWrite(run, plan, threads, { input, records: read.records, reuse, configHashes });
  } finally {
    await clock.timeAsync("report", () => threads.close());
  }
}

/**
 * A build that has nothing to write, known from stats (unchanged-build-fast.ts): prints what the
 * full build would print, and answers its exit status; undefined when the full build must decide.
 */
async function buildUnchanged(run: BuildRun, configHashes: ReadonlyMap<string, string>): Promise<number | undefined> {
  const { config } = run.project;
  // A killed build's leftovers first, as planBuild does: finishing it changes the files' stats.
  await recoverInterruptedBuild(run.root, config.out, config.lock, [config.handlers, config.tests]);
  const unchanged = await unchangedBuildFast({
    root: run.root,
    config,
    configSources: run.project.sources,
    configHashes,
    outFolder: run.outFolder,
    index: run.index,
    cachePath: buildCachePath(run.realRoot),
  });
  if (!unchanged) return undefined;
  // The findings' code frames: the files as the project reader decodes them.
  run.unread.text = (path) => readSourceText(join(run.root, path), config);
  const runtime = runtimeWarnings(run.root, config, run.project.sources.get(PACKAGE_JSON), () => runtimeInstallArgument(run.root, PACKAGE_ROOT) ?? null);
  const diagnostics = [...unchanged.findings, ...runtime, ...projectModuleFormat(run.root, run.sources)];
  if (hasErrors(diagnostics) || failsPolicy(diagnostics, run.setup.policy)) {
    await run.print(diagnostics);
    return EXIT.problems;
  }
  await printBuilt(run, diagnostics, { tools: unchanged.tools, tree: { written: [], unchanged: [...unchanged.files], removed: [] }, created: [], lockChanged: false });
  return EXIT.ok;
}

/** A project file's text as readProject decodes it; undefined when it cannot be read or decoded. */
function readSourceText(absolute: string, config: Config): string | undefined {
  try {
    return decodeSource(absolute, readFileSync(absolute), config.load).value?.text;
  } catch {
    return undefined;
  }
}

type ProjectRead = ReadProjectResult & { readonly ok: true };

/**
 * Reads the descriptors and every file they name. A file whose stat is the one the stat index
 * recorded is hashed from the index; one whose text the last build parsed is not parsed again.
 */
async function readInputs(run: BuildRun, plan: BuildPlan): Promise<ProjectRead> {
  const { index } = run;
  const read = await readProject(
    { root: run.root, configPath: run.configPath, config: plan.config },
    plan.readReuse,
    {
      known: (path, file) => index.recorded("input", path, file),
      record: (path, file, hash) => index.record("input", path, file, hash),
      globs: index,
    },
    run.clock,
  );
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
  return read;
}

/** The project as read, with what the analysis takes over from the last build. */
interface ReadInputs {
  readonly input: ProjectInput;
  readonly records: ReadonlyMap<string, FileRecord>;
  readonly reuse: ChecksReuse;
  /** hashFileText of each config file the lock records. */
  readonly configHashes: ReadonlyMap<string, string>;
}

/** Validate, then reuse what did not change, generate the rest and write it; or stop and say why. */
async function validateAndWrite(run: BuildRun, plan: BuildPlan, threads: BuildThreads, read: ReadInputs): Promise<number> {
  const { input, records } = read;
  const analysis = await validateProject(run, threads, input, read.reuse);
  // A project that lacks the runtime its code imports builds, with the line that installs it (check fails on it).
  const runtime = input.descriptors.length === 0 ? [] : runtimeWarnings(run.root, input.config, run.project.sources.get(PACKAGE_JSON), () => runtimeInstallArgument(run.root, PACKAGE_ROOT) ?? null);
  const diagnostics = [...analysis.diagnostics, ...plan.previous.diagnostics, ...runtime, ...projectModuleFormat(run.root, run.sources)];
  const stopped = await stopBeforeWriting(run, input, diagnostics);
  if (stopped !== undefined) return stopped;
  // A client-only project has no scaffolds to create or to find.
  const scaffolds = input.config.generate === "all" ? existingFiles(run.root, [input.config.handlers, input.config.tests]) : undefined;
  const inputs = inputHashes(read.configHashes, records);
  const checked = input.checked ?? [];
  const output = reuseOutput(plan, { tools: analysis.tools, checked, inputs, files: input.files, scaffolds, force: run.force, memo: analysis.memo });
  // What the next build prints when it finds nothing changed (buildUnchanged).
  const config = input.config;
  const names = analysis.tools.map((tool) => String(tool.wire.name));
  const findings = { diagnostics: analysis.diagnostics, scaffolds: scaffolds ? requiredScaffolds(names, config.handlers, config.tests, analysis.memo) : [] };
  if (output.unchanged) {
    await recordUnchanged(plan, output.unchanged, records, findings);
    await printBuilt(run, diagnostics, { tools: analysis.tools.length, tree: { written: [], unchanged: [...output.unchanged], removed: [] }, created: [], lockChanged: false });
    return EXIT.ok;
  }
  const built = await generateOutput(run, plan, threads, analysis, output, inputs, scaffolds);
  const edited = run.clock.time("write", () => handEditedFiles(plan, built.emit.generated, run.force));
  if (edited.length > 0) {
    await run.print([...diagnostics, ...edited]);
    return EXIT.problems;
  }
  run.progress.phase(`Writing ${count(built.emit.generated.length, "file")}`);
  const written = await writeBuild(plan, {
    clock: run.clock,
    generated: built.emit.generated,
    lock: built.lock,
    force: run.force,
    // The generated folder and the lock are written at the same time, by replaceTree.
    createScaffolds: () => threads.createMissing(run.root, built.emit.scaffolds, [plan.config.out, posix.dirname(plan.config.lock)]),
    tools: output.tools,
    emitted: built.tools,
    validatorModules: built.validatorModules,
    analysis,
    checked,
    records,
    findings,
  });
  await printBuilt(run, diagnostics, { tools: analysis.tools.length, ...written });
  return EXIT.ok;
}

/**
 * Validates every descriptor (but those reuseChecks took over). Type generation for the tools
 * resolved afresh starts behind their schema compilation: a worker goes on to it while the main
 * thread finishes the rules. A tool whose types request is the last build's (a description edited)
 * starts no job.
 */
async function validateProject(run: BuildRun, threads: BuildThreads, input: ProjectInput, reuse: ChecksReuse): Promise<ProjectAnalysis> {
  run.progress.phase(`Validating ${count(input.descriptors.length, "tool")}`, "schemas");
  return analyzeProjectWith(await withPatternVerdicts(input, run.root), threads.precompile, (fresh, all) =>
    threads.prefetchTypes(
      expectedTypesJobs(
        fresh,
        all.map((tool) => String(tool.wire.name)),
        run.memo,
        reuse.lastTypesKey,
      ),
    ),
  );
}

/**
 * When the build must stop before writing anything (no descriptor at all, or findings that fail
 * it): prints why, and answers the exit status; else undefined.
 */
async function stopBeforeWriting(run: BuildRun, input: ProjectInput, diagnostics: readonly Diagnostic[]): Promise<number | undefined> {
  if (input.descriptors.length === 0) {
    // Nothing to build: writing the runtime and an empty tool table would only hide the mistake.
    const all = [...diagnostics, toolsNotFound(input.config, run.configPath, run.sources)];
    await run.print(all);
    return hasErrors(all) || failsPolicy(all, run.setup.policy) ? EXIT.problems : EXIT.ok;
  }
  if (hasErrors(diagnostics) || failsPolicy(diagnostics, run.setup.policy)) {
    await run.print(diagnostics);
    return EXIT.problems;
  }
  return undefined;
}

/** Every file the build read, with its hash: the config files the lock records, and every project file read. */
function inputHashes(configHashes: ReadonlyMap<string, string>, records: ReadonlyMap<string, FileRecord>): Map<string, string> {
  const inputs = new Map([...records].filter(([, record]) => record.hash !== undefined).map(([path, record]) => [path, record.hash!] as const));
  return new Map([...configHashes, ...inputs]);
}

/** Generates every file and the lock, taking as it is whatever reuseOutput kept of the last build. */
async function generateOutput(
  run: BuildRun,
  plan: BuildPlan,
  threads: BuildThreads,
  analysis: ProjectAnalysis,
  output: Exclude<OutputReuse, { unchanged: readonly string[] }>,
  inputs: ReadonlyMap<string, string>,
  scaffolds: ReadonlySet<string> | undefined,
): Promise<BuildOutput> {
  run.progress.phase(`Generating code for ${count(analysis.tools.length, "tool")}`, "types");
  const input = {
    tools: output.tools,
    config: run.project.config,
    templates: await run.clock.timeAsync("emit", readTemplates),
    runtime: await run.clock.timeAsync("emit", readRuntimeSources),
    schemas: analysis.schemas,
    memo: analysis.memo,
    clock: run.clock,
    inputs,
    compileTypes: threads.compileTypes,
    ...(scaffolds ? { existingScaffolds: scaffolds } : {}),
    ...(output.reuse ? { reuse: output.reuse, hashes: output.hashes } : {}),
  };
  const generated = await generateProject(input);
  // The server `mcp-gen import` recorded stays: a build knows the tools, not where they came from.
  const server = plan.previous.parsed?.server;
  return {
    ...generated,
    lock: lockProject(
      { ...input, server },
      generated,
      run.clock.time("hash", () => knownFileHashes(plan, generated.emit.generated)),
    ),
  };
}

/** Prints the diagnostics and, in text, the summary of what the build wrote. */
function printBuilt(run: BuildRun, diagnostics: readonly Diagnostic[], built: Pick<BuildSummary, "tools" | "tree" | "created"> & { readonly lockChanged: boolean }): Promise<void> {
  return run.clock.timeAsync("report", () => printSummary(run, diagnostics, built));
}

async function printSummary(run: BuildRun, diagnostics: readonly Diagnostic[], built: Pick<BuildSummary, "tools" | "tree" | "created"> & { readonly lockChanged: boolean }): Promise<void> {
  if (run.format !== "text") return run.print(diagnostics);
  if (diagnostics.length > 0) await run.print(diagnostics);
  clearProgress(run.io, run.format);
  const { config } = run.project;
  run.io.stdout(buildSummary({ ...built, out: config.out, lock: built.lockChanged ? config.lock : undefined, handlers: config.handlers, verbose: run.verbose }, run.setup.paths.fromCwd));
}

function buildInProgress(owner: number): Diagnostic {
  return {
    ruleId: "build-in-progress",
    severity: "error",
    message: `Another mcp-gen process${owner > 0 ? ` (pid ${owner})` : ""} is building this project.`,
    hint: `Wait for it to finish; if no mcp-gen is running, delete ${PROJECT_LOCK_FILE}.`,
    file: PROJECT_LOCK_FILE,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    pointer: "",
  };
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

function clearProgress(io: CliIo, format: string): void {
  progressLine(io, format)?.("");
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

/**
 * "Built 1,223 tools into src/generated: ...", "Created 1,223 handler stubs and 1,223 test scaffolds." and, with --verbose, each file created;
 * paths from where the command runs (`fromCwd`).
 */
function buildSummary(summary: BuildSummary, fromCwd: (path: string) => string): string {
  const { written, unchanged, removed } = summary.tree;
  const lines = [
    `Built ${count(summary.tools, "tool")} into ${fromCwd(summary.out)}: ${count(written.length, "file")} written, ${count(unchanged.length)} unchanged${removed.length > 0 ? `, ${count(removed.length)} removed` : ""}.`,
  ];
  if (summary.created.length > 0) {
    const stubs = summary.created.filter((path) => path.startsWith(`${summary.handlers}/`)).length;
    const scaffolds = summary.created.length - stubs;
    const parts = [stubs > 0 ? count(stubs, "handler stub") : "", scaffolds > 0 ? count(scaffolds, "test scaffold") : ""].filter((part) => part !== "");
    lines.push(`Created ${parts.join(" and ")}${summary.verbose ? ":" : "."}`);
    if (summary.verbose) lines.push(...summary.created.map((path) => `  ${fromCwd(path)}`));
  }
  lines.push(summary.lock ? `Wrote ${fromCwd(summary.lock)}.` : "Lock file unchanged.");
  return lines.join("\n") + "\n";
}

/** "1,223 tools": English digit grouping, whatever the machine's locale. */
function count(n: number, word?: string): string {
  const number = groupDigits(n);
  return word === undefined ? number : `${number} ${word}${n === 1 ? "" : "s"}`;
}
