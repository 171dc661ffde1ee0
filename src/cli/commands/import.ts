// `mcp-gen import --command "CMD ARGS" | --url URL | --client-config FILE`: writes one descriptor
// file per tool from a running server's tools/list, exactly as sent, a lock that pins them, and (when
// the project has none) a config that builds the typed client only, so a team can call a server
// someone else runs (`mcp-gen build`) and notice when it changes (`mcp-gen verify`). With
// --client-config, every server an MCP client's config lists, each in a folder of its own. Again
// with --update, the project mirrors the server (added, changed and removed tools) and the
// classified diff shows what changed. Never overwrites a file without --update or --force. Exit 0
// imported, 1 nothing written (a file exists or was edited, or a breaking change not accepted), 2 bad
// usage or a server that cannot be reached or answers badly.
import { dirname, join, relative, resolve, sep } from "node:path";
import { countByClass } from "../../diff/change.js";
import { formatDiffText, summarizeDiff } from "../../diff/format-diff.js";
import { visibleLine } from "../../diff/visible-text.js";
import type { LiveOptions } from "../../live/live-options.js";
import { mirrorImport, mirrorPaths, type ImportMode, type MirrorPlan } from "../../live/mirror-import.js";
import { planImport, type ImportPlan } from "../../live/plan-import.js";
import { joinPhrases, lockUpdates } from "../../live/lock-updates.js";
import { compareServer, describeRecord, serverRecord } from "../../live/server-record.js";
import { hashFileText } from "../../lock/sha256.js";
import type { LockFile, PackageValues } from "../../model/lock.js";
import { hashedInputs, readProjectConfig } from "../read-config.js";
import { parseLock } from "../../lock/parse-lock.js";
import { mayBeLock, notALock } from "../../lock/lock-text.js";
import { renderLock } from "../../lock/render-lock.js";
import { CONFIG_FILE, type Config } from "../../config/config.js";
import pkg from "../../../package.json" with { type: "json" };
import { RUNTIME_PACKAGE, RUNTIME_RANGE } from "../../emit/runtime-modules.js";
import { MCP_GEN_VERSION } from "../../model/version.js";
import { formatText } from "../../report/format-text.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { readClientServers, serverHeading, type PinnedServer } from "../client-servers.js";
import { commandLineFolder, configFromCommandLine, findProjectRoot, pathsFromCommandLine } from "../project-root.js";
import { reportPaths } from "../../report/report-paths.js";
import { runtimeInstallArgument } from "../dependency-specs.js";
import { PACKAGE_ROOT } from "../package-root.js";
import { shellWord } from "../shell-word.js";
import { EXIT, type CliIo } from "../io.js";
import { describeProblem, LIVE_HELP, LIVE_OPTIONS, liveOptions, liveRequest, withClientConfigFlag, plural, projectFolder, type LiveRequest, type LiveValues } from "../live-args.js";
import { readTextIfExists, writeFileAtomic } from "../../files/write-files.js";
import { rm } from "node:fs/promises";
import { confinePaths, realPathOrSelf } from "../confine-paths.js";
import { describeFailure, fetchTools, type ToolSource } from "../tool-source.js";
import { createInitTsconfig } from "../init-tsconfig.js";

