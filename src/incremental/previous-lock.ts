// The lock the last build wrote, as far as it can be read, and what it tells a build about the
// generated folder on disk: which files were edited by hand since (the build stops rather than lose
// the edit) and which are stale (generated then, not now: removed).
import type { Diagnostic } from "../model/diagnostic.js";
import type { GeneratedFile } from "../model/generated-file.js";
import type { LockFile } from "../model/lock.js";
import { diagnosticAtLineStart } from "../load/diagnostic-at.js";
import type { LoadLimits } from "../load/limits.js";
import { conflictSides } from "../lock/conflict-sides.js";
import { differsOnlyInFormatting, firstDifferentLine, reformattedFinding, type ReformattedFile } from "../lock/formatting-only.js";
import { mayBeLock, notALock } from "../lock/lock-text.js";
import { parseLock, parseVouchedLock } from "../lock/parse-lock.js";
import type { DiskReader } from "./disk-reader.js";

/** What build needs from the previous lock: the hash of every file the last build generated. */
export type PreviousFiles = { readonly files: Readonly<Record<string, string>> } | undefined;

export interface PreviousLock {
  readonly lock: PreviousFiles;
  /** The whole lock, when it parses. */
  readonly parsed?: LockFile;
  readonly text?: string;
  /** Its bytes, when it was read as a file. */
  readonly bytes?: Uint8Array;
  /**
   * A lock left with merge-conflict markers: what each side records (conflict-sides.ts), for telling
   * a file mcp-gen wrote from a hand edit (a generated file left with conflict markers of its own is
   * neither side's, and the build writes it again) and stale output from a file of the user's.
   */
  readonly sides?: readonly PreviousFiles[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The previous lock's record of generated files. A lock that does not parse (an older format, a
 * merge conflict) is not an error: this build writes it again. Its `files` are still used when they
 * can be read, so hand edits to generated files are not overwritten unnoticed. `vouched`: the build
 * cache says this is exactly the text the last build wrote, so only its shape is checked.
 * @example parsePreviousLock(text, "mcp-tools.lock.json", config.load, false).parsed
 */
export function parsePreviousLock(text: string | undefined, path: string, limits: LoadLimits, vouched: boolean): PreviousLock {
  if (text === undefined) return { lock: undefined, diagnostics: [] };
  const trusted = vouched ? parseVouchedLock(text) : undefined;
  if (trusted) return { lock: trusted, parsed: trusted, text, diagnostics: [] };
  const parsed = parseLock(text, path, limits);
  if (parsed.value) return { lock: parsed.value, parsed: parsed.value, text, diagnostics: [] };
  // Some other file at the lock path (the user's): an error, so that nothing is written over it.
  if (!mayBeLock(text)) return { lock: undefined, text, diagnostics: [notALock(path)] };
  const first = parsed.diagnostics[0];
  const warning: Diagnostic = {
    ruleId: "lock-invalid",
    severity: "warning",
    message: `${path} cannot be read (${first ? first.message.replace(/\.$/, "") : "it is malformed"}); this build writes it again.`,
    hint: "Review the rewritten lock before committing it.",
    file: path,
    line: first?.line ?? 1,
    column: first?.column ?? 1,
    endLine: first?.endLine ?? 1,
    endColumn: first?.endColumn ?? 1,
    pointer: first?.pointer ?? "",
  };
  const sides = conflictSides(text).flatMap((side) => recordedFiles(side) ?? []);
  return { lock: recordedFiles(text), text, diagnostics: [warning], ...(sides.length > 0 ? { sides } : {}) };
}

/** The `files` member of a lock that does not parse as a whole, when it is a map of hashes. */
function recordedFiles(text: string): PreviousFiles {
  try {
    const files: unknown = (JSON.parse(text) as { files?: unknown }).files;
    if (files === null || typeof files !== "object" || Array.isArray(files)) return undefined;
    const entries = Object.entries(files).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return { files: Object.fromEntries(entries) };
  } catch {
    return undefined;
  }
}

/** Whether the last build wrote `path` (so it is probably on disk: worth reading, where a miss costs a thrown error). */
export function isRecorded(lock: PreviousFiles, path: string): boolean {
  return lock !== undefined && Object.hasOwn(lock.files, path);
}

/**
 * Generated files whose text on disk is neither what the last build wrote nor what this one writes.
 * Those that differ from what this build writes only as a formatter makes them differ are one
 * finding, worded as check words it: a formatter run over the folder is not six hand edits.
 * `generatedBefore` (asked for only when a file differs): other records of what mcp-gen generated,
 * for when the lock on disk is not the last build's (the descriptors and the lock put back to an
 * earlier commit, the generated folder not): a file as one of them records it is mcp-gen's output.
 */
export function handEditedFiles(lock: PreviousFiles, files: readonly GeneratedFile[], disk: DiskReader, generatedBefore: () => readonly PreviousFiles[] = () => []): Diagnostic[] {
  if (!lock) return [];
  let before: readonly PreviousFiles[] | undefined;
  const wroteBefore = (path: string) => (before ??= generatedBefore()).some((record) => record !== undefined && Object.hasOwn(record.files, path) && record.files[path] === disk.hash(path));
  const next = new Map(files.map((f) => [f.path, f]));
  const edited: Diagnostic[] = [];
  const formatted: ReformattedFile[] = [];
  for (const [path, recorded] of Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    // A file the build leaves as it is was found on disk as recorded.
    if (next.get(path)?.unchanged) continue;
    // Found as recorded (mostly by its stat alone): not read.
    if (disk.hash(path) === recorded) continue;
    const current = disk.text(path);
    const contents = next.get(path)?.contents;
    if (current === undefined || current === contents || wroteBefore(path)) continue;
    if (contents !== undefined && differsOnlyInFormatting(current, contents)) {
      formatted.push({ path, line: firstDifferentLine(current, contents) });
      continue;
    }
    // At the first line that differs from what this build writes, as check points at it.
    const line = contents === undefined ? 1 : firstDifferentLine(current, contents);
    edited.push(
      diagnosticAtLineStart(path, line, {
        ruleId: "generated-file-edited",
        severity: "error",
        message: `${path} was edited by hand since the last build${contents === undefined ? "" : ` (first difference at line ${line})`}; building would overwrite the edit.`,
        hint: "Move the change into the descriptor, a handler or a template, or run `mcp-gen build --force` to discard it.",
      }),
    );
  }
  if (formatted.length > 0) edited.push(reformattedFinding(formatted));
  return edited;
}

/** The first line of a file mcp-gen writes into the generated folder says so ("// Generated by mcp-gen …", "// Copied by mcp-gen …"). */
const MCP_GEN_FIRST_LINE = /^\uFEFF?[^\n]*\bby mcp-gen\b/;

/**
 * Files this build would write over that the lock on disk does not record and whose first line does
 * not say mcp-gen wrote them: a file of the user's or of another generator where a generated file
 * goes (a project taking up mcp-gen with an `out` folder that already holds an index.ts). Without a
 * lock to say otherwise, a build replaced such a file without a word; now it stops, as for a hand edit.
 */
export function foreignFiles(lock: PreviousFiles, files: readonly GeneratedFile[], disk: DiskReader): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const file of files) {
    if (file.unchanged || (lock !== undefined && Object.hasOwn(lock.files, file.path))) continue;
    const current = disk.text(file.path);
    if (current === undefined || current === file.contents || MCP_GEN_FIRST_LINE.test(current)) continue;
    found.push(
      diagnosticAtLineStart(file.path, 1, {
        ruleId: "generated-file-foreign",
        severity: "error",
        message: `${file.path} is where a build writes a generated file, but mcp-gen did not write it (the lock does not record it, and its first line does not say so); building would replace it.`,
        hint: "Move the file out of the generated folder, or set `out` in mcp-gen.config.yaml to a folder of mcp-gen's own; or run `mcp-gen build --force` to replace it.",
      }),
    );
  }
  return found;
}

