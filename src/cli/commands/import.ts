// `mcp-gen import --command "CMD ARGS" | --url URL | --client-config FILE`: writes one descriptor
// file per tool from a running server's tools/list, exactly as sent, a lock that pins them, and (when
// the project has none) a config that builds the typed client only, so a team can call a server
// someone else runs (`mcp-gen build`) and notice when it changes (`mcp-gen verify`). With
// --client-config, every server an MCP client's config lists, each in a folder of its own. Again
// with --update, the project mirrors the server (added, changed and removed tools) and the
// classified diff shows what changed. Never overwrites a file without --update or --force. Exit 0
// imported, 1 nothing written (a file exists or was edited, or a breaking change not accepted), 2 bad
// usage or a server that cannot be reached or answers badly.
import { resolve } from "node:path";
import { countByClass } from "../../diff/change.js";
import { formatDiffText, summarizeDiff } from "../../diff/format-diff.js";
import { visibleText } from "../../diff/visible-text.js";
import type { LiveTarget } from "../../live/live-connection.js";
import type { LiveOptions } from "../../live/live-options.js";
import { mirrorImport, mirrorPaths, type ImportMode, type MirrorPlan } from "../../live/mirror-import.js";
import { planImport } from "../../live/plan-import.js";
import { parseLock } from "../../lock/parse-lock.js";
import { renderLock } from "../../lock/render-lock.js";
import { CONFIG_FILE, type Config } from "../../config/config.js";
import pkg from "../../../package.json" with { type: "json" };
import { RUNTIME_PACKAGE, RUNTIME_RANGE } from "../../emit/runtime-modules.js";
import { MCP_GEN_VERSION } from "../../model/version.js";
import { formatText } from "../../report/format-text.js";
import { COMMON_OPTIONS, parseCommandArgs, projectRoot, UsageError } from "../args.js";
import { readClientServers, serverHeading, type PinnedServer } from "../client-servers.js";
import { EXIT, type CliIo } from "../io.js";
import {
  describeProblem,
  describeServer,
  LIVE_HELP,
  LIVE_OPTIONS,
  liveOptions,
  liveRequest,
  loadLive,
  withClientConfigFlag,
  plural,
  projectFolder,
  readServerConfig,
  type LiveRequest,
  type LiveValues,
} from "../live-args.js";
import { readTextIfExists, writeFileAtomic } from "../../files/write-files.js";
import { rm } from "node:fs/promises";
import { confinePaths, realPathOrSelf } from "../confine-paths.js";
import { createInitTsconfig } from "../init-tsconfig.js";

export const IMPORT_HELP = `Usage: mcp-gen import (--command "CMD ARGS" | --url URL | --client-config FILE) [options]

Write one descriptor file per tool from a running server's tools/list (YAML, exactly what the server
sent), a lock file that pins them and, when the project has no config, one with \`generate: client\`.
Then \`mcp-gen build\` generates a typed client for the server (no server code, handlers or test
scaffolds), and \`mcp-gen verify\` tells you when the server changes a tool.

Options:
${LIVE_HELP}
  --dir DIR                folder for the descriptor files, relative to the root (default: tools)
  --update                 mirror the server the lock pins: write added and changed tools, delete the
                           descriptors of tools it dropped, and print the classified diff; refuses
                           files the lock does not record or that were edited since
  --accept-breaking        with --update: write even when the server made breaking changes
  --force                  overwrite and delete whatever is there, breaking changes included
  --cwd DIR                project root (default: the current directory)
  --config FILE            mcp-gen's config file, relative to the root (default: mcp-gen.config.yaml)
  -h, --help               show this help

Exit status: 0 imported, 1 nothing written (a file exists or was edited since the lock, or
--update found breaking changes without --accept-breaking), 2 bad usage, or a server could not be
reached or answered badly (with --client-config, the other servers are still imported).
`;

/** Rules whose findings only a server's author can act on: off in the config import writes. */
const ADVICE_FOR_THE_AUTHOR = ["description-length-limit", "description-missing", "input-schema-no-params", "schema-dialect-legacy", "tool-name-syntax", "tool-unknown-field"];

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
  /** A folder or file import would write lies outside the project (output-path-unsafe): exit 2. */
  | { readonly kind: "unsafe"; readonly stdout: string }
  | { readonly kind: "refused"; readonly stdout: string; readonly stderr: string }
  | { readonly kind: "written"; readonly stdout: string };