export const IMPORT_HELP = `Usage: mcp-gen import (--command "CMD ARGS" | --url URL | --client-config FILE) [options]

Write one descriptor file per tool from a running server's tools/list (YAML, exactly what the server
sent), a lock file that pins them and, when the project has no config, one with \`generate: client\`.
Then \`mcp-gen build\` generates a typed client for the server (no server code, handlers or test
scaffolds), and \`mcp-gen verify\` tells you when the server changes a tool.

Options:
${LIVE_HELP}
  --dir DIR                folder for the descriptor files, relative to the root (default: tools)
  --lock FILE              the lock file to write, relative to the current folder or --cwd (default:
                           the config's lock)
  --update                 mirror the server the lock pins: write added and changed tools, delete the
                           descriptors of tools it dropped, and print the classified diff; refuses
                           files the lock does not record or that were edited since
  --accept-breaking        with --update: write even when the server made breaking changes
  --force                  overwrite and delete whatever is there, breaking changes included
  --cwd DIR                project root (default: the folder of --config; else the nearest folder,
                           here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE            mcp-gen's config file, relative to --cwd or the current folder
                           (default: mcp-gen.config.yaml, in the project root); without
                           --cwd, the folder that holds it is the project root
  -h, --help               show this help

Exit status: 0 imported, 1 nothing written (a file exists or was edited since the lock, or
--update found breaking changes without --accept-breaking), 2 bad usage, or a server could not be
reached or answered badly (with --client-config, the other servers are still imported).
`;

/** Rules whose findings only a server's author can act on: off in the config import writes. */
const ADVICE_FOR_THE_AUTHOR = [
  "annotations-contradiction",
  "description-length-limit",
  "description-missing",
  "input-schema-no-params",
  "schema-dialect-legacy",
  "tool-name-syntax",
  "tool-unknown-field",
];

const CONFIG_TEXT = [
  "# A client-only mcp-gen project: `mcp-gen build` generates the typed client of the server that",
  "# mcp-tools.lock.json pins (no server code, handler stubs or test scaffolds).",
  "generate: client",
  "# The descriptors are the server's, not yours: advice that only its author can act on is off. The",
  "# description rules (poisoning patterns) and every rule that guards the typed client stay on.",
  "rules:",
  ...ADVICE_FOR_THE_AUTHOR.map((rule) => `  ${rule}: off`),
  "",
].join("\n");

/** What importing one server came to, for the printers and the exit code. */
type Outcome =
  | { readonly kind: "failed"; readonly message: string }
  /** A folder or file import would write lies outside the project (output-path-unsafe), or a --file is not a tools/list answer: exit 2. */
  | { readonly kind: "unsafe"; readonly stdout: string }
  | { readonly kind: "refused"; readonly stdout: string; readonly stderr: string }
  /** `missing`: the packages the typed client imports that the nearest package.json lacks; `first`: a first import. */
  | { readonly kind: "written"; readonly stdout: string; readonly missing: Missing; readonly first: boolean };

/** Packages to install, with their ranges, and the package.json that lacks them (undefined: there is none). */
interface Missing {
  readonly packages: readonly (readonly [string, string])[];
  readonly packageJson: string | undefined;
}

interface ImportJob {
  readonly root: string;
  /** A project path as printed: from the folder the command runs in. */
  readonly display: (path: string) => string;
  readonly dir: string;
  readonly config: Config;
  /** Where to write a config with `generate: client` when the project has none (undefined: it has one). */
  readonly newConfig: string | undefined;
  readonly source: ToolSource;
  readonly options: LiveOptions;
  readonly mode: ImportMode;
  readonly acceptBreaking: boolean;
  /** One server (--command, --url, --file): print the install line and the next steps. With --client-config they are printed once, after every server. */
  readonly nextSteps: boolean;
  /** Where mcp-gen runs: paths in messages are relative to it. */
  readonly cwd: string;
  /** The environment mcp-gen runs in: a failed server's hint names the variables it lacks that are set here. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** See MirrorInput.project. */
  readonly project: { readonly configInputs: ReadonlyMap<string, string>; readonly packageJson: PackageValues };
}

