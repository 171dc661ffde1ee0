// `mcp-gen check`: for CI. Recomputes the build in memory and compares it with the committed lock and
// the generated files on disk; writes nothing. Exit 0 up to date, 1 drift (each tool added, removed
// or changed, with the part, and each generated file missing, stale, edited or left over), 2 bad
// usage or config. When every input still hashes as the lock records, the lock was written by this
// mcp-gen, and every generated file hashes as recorded, nothing is generated: reading and hashing is
// the whole cost. That fast path trusts the lock; --full recomputes even then, so that a lock or
// generated file edited together with its recorded hash is still caught. A full check also reports
// the rules' warnings (and, under --fail-on info, their notes), as validate does, so that --fail-on
// warning or --max-warnings fails on a description that was built and locked with a warning (a
// poisoning pattern, say); a policy that counts warnings therefore always takes the full path.
import { realpathSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config/config.js";
import { loadDocument } from "../../load/load-document.js";
import { hashFileText } from "../../lock/sha256.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { SourceDoc } from "../../model/source.js";
import { COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { buildCachePath } from "../../incremental/build-cache.js";
import { StatIndex, statIndexPath } from "../../incremental/stat-index.js";
import { hashedFiles, vouchedFiles, type UnchangedFiles } from "../vouched-files.js";
import { listFolderFiles } from "../../files/list-folder-files.js";
import { confineProjectPaths } from "../confine-paths.js";
import { listScaffoldFolders, scaffoldsInTheWay, type ScaffoldFolders } from "../scaffolds-in-the-way.js";
import { findDescriptors, searchDescriptors } from "../find-descriptors.js";
import { refuseReportsOverProject } from "../report-files.js";
import { toolsNotFound } from "../tools-not-found.js";
import { hashedInputs, PACKAGE_JSON, readProjectConfig } from "../read-config.js";
import { COMPARING_FORMATS, failsPolicy, REPORT_OPTIONS, reportHelp, reportSetup, writeReport, type FailPolicy, type ReportContent, type ReportSetup } from "../report.js";
import { configFromCommandLine } from "../project-root.js";
import { readTextSyncIfExists } from "../../files/write-files.js";
import { findInstalledRuntime, readTail, runtimeSkew } from "../runtime-skew.js";
import { runtimeInstallArgument } from "../dependency-specs.js";
import { PACKAGE_ROOT } from "../package-root.js";
import { installedFrom, sdkDependencyFindings } from "../sdk-dependencies.js";
import { detectPackageManager } from "../package-manager.js";

export const CHECK_HELP = `Usage: mcp-gen check [options]

For CI: recompute the build in memory and compare it with the committed lock file and the generated
files. Writes nothing in the project. Fails on any drift, with one finding per cause: each tool
added, removed, renamed or changed (naming the parts that changed, with the generated files it
makes out of date), each input or package.json value changed, each generated file edited by hand,
each folder where a build would create a handler stub or test scaffold (their contents are yours,
never compared); and, when the generated code imports @mcp-gen/runtime, a project that does not
depend on it or has a version installed outside the range the code was generated for. A full check
also reports the rules' warnings on the descriptors, as validate does (and their notes under
--fail-on info); they fail it only under --fail-on warning or info, or --max-warnings.

Options:
  --cwd DIR                project root (default: the folder of --config; else the nearest folder,
                           here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE            config file, relative to --cwd or the current folder
                           (default: mcp-gen.config.yaml, in the project root); without
                           --cwd, the folder that holds it is the project root
${reportHelp(COMPARING_FORMATS, "error")}
                           (markdown: a short report for a pull request or $GITHUB_STEP_SUMMARY)
  --full                   always recompute the whole build in memory. Without it, when every input
                           file, the lock's mcp-gen version and every generated file still hash as the
                           lock records, check trusts the lock and generates nothing; use --full where
                           the lock itself may have been edited (pull requests from others).
                           --fail-on warning or info, or --max-warnings, imply --full: the rules
                           must run
  -h, --help               show this help

Exit status: 0 up to date, 1 drift or errors found, 2 bad usage or config.
`;

export async function runCheck(argv: readonly string[], io: CliIo): Promise<number> {
  const { values: given } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...REPORT_OPTIONS, full: { type: "boolean" } });
  if (given.help) {
    io.stdout(CHECK_HELP);
    return EXIT.ok;
  }
  const setup = reportSetup("check", given, io, COMPARING_FORMATS, "error");
  const { root } = setup;
  const values = configFromCommandLine(io.cwd, given, root);
  const print = (diagnostics: readonly Diagnostic[], content: ReportContent) => writeReport(io, setup, diagnostics, content);
  const realRoot = realRootOf(root);
  const cachePath = buildCachePath(realRoot);
  // The fast path runs no rule: a policy that counts the rules' warnings needs them to run.
  const full = values.full === true || countsWarnings(setup.policy);
  const index = full ? StatIndex.empty() : StatIndex.read(statIndexPath(cachePath));
  // Rule settings play no part in the fast path; they are read (every rule loaded) only when the
  // config sets some, to check them, and in full by the slow path.
  const project = await readProjectConfig(root, values.config, "configured", index);
  if (!project.config) {
    await print(project.diagnostics, { sources: project.sources });
    return EXIT.usage;
  }
  // What a build would refuse to write, check refuses to compare: a generated folder that is a
  // link, or that links lead out of the project, is not what the lock describes.
  const confined = confineProjectPaths(realRoot, project.config);
  if (confined.diagnostics.length > 0) {
    await print(confined.diagnostics, { sources: project.sources });
    return EXIT.usage;
  }
  const config = project.config;
  await refuseReportsOverProject(setup.files, { root, lock: config.lock, out: config.out, handlers: config.handlers, tests: config.tests, descriptors: () => findDescriptors(root, config, index) });
  const outFolder = confined.real.get(project.config.out)!;
  // The config's warnings (a package.json that is no JSON) go with the packages' findings: both are
  // about the project as it is now, whichever way check compares.
  const packages = runtimeFindings(root, project.config);
  const runtime = withConfigFindings(project, packages);
  // Scaffolds' contents are the user's, never compared; but a folder where one goes stops a build.
  const { folders } = project.config.generate === "all" ? listScaffoldFolders(root, [project.config.handlers, project.config.tests]) : NO_SCAFFOLD_FOLDERS;
  const fresh = full ? undefined : await checkFast(root, project.config, project.sources, index, cachePath, outFolder);
  // The stat index is mcp-gen's cache, not a project file: check writes nothing in the project.
  if (!full) await index.save(statIndexPath(cachePath));
  // Up to date, the lock names the project's tools; a lock that no longer parses is looked at closer.
  const locked = fresh && folders.size > 0 ? await lockedToolNames(root, project.config.lock) : [];
  if (fresh && locked) {
    const inTheWay = scaffoldsInTheWay(locked, folders, project.config);
    const diagnostics = [...inTheWay, ...runtime.diagnostics];
    if (diagnostics.length === 0) {
      const line = upToDate(fresh.tools, fresh.generated.length, setup.paths.fromCwd(project.config.lock));
      const headline = upToDate(fresh.tools, fresh.generated.length, setup.paths.fromRepo(project.config.lock)).trim();
      await print([], { text: () => line, markdown: { passed: true, headline } });
      return EXIT.ok;
    }
    const failed = failsPolicy(diagnostics, setup.policy);
    const headline =
      inTheWay.length > 0
        ? "The generated files are up to date, but a folder stands where a build creates a handler stub or test scaffold."
        : packages.diagnostics.length > 0
          ? "The generated files are up to date, but the packages they import (the runtime, the SDK) are not what they need."
          : "The generated files are up to date, but the project's configuration has findings.";
    await print(diagnostics, { sources: new Map([...project.sources, ...runtime.sources]), markdown: { passed: !failed, headline } });
    return failed ? EXIT.problems : EXIT.ok;
  }
  return checkFully(root, values.config, setup, print, { outFolder, scaffoldFolders: folders, cachePath }, runtime, io.env);
}