interface ImportJob {
  readonly root: string;
  readonly dir: string;
  readonly config: Config;
  /** Where to write a config with `generate: client` when the project has none (undefined: it has one). */
  readonly newConfig: string | undefined;
  readonly target: LiveTarget;
  readonly options: LiveOptions;
  readonly mode: ImportMode;
  readonly acceptBreaking: boolean;
  /** How a suggested command names this server again: the same options. */
  readonly again: string;
}

export async function runImport(argv: readonly string[], io: CliIo): Promise<number> {
  const options = { ...COMMON_OPTIONS, ...LIVE_OPTIONS, dir: { type: "string" }, force: { type: "boolean" }, update: { type: "boolean" }, "accept-breaking": { type: "boolean" } } as const;
  const { values: given } = parseCommandArgs(argv, options);
  if (given.help) {
    io.stdout(IMPORT_HELP);
    return EXIT.ok;
  }
  const root = projectRoot(io.cwd, given.cwd);
  const values = await withClientConfigFlag(given, root);
  const dir = projectFolder("dir", values.dir ?? "tools");
  if (values.force && values.update) throw new UsageError("give one of --update and --force.");
  if (values["accept-breaking"] && !values.update) throw new UsageError("--accept-breaking goes with --update (--force accepts every change).");
  const mode: ImportMode = values.force ? "force" : values.update ? "update" : "create";
  const request = liveRequest(values, root, io.env);
  if (request.kind === "client-config") {
    if (values.config !== undefined) throw new UsageError("--config names one project; with --client-config each server's folder has its own.");
    return importClientConfig(request, values, { root, dir, mode, acceptBreaking: values["accept-breaking"] === true }, io);
  }
  const project = await readServerConfig(root, values.config);
  if (!project.config) {
    io.stdout(formatText(project.diagnostics, { sources: project.sources, color: false }));
    return EXIT.usage;
  }
  const newConfig = values.config === undefined && !project.sources.has(CONFIG_FILE) ? CONFIG_FILE : undefined;
  const outcome = await importServer({
    root,
    dir,
    config: project.config,
    newConfig,
    target: request.target,
    options: liveOptions(values, project.config),
    mode,
    acceptBreaking: values["accept-breaking"] === true,
    again: "with the same server options",
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
  const { root, config } = job;
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
  if (previous && !previous.value && job.mode === "update") {
    return {
      kind: "refused",
      stdout: formatText(previous.diagnostics, { sources: new Map([[config.lock, previousText!]]), color: false }),
      stderr: `${config.lock} cannot be read, so there is nothing to update and nothing was written; run again with --force to import afresh.`,
    };
  }
  const live = await (await loadLive()).fetchLiveTools(job.target, job.options);
  if (!live.ok) return { kind: "failed", message: describeProblem(live.problem) };
  const plan = planImport(live.value.tools, job.dir, config.load);
  if (!plan.ok) return { kind: "failed", message: describeProblem(plan.problem) };
  const lock = job.mode === "create" ? undefined : previous?.value;
  const paths = mirrorPaths(plan.value, config.lock, lock);
  const disk = new Map(await Promise.all(paths.map(async (path) => [path, await readTextIfExists(resolve(root, path))] as const)));
  const mirror = mirrorImport({ plan: plan.value, dir: job.dir, lockPath: config.lock, previous: lock, disk, mode: job.mode, version: MCP_GEN_VERSION });
  const server = describeServer(live.value);
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
  const missing = job.newConfig === undefined ? [] : missingDependencies(await readTextIfExists(resolve(root, "package.json")), CLIENT_PACKAGES);
  const head =
    mirror.diff === undefined
      ? [`Imported ${plural(plan.value.files.length, "tool")} from ${server}:`, ...plan.value.files.map((file) => `  ${file.path}`)]
      : [
          `${server} lists ${plural(plan.value.files.length, "tool")}.`,
          ...(diffText === "" ? [`No tool changed since ${config.lock} was written.`] : ["", diffText.trimEnd(), ""]),
          ...mirror.writes.map((file) => `Wrote ${file.path}`),
          ...mirror.deletes.map((path) => `Deleted ${path}`),
        ];
  const lines = [
    ...head,
    lockChanged ? `Wrote ${config.lock}.` : `${config.lock} unchanged.`,
    ...(job.newConfig !== undefined ? [`Wrote ${job.newConfig}: \`generate: client\`, so a build writes the typed client only.`] : []),
    ...(tsconfigs.length > 0 ? [`Wrote ${tsconfigs.join(" and ")}, as \`mcp-gen init\` writes them: \`npx tsc -p .\` type-checks the project.`] : []),
    ...(missing.length > 0
      ? [
          `The typed client imports ${missing.map(([name]) => name).join(" and ")}: \`npm install ${missing.map(([name, range]) => `${name}@${range}`).join(" ")}\` adds ${missing.length === 1 ? "it" : "them"} to package.json.`,
        ]
      : []),
    ...(config.generate === "all" && job.newConfig === undefined
      ? ["Note: the config builds a server, handler stubs and test scaffolds too; add `generate: client` to it to build only the typed client."]
      : []),
    ...mirror.kept.map((kept) => `Note: ${kept.path} ${kept.reason}.`),
    ...plan.value.notes.map((note) => `Note: ${note}`),
    ...(mirror.diff === undefined ? [`Next: run \`mcp-gen build\` to generate the typed client; \`mcp-gen verify\` ${job.again} checks the server against the lock.`] : []),
  ];
  return { kind: "written", stdout: lines.map((line) => visibleText(line)).join("\n") + "\n" };
}

/** What a client-only project (the config import writes: sdk-v2, the runtime package) imports at run time, with the versions to install. */
const CLIENT_PACKAGES: readonly (readonly [string, string])[] = [
  [RUNTIME_PACKAGE, RUNTIME_RANGE],
  ["@modelcontextprotocol/client", pkg.dependencies["@modelcontextprotocol/client"]],
];

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
  const listed = conflicts.map((c) => `  ${c.path}${c.reason === "exists" ? "" : ` (${c.reason})`}`).join("\n");
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
  readonly dir: string;
  readonly mode: ImportMode;
  readonly acceptBreaking: boolean;
}

/** Each server in its folder; a server that misbehaves is reported and the others are still imported. */
async function importClientConfig(request: Extract<LiveRequest, { kind: "client-config" }>, values: LiveValues, job: ClientConfigJob, io: CliIo): Promise<number> {
  let failed = 0;
  let refused = 0;
  const parts: string[] = [];
  const servers = await readClientServers(request);
  const disabled = servers.filter((server) => server.entry.status === "disabled").length;
  for (const server of servers) {
    const outcome = await importPinned(server, values, job);
    if (outcome.kind === "failed" || outcome.kind === "unsafe") failed++;
    if (outcome.kind === "refused") refused++;
    const text = outcome.kind === "failed" ? outcome.message : outcome.kind === "refused" ? `${outcome.stdout}${outcome.stderr}` : outcome.stdout;
    parts.push(`${serverHeading(server)}:\n${text.trimEnd()}`);
  }
  const imported = servers.length - failed - refused - disabled;
  const summary = [`${imported} imported`, refused > 0 ? `${refused} left as they were` : "", failed > 0 ? `${failed} could not be imported` : "", disabled > 0 ? `${disabled} disabled` : ""]
    .filter((part) => part !== "")
    .join(", ");
  io.stdout(`${parts.join("\n\n")}\n\n${plural(servers.length, "server")}: ${summary}.\n`);
  return failed > 0 ? EXIT.usage : refused > 0 ? EXIT.problems : EXIT.ok;
}

async function importPinned(server: PinnedServer, values: LiveValues, job: ClientConfigJob): Promise<Outcome> {
  const { entry } = server;
  if (entry.status === "disabled") return { kind: "written", stdout: "Disabled in the client config; not imported.\n" };
  if (entry.status === "unusable") return { kind: "failed", message: `mcp-gen cannot reach this server: ${entry.reason}` };
  const root = resolve(job.root, server.folder);
  const project = await readServerConfig(root, undefined);
  if (!project.config) return { kind: "failed", message: `${server.folder}: ${project.diagnostics.map((d) => d.message).join(" ")}` };
  const newConfig = project.sources.has(CONFIG_FILE) ? undefined : CONFIG_FILE;
  return importServer({
    root,
    dir: job.dir,
    config: project.config,
    newConfig,
    target: entry.target,
    options: liveOptions(values, project.config),
    mode: job.mode,
    acceptBreaking: job.acceptBreaking,
    again: `--client-config --server ${JSON.stringify(server.name)}`,
  });
}
