// `mcp-gen wrap --client-config FILE [--server NAME]…`: rewrites a host's config (Claude Desktop,
// Claude Code, VS Code, Cursor, Windsurf, Codex) so each server it lists starts through
// `mcp-gen proxy`, pinned to the lock `mcp-gen import --client-config FILE` wrote for it. Edits in
// place; keeps each entry's text before and after beside the config for `mcp-gen unwrap`. Exit 0
// wrapped (or nothing left to wrap), 1 nothing written (a server without a lock, or one that cannot
// be wrapped), 2 bad usage.
import { join, resolve } from "node:path";
import { homedir } from "node:os";
import { visibleLine } from "../../diff/visible-text.js";
import { readTextIfExists } from "../../files/write-files.js";
import { parseLock } from "../../lock/parse-lock.js";
import { identifyHost, type Host } from "../../wrap/host.js";
import { planWrap, type ConfigText, type ServerFacts } from "../../wrap/plan-wrap.js";
import { addToBackup, parseBackup, renderBackup, type WrapBackup } from "../../wrap/wrap-backup.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { findProjectRoot, pathsFromCommandLine } from "../project-root.js";
import { readClientServers, type PinnedServer } from "../client-servers.js";
import { backupChange, configChange, isUnchanged, withHostConfig, writeChanges, type HostConfigFile } from "../host-config-file.js";
import { EXIT, type CliIo } from "../io.js";
import { DEFAULT_SERVERS_DIR, liveRequest, plural, type LiveRequest } from "../live-args.js";
import { readProjectConfig } from "../read-config.js";
import { PACKAGE_ROOT } from "../package-files.js";

export const WRAP_HELP = `Usage: mcp-gen wrap --client-config FILE [--server NAME]... [options]

Rewrite an MCP host's config so that each server it lists starts through \`mcp-gen proxy\`, which
withholds every tool whose hash differs from the lock \`mcp-gen import --client-config FILE\` wrote
for that server. Hosts: Claude Desktop (claude_desktop_config.json), Claude Code (.mcp.json), VS Code
(.vscode/mcp.json), Cursor (mcp.json), Windsurf (mcp_config.json), Codex (config.toml). The file is
edited in place (comments, key order and other settings stay); a Streamable HTTP server becomes a
stdio entry that runs \`proxy --url\`. Running it again changes nothing; \`mcp-gen unwrap\` undoes it.

Options:
  --client-config FILE     the host's config to rewrite
  --server NAME            only this server (repeatable)
  --servers-dir DIR        the folder of the servers' folders that import wrote (default: ${DEFAULT_SERVERS_DIR})
  --cwd DIR                project root (default: the current directory)
  -h, --help               show this help

Exit status: 0 wrapped (or nothing left to wrap), 1 nothing written (a server has no lock yet, or
cannot be wrapped), 2 bad usage.
`;

export async function runWrap(argv: readonly string[], io: CliIo): Promise<number> {
  const options = { cwd: COMMON_OPTIONS.cwd, help: COMMON_OPTIONS.help, "client-config": { type: "string" }, server: { type: "string", multiple: true }, "servers-dir": { type: "string" } } as const;
  const { values: typed } = parseCommandArgs(argv, options);
  if (typed.help) {
    io.stdout(WRAP_HELP);
    return EXIT.ok;
  }
  if (typed["client-config"] === undefined) throw new UsageError("give the host's config with --client-config FILE.");
  const root = findProjectRoot(io.cwd, typed);
  // Files named on the command line are where they were typed, as import --client-config reads them.
  const values = pathsFromCommandLine(io.cwd, typed, root, ["client-config", "servers-dir"]);
  const request = liveRequest(values, root, io.env);
  if (request.kind !== "client-config") throw new UsageError("give the host's config with --client-config FILE.");
  const given = typed["client-config"];
  const importAgain = (name: string) => importCommand(typed, name);
  return withHostConfig(request.file, (file) => wrapLocked({ file, given, request, root, importAgain, io }));
}

interface WrapRun {
  /** The config, read with its lock held. */
  readonly file: HostConfigFile;
  /** The config as the command line gave it. */
  readonly given: string;
  readonly request: Extract<LiveRequest, { kind: "client-config" }>;
  readonly root: string;
  readonly importAgain: (name: string) => string;
  readonly io: CliIo;
}

