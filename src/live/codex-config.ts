// Codex's config.toml (`~/.codex/config.toml`, or `.codex/config.toml` in a trusted project) → one
// entry per `[mcp_servers.NAME]` table, as client-config.ts reads the JSON hosts: how to reach each
// server, or why mcp-gen cannot. A stdio server has `command`, `args`, `env` (values), `env_vars`
// (names passed on from Codex's environment) and `cwd`; a Streamable HTTP one `url`, `http_headers`
// (values), `env_http_headers` (header → variable name) and `bearer_token_env_var`; `enabled = false`
// turns one off. Codex fills in no `${…}` variables, so neither does this. Pure: the CLI reads the file.
// Loaded only by the commands that read TOML (client-servers.ts and wrap import this module when the file is one).
import { getStaticTOMLValue, ParseError, parseTOML, type AST } from "toml-eslint-parser";
import { resolve } from "node:path";
import type { ClientConfig, ClientConfigContext, ClientConfigServer } from "./client-config.js";
import type { LiveTarget } from "./live-connection.js";

type TomlValue = string | number | boolean | Date | bigint | TomlValue[] | { [key: string]: TomlValue };

/** A parsed TOML document: its syntax tree (with ranges, for editing) and its values. */
export interface TomlDocument {
  readonly ast: AST.TOMLProgram;
  readonly value: { readonly [key: string]: TomlValue };
}

/** TOML text → its tree and values, or the parser's message with the line and column. */
export function parseToml(text: string): { readonly ok: true; readonly doc: TomlDocument } | { readonly ok: false; readonly message: string } {
  try {
    const ast = parseTOML(text);
    return { ok: true, doc: { ast, value: getStaticTOMLValue(ast) as { [key: string]: TomlValue } } };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, message: `it is not TOML: ${e.message.replace(/\.$/, "")} at line ${e.lineNumber}, column ${e.column + 1}.` };
    throw e;
  }
}

/**
 * @example readCodexConfig('[mcp_servers.fs]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-filesystem", "."]\n', context)
 */
export function readCodexConfig(text: string, context: ClientConfigContext): ClientConfig {
  const parsed = parseToml(text);
  if (!parsed.ok) return parsed;
  const servers = parsed.doc.value["mcp_servers"];
  if (!isTable(servers)) return { ok: false, message: "it has no [mcp_servers.NAME] tables listing MCP servers (Codex's config.toml)." };
  return { ok: true, servers: Object.keys(servers).map((name) => readServer(name, servers[name]!, context)) };
}

class EntryError extends Error {}

function readServer(name: string, entry: TomlValue, context: ClientConfigContext): ClientConfigServer {
  const unusable = (reason: string): ClientConfigServer => ({ name, status: "unusable", reason });
  if (!isTable(entry)) return unusable("its entry is not a table.");
  if (entry["enabled"] === false) return { name, status: "disabled" };
  try {
    if (entry["command"] !== undefined && entry["url"] !== undefined) return unusable('it has both a "command" and a "url".');
    if (entry["command"] !== undefined) return { name, status: "ready", target: stdioTarget(entry, context) };
    if (entry["url"] !== undefined) return { name, status: "ready", target: httpTarget(entry, context) };
    return unusable('it has neither a "command" (stdio) nor a "url" (Streamable HTTP).');
  } catch (e) {
    if (e instanceof EntryError) return unusable(e.message);
    throw e;
  }
}

function stdioTarget(entry: { readonly [key: string]: TomlValue }, context: ClientConfigContext): LiveTarget {
  const command = text(entry["command"], '"command"');
  const args = strings(entry["args"] ?? [], '"args"');
  const env: Record<string, string> = { ...stringTable(entry["env"] ?? {}, '"env"') };
  for (const variable of strings(entry["env_vars"] ?? [], '"env_vars"')) {
    const value = context.env[variable];
    if (value === undefined) throw new EntryError(`its "env_vars" passes on ${variable}, which is not set.`);
    env[variable] = value;
  }
  const cwd = entry["cwd"];
  return {
    kind: "stdio",
    command,
    args,
    env,
    cwd: cwd === undefined ? context.workspaceFolder : resolve(context.workspaceFolder, text(cwd, '"cwd"')),
    label: JSON.stringify([command, ...args].join(" ")),
  };
}

function httpTarget(entry: { readonly [key: string]: TomlValue }, context: ClientConfigContext): LiveTarget {
  const written = text(entry["url"], '"url"');
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    throw new EntryError(`its "url" ${JSON.stringify(written)} is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new EntryError(`its "url" is not an http or https URL.`);
  const headers: Record<string, string> = { ...stringTable(entry["http_headers"] ?? {}, '"http_headers"') };
  const fromEnv = (variable: string, where: string): string => {
    const value = context.env[variable];
    if (value === undefined) throw new EntryError(`its ${where} names the environment variable ${variable}, which is not set.`);
    return value;
  };
  for (const [header, variable] of Object.entries(stringTable(entry["env_http_headers"] ?? {}, '"env_http_headers"'))) headers[header] = fromEnv(variable, `"env_http_headers".${header}`);
  const bearer = entry["bearer_token_env_var"];
  if (bearer !== undefined) headers["Authorization"] = `Bearer ${fromEnv(text(bearer, '"bearer_token_env_var"'), '"bearer_token_env_var"')}`;
  return { kind: "http", url, headers, label: written };
}

function isTable(value: TomlValue | undefined): value is { [key: string]: TomlValue } {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);
}

function text(value: TomlValue | undefined, where: string): string {
  if (typeof value !== "string" || value === "") throw new EntryError(`its ${where} is ${value === undefined ? "missing" : "not a non-empty string"}.`);
  return value;
}

function strings(value: TomlValue, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) throw new EntryError(`its ${where} is not a list of strings.`);
  return value as string[];
}

function stringTable(value: TomlValue, where: string): Record<string, string> {
  if (!isTable(value) || !Object.values(value).every((item) => typeof item === "string")) throw new EntryError(`its ${where} is not a table of strings.`);
  return value as Record<string, string>;
}
