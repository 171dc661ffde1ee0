// One server entry as a host's config writes it (JSON or TOML values, variables unfilled) → how wrap
// changes it: the members to set (`command`, `args`, and `type: "stdio"` where the entry names its
// type) and the ones to drop (an HTTP entry's `url`/`serverUrl` and `headers`), or why it cannot. The
// entry is the server import reads it as (serverKind). Every other member (env, cwd, timeouts, the
// host's own keys) stays as it is. Pure.
import type { JsonValue } from "../model/json.js";
import { serverKind } from "../live/client-config.js";
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
  /** Members that declare the server's transport, first found first; Codex has none. */
  readonly type: readonly string[];
  readonly url: readonly string[];
  readonly headers: string;
  /** Members that make an HTTP entry's headers come from somewhere the proxy cannot read them. */
  readonly unsupported: readonly string[];
}

export const JSON_KEYS: EntryKeys = { type: ["type", "transport"], url: ["url", "serverUrl"], headers: "headers", unsupported: [] };
export const CODEX_KEYS: EntryKeys = { type: [], url: ["url"], headers: "http_headers", unsupported: ["bearer_token_env_var", "env_http_headers", "oauth"] };

/**
 * How to wrap one entry (`entry` as written). Which server it is goes as import reads it (serverKind):
 * a stdio server starts through `proxy --`; an HTTP one becomes a stdio entry running `proxy --url`.
 */
export function planEntry(entry: { readonly [key: string]: unknown }, places: ProxyPlaces, keys: EntryKeys): EntryPlan {
  const typeKey = keys.type.find((key) => entry[key] !== undefined);
  const type = typeKey === undefined ? undefined : entry[typeKey];
  const urlKey = keys.url.find((key) => entry[key] !== undefined);
  switch (serverKind(type, entry["command"] !== undefined, urlKey !== undefined)) {
    case "stdio":
      return planStdio(entry, places, typeKey);
    case "http":
      return planHttp(entry, urlKey, places, keys, typeKey);
    case "sse":
      return { kind: "refused", reason: "it is an SSE server; mcp-gen proxy reaches servers over stdio and Streamable HTTP." };
    case "unknown-type":
      return { kind: "refused", reason: `its "${typeKey}" is ${JSON.stringify(type)}; wrap knows "stdio" and "http".` };
    case "both": {
      const say = keys.type.length > 0 ? `say which server it is with "${keys.type[0]}": "stdio" or "http", or remove the other` : "remove the one that is not this server";
      return { kind: "refused", reason: `it has both a "command" and a "${urlKey}"; ${say}.` };
    }
    case "neither":
      return { kind: "refused", reason: 'it has neither a "command" nor a URL.' };
  }
}

function planStdio(entry: { readonly [key: string]: unknown }, places: ProxyPlaces, typeKey: string | undefined): EntryPlan {
  const command = entry["command"];
  const args = entry["args"] ?? [];
  if (typeof command !== "string") return { kind: "refused", reason: 'its "command" is missing or not a string.' };
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string")) return { kind: "refused", reason: 'its "args" is not a list of strings.' };
  if (isProxyCommand(command, args)) return { kind: "wrapped" };
  return { kind: "wrap", change: stdioChange(entry, proxyCommand({ kind: "stdio", command, args }, places), typeKey, []) };
}

function planHttp(entry: { readonly [key: string]: unknown }, urlKey: string | undefined, places: ProxyPlaces, keys: EntryKeys, typeKey: string | undefined): EntryPlan {
  const url = urlKey === undefined ? undefined : entry[urlKey];
  if (typeof url !== "string") return { kind: "refused", reason: `its "${urlKey ?? keys.url[0]}" is missing or not a string.` };
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
  // A stray `command` and `args` are overwritten by the proxy's.
  return { kind: "wrap", change: stdioChange(entry, proxyCommand(launch, places), typeKey, [...keys.url, keys.headers]) };
}

function stdioChange(
  entry: { readonly [key: string]: unknown },
  proxy: { readonly command: string; readonly args: readonly string[] },
  typeKey: string | undefined,
  remove: readonly string[],
): EntryChange {
  const type = typeKey === undefined ? undefined : entry[typeKey];
  return {
    set: [...(typeKey !== undefined && type !== "stdio" ? [[typeKey, "stdio"] as const] : []), ["command", proxy.command], ["args", [...proxy.args]]],
    remove: remove.filter((key) => entry[key] !== undefined),
  };
}
