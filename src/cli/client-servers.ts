// `--client-config FILE` → the servers it lists, each with the folder that pins it: one client-only
// mcp-gen project per server under --servers-dir, named after the server (safe on every file system,
// distinct up to case, and never moved by a server added beside it: serverFolderNames). Reads the file; problems with the file itself are usage errors (exit 2).
import { posix } from "node:path";
import { serverFolderNames } from "../emit/names.js";
import { readClientConfig, type ClientConfigServer } from "../live/client-config.js";
import { identifyHost } from "../wrap/host.js";
import { UsageError } from "./args.js";
import type { LiveRequest } from "./live-args.js";
import { readFileNowAsync } from "../files/read-now.js";

export interface PinnedServer {
  readonly name: string;
  /** The server's project folder, relative to the root. */
  readonly folder: string;
  readonly entry: ClientConfigServer;
}

/** The file's servers in its order (only those --server names, when given). */
export async function readClientServers(request: Extract<LiveRequest, { kind: "client-config" }>): Promise<PinnedServer[]> {
  let text: string;
  try {
    text = await readFileNowAsync(request.file, "utf8");
  } catch (e) {
    throw new UsageError(`--client-config: cannot read ${JSON.stringify(request.file)} (${(e as NodeJS.ErrnoException).code ?? "unreadable"}).`);
  }
  // Codex keeps its servers in TOML; every other host in JSON.
  const config = request.file.endsWith(".toml")
    ? (await import("../live/codex-config.js")).readCodexConfig(text, request.context)
    : readClientConfig(text, request.context, identifyHost(request.file, request.context.home).kind);
  if (!config.ok) throw new UsageError(`--client-config: ${JSON.stringify(request.file)} is not an MCP client's config: ${config.message}`);
  const names = config.servers.map((server) => server.name);
  const unknown = request.only.filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new UsageError(
      `--server ${unknown.map((name) => JSON.stringify(name)).join(", ")}: not in ${JSON.stringify(request.file)}, which lists ${names.map((name) => JSON.stringify(name)).join(", ") || "no servers"}.`,
    );
  if (names.length === 0) throw new UsageError(`--client-config: ${JSON.stringify(request.file)} lists no servers.`);
  const folders = serverFolderNames(names);
  return config.servers
    .map((entry) => ({ name: entry.name, folder: posix.join(request.serversDir, folders.get(entry.name)!), entry }))
    .filter((server) => request.only.length === 0 || request.only.includes(server.name));
}

/** `"github" (mcp-servers/github)`, the heading of one server's part of a report. */
export function serverHeading(server: PinnedServer): string {
  return `${JSON.stringify(server.name)} (${server.folder})`;
}