const NO_SCAFFOLD_FOLDERS: ScaffoldFolders = { files: new Set(), folders: new Set() };

/** Whether `policy` can fail on a warning or a note, which only the rules (the full path) find. */
function countsWarnings(policy: FailPolicy): boolean {
  return policy.failOn === "warning" || policy.failOn === "info" || policy.maxWarnings !== undefined;
}

/** The names of the tools the lock at `lockPath` records; undefined when it does not parse. */
async function lockedToolNames(root: string, lockPath: string): Promise<string[] | undefined> {
  const text = readTextSyncIfExists(join(root, lockPath));
  const { parseTrustedShape } = await import("../../lock/parse-lock.js");
  const lock = text === undefined ? undefined : parseTrustedShape(text);
  return lock && Object.keys(lock.tools);
}

interface RuntimeFindings {
  readonly diagnostics: readonly Diagnostic[];
  /** The texts they point into, for excerpts. */
  readonly sources: ReadonlyMap<string, string>;
}

/** `runtime` with the findings of the config's reading in front, and the texts they point into. */
function withConfigFindings(project: { readonly diagnostics: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> }, runtime: RuntimeFindings): RuntimeFindings {
  if (project.diagnostics.length === 0) return runtime;
  return { diagnostics: [...project.diagnostics, ...runtime.diagnostics], sources: new Map([...project.sources, ...runtime.sources]) };
}