export async function runImport(argv: readonly string[], io: CliIo): Promise<number> {
  const options = {
    ...COMMON_OPTIONS,
    ...LIVE_OPTIONS,
    lock: { type: "string" },
    dir: { type: "string" },
    force: { type: "boolean" },
    update: { type: "boolean" },
    "accept-breaking": { type: "boolean" },
  } as const;
  const { values: typed } = parseCommandArgs(argv, options);
  if (typed.help) {
    io.stdout(IMPORT_HELP);
    return EXIT.ok;
  }
  // An MCP client's config given as --config is --client-config, and says nothing of where the project is.
  const given = await withClientConfigFlag(typed, commandLineFolder(io.cwd, typed));
  const root = findProjectRoot(io.cwd, given);
  const values = configFromCommandLine(io.cwd, pathsFromCommandLine(io.cwd, given, root, ["client-config", "lock"]), root);
  const dir = projectFolder("dir", values.dir ?? "tools");
  if (values.force && values.update) throw new UsageError("give one of --update and --force.");
  if (values["accept-breaking"] && !values.update) throw new UsageError("--accept-breaking goes with --update (--force accepts every change).");
  const mode: ImportMode = values.force ? "force" : values.update ? "update" : "create";
  const request = liveRequest(values, root, io.env, io.cwd);
  if (request.kind === "client-config") {
    if (values.config !== undefined || values.lock !== undefined) throw new UsageError("--config and --lock name one project; with --client-config each server's folder has its own.");
    return importClientConfig(request, values, { root, cwd: io.cwd, again: againOptions(typed), dir, mode, acceptBreaking: values["accept-breaking"] === true, env: io.env }, io);
  }
  const project = await readProjectConfig(root, values.config);
  if (!project.config) {
    io.stdout(formatText(project.diagnostics, { sources: project.sources, color: false }));
    return EXIT.usage;
  }
  const newConfig = values.config === undefined && !project.sources.has(CONFIG_FILE) ? CONFIG_FILE : undefined;
  const outcome = await importServer({
    root,
    display: reportPaths({ cwd: io.cwd, root }).fromCwd,
    dir,
    config: values.lock === undefined ? project.config : { ...project.config, lock: values.lock },
    newConfig,
    source: request.kind === "file" ? request.source : { kind: "live", target: request.target },
    options: liveOptions(values, project.config),
    mode,
    acceptBreaking: values["accept-breaking"] === true,
    nextSteps: true,
    cwd: io.cwd,
    env: io.env,
    project: projectRecord(project.sources, newConfig, project.config),
  });
  switch (outcome.kind) {
    case "failed":
      io.stderr(`mcp-gen import: ${outcome.message}\n`);
      return EXIT.usage;
    case "unsafe":
      io.stdout(outcome.stdout);
      return EXIT.usage;
    case "refused":
      io.stdout(outcome.stdout);
      io.stderr(`mcp-gen import: ${outcome.stderr}\n`);
      return EXIT.problems;
    case "written":
      io.stdout(outcome.stdout);
      return EXIT.ok;
  }
}