/**
 * Files the last build generated that this one does not: removed, unless they were edited by hand
 * since (then they stay, as any unknown file in the folder does), or --force says to drop them too.
 * `generatedBefore`: other records of what mcp-gen generated, for when the lock on disk is not the
 * last build's (deleted, left with merge-conflict markers, or put back to an earlier commit): the
 * last build's own lock (its copy beside the build cache), each side of a conflict. A file on disk
 * exactly as one of them records it is mcp-gen's output all the same, and goes too; without them
 * such a file stayed, and `check` then failed the project for a file left over.
 */
export function staleFiles(lock: PreviousFiles, files: readonly GeneratedFile[], force: boolean, disk: DiskReader, generatedBefore: readonly PreviousFiles[] = []): Set<string> {
  const stale = new Set<string>();
  const now = new Set(files.map((f) => f.path));
  for (const [path, recorded] of Object.entries(lock?.files ?? {})) {
    if (now.has(path)) continue;
    const current = disk.text(path);
    if (current !== undefined && (force || disk.hash(path) === recorded)) stale.add(path);
  }
  for (const record of generatedBefore) {
    for (const [path, recorded] of Object.entries(record?.files ?? {})) if (!now.has(path) && disk.hash(path) === recorded) stale.add(path);
  }
  return stale;
}