/** The SDK packages an installed project lacks (sdk-dependencies.ts), and runtime-skew.ts's findings. */
function runtimeFindings(root: string, config: Config): RuntimeFindings {
  const packageText = readTextSyncIfExists(join(root, PACKAGE_JSON));
  const sdk = sdkDependencyFindings(config, packageText, installedFrom(root, config.out), () => detectPackageManager(root));
  const runtime = runtimeSkewFindings(root, config, packageText);
  if (sdk.length === 0) return runtime;
  return { diagnostics: [...sdk, ...runtime.diagnostics], sources: new Map([...runtime.sources, [PACKAGE_JSON, packageText!]]) };
}

/** runtime-skew.ts's findings, from package.json, the generated tools.ts and the installed runtime. */
function runtimeSkewFindings(root: string, config: Config, packageText: string | undefined): RuntimeFindings {
  if (config.runtime !== "package") return { diagnostics: [], sources: new Map() };
  const toolsPath = `${config.out}/tools.ts`;
  const installed = findInstalledRuntime(root, config.out);
  // The range is at the end of tools.ts; the whole file is read only to show a finding in it.
  if (runtimeSkew({ config, packageText, toolsText: readTail(join(root, toolsPath)), installed }).length === 0) return { diagnostics: [], sources: new Map() };
  const toolsText = readTextSyncIfExists(join(root, toolsPath));
  const diagnostics = runtimeSkew({ config, packageText, toolsText, installed, installArgument: runtimeInstallArgument(root, PACKAGE_ROOT) ?? null, manager: detectPackageManager(root) });
  const sources = new Map<string, string>();
  if (packageText !== undefined) sources.set(PACKAGE_JSON, packageText);
  if (toolsText !== undefined) sources.set(toolsPath, toolsText);
  return { diagnostics, sources };
}

