// An MCP client's config file (VS Code's .vscode/mcp.json `servers`, Claude Desktop's
// claude_desktop_config.json and Cursor's mcp.json `mcpServers`; JSON with comments) → one entry per
// server: how to reach it, or why mcp-gen cannot. Pure: the CLI reads the file and passes the
// environment. Variables the config references (${env:NAME}, ${NAME}, ${workspaceFolder}...) are
// filled in from that environment for this run only; they go into no lock and no file, and
// messages name the server by the text the config holds, before anything was filled in.
import { createRequire } from "node:module";
import { posix, resolve, sep } from "node:path";
import type { Node, ParseError } from "jsonc-parser";
import { computeLineStarts, positionAt } from "../load/line-index.js";
import { defineOwn, getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { type HostKind, serversPath } from "../wrap/host.js";
import type { LiveTarget } from "./live-connection.js";
import { repeatedServerKey } from "./repeated-keys.js";

const require = createRequire(import.meta.url);

export interface ClientConfigContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The folder of the config file, or the folder above it for a file in `.vscode/`. */
  readonly workspaceFolder: string;
  readonly home: string;
}

export type ClientConfigServer =
  | { readonly name: string; readonly status: "ready"; readonly target: LiveTarget }
  /** Listed but not usable by mcp-gen as written (a variable it cannot fill in, an SSE server...). */
  | { readonly name: string; readonly status: "unusable"; readonly reason: string }
  /** Turned off in the config (`"disabled": true`). */
  | { readonly name: string; readonly status: "disabled" };

export type ClientConfig = { readonly ok: true; readonly servers: readonly ClientConfigServer[] } | { readonly ok: false; readonly message: string };

/**
 * The servers `host` (identifyHost's, from the file's name) starts: the object serversPath chooses,
 * as wrap does, so that what is pinned and checked is what the host runs.
 * @example readClientConfig('{ "servers": { "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }', context, "vscode")
 */
export function readClientConfig(text: string, context: ClientConfigContext, host: HostKind): ClientConfig {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return parsed;
  const repeated = repeatedServerKey(text);
  if (repeated !== undefined) return { ok: false, message: repeated };
  const root = parsed.value;
  const at = (path: readonly string[]) => path.reduce<JsonValue | undefined>((value, key) => getOwn(value, key), root);
  const chosen = serversPath(host, (path) => isJsonObject(at(path)));
  if (!chosen.ok) return chosen;
  const servers = at(chosen.path) as JsonObject;
  return { ok: true, servers: Object.keys(servers).map((name) => readServer(name, getOwn(servers, name)!, context)) };
}

/** Whether `text` is an MCP client's config (to tell someone who gave one where mcp-gen's own config goes). */
export function isClientConfig(text: string): boolean {
  const parsed = parseJsonc(text);
  return parsed.ok && ["servers", "mcpServers", "mcp"].some((key) => isJsonObject(getOwn(parsed.value, key)));
}

function readServer(name: string, entry: JsonValue, context: ClientConfigContext): ClientConfigServer {
  const unusable = (reason: string): ClientConfigServer => ({ name, status: "unusable", reason });
  if (!isJsonObject(entry)) return unusable("its entry is not an object.");
  if (getOwn(entry, "disabled") === true) return { name, status: "disabled" };
  const fill = filler(context);
  const type = getOwn(entry, "type") ?? getOwn(entry, "transport");
  const kind = serverKind(type, getOwn(entry, "command") !== undefined, (getOwn(entry, "url") ?? getOwn(entry, "serverUrl")) !== undefined);
  try {
    if (kind === "sse") return unusable("it is an SSE server; mcp-gen reaches servers over stdio and Streamable HTTP only.");
    if (getOwn(entry, "envFile") !== undefined) {
      return unusable('it reads variables from an "envFile", which mcp-gen does not read; set them in the environment and reference them as ${env:NAME}.');
    }
    if (kind === "stdio") return { name, status: "ready", target: stdioTarget(entry, fill, context) };
    if (kind === "http") return { name, status: "ready", target: httpTarget(entry, fill) };
    if (kind === "unknown-type") return unusable(`its type is ${JSON.stringify(type)}; mcp-gen knows "stdio" and "http".`);
    return unusable(kind === "both" ? 'it has both a "command" and a "url".' : 'it has neither a "command" (stdio) nor a "url" (HTTP).');
  } catch (e) {
    if (e instanceof EntryError) return unusable(e.message);
    throw e;
  }
}

/** Which server an entry means; "both" and "neither" are entries without a type that say no one thing. */
export type ServerKind = "stdio" | "http" | "sse" | "unknown-type" | "both" | "neither";

/**
 * Which server an entry means, as the hosts read it: its declared type (`type`, or `transport`)
 * decides, whatever else the entry holds; without one, whichever of a command and a URL it has.
 * wrap (src/wrap/entry-change.ts) goes by this too, so that it wraps the server import pinned.
 * @example serverKind("http", true, true) === "http"
 */