async function importServer(job: ImportJob): Promise<Outcome> {
  const { root, config, display } = job;
  // The descriptor folder, the lock and a new config must really be in the project (a linked tools/
  // would take the server's descriptors anywhere): refused before the server is even started.
  const confined = confinePaths(realPathOrSelf(root), [
    { path: job.dir, role: "--dir", kind: "folder" },
    { path: config.lock, role: "lock", kind: "file", replaced: true },
    ...(job.newConfig === undefined ? [] : [{ path: job.newConfig, role: "config", kind: "file" as const }]),
  ]);
  if (confined.diagnostics.length > 0) return { kind: "unsafe", stdout: formatText(confined.diagnostics, { sources: new Map(), color: false }) };
  const previousText = await readTextIfExists(resolve(root, config.lock));
  const previous = previousText === undefined ? undefined : parseLock(previousText, config.lock, config.load);
  // Some other file at the lock path (the user's) is not replaced, not even with --force.
  if (previous && !previous.value && !mayBeLock(previousText!)) {
    return {
      kind: "refused",
      stdout: formatText([notALock(config.lock)], { sources: new Map([[config.lock, previousText!]]), color: false }),
      stderr: `${config.lock} is not an mcp-gen lock, so nothing was written.`,
    };
  }
  if (previous && !previous.value && job.mode === "update") {
    return {
      kind: "refused",
      stdout: formatText(previous.diagnostics, { sources: new Map([[config.lock, previousText!]]), color: false }),
      stderr: `${config.lock} cannot be read, so there is nothing to update and nothing was written; run again with --force to import afresh.`,
    };
  }
  const fetched = await fetchTools(job.source, job.options, job.env);
  if (!fetched.ok) {
    if ("problem" in fetched) return { kind: "failed", message: describeFailure(fetched) };
    return { kind: "unsafe", stdout: formatText(fetched.diagnostics, { sources: fetched.sources, color: false }) };
  }
  const live = { value: fetched.tools };
  const plan = planImport(live.value.tools, job.dir, config.load);
  if (!plan.ok) return { kind: "failed", message: describeProblem(plan.problem) };
  const lock = job.mode === "create" ? undefined : previous?.value;
  const record = serverRecord(fetched.pin, live.value.server);
  if (job.mode === "update" && lock && compareServer(lock.server, live.value.server).kind === "other") {
    return {
      kind: "refused",
      stdout: "",
      stderr: `${config.lock} pins ${describeRecord(lock.server!)}, but this server says it is ${describeRecord(record)}: another server, so nothing was written. Check the server options; to pin this server instead, run again with --force.`,
    };
  }
  const paths = mirrorPaths(plan.value, config.lock, lock);
  const disk = new Map(await Promise.all(paths.map(async (path) => [path, await readTextIfExists(resolve(root, path))] as const)));
  const mirror = mirrorImport({
    plan: plan.value,
    dir: job.dir,
    lockPath: config.lock,
    previous: lock,
    disk,
    mode: job.mode,
    version: MCP_GEN_VERSION,
    project: job.project,
    server: record,
  });
  const server = fetched.describe;
  const diffText =
    mirror.diff && mirror.diff.changes.length > 0
      ? `${formatDiffText(mirror.diff, { files: recordedFiles(lock), before: config.lock, after: "server", color: false })}\n${summarizeDiff(mirror.diff)}\n`
      : "";
  if (mirror.conflicts.length > 0) return { kind: "refused", stdout: diffText, stderr: conflictMessage(mirror, job) };
  const breaking = mirror.diff ? countByClass(mirror.diff.changes).breaking : 0;
  if (breaking > 0 && job.mode === "update" && !job.acceptBreaking) {
    return {
      kind: "refused",
      stdout: diffText,
      stderr: `the server made ${plural(breaking, "breaking change")}, so nothing was written. Review ${breaking === 1 ? "it" : "them"}, then run again with --update --accept-breaking to take ${breaking === 1 ? "it" : "them"}.`,
    };
  }
  for (const file of mirror.writes) await writeFileAtomic(resolve(root, file.path), file.contents);
  for (const path of mirror.deletes) await rm(resolve(root, path), { force: true });
  const lockText = renderLock(mirror.lock);
  const lockChanged = disk.get(config.lock) !== lockText;
  if (lockChanged) await writeFileAtomic(resolve(root, config.lock), lockText);
  if (job.newConfig !== undefined) await writeFileAtomic(resolve(root, job.newConfig), CONFIG_TEXT);
  const tsconfigs = await createInitTsconfig(root);
  const manifest = await nearestPackageJson(root);
  const missing: Missing = { packages: job.newConfig === undefined ? [] : missingDependencies(manifest?.text, CLIENT_PACKAGES), packageJson: manifest?.path };
  const head =
    mirror.diff === undefined
      ? [`Imported ${plural(plan.value.files.length, "tool")} from ${server}:`, ...plan.value.files.map((file) => `  ${display(file.path)}`)]
      : [
          `${server} lists ${plural(plan.value.files.length, "tool")}.`,
          ...(diffText === "" ? [`No tool changed since ${config.lock} was written.`] : ["", ...diffText.trimEnd().split("\n"), ""]),
          ...mirror.writes.map((file) => `Wrote ${display(file.path)}`),
          ...mirror.deletes.map((path) => `Deleted ${display(path)}`),
        ];
  const lines = [
    ...head,
    lockLine(display(config.lock), lockChanged, diffText === "" && lock !== undefined ? lockUpdates(lock, mirror.lock, descriptorPaths(plan.value, lock)) : undefined),
    ...(job.newConfig !== undefined ? [`Wrote ${display(job.newConfig)}: \`generate: client\`, so a build writes the typed client only.`] : []),
    ...(tsconfigs.length > 0 ? [`Wrote ${tsconfigs.map(display).join(" and ")}, as \`mcp-gen init\` writes them: \`npx tsc -p .\` type-checks the project.`] : []),
    ...(job.nextSteps && missing.packages.length > 0 ? [installLine("The typed client imports", missing, job.cwd, root)] : []),
    ...(config.generate === "all" && job.newConfig === undefined
      ? ["Note: the config builds a server, handler stubs and test scaffolds too; add `generate: client` to it to build only the typed client."]
      : []),
    ...mirror.kept.map((kept) => `Note: ${display(kept.path)} ${kept.reason}.`),
    ...plan.value.notes.map((note) => `Note: ${note}`),
    ...(job.nextSteps && mirror.diff === undefined
      ? ["Next: run `mcp-gen build` to generate the typed client; `mcp-gen verify` with the same server options checks the server against the lock."]
      : []),
  ];
  // One line each (the diff split into its lines), so no text the server sent can start a line of its own.
  return { kind: "written", stdout: lines.map((line) => visibleLine(line)).join("\n") + "\n", missing, first: mirror.diff === undefined };
}