/** The slow path: analyze, build in memory, compare every tool and file. */
async function checkFully(
  root: string,
  configPath: string | undefined,
  setup: ReportSetup,
  print: (d: readonly Diagnostic[], content: ReportContent) => Promise<void>,
  found: { readonly outFolder: string; readonly scaffoldFolders: ReadonlySet<string>; readonly cachePath: string | undefined },
  runtime: RuntimeFindings,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  // Loaded here, not at the top: the fast path never needs the analyzer or the code generator.
  // (The loader is not among them: the fast path reads package.json with it, in runtime-skew.ts.)
  const [
    { readProject },
    { onAnalysisThreads },
    { buildProject },
    { readRuntimeSources, readTemplates },
    { parseLock },
    { describeDrift },
    { diffTools },
    { withPatternVerdicts },
    { requiredScaffolds },
  ] = await Promise.all([
    import("../read-project.js"),
    import("../analysis-threads.js"),
    import("../../project/build-project.js"),
    import("../package-files.js"),
    import("../../lock/parse-lock.js"),
    import("../../lock/describe-drift.js"),
    import("../../diff/diff-tools.js"),
    import("../../pattern-check/certify-patterns.js"),
    import("../../incremental/unchanged-build.js"),
  ]);
  const { outFolder } = found;
  const read = await readProject({ root, configPath });
  if (!read.ok) {
    await print(read.diagnostics, { sources: read.sources });
    return EXIT.usage;
  }
  const { config } = read.input;
  const lockText = readTextSyncIfExists(join(root, config.lock));
  // No tool, no lock and no generated file: nothing to compare, as build finds nothing to write
  // (lock-missing here would ask for a build that writes nothing).
  if (read.input.descriptors.length === 0 && lockText === undefined && listFiles(outFolder, config.out).length === 0) {
    const none = toolsNotFound(config, configPath, read.sources);
    // Not a project at all (a monorepo's root, say): what its package.json depends on is no concern of mcp-gen's.
    const nothing = none.ruleId === "project-not-found" ? [none] : [none, ...runtime.diagnostics];
    const failed = failsPolicy(nothing, setup.policy);
    await print(nothing, { sources: read.sources, markdown: { passed: !failed, headline: "No descriptor, no lock: there is nothing to check." } });
    return failed ? EXIT.problems : EXIT.ok;
  }
  const parsed = lockText === undefined ? undefined : parseLock(lockText, config.lock, config.load);
  const sources = new Map(read.sources);
  if (lockText !== undefined) sources.set(config.lock, lockText);
  const inputs = new Map([...hashedInputs(read.sources)].map(([path, text]) => [path, hashFileText(text)]));
  // Schemas and types on the build's threads; nothing is built from descriptors or a lock with errors.
  const checked = await onAnalysisThreads(await withPatternVerdicts(read.input, root), env, async (analysis, threads) => {
    if (analysis.diagnostics.some((d) => d.severity === "error") || (parsed && !parsed.value)) return { analysis };
    const built = await buildProject({
      tools: analysis.tools,
      config,
      templates: await readTemplates(),
      runtime: await readRuntimeSources(),
      schemas: analysis.schemas,
      memo: analysis.memo,
      inputs,
      compileTypes: threads.compileTypes,
      // Scaffolds are the user's files, never compared: none is rendered.
      existingScaffolds: new Set(
        requiredScaffolds(
          analysis.tools.map((tool) => String(tool.wire.name)),
          config.handlers,
          config.tests,
          analysis.memo,
        ),
      ),
    });
    return { analysis, built };
  });
  const { analysis, built } = checked;
  if (!built) {
    const found = [...analysis.diagnostics, ...(parsed?.diagnostics ?? [])];
    await print(found, { sources, markdown: { passed: false, headline: "The descriptors or the lock have errors; nothing was compared." } });
    return EXIT.problems;
  }
  const { emit, lock } = built;
  const outFiles = listFiles(outFolder, config.out);
  const disk = new Map<string, string>();
  for (const path of new Set([...emit.generated.map((f) => f.path), ...outFiles])) {
    const text = readTextSyncIfExists(join(root, path));
    if (text !== undefined) disk.set(path, text);
  }
  const packageText = read.sources.get(PACKAGE_JSON);
  const drift = describeDrift({
    lockPath: config.lock,
    committed: parsed?.value,
    committedText: lockText,
    lockDoc: lockText === undefined ? undefined : lockDocument(lockText, config),
    current: lock,
    tools: analysis.tools,
    docs: analysis.docs,
    generated: emit.generated,
    disk,
    outFiles,
    out: config.out,
    packageDoc: packageText === undefined ? undefined : loadDocument({ path: PACKAGE_JSON, text: packageText }).value,
    writtenBefore: await newestBuildFiles(found.cachePath, lockText),
  });
  const names = analysis.tools.map((tool) => String(tool.wire.name));
  const disagreements = [...drift, ...scaffoldsInTheWay(names, found.scaffoldFolders, config, analysis.memo), ...runtime.diagnostics];
  // No error here (nothing is built from descriptors with errors): the rules' warnings, and their
  // notes only where the policy fails on them (a note is advice, not a CI finding).
  // The config's own warnings are among the analysis's too, and already in `runtime`.
  const reported = new Set(runtime.diagnostics.map(findingKey));
  const ruleFindings = analysis.diagnostics.filter((d) => (d.severity === "warning" || setup.policy.failOn === "info") && !reported.has(findingKey(d)));
  const diagnostics = [...ruleFindings, ...disagreements];
  for (const [path, text] of [...runtime.sources, ...disk]) sources.set(path, text);
  const failed = failsPolicy(diagnostics, setup.policy);
  // The text names the lock from the current folder, the Markdown from the repository's root (report-paths.ts).
  const agreed = disagreements.length === 0 ? upToDate(analysis.tools.length, emit.generated.length, setup.paths.fromCwd(config.lock)) : undefined;
  const agreedFromRepo = disagreements.length === 0 ? upToDate(analysis.tools.length, emit.generated.length, setup.paths.fromRepo(config.lock)) : undefined;
  const summary = diagnostics.length === 0 ? agreed : undefined;
  const committed = new Map(Object.entries(parsed?.value?.tools ?? {}).map(([name, tool]) => [name, tool.descriptor]));
  const changes = diffTools(committed, new Map(analysis.tools.map((tool) => [String(tool.wire.name), tool.wire])));
  await print(diagnostics, {
    sources,
    // Up to date with the rules' warnings: the findings, then the line that says so.
    ...(summary ? { text: () => summary } : agreed ? { textTrailer: agreed } : {}),
    markdown: {
      passed: !failed,
      headline: (summary ? agreedFromRepo?.trim() : undefined) ?? headlineOf(disagreements.length, ruleFindings.length),
      changes,
      toolFiles: new Map(analysis.tools.map((tool) => [String(tool.wire.name), tool.file])),
      before: config.lock,
      after: "descriptors",
    },
  });
  return failed ? EXIT.problems : EXIT.ok;
}

