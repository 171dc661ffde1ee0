// The full `mcp-gen build` of one project: plan what the last build left that this one can trust
// (src/incremental: the build cache, the stat index, the lock); read the project; validate it; reuse
// what did not change (or stop: nothing to write); generate the rest; write the folder and the lock
// as one unit. Everything between reading and writing is the pure pipeline. The command
// (src/cli/commands/build.ts) loads this module only when its shortcut (unchanged-build-fast.ts)
// cannot tell from stats that there is nothing to do: the analysis, the generators and the rules
// are a third of a no-change build's start-up.
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import type { GeneratedFile } from "../model/generated-file.js";
import { readFileNow } from "../files/read-now.js";
import { stagingFolder } from "../incremental/replace-tree.js";
import { compareText, hasErrors, type Diagnostic } from "../model/diagnostic.js";
import { withPatternVerdicts } from "../pattern-check/certify-patterns.js";
import { analyzeProjectWith, type ProjectAnalysis, type ProjectInput } from "../project/analyze-project.js";
import { expectedTypesJobs } from "../emit/emit-project.js";
import { assignToolNames, scaffoldPaths } from "../emit/names.js";
import type { Config } from "../config/config.js";
import type { ResolvedTool } from "../model/source.js";
import type { RunMemo } from "../model/run-memo.js";
import { generateProject, lockProject, type BuildOutput } from "../project/build-project.js";
import { EXIT } from "./io.js";
import { startBuildThreads, wantsTypesThread, workerCount, type BuildThreads, type StagedAhead } from "../incremental/build-threads.js";
import { hashOfFileBytes } from "../files/shared-bytes.js";
import {
  handEditedFiles,
  knownFileHashes,
  type KnownFiles,
  planBuild,
  recordUnchanged,
  reuseChecks,
  reuseOutput,
  undoWrites,
  writeBuild,
  type BuildPlan,
  type ChecksReuse,
  type OutputReuse,
} from "../incremental/incremental-build.js";
import type { FileRecord } from "../incremental/file-record.js";
import { requiredScaffolds } from "../incremental/unchanged-build.js";
import { PACKAGE_ROOT, readRuntimeSources, readTemplates } from "./package-files.js";
import { runtimeInstallArgument } from "./dependency-specs.js";
import { runtimeWarnings } from "./runtime-skew.js";
import { readProject, type ReadProjectResult } from "./read-project.js";
import { PACKAGE_JSON } from "./read-config.js";
import { failsPolicy } from "./report.js";
import { toolsNotFound } from "./tools-not-found.js";
import { projectModuleFormat } from "./module-format.js";
import { clearProgress, count, printBuilt, type BuildRun } from "./build-run.js";
import { movedHandlers } from "./moved-handlers.js";
import { leftoverScaffolds } from "./leftover-scaffolds.js";
import { projectEntrySdkMismatch } from "./entry-sdk-mismatch.js";
import { listScaffoldFolders, scaffoldsInTheWay } from "./scaffolds-in-the-way.js";
import { scaffoldsRefused } from "./scaffolds-refused.js";

/**
 * The full build, with the project lock held: plan, read, then validate, reuse, generate and write.
 * `configHashes`: hashFileText of each config file the lock records.
 */