/**
 * What import says of the lock: written or unchanged, and when no tool changed, what else made it
 * write the lock (`updates`), so that "No tool changed" never stands beside an unexplained "Wrote".
 */
function lockLine(lock: string, changed: boolean, updates: readonly string[] | undefined): string {
  if (!changed) return `${lock} unchanged.`;
  if (updates === undefined) return `Wrote ${lock}.`;
  return updates.length === 0 ? `Wrote ${lock}: no tool changed; it is now written as a build writes it.` : `Wrote ${lock}: no tool changed; it now records ${joinPhrases(updates)}.`;
}

/** Every descriptor path of the plan and of the previous lock. */
function descriptorPaths(plan: ImportPlan, previous: LockFile): Set<string> {
  return new Set([...plan.files.map((file) => file.path), ...Object.values(previous.tools).map((tool) => tool.file)]);
}

/**
 * What a build records of the project besides its descriptors: the hash of each config file as the
 * import leaves it (the one it writes included) and the package.json values the config takes.
 */
function projectRecord(sources: ReadonlyMap<string, string>, newConfig: string | undefined, config: Config): ImportJob["project"] {
  const configInputs = new Map([...hashedInputs(sources)].map(([path, text]) => [path, hashFileText(text)] as const));
  if (newConfig !== undefined) configInputs.set(newConfig, hashFileText(CONFIG_TEXT));
  return { configInputs, packageJson: config.packageJson };
}

/** What a client-only project (the config import writes: sdk-v2, the runtime package) imports at run time, with the versions to install. */
const CLIENT_PACKAGES: readonly (readonly [string, string])[] = [
  [RUNTIME_PACKAGE, RUNTIME_RANGE],
  ["@modelcontextprotocol/client", pkg.dependencies["@modelcontextprotocol/client"]],
];

/**
 * "The typed client imports A and B: `npm install A@1 B@2` adds them to package.json." npm installs
 * into the package.json of the folder it runs in, and reads a local path from there: when that is
 * not the current folder, the command goes there first (`cd DIR && npm install …`), and a path
 * spec is written from DIR.
 */
