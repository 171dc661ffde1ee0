// A host's config text and what the CLI found out about each server (its folder, whether mcp-gen can
// reach it, whether its lock is there) → the config with every server routed through `mcp-gen proxy`,
// edited in place, with each entry's text before and after for unwrap; or, when any server cannot be
// wrapped, only the reasons (then nothing may be written). The rewrite is parsed again and must hold
// exactly the values intended: the same document but for the wrapped entries' command, args, type
// and URL members, its lines ended as the original's are. Pure: no file is read or written here.
import { canonicalJson } from "../lock/canonical-json.js";
import type { JsonValue } from "../model/json.js";
import type { TomlDocument } from "../live/codex-config.js";
import { CODEX_KEYS, JSON_KEYS, planEntry, type EntryChange, type RewrittenEntry } from "./entry-change.js";
import type { HostKind } from "./host.js";
import { parseJsonConfig, readJsonEntries, rewriteJsonEntry } from "./json-config.js";
import type { ProxyPlaces } from "./proxy-command.js";
import { rewriteTomlEntry } from "./toml-config.js";
import type { WrappedEntry } from "./wrap-backup.js";

/** What the CLI knows about one server of the config, in the config's order. */
export interface ServerFacts {
  readonly name: string;
  /** Its project folder (absolute): the lock `import --client-config` wrote for it. */
  readonly folder: string;
  /** Turned off in the config (`"disabled": true`, `enabled = false`): left as it is. */
  readonly disabled: boolean;
  /**
   * Why `import` could not reach it from here (a variable that is not set, an SSE server...), when
   * it could not: said when it has no lock.
   */
  readonly unreachable: string | undefined;
  /** Undefined when its lock is there and reads; otherwise what is wrong with it. */
  readonly lockProblem: string | undefined;
}

export type ConfigText =
  /** `host` decides which object lists the servers (serversPath). */
  | { readonly format: "json"; readonly text: string; readonly host: HostKind }
  | { readonly format: "toml"; readonly text: string; readonly doc: TomlDocument; readonly parse: (text: string) => TomlDocument | undefined };

export interface WrapInput {
  readonly config: ConfigText;
  readonly servers: readonly ServerFacts[];
  /** Where node and mcp-gen are, and the host's workspace folder; `folder` is each server's. */
  readonly places: Omit<ProxyPlaces, "folder">;
}

export type WrapPlan =
  | {
      readonly ok: true;
      readonly text: string;
      readonly wrapped: readonly WrappedEntry[];
      /** Servers left as they are, and why (already wrapped, turned off). */
      readonly skipped: readonly { readonly name: string; readonly reason: string }[];
    }
  | { readonly ok: false; readonly refused: readonly { readonly name: string; readonly reason: string }[] };

/** @example planWrap({ config: { format: "json", text }, servers, places }) */
export function planWrap(input: WrapInput): WrapPlan {
  const entries = rawEntries(input.config);
  const keys = input.config.format === "toml" ? CODEX_KEYS : JSON_KEYS;
  const refused: { name: string; reason: string }[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const changes: { name: string; change: EntryChange }[] = [];
  for (const server of input.servers) {
    const entry = entries.get(server.name);
    const plan = entry === undefined ? undefined : planEntry(entry, { ...input.places, folder: server.folder }, keys);
    if (plan?.kind === "wrapped") skipped.push({ name: server.name, reason: "it already starts through mcp-gen proxy" });
    else if (server.disabled) skipped.push({ name: server.name, reason: "it is turned off in the config" });
    else if (plan === undefined) refused.push({ name: server.name, reason: "its entry is not an object." });
    else if (plan.kind === "refused") refused.push({ name: server.name, reason: plan.reason });
    else if (server.lockProblem !== undefined) {
      const why = server.unreachable === undefined ? "" : ` (mcp-gen cannot reach it from here: ${server.unreachable.replace(/\.$/, "")})`;
      refused.push({ name: server.name, reason: `${server.lockProblem}${why}` });
    } else changes.push({ name: server.name, change: plan.change });
  }
  if (refused.length > 0) return { ok: false, refused };
  let config = input.config;
  const wrapped: WrappedEntry[] = [];
  for (const { name, change } of changes) {
    const rewritten = rewrite(config, name, change);
    if ("refused" in rewritten) refused.push({ name, reason: rewritten.refused });
    else {
      wrapped.push({ name, original: rewritten.original, wrapped: rewritten.wrapped });
      config = next(config, rewritten.text);
    }
  }
  if (refused.length > 0) return { ok: false, refused };
  checkRewrite(input.config, config, changes);
  return { ok: true, text: config.text, wrapped, skipped };
}

/** Each server's entry as written, by name. */
function rawEntries(config: ConfigText): Map<string, { readonly [key: string]: unknown }> {
  const out = new Map<string, { readonly [key: string]: unknown }>();
  const add = (name: string, value: unknown) => {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) out.set(name, value as { readonly [key: string]: unknown });
  };
  if (config.format === "toml") {
    const servers = config.doc.value["mcp_servers"] as { readonly [name: string]: unknown } | undefined;
    for (const name of Object.keys(servers ?? {})) add(name, servers![name]);
  } else {
    const read = readJsonEntries(config.text, config.host);
    if (read.ok) for (const entry of read.entries) add(entry.name, entry.value);
  }
  return out;
}

