// The options verify and import share: how to reach one server (--command or --url, with --env and
// --header), or every server of an MCP client's config (--client-config), the limits of the
// exchange and the clientInfo mcp-gen sends. Usage mistakes throw UsageError (exit 2).
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, posix, relative, resolve, sep } from "node:path";
import type { Config } from "../config/config.js";
import { cutText } from "../diff/cut-text.js";
import { visibleLine } from "../diff/visible-text.js";
import type { LiveTools } from "../live/fetch-live-tools.js";
import { isClientConfig, type ClientConfigContext } from "../live/client-config.js";
import type { LiveTarget } from "../live/live-connection.js";
import { DEFAULT_LIVE_OPTIONS, type LiveOptions } from "../live/live-options.js";
import type { LiveProblem } from "../live/live-problem.js";
import { splitCommand } from "../live/split-command.js";
import { PROJECT_PATH_PATTERN } from "../model/lock.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { UsageError } from "./args.js";
import { readTextIfExists } from "../files/write-files.js";

/** The live client (and the SDK under it), loaded only by the commands that talk to a server. */
export function loadLive(): Promise<typeof import("../live/fetch-live-tools.js")> {
  return import("../live/fetch-live-tools.js");
}

/**
 * Deepest tool taken from a server whatever load.maxDepth says: hashing, comparing and writing a
 * tool recurse, and a few thousand levels is where the stack ends.
 */
const MAX_LIVE_DEPTH = 1000;

/** Where `--client-config` puts each server's folder unless --servers-dir says otherwise. */
export const DEFAULT_SERVERS_DIR = "mcp-servers";

export const LIVE_HELP = `  --command "CMD ARGS"     start the server over stdio: a program and its arguments, split as a
                           shell splits words but never run by a shell; it runs in the project root
  --server-cwd DIR         run the --command server in DIR instead (relative to the current folder),
                           as a host runs it in its own folder
  --url URL                reach a Streamable HTTP server at this URL
  --env NAME[=VALUE]       pass an environment variable to the --command server (repeatable); with no
                           value, its value here. Otherwise only PATH, HOME and a few others pass.
  --header "NAME: VALUE"   send this HTTP header with every --url request (repeatable)
  --file FILE              a saved tools/list answer instead of a running server: a result
                           ({ "tools": [...] }), a JSON-RPC response, a bare array of tools, or several
                           pages (a JSON array of them, or JSON Lines); see docs/verify.md
  --client-config FILE     every stdio and HTTP server of an MCP client's config (.vscode/mcp.json
                           "servers", claude_desktop_config.json or Cursor's mcp.json "mcpServers"),
                           each in a folder of its own under --servers-dir; the variables it uses
                           (\${env:NAME}, \${workspaceFolder}...) are filled in from this environment
                           and written nowhere; --config FILE means the same when FILE is such a
                           config and no --command or --url is given
  --servers-dir DIR        with --client-config: the folder of the servers' folders (default: ${DEFAULT_SERVERS_DIR})
  --server NAME            with --client-config: only this server (repeatable)
  --client-name NAME       the clientInfo name sent to the server (default: mcp-gen)
  --client-version VER     the clientInfo version sent to the server (default: mcp-gen's version)
  --timeout MS             the whole exchange must end within MS milliseconds (default: ${DEFAULT_LIVE_OPTIONS.timeoutMs})
  --max-pages N            follow nextCursor for at most N pages (default: ${DEFAULT_LIVE_OPTIONS.maxPages})`;

export const LIVE_OPTIONS = {
  command: { type: "string" },
  url: { type: "string" },
  env: { type: "string", multiple: true },
  "server-cwd": { type: "string" },
  header: { type: "string", multiple: true },
  "client-config": { type: "string" },
  file: { type: "string" },
  "servers-dir": { type: "string" },
  server: { type: "string", multiple: true },
  "client-name": { type: "string" },
  "client-version": { type: "string" },
  timeout: { type: "string" },
  "max-pages": { type: "string" },
} as const;

export interface LiveValues {
  readonly command?: string | undefined;
  readonly url?: string | undefined;
  readonly env?: string[] | undefined;
  readonly "server-cwd"?: string | undefined;
  readonly header?: string[] | undefined;
  readonly "client-config"?: string | undefined;
  readonly file?: string | undefined;
  readonly "servers-dir"?: string | undefined;
  readonly server?: string[] | undefined;
  readonly "client-name"?: string | undefined;
  readonly "client-version"?: string | undefined;
  readonly timeout?: string | undefined;
  readonly "max-pages"?: string | undefined;
}

