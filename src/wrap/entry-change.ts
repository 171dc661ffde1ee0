// One server entry as a host's config writes it (JSON or TOML values, variables unfilled) → how wrap
// changes it: the members to set (`command`, `args`, and `type: "stdio"` where the entry names its
// type) and the ones to drop (an HTTP entry's `url`/`serverUrl` and `headers`), or why it cannot. Every
// other member (env, cwd, timeouts, the host's own keys) stays as it is. Pure.
import type { JsonValue } from "../model/json.js";
import { isProxyCommand, proxyCommand, type ProxyPlaces, type ServerLaunch } from "./proxy-command.js";

export interface EntryChange {
  /** Members set, in this order (a member the entry lacks is added). */
  readonly set: readonly (readonly [string, JsonValue])[];
  /** Members removed when present. */
  readonly remove: readonly string[];
}

/** A config's text after one entry was rewritten, and that entry's text before and after. */
export interface RewrittenEntry {
  readonly text: string;
  readonly original: string;
  readonly wrapped: string;
}

export type EntryPlan = { readonly kind: "wrap"; readonly change: EntryChange } | { readonly kind: "wrapped" } | { readonly kind: "refused"; readonly reason: string };

/** Keys of an entry in the host's format: JSON's camelCase or Codex's snake_case. */
export interface EntryKeys {
  readonly url: readonly string[];
  readonly headers: string;
  /** Members that make an HTTP entry's headers come from somewhere the proxy cannot read them. */
  readonly unsupported: readonly string[];
}

export const JSON_KEYS: EntryKeys = { url: ["url", "serverUrl"], headers: "headers", unsupported: [] };
export const CODEX_KEYS: EntryKeys = { url: ["url"], headers: "http_headers", unsupported: ["bearer_token_env_var", "env_http_headers", "oauth"] };

/**
 * How to wrap one entry (`entry` as written). An entry with a `command` is a stdio server; one with a
 * URL an HTTP server, which becomes a stdio entry running `proxy --url`.
 */
export function planEntry(entry: { readonly [key: string]: unknown }, places: ProxyPlaces, keys: EntryKeys): EntryPlan {
  if (entry["type"] === "sse" || entry["transport"] === "sse") return { kind: "refused", reason: "it is an SSE server; mcp-gen proxy reaches servers over stdio and Streamable HTTP." };
  const command = entry["command"];
  const args = entry["args"] ?? [];
  if (typeof command === "string") {
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string")) return { kind: "refused", reason: 'its "args" is not a list of strings.' };
    if (isProxyCommand(command, args)) return { kind: "wrapped" };
    return { kind: "wrap", change: stdioChange(entry, proxyCommand({ kind: "stdio", command, args }, places), []) };
  }
  const urlKey = keys.url.find((key) => entry[key] !== undefined);
  const url = urlKey === undefined ? undefined : entry[urlKey];
  if (typeof url !== "string") return { kind: "refused", reason: 'it has neither a "command" nor a URL.' };
  const unsupported = keys.unsupported.filter((key) => entry[key] !== undefined);
  if (unsupported.length > 0) {
    return {
      kind: "refused",
      reason: `it takes credentials from ${unsupported.map((key) => `"${key}"`).join(" and ")}, which the proxy cannot read: give the header values in "${keys.headers}" or leave this server unwrapped.`,
    };
  }
  const headers = entry[keys.headers] ?? {};
  if (headers === null || typeof headers !== "object" || Array.isArray(headers) || !Object.values(headers).every((value) => typeof value === "string")) {
    return { kind: "refused", reason: `its "${keys.headers}" is not an object of strings.` };
  }
  const launch: ServerLaunch = { kind: "http", url, headers: Object.entries(headers as Record<string, string>) };
  return { kind: "wrap", change: stdioChange(entry, proxyCommand(launch, places), [...keys.url, keys.headers]) };
}

function stdioChange(entry: { readonly [key: string]: unknown }, proxy: { readonly command: string; readonly args: readonly string[] }, remove: readonly string[]): EntryChange {
  const type = entry["type"] ?? entry["transport"];
  const typeKey = entry["type"] !== undefined ? "type" : "transport";
  return {
    set: [...(type !== undefined && type !== "stdio" ? [[typeKey, "stdio"] as const] : []), ["command", proxy.command], ["args", [...proxy.args]]],
    remove: remove.filter((key) => entry[key] !== undefined),
  };
}
