// What `mcp-gen wrap` keeps so that `mcp-gen unwrap` can put a host's config back byte for byte: for
// each wrapped server, the text of its entry before and after wrap. It lives beside the config
// (`FILE.mcp-gen-wrap.json`, readable by whoever can read the config, and holding nothing the config
// did not), never in the project, which may be committed. Unwrap swaps each entry's text back where
// it finds it unchanged: the whole file comes back exactly when nothing else changed, and edits made
// since to other servers or settings are kept. An entry edited since wrap is not guessed at. Pure.

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
 * occur exactly once, as wrap wrote it.
 * @example planUnwrap(wrappedText, backup, []).text === originalText
 */
export function planUnwrap(text: string, backup: WrapBackup, only: readonly string[]): UnwrapPlan {
  const chosen = backup.entries.filter((entry) => only.length === 0 || only.includes(entry.name));
  const conflicts: { name: string; reason: string }[] = [];
  const swaps: { at: number; entry: WrappedEntry }[] = [];
  for (const entry of chosen) {
    const at = text.indexOf(entry.wrapped);
    if (at === -1) conflicts.push({ name: entry.name, reason: "its entry was changed or removed since wrap" });
    else if (text.indexOf(entry.wrapped, at + 1) !== -1) conflicts.push({ name: entry.name, reason: "its entry as wrap wrote it occurs more than once" });
    else swaps.push({ at, entry });
  }
  let out = text;
  for (const { at, entry } of [...swaps].sort((a, b) => b.at - a.at)) out = out.slice(0, at) + entry.original + out.slice(at + entry.wrapped.length);
  return {
    text: out,
    restored: swaps.map((swap) => swap.entry.name),
    conflicts,
    remaining: { entries: backup.entries.filter((entry) => !chosen.includes(entry)) },
  };
}