function rewrite(config: ConfigText, name: string, change: EntryChange): RewrittenEntry | { readonly refused: string } {
  if (config.format === "toml") return rewriteTomlEntry(config.text, config.doc, name, change);
  const read = readJsonEntries(config.text, config.host);
  if (!read.ok) throw new Error(`The config stopped reading while being wrapped (${read.message}); this is a bug in mcp-gen.`);
  return rewriteJsonEntry(config.text, read.path, name, change);
}

function next(config: ConfigText, text: string): ConfigText {
  if (config.format === "json") return { ...config, text };
  const doc = config.parse(text);
  if (doc === undefined) throw new Error("A wrapped Codex config is not TOML; this is a bug in mcp-gen.");
  return { ...config, text, doc };
}

/** The rewritten config must read as the original with exactly the intended changes, and end its lines as the original does. */
function checkRewrite(before: ConfigText, after: ConfigText, changes: readonly { name: string; change: EntryChange }[]): void {
  checkLineEnds(before.text, after.text);
  const value = (config: ConfigText): unknown => (config.format === "toml" ? config.doc.value : parseJsonConfig(config.text));
  const expected = structuredClone(value(before)) as Record<string, unknown>;
  const servers = serversOf(expected, before);
  for (const { name, change } of changes) {
    const entry = servers[name] as Record<string, unknown>;
    for (const key of change.remove) delete entry[key];
    for (const [key, member] of change.set) entry[key] = member;
  }
  if (comparable(value(after)) !== comparable(expected)) throw new Error("Wrapping changed more of the config than the wrapped entries; this is a bug in mcp-gen.");
}

/**
 * Throws when `after` ends a line in a way `before` does not: a bare CR (no line end in TOML, yet the
 * parsers that read the rewrite back accept it), or LF in a CRLF file and CRLF in an LF file.
 * @example checkLineEnds("a\r\nb\r\n", "a\r\nb\r\r\n") // throws
 */
export function checkLineEnds(before: string, after: string): void {
  const had = lineEndsOf(before);
  const added = [...lineEndsOf(after)].filter((end) => !had.has(end));
  if (added.includes("\r") || (had.size > 0 && added.length > 0)) {
    throw new Error(`Wrapping added ${added.map((end) => JSON.stringify(end)).join(" and ")} line ends the config did not have; this is a bug in mcp-gen.`);
  }
}

function lineEndsOf(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(/\r\n|\n|\r/g), ([end]) => end));
}

function serversOf(root: Record<string, unknown>, config: ConfigText): Record<string, unknown> {
  if (config.format === "toml") return root["mcp_servers"] as Record<string, unknown>;
  const read = readJsonEntries(config.text, config.host);
  let node: unknown = root;
  for (const key of read.ok ? read.path : []) node = (node as Record<string, unknown>)[key];
  return node as Record<string, unknown>;
}

/** Canonical JSON of a parsed config (TOML dates and big integers as text), for comparing values. */
function comparable(value: unknown): string {
  return canonicalJson(JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))) as JsonValue);
}