export async function fullBuild(run: BuildRun, configHashes: ReadonlyMap<string, string>): Promise<number> {
  const plan = await planBuild({ root: run.root, realRoot: run.realRoot, config: run.project.config, configHashes, index: run.index });
  let threads: BuildThreads | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= threads ? run.clock.timeAsync("report", () => threads!.close()) : Promise.resolve());
  try {
    // With no last build to take anything from, every tool is built: the worker threads start as soon
    // as the descriptors are listed, and read them and check their schemas while this thread reads
    // them too (early-checks.ts).
    const read = await readInputs(
      run,
      plan,
      plan.last
        ? undefined
        : (descriptors) => {
            threads = threadsFor(run, descriptors.length, descriptors.length);
            // MCP_GEN_EARLY_CHECKS: 0 leaves the schemas to the run alone; wait makes it wait for them (tests).
            const early = run.io.env.MCP_GEN_EARLY_CHECKS;
            if (early !== "0") threads.checkEarly(run.realRoot, descriptors, plan.config.load, plan.config.generate === "all", early === "wait");
          },
    );
    // The safe points where a signal stops the build (BuildRun.stop): after reading, validating and
    // generating, and in the write step just before anything of the project changes.
    run.stop.throwIfAborted();
    const reuse = reuseChecks(plan, read.input.descriptors, read.records);
    const { config } = read.input;
    // A client-only project has no scaffolds to create or to find.
    const listed = config.generate === "all" ? listScaffoldFolders(run.root, [config.handlers, config.tests]) : undefined;
    const scaffolds = listed?.files;
    const input: ProjectInput = {
      ...read.input,
      scaffoldsWritten: (tools) => scaffoldsWritten(tools, scaffolds, config, run.memo),
      checked: reuse.checked,
      ...(reuse.knownSchemas ? { knownSchemas: reuse.knownSchemas } : {}),
      memo: run.memo,
      clock: run.clock,
    };
    threads ??= threadsFor(run, input.descriptors.length - reuse.checked.length, input.descriptors.length);
    return await validateAndWrite(run, plan, threads, { input, records: read.records, reuse, configHashes, scaffolds, scaffoldFolders: listed?.folders ?? new Set() });
  } catch (e) {
    // Stopped (a signal, the disk full): what the build staged goes now, while it holds the project
    // lock, not at the next build; its threads end first, so that nothing writes any more. A swap cut
    // short is finished or undone, as after kill -9: never left half done.
    clearProgress(run.io, run.format);
    await close();
    await undoWrites(plan);
    throw e;
  } finally {
    await close();
  }
}

type ProjectRead = ReadProjectResult & { readonly ok: true };

/** The build's threads for `building` of `projectTools` tools to build (workerCount, wantsTypesThread). */
function threadsFor(run: BuildRun, building: number, projectTools: number): BuildThreads {
  const workers = workerCount(building, run.io.env);
  return startBuildThreads(workers, { typesThread: wantsTypesThread(workers, building, projectTools, run.io.env), progress: run.progress.work, clock: run.clock });
}

/**
 * Reads the descriptors and every file they name. A file whose stat is the one the stat index
 * recorded is hashed from the index; one whose text the last build parsed is not parsed again.
 */
async function readInputs(run: BuildRun, plan: BuildPlan, listed?: (descriptors: readonly string[]) => void): Promise<ProjectRead> {
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
    listed,
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
  /** The scaffolds that exist (project paths); undefined for a project that has none (`generate: client`). */
  readonly scaffolds: ReadonlySet<string> | undefined;
  /** The folders directly in the handlers and tests folders (project paths), where no scaffold can be created. */
  readonly scaffoldFolders: ReadonlySet<string>;
}

/** The tool names the lock on disk pins, or undefined when it cannot be read. */
function lockedNames(plan: BuildPlan): readonly string[] | undefined {
  const tools = plan.previous.parsed?.tools;
  return tools === undefined ? undefined : Object.keys(tools);
}

/** A handler file's text, read without waiting on a pipe; undefined when it cannot be read. */
function readHandler(root: string): (path: string) => string | undefined {
  return (path) => {
    try {
      return readFileNow(join(root, path), "utf8");
    } catch {
      return undefined;
    }
  };
}

