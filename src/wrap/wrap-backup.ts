// What `mcp-gen wrap` keeps so that `mcp-gen unwrap` can put a host's config back byte for byte: for
// each wrapped server, the text of its entry before and after wrap. It lives beside the config
// (`FILE.mcp-gen-wrap.json`, readable by whoever can read the config, and holding nothing the config
// did not), never in the project, which may be committed. Unwrap swaps each entry's text back where
// it finds it unchanged (by its text, or in a JSON config its host re-serialised, by its value): the
// whole file comes back exactly when nothing else changed, and edits made since to other servers or
// settings are kept. An entry edited since wrap is not guessed at. Pure.

import type { HostKind } from "./host.js";
import { findJsonEntryHolding, readsAsReplaced } from "./json-config.js";

export const BACKUP_SUFFIX = ".mcp-gen-wrap.json";

export interface WrappedEntry {
  readonly name: string;
  /** The entry's text before wrap. */
  readonly original: string;
  /** The entry's text as wrap wrote it. */
  readonly wrapped: string;
}

export interface WrapBackup {
  readonly entries: readonly WrappedEntry[];
}

/** The backup file's text: one JSON object, entries in the order they were wrapped. */
export function renderBackup(backup: WrapBackup): string {
  const entries = backup.entries.map((entry) => ({ name: entry.name, original: entry.original, wrapped: entry.wrapped }));
  return `${JSON.stringify({ "mcp-gen": "wrap", version: 1, note: "Written by mcp-gen wrap; mcp-gen unwrap puts these entries back.", entries }, null, 2)}\n`;
}

/** A backup file's text → its entries, or undefined when it is not one this mcp-gen wrote. */
export function parseBackup(text: string): WrapBackup | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = value as { "mcp-gen"?: unknown; version?: unknown; entries?: unknown };
  if (record === null || typeof record !== "object" || record["mcp-gen"] !== "wrap" || record.version !== 1 || !Array.isArray(record.entries)) return undefined;
  const entries: WrappedEntry[] = [];
  for (const entry of record.entries as { name?: unknown; original?: unknown; wrapped?: unknown }[]) {
    if (entry === null || typeof entry !== "object" || typeof entry.name !== "string" || typeof entry.original !== "string" || typeof entry.wrapped !== "string") return undefined;
    entries.push({ name: entry.name, original: entry.original, wrapped: entry.wrapped });
  }
  return { entries };
}

/** The backup with `added` recorded (a server wrapped again replaces its older record). */
export function addToBackup(backup: WrapBackup | undefined, added: readonly WrappedEntry[]): WrapBackup {
  const names = new Set(added.map((entry) => entry.name));
  return { entries: [...(backup?.entries ?? []).filter((entry) => !names.has(entry.name)), ...added] };
}

export interface UnwrapPlan {
  readonly text: string;
  readonly restored: readonly string[];
  /** Entries that cannot be put back, and why. */
  readonly conflicts: readonly { readonly name: string; readonly reason: string }[];
  /** What the backup still holds afterwards (the entries not asked for). */
  readonly remaining: WrapBackup;
}

/**
 * `text` with each recorded entry (or those `only` names) swapped back: an entry's wrapped text must
 * occur exactly once, as wrap wrote it; failing that, in a JSON config (every host's but Codex's),
 * the entry under its name must still hold the value wrap wrote, and its text as it is now is swapped.
 * @example planUnwrap(wrappedText, backup, [], "claude-desktop").text === originalText
 */
export function planUnwrap(text: string, backup: WrapBackup, only: readonly string[], host: HostKind): UnwrapPlan {
  const chosen = backup.entries.filter((entry) => only.length === 0 || only.includes(entry.name));
  const conflicts: { name: string; reason: string }[] = [];
  const swaps: Swap[] = [];
  for (const entry of chosen) {
    const found = findWrapped(text, entry, host);
    if ("reason" in found) conflicts.push({ name: entry.name, reason: found.reason });
    else swaps.push(found);
  }
  let out = text;
  for (const { at, length, entry } of [...swaps].sort((a, b) => b.at - a.at)) out = out.slice(0, at) + entry.original + out.slice(at + length);
  return {
    text: out,
    restored: swaps.map((swap) => swap.entry.name),
    conflicts,
    remaining: { entries: backup.entries.filter((entry) => !chosen.includes(entry)) },
  };
}

/** Where an entry's text is replaced by its original: `length` characters from `at`. */
interface Swap {
  readonly at: number;
  readonly length: number;
  readonly entry: WrappedEntry;
}

function findWrapped(text: string, entry: WrappedEntry, host: HostKind): Swap | { readonly reason: string } {
  const at = text.indexOf(entry.wrapped);
  if (at !== -1) {
    if (text.indexOf(entry.wrapped, at + 1) !== -1) return { reason: "its entry as wrap wrote it occurs more than once" };
    return { at, length: entry.wrapped.length, entry };
  }
  const changed = { reason: "its entry was changed or removed since wrap" };
  // A Codex config (TOML) is matched by its text alone.
  if (host === "codex") return changed;
  // The host re-serialised the file (Claude Desktop writes JSON.stringify(config, null, 2) when it
  // saves a setting): wrap's text is gone, but the entry may still hold exactly what wrap wrote.
  const now = findJsonEntryHolding(text, host, entry.name, entry.wrapped);
  if (now === undefined) return changed;
  const swap = { at: now.offset, length: now.length, entry };
  const swapped = text.slice(0, swap.at) + entry.original + text.slice(swap.at + swap.length);
  if (!readsAsReplaced(text, swapped, host, entry.name, entry.original)) {
    throw new Error(`Putting back ${JSON.stringify(entry.name)} by its key changed more of the config than its entry; this is a bug in mcp-gen.`);
  }
  return swap;
}