async function wrapLocked({ file, given, request, root, importAgain, io }: WrapRun): Promise<number> {
  const backup = readBackup(file, given);
  const host = identifyHost(file.path, homedir());
  const servers = await readClientServers(request);
  const facts = await Promise.all(servers.map((server) => serverFacts(server, root, importAgain(server.name))));
  const config = await configText(host, file);
  const plan = planWrap({ config, servers: facts, places: { node: process.execPath, bin: join(PACKAGE_ROOT, "bin", "mcp-gen.js"), workspaceFolder: host.workspaceFolder } });
  if (!plan.ok) {
    // A reason may quote the client config (a variable an entry passes on): one line each, whatever it holds.
    io.stderr(
      `mcp-gen wrap: nothing was written; ${plural(plan.refused.length, "server")} cannot be wrapped:\n${plan.refused.map((r) => `  ${JSON.stringify(r.name)}: ${visibleLine(r.reason)}`).join("\n")}\n`,
    );
    return EXIT.problems;
  }
  const skipped = plan.skipped.map((s) => `${JSON.stringify(s.name)} is left as it is: ${s.reason}.`);
  if (plan.wrapped.length === 0) {
    io.stdout(`${[...skipped, `Nothing to wrap in ${given}.`].join("\n")}\n`);
    return EXIT.ok;
  }
  // The lock keeps other mcp-gen runs out; a host or an editor saving the file does not take it.
  if (!(await isUnchanged(file))) throw new UsageError(`${JSON.stringify(given)} changed while it was being wrapped; run mcp-gen wrap again.`);
  // The backup first: a config rewritten without one could not be put back.
  await writeChanges([backupChange(file, renderBackup(addToBackup(backup, plan.wrapped))), configChange(file, plan.text)]);
  const names = plan.wrapped.map((entry) => JSON.stringify(entry.name)).join(", ");
  io.stdout(
    `${[
      `Wrapped ${plural(plan.wrapped.length, "server")} of ${given} (${host.name}): ${names} now ${plan.wrapped.length === 1 ? "starts" : "start"} through mcp-gen proxy, pinned to ${plan.wrapped.length === 1 ? "its lock" : "their locks"} under ${request.serversDir}.`,
      ...skipped,
      ...host.notes,
      `Undo with \`mcp-gen unwrap --client-config ${quote(given)}\` (what it needs is in ${file.backupPath}).`,
    ].join("\n")}\n`,
  );
  return EXIT.ok;
}

/**
 * The backup beside the config (undefined: there is none). One this mcp-gen cannot read (a newer
 * mcp-gen's, or edited by hand) may hold the only copy of entries wrapped earlier: it is refused, as
 * unwrap refuses it, rather than replaced.
 */
function readBackup(file: HostConfigFile, given: string): WrapBackup | undefined {
  if (file.backupText === undefined) return undefined;
  const backup = parseBackup(file.backupText);
  if (backup === undefined)
    throw new UsageError(
      `${JSON.stringify(file.backupPath)} is not what mcp-gen wrap writes, and may hold the original text of entries wrapped before; put ${given} back by hand from it and remove it, then run mcp-gen wrap again.`,
    );
  return backup;
}

async function configText(host: Host, file: HostConfigFile): Promise<ConfigText> {
  if (host.format === "json") return { format: "json", text: file.text, host: host.kind };
  const { parseToml } = await import("../../live/codex-config.js");
  const parsed = parseToml(file.text);
  if (!parsed.ok) throw new UsageError(`--client-config: ${JSON.stringify(file.path)} is not a Codex config: ${parsed.message}`);
  const parse = (text: string) => {
    const again = parseToml(text);
    return again.ok ? again.doc : undefined;
  };
  return { format: "toml", text: file.text, doc: parsed.doc, parse };
}

/** What wrap needs to know about one server: its folder, and whether the lock import writes is there. */
async function serverFacts(server: PinnedServer, root: string, importAgain: string): Promise<ServerFacts> {
  const folder = resolve(root, server.folder);
  const { entry } = server;
  return {
    name: server.name,
    folder,
    disabled: entry.status === "disabled",
    unreachable: entry.status === "unusable" ? entry.reason : undefined,
    lockProblem: entry.status === "disabled" ? undefined : await lockProblem(folder, server.folder, importAgain),
  };
}

async function lockProblem(folder: string, shown: string, importAgain: string): Promise<string | undefined> {
  const project = await readProjectConfig(folder, undefined).catch(() => undefined);
  const lockPath = project?.config?.lock ?? "mcp-tools.lock.json";
  const text = await readTextIfExists(join(folder, lockPath)).catch(() => undefined);
  if (text === undefined) return `it has no lock yet (${shown}/${lockPath}); run \`${importAgain}\` first.`;
  if (parseLock(text, lockPath).value === undefined) return `its lock ${shown}/${lockPath} cannot be read; run \`${importAgain}\` again (with --force).`;
  return undefined;
}

/** The import command that writes a server's lock, with the options this run was given. */
function importCommand(values: { readonly cwd?: string | undefined; readonly "client-config"?: string | undefined; readonly "servers-dir"?: string | undefined }, name: string): string {
  const parts = ["mcp-gen import"];
  if (values.cwd !== undefined) parts.push(`--cwd ${quote(values.cwd)}`);
  parts.push(`--client-config ${quote(values["client-config"]!)}`);
  if (values["servers-dir"] !== undefined) parts.push(`--servers-dir ${quote(values["servers-dir"])}`);
  parts.push(`--server ${quote(name)}`);
  return parts.join(" ");
}

function quote(text: string): string {
  return /^[A-Za-z0-9_./@:=+-]+$/.test(text) ? text : JSON.stringify(text);
}