/**
 * The fast path: true (with counts) when every input file still hashes as the lock records, no new
 * descriptor file appeared, this mcp-gen wrote the lock, and every generated file is on disk as
 * recorded with nothing else beside it. Anything else (including any read error) means "look closer".
 * First from the stat index's first line alone (checkVouched: one stat per file, nothing parsed but
 * that line); when a stat differs from it, by each file's recorded hash (checkHashes).
 */
async function checkFast(
  root: string,
  config: Config,
  configSources: ReadonlyMap<string, string>,
  index: StatIndex,
  cachePath: string | undefined,
  outFolder: string,
): Promise<UnchangedFiles | undefined> {
  const { files: descriptors, caseMismatched } = await searchDescriptors(root, config, index);
  // A file a glob misses by the case of its extension is reported by the full path alone.
  if (caseMismatched.length > 0) return undefined;
  const outFiles = listFiles(outFolder, config.out);
  const project = { root, config, configSources, descriptors, outFiles };
  return vouchedFiles(project, index.vouchedLock()) ?? (await hashedFiles(project, index, cachePath));
}

/**
 * The newest build's record of the files it wrote (its lock, kept beside the build cache), when the
 * committed lock is another: the descriptors and the lock put back by git while the generated folder
 * stayed as that build wrote it, which is out of date, not edited by hand (describeDrift).
 */
async function newestBuildFiles(cachePath: string | undefined, lockText: string | undefined): Promise<Readonly<Record<string, string>>[]> {
  const [{ readBuildCache }, { readLastLock }, { parseVouchedLock }] = await Promise.all([
    import("../../incremental/build-cache.js"),
    import("../../incremental/last-output.js"),
    import("../../lock/parse-lock.js"),
  ]);
  const current = readBuildCache(cachePath);
  const text = current === undefined ? undefined : readLastLock(cachePath, current.lock)?.toString("utf8");
  if (text === undefined || text === lockText) return [];
  const files = parseVouchedLock(text)?.files;
  return files ? [files] : [];
}

function realRootOf(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

/**
 * Every file in the generated folder, as project paths (`out/...`, forward slashes, sorted), listed
 * from its real path `outFolder`: a folder above it may be a link inside the project, which a
 * listing from the root would not follow (confineProjectPaths refused any link below it).
 */
function listFiles(outFolder: string, out: string): string[] {
  return listFolderFiles(outFolder).map((p) => `${out}/${p}`);
}

function lockDocument(text: string, config: Config): SourceDoc | undefined {
  return loadDocument({ path: config.lock, text }, { ...config.load, maxDepth: config.load.maxDepth + 4, maxNodes: Number.MAX_SAFE_INTEGER }).value;
}

function findingKey(d: Diagnostic): string {
  return JSON.stringify([d.ruleId, d.file, d.line, d.column, d.message]);
}

function headlineOf(disagreements: number, ruleFindings: number): string {
  const rules = `${ruleFindings} finding${ruleFindings === 1 ? "" : "s"} of the rules on the descriptors`;
  if (disagreements === 0) return `The lock, the descriptors and the generated files agree; ${rules}.`;
  const drift = `${disagreements} finding${disagreements === 1 ? "" : "s"}: the lock, the descriptors and the generated files do not agree`;
  return ruleFindings === 0 ? `${drift}.` : `${drift}; and ${rules}.`;
}

/** The line of a check that found nothing; `lock` as the reader names it (ReportPaths). */
function upToDate(tools: number, files: number, lock: string): string {
  return `Up to date: ${tools} tool${tools === 1 ? "" : "s"} and ${files} generated file${files === 1 ? "" : "s"} match ${lock}.\n`;
}