/** A saved tools/list answer. `path`: absolute; `display`: as the user gave it; `record`: what the lock records (LockFile.server.file). */
export interface FileSource {
  readonly kind: "file";
  readonly path: string;
  readonly display: string;
  readonly record: string;
}

/** One server (--command or --url), a saved answer (--file) or every server of a client config. */
export type LiveRequest =
  | { readonly kind: "one"; readonly target: LiveTarget }
  | { readonly kind: "file"; readonly source: FileSource }
  | { readonly kind: "client-config"; readonly file: string; readonly serversDir: string; readonly only: readonly string[]; readonly context: ClientConfigContext };

/** What to reach, from the live options; throws UsageError on bad usage. */
export function liveRequest(values: LiveValues, root: string, env: Readonly<Record<string, string | undefined>>, cwd = root): LiveRequest {
  const ways = [values.command, values.url, values.file, values["client-config"]].filter((value) => value !== undefined).length;
  if (ways !== 1) {
    throw new UsageError(
      'give exactly one of --command "CMD ARGS" (stdio), --url URL (Streamable HTTP), --file FILE (a saved tools/list answer) and --client-config FILE (every server of an MCP client\'s config).',
    );
  }
  if (values["server-cwd"] !== undefined && values.command === undefined) throw new UsageError("--server-cwd applies to --command servers only.");
  if (values.file !== undefined) {
    if (values.env?.length || values.header?.length) throw new UsageError("--env and --header apply to --command and --url; --file reads a saved answer and reaches no server.");
    if (values["servers-dir"] !== undefined || values.server?.length) throw new UsageError("--servers-dir and --server apply to --client-config only.");
    return { kind: "file", source: fileSource(root, values.file) };
  }
  if (values["client-config"] === undefined) {
    if (values["servers-dir"] !== undefined || values.server?.length) throw new UsageError("--servers-dir and --server apply to --client-config only.");
    return { kind: "one", target: oneTarget(values, root, env, cwd) };
  }
  if (values.env?.length || values.header?.length) throw new UsageError("--env and --header apply to --command and --url; a client config names its servers' variables and headers itself.");
  const file = resolve(root, values["client-config"]);
  // VS Code's ${workspaceFolder} is the folder that holds .vscode/.
  const folder = dirname(file);
  const workspaceFolder = basename(folder) === ".vscode" ? dirname(folder) : folder;
  return {
    kind: "client-config",
    file,
    serversDir: projectFolder("servers-dir", values["servers-dir"] ?? DEFAULT_SERVERS_DIR),
    only: values.server ?? [],
    context: { env, workspaceFolder, home: homedir() },
  };
}

/** `--file FILE`: the file, as messages name it (as given) and as the lock records it (from the root, or its name). */
function fileSource(root: string, given: string): FileSource {
  const path = resolve(root, given);
  const inside = relative(root, path).split(sep).join("/");
  return { kind: "file", path, display: given.split(sep).join("/"), record: PROJECT_PATH_PATTERN.test(inside) ? inside : basename(path) };
}

/** The limits of each exchange and the clientInfo to send. */
export function liveOptions(values: LiveValues, config: Config): LiveOptions {
  const name = values["client-name"] ?? "mcp-gen";
  const version = values["client-version"] ?? MCP_GEN_VERSION;
  for (const [option, value] of [
    ["client-name", name],
    ["client-version", version],
  ] as const) {
    if (value.trim() === "" || /[\u0000-\u001f\u007f]/.test(value)) throw new UsageError(`--${option} must be non-empty text without control characters.`);
  }
  return {
    timeoutMs: positive("timeout", values.timeout, DEFAULT_LIVE_OPTIONS.timeoutMs),
    maxPages: positive("max-pages", values["max-pages"], DEFAULT_LIVE_OPTIONS.maxPages),
    clientInfo: { name, version },
    maxDepth: Math.min(config.load.maxDepth, MAX_LIVE_DEPTH),
  };
}

function oneTarget(values: LiveValues, root: string, env: Readonly<Record<string, string | undefined>>, cwd: string): LiveTarget {
  if (values.command !== undefined) {
    if (values.header?.length) throw new UsageError("--header applies to --url servers only.");
    const split = splitCommand(values.command);
    if (!split.ok) throw new UsageError(split.message);
    const serverCwd = values["server-cwd"] === undefined ? root : serverFolder(resolve(cwd, values["server-cwd"]));
    return { kind: "stdio", command: split.command, args: split.args, cwd: serverCwd, env: serverEnv(values.env ?? [], env) };
  }
  if (values.env?.length) throw new UsageError("--env applies to --command servers only.");
  return { kind: "http", url: serverUrl(values.url!), headers: headerValues(values.header ?? []) };
}