export function serverKind(type: unknown, hasCommand: boolean, hasUrl: boolean): ServerKind {
  if (type === "sse") return "sse";
  if (type === "stdio") return "stdio";
  if (type === "http" || type === "streamable-http" || type === "streamableHttp") return "http";
  if (type !== undefined) return "unknown-type";
  if (hasCommand) return hasUrl ? "both" : "stdio";
  return hasUrl ? "http" : "neither";
}

class EntryError extends Error {}

function stdioTarget(entry: JsonObject, fill: (text: string, where: string) => string, context: ClientConfigContext): LiveTarget {
  const command = text(getOwn(entry, "command"), '"command"');
  const args = strings(getOwn(entry, "args") ?? [], '"args"');
  const env = stringMap(getOwn(entry, "env") ?? {}, '"env"');
  const cwd = getOwn(entry, "cwd");
  return {
    kind: "stdio",
    command: fill(command, '"command"'),
    args: args.map((arg, i) => fill(arg, `"args"[${i}]`)),
    env: Object.fromEntries(Object.entries(env).map(([key, value]) => [key, fill(value, `"env".${key}`)])),
    cwd: cwd === undefined ? context.workspaceFolder : resolve(context.workspaceFolder, fill(text(cwd, '"cwd"'), '"cwd"')),
    label: JSON.stringify([command, ...args].join(" ")),
    written: [command, ...args],
  };
}

function httpTarget(entry: JsonObject, fill: (text: string, where: string) => string): LiveTarget {
  const written = text(getOwn(entry, "url") ?? getOwn(entry, "serverUrl"), '"url"');
  const headers = stringMap(getOwn(entry, "headers") ?? {}, '"headers"');
  let url: URL;
  try {
    url = new URL(fill(written, '"url"'));
  } catch {
    throw new EntryError(`its "url" ${JSON.stringify(written)} is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new EntryError(`its "url" is not an http or https URL.`);
  if (url.username !== "" || url.password !== "") throw new EntryError(`its "url" holds a user name or password, which HTTP clients do not send; put credentials in "headers".`);
  return { kind: "http", url, headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, fill(value, `"headers".${key}`)])), label: written, written };
}

/** `${...}` variables of VS Code, Cursor and Claude Code, filled in; anything else is refused, never passed on as text. */
function filler(context: ClientConfigContext): (text: string, where: string) => string {
  const variable = (body: string, where: string): string => {
    const named = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(body) ?? /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s.exec(body);
    if (body === "workspaceFolder") return context.workspaceFolder;
    if (body === "workspaceFolderBasename") return posix.basename(context.workspaceFolder.replace(/\\/g, "/"));
    if (body === "userHome") return context.home;
    if (body === "pathSeparator" || body === "/") return sep;
    if (body.startsWith("input:")) {
      throw new EntryError(`${where} asks for ${JSON.stringify(body.slice(6))} interactively, which mcp-gen cannot do; put the value in an environment variable and write \${env:NAME} instead.`);
    }
    if (named) {
      const value = context.env[named[1]!];
      if (value !== undefined) return value;
      if (named[2] !== undefined) return named[2];
      throw new EntryError(`${where} uses the environment variable ${named[1]}, which is not set.`);
    }
    throw new EntryError(`${where} uses \${${body}}, a variable mcp-gen does not know.`);
  };
  return (value, where) => value.replace(/\$\{([^}]*)\}/g, (_, body: string) => variable(body, where));
}

function text(value: JsonValue | undefined, where: string): string {
  if (typeof value !== "string" || value === "") throw new EntryError(`its ${where} is ${value === undefined ? "missing" : "not a non-empty string"}.`);
  return value;
}

function strings(value: JsonValue, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) throw new EntryError(`its ${where} is not a list of strings.`);
  return value as string[];
}

function stringMap(value: JsonValue, where: string): Record<string, string> {
  if (!isJsonObject(value) || !Object.values(value).every((item) => typeof item === "string")) throw new EntryError(`its ${where} is not an object of strings.`);
  return value as Record<string, string>;
}

/** JSON with comments and trailing commas, as these files are written; every key an own property. */
function parseJsonc(source: string): { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly message: string } {
  const jsonc = require("jsonc-parser") as typeof import("jsonc-parser");
  const errors: ParseError[] = [];
  const tree = jsonc.parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || tree === undefined) {
    const first = errors[0];
    const at = first ? positionAt(computeLineStarts(source), first.offset) : { line: 1, column: 1 };
    return { ok: false, message: `it is not JSON: ${first ? jsonc.printParseErrorCode(first.error) : "it is empty"} at line ${at.line}, column ${at.column}.` };
  }
  return { ok: true, value: jsoncValue(tree) };
}

/** The value of a jsonc-parser tree node, every key an own member (a server may be named "__proto__"). */
export function jsoncValue(node: Node): JsonValue {
  if (node.type === "object") {
    const out: Record<string, JsonValue> = {};
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value) defineOwn(out, String(key.value), jsoncValue(value));
    }
    return out;
  }
  if (node.type === "array") return (node.children ?? []).map(jsoncValue);
  return node.value as JsonValue;
}