/** Validate, then reuse what did not change, generate the rest and write it; or stop and say why. */
async function validateAndWrite(run: BuildRun, plan: BuildPlan, threads: BuildThreads, read: ReadInputs): Promise<number> {
  const { records, scaffolds } = read;
  const { input, analysis } = await validateProject(run, threads, read.input, read.reuse);
  run.stop.throwIfAborted();
  // A project that lacks the runtime its code imports builds, with the line that installs it (check fails on it).
  const runtime = input.descriptors.length === 0 ? [] : runtimeWarnings(run.root, input.config, run.project.sources.get(PACKAGE_JSON), () => runtimeInstallArgument(run.root, PACKAGE_ROOT) ?? null);
  const names = analysis.tools.map((tool) => String(tool.wire.name));
  const inTheWay = scaffolds ? scaffoldsInTheWay(names, read.scaffoldFolders, input.config, analysis.memo) : [];
  // Only a build that can write knows which tools it drops: in one that stops at an error, a tool
  // whose descriptor does not load (a YAML typo) is missing from `names` though its file is there,
  // and its handler is nobody's leftover. The lock stays, so the next build that writes says it.
  const places = scaffolds &&
    !hasErrors(analysis.diagnostics) && { previous: lockedNames(plan), current: names, files: scaffolds, handlers: input.config.handlers, tests: input.config.tests, memo: analysis.memo };
  const moved = places ? movedHandlers({ ...places, read: readHandler(run.root) }) : [];
  const leftover = places ? leftoverScaffolds(places) : [];
  // The config's findings (package.json that is no JSON) are printed, not recorded: the no-change build reads them afresh.
  const diagnostics = [
    ...run.project.diagnostics,
    ...analysis.diagnostics,
    ...inTheWay,
    ...moved,
    ...leftover,
    ...plan.previous.diagnostics,
    ...runtime,
    ...projectModuleFormat(run.root, run.sources),
    ...(scaffolds ? projectEntrySdkMismatch(run.root, input.config.target, run.sources) : []),
  ];
  const stopped = await stopBeforeWriting(run, input, diagnostics, Object.keys(plan.previous.parsed?.tools ?? {}).length);
  if (stopped !== undefined) return stopped;
  const inputs = inputHashes(read.configHashes, records);
  const checked = input.checked ?? [];
  const output = reuseOutput(plan, { tools: analysis.tools, checked, inputs, files: input.files, scaffolds, force: run.force, memo: analysis.memo });
  // What the next build prints when it finds nothing changed (buildUnchanged).
  const config = input.config;
  const findings = {
    diagnostics: analysis.diagnostics,
    scaffolds: scaffolds ? requiredScaffolds(names, config.handlers, config.tests, analysis.memo) : [],
    verdicts: [...(input.patternVerdicts ?? [])].sort(([a], [b]) => compareText(a, b)),
  };
  if (output.unchanged) {
    await recordUnchanged(plan, output.unchanged, records, findings);
    await printBuilt(run, diagnostics, { tools: analysis.tools.length, tree: { written: [], unchanged: [...output.unchanged], removed: [] }, created: [], lockChanged: false });
    return EXIT.ok;
  }
  const built = await generateOutput(run, plan, threads, analysis, output, inputs, scaffolds);
  run.stop.throwIfAborted();
  const edited = run.clock.time("write", () => handEditedFiles(plan, built.emit.generated, run.force));
  if (edited.length > 0) {
    await run.print([...diagnostics, ...edited]);
    return EXIT.problems;
  }
  run.progress.phase(`Writing ${count(built.emit.generated.length, "file")}`);
  const written = await writeBuild(plan, {
    clock: run.clock,
    generated: built.emit.generated,
    encoded: built.encoded,
    same: built.same,
    ...(built.staged ? { staged: built.staged } : {}),
    lock: built.lock,
    force: run.force,
    // While the generated folder is staged; it goes in once they are all there.
    createScaffolds: () => threads.createMissing(run.root, built.emit.scaffolds, [plan.config.out, posix.dirname(plan.config.lock)]),
    stop: run.stop,
    tools: output.tools,
    emitted: built.tools,
    validatorModules: built.validatorModules,
    aggregates: built.aggregates,
    analysis,
    checked,
    ...(input.patternVerdicts ? { verdicts: input.patternVerdicts } : {}),
    records,
    findings,
  });
  if ("refused" in written) {
    const refused = scaffoldsRefused(written, config);
    await run.print([...diagnostics, ...refused.diagnostics]);
    return refused.status;
  }
  await printBuilt(run, diagnostics, { tools: analysis.tools.length, ...written });
  return EXIT.ok;
}