/** `--server-cwd`'s folder, which must exist: a server started in no folder fails with a message about itself. */
function serverFolder(path: string): string {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    // Named nothing (or nothing readable): said below.
  }
  if (!isFolder) throw new UsageError(`--server-cwd ${JSON.stringify(path)} is not a folder.`);
  return path;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number; got ${JSON.stringify(value)}.`);
  return Number(value);
}

function serverEnv(entries: readonly string[], env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf("=");
    const name = eq === -1 ? entry : entry.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--env ${JSON.stringify(entry)} does not start with a variable name.`);
    const value = eq === -1 ? env[name] : entry.slice(eq + 1);
    if (value === undefined) throw new UsageError(`--env ${name}: ${name} is not set here; give a value with --env ${name}=VALUE.`);
    out[name] = value;
  }
  return out;
}

/** A --url value: an http or https URL without credentials (import, verify, proxy). */
export function serverUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(text)} is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--url must be an http or https URL; got ${JSON.stringify(url.protocol)}.`);
  // fetch refuses them, and its message would print the password.
  if (url.username !== "" || url.password !== "") throw new UsageError('--url holds a user name or password, which HTTP clients do not send; give credentials as --header "Authorization: ...".');
  return url;
}

/** --header "Name: value" entries, by name (import, verify, proxy). */
export function headerValues(entries: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const name = colon === -1 ? "" : entry.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header ${JSON.stringify(entry)} is not of the form "Name: value".`);
    out[name] = entry.slice(colon + 1).trim();
  }
  return out;
}

/** A project-relative folder with forward slashes; throws UsageError for one outside the project. */
export function projectFolder(option: string, dir: string): string {
  const normalized = posix.normalize(dir.replace(/\\/g, "/")).replace(/\/+$/, "");
  if (!PROJECT_PATH_PATTERN.test(normalized) || normalized === ".") throw new UsageError(`--${option} ${JSON.stringify(dir)} must be a folder inside the project, such as "tools".`);
  return normalized;
}

/**
 * The live options with `--config FILE` read as `--client-config FILE` when FILE is an MCP client's
 * config and nothing else names a server: DESIGN.md's `mcp-gen import --config .vscode/mcp.json`.
 * mcp-gen's own config is never an MCP client's config (it has no `servers` or `mcpServers`). With
 * --command, --url or --file, where it cannot mean the servers to reach, such a file is a usage error
 * that says to use --client-config. Run before the project root is looked for: --config names the
 * root, a client's config does not. `from` is the folder the path was typed in (commandLineFolder).
 * @example await withClientConfigFlag({ config: ".vscode/mcp.json" }, cwd) // { "client-config": ".vscode/mcp.json" }
 */
export async function withClientConfigFlag<T extends LiveValues & { readonly config?: string | undefined }>(values: T, from: string): Promise<T> {
  if (values.config === undefined || values["client-config"] !== undefined) return values;
  // No file (missing, or a folder) is no client's config: the project root's search says what is wrong.
  const path = resolve(from, values.config);
  const text = statSync(path, { throwIfNoEntry: false })?.isFile() ? await readTextIfExists(path) : undefined;
  if (text === undefined || !isClientConfig(text)) return values;
  if (values.command !== undefined || values.url !== undefined || values.file !== undefined) {
    throw new UsageError(
      `--config ${JSON.stringify(values.config)} is an MCP client's config; --config names mcp-gen's own config. Pass the client's config as --client-config ${JSON.stringify(values.config)}.`,
    );
  }
  return { ...values, config: undefined, "client-config": values.config };
}

/** "The server exited ..." with the end of its stderr, as one message. */
export function describeProblem(problem: LiveProblem): string {
  const tail = problem.stderr
    ? `\nThe server's last output on stderr:\n${problem.stderr
        .split("\n")
        .slice(-10)
        .map((line) => `  | ${visibleLine(cutText(line, 200))}`)
        .join("\n")}`
    : "";
  return `${visibleLine(problem.message)}${tail}`;
}

/** "fake 1.0.0 (legacy era)" */
export function describeServer(live: LiveTools): string {
  const { name, version, era } = live.server;
  return visibleLine(`${name === undefined ? "The server" : JSON.stringify(name)}${version ? ` ${version}` : ""}${era ? ` (${era} era)` : ""}`);
}

/** "1 tool", "2 tools". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
