// `mcp-gen unwrap --client-config FILE [--server NAME]…`: puts back the entries `mcp-gen wrap`
// rewrote, from the backup it left beside the config. When nothing else in the file changed, the file
// is again byte for byte what it was; edits made since to other servers or settings are kept. An
// entry edited since wrap is left for the user (nothing is written). Exit 0 restored (or nothing to
// restore), 1 nothing written, 2 bad usage.
import { homedir } from "node:os";
import { resolve } from "node:path";
import { identifyHost } from "../../wrap/host.js";
import { parseBackup, planUnwrap, renderBackup } from "../../wrap/wrap-backup.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { backupChange, configChange, isUnchanged, withHostConfig, writeChanges, type HostConfigFile } from "../host-config-file.js";
import { EXIT, type CliIo } from "../io.js";
import { plural } from "../live-args.js";

export const UNWRAP_HELP = `Usage: mcp-gen unwrap --client-config FILE [--server NAME]... [options]

Put back the server entries \`mcp-gen wrap\` rewrote in an MCP host's config, from what it kept
beside the config (FILE.mcp-gen-wrap.json). When nothing else in the file changed since, the file is
again byte for byte what it was before wrap; changes made since to other servers or settings stay.

Options:
  --client-config FILE     the host's config that wrap rewrote
  --server NAME            only this server (repeatable)
  --cwd DIR                the folder FILE is relative to (default: the current directory)
  -h, --help               show this help

Exit status: 0 restored (or nothing to restore), 1 nothing written (an entry was edited since wrap),
2 bad usage.
`;

export async function runUnwrap(argv: readonly string[], io: CliIo): Promise<number> {
  const options = { cwd: COMMON_OPTIONS.cwd, help: COMMON_OPTIONS.help, "client-config": { type: "string" }, server: { type: "string", multiple: true } } as const;
  const { values } = parseCommandArgs(argv, options);
  if (values.help) {
    io.stdout(UNWRAP_HELP);
    return EXIT.ok;
  }
  const given = values["client-config"];
  if (given === undefined) throw new UsageError("give the host's config with --client-config FILE.");
  return withHostConfig(resolve(io.cwd, values.cwd ?? ".", given), (file) => unwrapLocked(file, given, values.server ?? [], io));
}

async function unwrapLocked(file: HostConfigFile, given: string, only: readonly string[], io: CliIo): Promise<number> {
  if (file.backupText === undefined) {
    io.stdout(`Nothing to unwrap: mcp-gen wrap left nothing beside ${given} (${file.backupPath}).\n`);
    return EXIT.ok;
  }
  const backup = parseBackup(file.backupText);
  if (backup === undefined) throw new UsageError(`${JSON.stringify(file.backupPath)} is not what mcp-gen wrap writes; put ${given} back by hand.`);
  const unknown = only.filter((name) => !backup.entries.some((entry) => entry.name === name));
  if (unknown.length > 0) throw new UsageError(`--server ${unknown.map((name) => JSON.stringify(name)).join(", ")}: wrap did not rewrite ${unknown.length === 1 ? "it" : "them"} in ${given}.`);
  const plan = planUnwrap(file.text, backup, only, identifyHost(file.path, homedir()).kind);
  if (plan.conflicts.length > 0) {
    io.stderr(
      `mcp-gen unwrap: nothing was written; ${plan.conflicts.length === 1 ? "1 entry" : `${plan.conflicts.length} entries`} cannot be put back:\n${plan.conflicts.map((c) => `  ${JSON.stringify(c.name)}: ${c.reason}.`).join("\n")}\nEach entry's text before wrap is in ${file.backupPath} ("original"): put ${plan.conflicts.length === 1 ? "it" : "them"} back by hand, or unwrap the others with --server.\n`,
    );
    return EXIT.problems;
  }
  if (!(await isUnchanged(file))) throw new UsageError(`${JSON.stringify(given)} changed while it was being unwrapped; run mcp-gen unwrap again.`);
  // The config first: a backup that lost an entry still wrapped in the config could not put it back.
  await writeChanges([configChange(file, plan.text), backupChange(file, plan.remaining.entries.length === 0 ? undefined : renderBackup(plan.remaining))]);
  io.stdout(`Put back ${plural(plan.restored.length, "server")} of ${given}: ${plan.restored.map((name) => JSON.stringify(name)).join(", ")}.\n`);
  return EXIT.ok;
}