function installLine(what: string, missing: Missing, cwd: string, root: string): string {
  const names = missing.packages.map(([name]) => name);
  const folder = missing.packageJson === undefined ? root : dirname(missing.packageJson);
  const fromCwd = relative(cwd, folder).split(sep).join("/");
  // The runtime as mcp-gen itself was installed (a tarball, a git checkout), not always from the registry.
  const spec = ([name, range]: readonly [string, string]) => (name === RUNTIME_PACKAGE ? (runtimeInstallArgument(folder, PACKAGE_ROOT) ?? `${name}@${range}`) : `${name}@${range}`);
  const install = `npm install ${missing.packages.map((p) => shellWord(spec(p))).join(" ")}`;
  const command = fromCwd === "" ? install : `cd ${shellWord(fromCwd)} && ${install}`;
  const where = fromCwd === "" ? "package.json" : `${fromCwd}/package.json`;
  return `${what} ${names.join(" and ")}: \`${command}\` adds ${names.length === 1 ? "it" : "them"} to ${where}.`;
}

/** The package.json npm and Node would use for `dir`: the nearest one at or above it. */
async function nearestPackageJson(dir: string): Promise<{ readonly path: string; readonly text: string } | undefined> {
  for (let folder = dir; ; folder = dirname(folder)) {
    const path = join(folder, "package.json");
    const text = await readTextIfExists(path);
    if (text !== undefined) return { path, text };
    if (dirname(folder) === folder) return undefined;
  }
}

/** The packages of `wanted` that package.json (absent, or unreadable: none) does not depend on. */
function missingDependencies(packageText: string | undefined, wanted: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  let manifest: unknown;
  try {
    manifest = packageText === undefined ? undefined : JSON.parse(packageText);
  } catch {
    manifest = undefined;
  }
  const declared = (name: string) =>
    ["dependencies", "peerDependencies", "optionalDependencies"].some((key) => {
      const section = (manifest as Record<string, unknown> | undefined)?.[key];
      return section !== null && typeof section === "object" && Object.hasOwn(section, name);
    });
  return wanted.filter(([name]) => !declared(name));
}

function conflictMessage(mirror: MirrorPlan, job: ImportJob): string {
  const { conflicts } = mirror;
  const listed = conflicts.map((c) => `  ${job.display(c.path)}${c.reason === "exists" ? "" : ` (${c.reason})`}`).join("\n");
  const first = job.mode === "create";
  const hint =
    first && conflicts.some((c) => c.path === job.config.lock)
      ? `Run again with --update to mirror the server the lock pins (it shows what changed), or --force to overwrite ${conflicts.length === 1 ? "it" : "them"}.`
      : `Run again with --force to overwrite ${conflicts.length === 1 ? "it" : "them"}.`;
  const what = conflicts.every((c) => c.reason === "exists")
    ? conflicts.length === 1
      ? "this file exists"
      : "these files exist"
    : conflicts.length === 1
      ? "this file would be lost"
      : "these files would be lost";
  return `${what}, so nothing was written:\n${listed}\n${hint}`;
}

function recordedFiles(lock: { readonly tools: Readonly<Record<string, { readonly file: string }>> } | undefined): Map<string, string> {
  return new Map(lock ? Object.entries(lock.tools).map(([name, tool]) => [name, tool.file]) : []);
}

