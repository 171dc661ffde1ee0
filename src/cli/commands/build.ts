// `mcp-gen build`: validate; when clean, write the generated folder, create missing handler stubs and
// test scaffolds, and write the lock. Writes nothing when validation has errors or when a generated
// file was edited by hand (unless --force). Exit 0, 1 with errors, 2 bad usage or config.
//
// The steps, in order: read the config; check that every folder it writes is inside the project;
// take the project lock; then, when the stat index vouches that nothing changed since the last build
// (unchanged-build-fast.ts), print what that build found and stop; else load and run the full build
// (full-build.ts): plan, read, validate, reuse, generate, write.
import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { CONFIG_FILE, type Config } from "../../config/config.js";
import { hasErrors, type Diagnostic } from "../../model/diagnostic.js";
import { RunMemo } from "../../model/run-memo.js";
import { NO_CLOCK, type PhaseClock } from "../../model/phase-clock.js";
import { startPhaseClock } from "../phase-record.js";
import { hashFileText } from "../../lock/sha256.js";
import { COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { acquireProjectLock, PROJECT_LOCK_FILE } from "../../incremental/project-lock.js";
import { clearProgress, printBuilt, type BuildRun, type DiagnosticsPrinter } from "../build-run.js";
import { buildCachePath } from "../../incremental/build-cache.js";
import { StatIndex, statIndexPath } from "../../incremental/stat-index.js";
import { recoverInterruptedBuild } from "../../incremental/replace-tree.js";
import { Interrupted, stopOnSignals } from "../interrupt.js";
import { decodeSource } from "../../load/decode-source.js";
import { unchangedBuildFast } from "../unchanged-build-fast.js";
import { buildProgress, progressLine } from "../build-progress.js";
import { PACKAGE_ROOT } from "../package-root.js";
import { runtimeInstallArgument } from "../dependency-specs.js";
import { runtimeWarnings } from "../runtime-skew.js";
import { hashedInputs, PACKAGE_JSON, readProjectConfig, withAllRules } from "../read-config.js";
import { confineProjectPaths } from "../confine-paths.js";
import { failsPolicy, REPORT_FORMATS, REPORT_OPTIONS, reportHelp, reportSetup, writeReport, type ReportSetup } from "../report.js";
import { configFromCommandLine } from "../project-root.js";
import { refuseReportsOverProject } from "../report-files.js";
import { findDescriptors } from "../find-descriptors.js";
import { projectModuleFormat } from "../module-format.js";
import { projectEntrySdkMismatch } from "../entry-sdk-mismatch.js";
import { readFileNow } from "../../files/read-now.js";

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
  --cwd DIR                project root (default: the folder of --config; else the nearest folder,
                           here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE            config file, relative to --cwd or the current folder
                           (default: mcp-gen.config.yaml, in the project root); without
                           --cwd, the folder that holds it is the project root
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

Exit status: 0 built, 1 errors found (nothing written), 2 bad usage or config, 74 the system
refused a write (nothing written), 130 or 143 stopped by Ctrl+C or SIGTERM (what it staged taken back).
`;

/**
 * `memo`: what the build remembers while it runs; watch passes one that lasts its session. `stop`:
 * aborted to stop the build (watch passes its own); by default, the first SIGINT, SIGTERM or SIGHUP
 * aborts it, and the build throws Interrupted (interrupt.ts) once it has removed what it staged.
 */
export async function runBuild(argv: readonly string[], io: CliIo, memo = new RunMemo(), stop?: AbortSignal): Promise<number> {
  // MCP_GEN_PHASES=<file>: where the time went, phase by phase, written to <file> (BENCHMARKS.md).
  const recorder = startPhaseClock(io.env);
  const clock = recorder?.clock ?? NO_CLOCK;
  const signals = stop ? undefined : stopOnSignals();
  const signal = stop ?? signals!.signal;
  try {
    // Time no stage claims counts to reading the config.
    const status = await clock.timeAsync("config", () => buildCommand(argv, io, memo, clock, signal));
    // Stopped after its last safe point: the build went on to the end, and says so.
    if (signals && signal.aborted && signal.reason instanceof Interrupted) throw signal.reason.afterFinishing();
    return status;
  } finally {
    signals?.dispose();
    recorder?.finish();
  }
}

async function buildCommand(argv: readonly string[], io: CliIo, memo: RunMemo, clock: PhaseClock, stop: AbortSignal): Promise<number> {
  const { values: given } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...REPORT_OPTIONS, ...SEVERAL_OPTIONS, force: { type: "boolean" }, verbose: { type: "boolean" } });
  if (given.help) {
    io.stdout(BUILD_HELP);
    return EXIT.ok;
  }
  const setup = reportSetup("build", given, io, REPORT_FORMATS, "error");
  const { root, format } = setup;
  const values = configFromCommandLine(io.cwd, given, root);
  // Several projects: --client-config, or a folder without a config whose subfolders have one (the
  // servers' folder of `import --client-config`). Their module loads only then.
  if (values["client-config"] !== undefined || values["servers-dir"] !== undefined || values.server?.length || (values.config === undefined && !existsSync(join(root, CONFIG_FILE)))) {
    const { buildSeveral } = await import("../build-servers.js");
    const several = await buildSeveral(values, setup, io, (args, each) => runBuild(args, each, memo, stop));
    if (several !== undefined) return several;
  }
  const report = diagnosticsPrinter(io, setup);
  const realRoot = await realpath(root);
  // Stats of the files this build reads, for check (and the next build) to trust unchanged ones.
  const index = StatIndex.read(statIndexPath(buildCachePath(realRoot)));
  // Without the rule settings: a build that finds nothing changed runs no rule (see buildLocked).
  const project = await readProjectConfig(realRoot, values.config, "configured", index);
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
  const config = project.config;
  await refuseReportsOverProject(setup.files, {
    root,
    lock: config.lock,
    out: config.out,
    handlers: config.handlers,
    tests: config.tests,
    descriptors: () => findDescriptors(realRoot, config, index),
  });
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
      stop,
      ...report,
      progress: buildProgress(progressLine(io, format)),
    });
  } finally {
    await projectLock.release();
  }
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
    await writeReport(io, setup, diagnostics, { sources });
  };
  return { sources, unread, print };
}

/** The build, with the project lock held: the shortcut when nothing changed, else the full build. */
async function buildLocked(run: BuildRun): Promise<number> {
  const { project, clock } = run;
  run.stop.throwIfAborted();
  const configHashes = new Map([...hashedInputs(project.sources)].map(([path, text]) => [path, hashFileText(text)]));
  const { config } = project;
  // A killed build's leftovers first, once for both ways: finishing it changes the files' stats.
  await clock.timeAsync("config", () => recoverInterruptedBuild(run.root, config.out, config.lock, [config.handlers, config.tests]));
  const unchanged = run.force ? undefined : await clock.timeAsync("config", () => buildUnchanged(run, configHashes));
  if (unchanged !== undefined) return unchanged;
  const { fullBuild } = await clock.timeAsync("config", () => import("../full-build.js"));
  // The rules run from here on: every rule's setting, as the config gives it or by default.
  const withRules = await clock.timeAsync("config", () => withAllRules(config));
  return fullBuild({ ...run, project: { ...project, config: withRules } }, configHashes);
}

/**
 * A build that has nothing to write, known from stats (unchanged-build-fast.ts): prints what the
 * full build would print, and answers its exit status; undefined when the full build must decide.
 */
async function buildUnchanged(run: BuildRun, configHashes: ReadonlyMap<string, string>): Promise<number | undefined> {
  const { config } = run.project;
  const cachePath = buildCachePath(run.realRoot);
  const unchanged = await unchangedBuildFast({
    root: run.root,
    config,
    configSources: run.project.sources,
    configHashes,
    outFolder: run.outFolder,
    index: run.index,
    cachePath,
  });
  if (!unchanged) return undefined;
  // Hashes of mcp-gen's own files taken for the generator's fingerprint, should any be new.
  await run.index.save(statIndexPath(cachePath));
  // The findings' code frames: the files as the project reader decodes them.
  run.unread.text = (path) => readSourceText(join(run.root, path), config);
  const runtime = runtimeWarnings(run.root, config, run.project.sources.get(PACKAGE_JSON), () => runtimeInstallArgument(run.root, PACKAGE_ROOT) ?? null);
  // The project's own entries change without the build noticing: read again on every build.
  const entries = config.generate === "all" ? projectEntrySdkMismatch(run.root, config.target, run.sources) : [];
  const diagnostics = [...run.project.diagnostics, ...unchanged.findings, ...runtime, ...projectModuleFormat(run.root, run.sources), ...entries];
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
    return decodeSource(absolute, readFileNow(absolute), config.load).value?.text;
  } catch {
    return undefined;
  }
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