/**
 * Validates every descriptor (but those reuseChecks took over and whose patterns' verdicts are the
 * same: withPatternVerdicts), and answers with the input as analysed. Type generation for the tools
 * resolved afresh starts behind their schema compilation: a worker goes on to it while the main
 * thread finishes the rules. A tool whose types request is the last build's (a description edited)
 * starts no job.
 */
async function validateProject(run: BuildRun, threads: BuildThreads, read: ProjectInput, reuse: ChecksReuse): Promise<{ input: ProjectInput; analysis: ProjectAnalysis }> {
  run.progress.phase(`Validating ${count(read.descriptors.length, "tool")}`, "schemas");
  const input = await withPatternVerdicts(read, run.root);
  const analysis = await analyzeProjectWith(input, threads.precompile, (fresh, all) =>
    threads.prefetchTypes(
      expectedTypesJobs(
        fresh,
        all.map((tool) => String(tool.wire.name)),
        run.memo,
        reuse.lastTypesKey,
      ),
    ),
  );
  return { input, analysis };
}

/**
 * When the build must stop before writing anything (no descriptor at all, or findings that fail
 * it): prints why, and answers the exit status; else undefined.
 */
async function stopBeforeWriting(run: BuildRun, input: ProjectInput, diagnostics: readonly Diagnostic[], pinned: number): Promise<number | undefined> {
  if (input.descriptors.length === 0) {
    // Nothing to build: writing the runtime and an empty tool table would only hide the mistake.
    const all = [...diagnostics, toolsNotFound(input.config, run.configPath, run.sources, pinned)];
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
): Promise<BuildOutput & Pick<KnownFiles, "encoded" | "same"> & { readonly staged?: Promise<void> }> {
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
  const files = generated.emit.generated;
  const staged = run.clock.time("write", () => stageAhead(plan, threads, files));
  // The server `mcp-gen import` recorded stays: a build knows the tools, not where they came from.
  const server = plan.previous.parsed?.server;
  // A staged folder's files are hashed from the bytes the worker writes (their texts are not encoded
  // again), and nothing of them is on disk to compare with.
  const known: KnownFiles = run.clock.time("hash", () =>
    staged ? { hashes: new Map(files.map((file, i) => [file.path, hashOfFileBytes(file, staged.bytes[i]!)])), encoded: new Map(), same: new Set() } : knownFileHashes(plan, files),
  );
  return { ...generated, lock: lockProject({ ...input, server }, generated, known.hashes), encoded: known.encoded, same: known.same, ...(staged ? { staged: staged.written } : {}) };
}

/**
 * A generated folder that does not exist yet (a first build, a checkout that ignores the folder) is
 * written whole: a worker writes its staging copy while this thread hashes the files and renders the
 * lock, and replaceTree only swaps it in. Undefined otherwise: replaceTree compares with the folder.
 */
function stageAhead(plan: BuildPlan, threads: BuildThreads, files: readonly GeneratedFile[]): StagedAhead | undefined {
  const { root, config } = plan;
  // recoverInterruptedBuild has removed any staging folder a killed build left.
  if (files.some((file) => file.unchanged === true) || existsSync(join(root, config.out))) return undefined;
  const staged = threads.stageAhead(stagingFolder(root, config.out), config.out, files);
  // Awaited by replaceTree. No build stops between here and there: with no generated folder on disk,
  // no generated file can have been edited by hand (handEditedFiles).
  staged?.written.catch(() => undefined);
  return staged;
}

/**
 * Whether a build may write a scaffold of `tool`, one of `tools`: its handler stub or its test is
 * not among the `existing` scaffolds (none at all in a client-only project, `existing` undefined).
 */
function scaffoldsWritten(tools: readonly ResolvedTool[], existing: ReadonlySet<string> | undefined, config: Config, memo: RunMemo): (tool: ResolvedTool) => boolean {
  if (!existing) return () => false;
  const names = assignToolNames(
    tools.map((tool) => String(tool.wire.name)),
    memo,
  );
  const files = new Map(tools.map((tool, i) => [tool, names[i]!.file]));
  return (tool) => {
    const file = files.get(tool);
    return file === undefined || !scaffoldPaths(config.handlers, config.tests, file).every((path) => existing.has(path));
  };
}