interface ClientConfigJob {
  readonly root: string;
  readonly cwd: string;
  /** The options that name the client config and its servers' folders again, as given: for the next steps. */
  readonly again: string;
  readonly dir: string;
  readonly mode: ImportMode;
  readonly acceptBreaking: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Each server in its folder; a server that misbehaves is reported and the others are still imported. */
async function importClientConfig(request: Extract<LiveRequest, { kind: "client-config" }>, values: LiveValues, job: ClientConfigJob, io: CliIo): Promise<number> {
  let failed = 0;
  let refused = 0;
  const parts: string[] = [];
  const written: Extract<Outcome, { kind: "written" }>[] = [];
  const servers = await readClientServers(request);
  const disabled = servers.filter((server) => server.entry.status === "disabled").length;
  for (const server of servers) {
    const outcome = await importPinned(server, values, job);
    if (outcome.kind === "failed" || outcome.kind === "unsafe") failed++;
    if (outcome.kind === "refused") refused++;
    if (outcome.kind === "written") written.push(outcome);
    const text = outcome.kind === "failed" ? outcome.message : outcome.kind === "refused" ? `${outcome.stdout}${outcome.stderr}` : outcome.stdout;
    parts.push(`${serverHeading(server)}:\n${text.trimEnd()}`);
  }
  const imported = servers.length - failed - refused - disabled;
  const summary = [`${imported} imported`, refused > 0 ? `${refused} left as they were` : "", failed > 0 ? `${failed} could not be imported` : "", disabled > 0 ? `${disabled} disabled` : ""]
    .filter((part) => part !== "")
    .join(", ");
  // Once for every server: the servers' folders share the package.json above them.
  const byManifest = new Map<string | undefined, Map<string, readonly [string, string]>>();
  for (const { missing } of written) {
    for (const entry of missing.packages) {
      const packages = byManifest.get(missing.packageJson) ?? new Map<string, readonly [string, string]>();
      byManifest.set(missing.packageJson, packages.set(entry[0], entry));
    }
  }
  const installs = [...byManifest].map(([packageJson, packages]) =>
    installLine("The typed clients import", { packages: [...packages.values()], packageJson }, job.cwd, packageJson === undefined ? job.cwd : dirname(packageJson)),
  );
  const next = written.some((outcome) => outcome.first)
    ? [`Next: run \`mcp-gen build ${job.again}\` to generate each server's typed client; \`mcp-gen verify ${job.again}\` checks every server against its lock.`]
    : [];
  io.stdout(`${parts.join("\n\n")}\n\n${[`${plural(servers.length, "server")}: ${summary}.`, ...installs, ...next].join("\n")}\n`);
  return failed > 0 ? EXIT.usage : refused > 0 ? EXIT.problems : EXIT.ok;
}

/** `--client-config FILE` (and --servers-dir, --cwd) as the user gave them, quoted for a shell where needed. */
function againOptions(given: LiveValues & { readonly cwd?: string | undefined; readonly config?: string | undefined }): string {
  const file = given["client-config"] ?? given.config!;
  const pairs: [string, string | undefined][] = [
    ["--client-config", file],
    ["--servers-dir", given["servers-dir"]],
    ["--cwd", given.cwd],
  ];
  return pairs.flatMap(([option, value]) => (value === undefined ? [] : [`${option} ${shellWord(value)}`])).join(" ");
}

/** A word a POSIX shell reads back as it is: plain, or in single quotes. */

async function importPinned(server: PinnedServer, values: LiveValues, job: ClientConfigJob): Promise<Outcome> {
  const { entry } = server;
  if (entry.status === "disabled") return { kind: "written", stdout: "Disabled in the client config; not imported.\n", missing: { packages: [], packageJson: undefined }, first: false };
  if (entry.status === "unusable") return { kind: "failed", message: `mcp-gen cannot reach this server: ${visibleLine(entry.reason)}` };
  const root = resolve(job.root, server.folder);
  const project = await readProjectConfig(root, undefined);
  if (!project.config) return { kind: "failed", message: `${server.folder}: ${visibleLine(project.diagnostics.map((d) => d.message).join(" "))}` };
  const newConfig = project.sources.has(CONFIG_FILE) ? undefined : CONFIG_FILE;
  return importServer({
    root,
    // Under the server's heading, which names its folder.
    display: (path) => path,
    dir: job.dir,
    config: project.config,
    newConfig,
    source: { kind: "live", target: entry.target, fromClientConfig: true },
    options: liveOptions(values, project.config),
    mode: job.mode,
    acceptBreaking: job.acceptBreaking,
    nextSteps: false,
    cwd: job.cwd,
    env: job.env,
    project: projectRecord(project.sources, newConfig, project.config),
  });
}
