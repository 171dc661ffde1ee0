// Reading and replacing a host's config file for wrap and unwrap, and the backup beside it: the real
// file behind a symlink is the one rewritten (a dotfiles link stays a link), with its permissions,
// atomically (never half a file), and only if nobody changed it since it was read. One wrap or unwrap
// at a time works on a config: each holds a lock file beside it from reading the config until both
// files are written, so two runs never both start from the same text and one undo the other's work.
// A file system that refuses a write (permissions, a read-only or full disk) is a usage error naming
// the file, and whatever was written already is put back.
import { realpath, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readTextIfExists, writeFileAtomic } from "../files/write-files.js";
import { errnoCode, systemFailure } from "../files/system-failure.js";
import { acquireLockFile } from "../incremental/project-lock.js";
import { BACKUP_SUFFIX } from "../wrap/wrap-backup.js";
import { UsageError } from "./args.js";

/** The lock file beside the config while wrap or unwrap works on it. */
export const CONFIG_LOCK_SUFFIX = ".mcp-gen-wrap.lock";

/** How long a run waits for another wrap or unwrap of the same config (they take well under a second). */
const LOCK_PATIENCE_MS = 10_000;

export interface HostConfigFile {
  /** The path the user gave, resolved. */
  readonly path: string;
  /** The file itself (behind any symlink). */
  readonly real: string;
  readonly text: string;
  /** Its permission bits. */
  readonly mode: number;
  /** The backup's path and text (undefined: there is none). */
  readonly backupPath: string;
  readonly backupText: string | undefined;
}

/**
 * Runs `work` on the config at `path` (read with the lock held) and releases the lock after it, however
 * it ends. A config that cannot be read, or whose folder cannot be written, is a usage error (exit 2).
 */
export async function withHostConfig<T>(path: string, work: (file: HostConfigFile) => Promise<T>, patience = LOCK_PATIENCE_MS): Promise<T> {
  const real = await realpath(path).catch((e: NodeJS.ErrnoException) => {
    throw cannotRead(path, e);
  });
  const release = await lockHostConfig(real, path, patience);
  try {
    return await work(await readHostConfig(path, real));
  } finally {
    await release();
  }
}

/** Takes the lock of the config `real` (`shown` as given), waiting up to `patience` ms for another run to finish; returns its release. */
export async function lockHostConfig(real: string, shown: string, patience: number): Promise<() => Promise<void>> {
  const lockPath = `${real}${CONFIG_LOCK_SUFFIX}`;
  const deadline = Date.now() + patience;
  for (;;) {
    const attempt = await acquireLockFile(lockPath).catch((e: unknown) => {
      throw cannotWrite(`in ${JSON.stringify(dirname(real))}`, e, `wrap and unwrap write ${JSON.stringify(shown)}, its backup and a lock file in that folder; nothing was changed`);
    });
    if (attempt.ok) return attempt.release;
    if (Date.now() >= deadline) {
      const who = attempt.owner > 0 ? `another mcp-gen (pid ${attempt.owner})` : "another mcp-gen";
      throw new UsageError(`${JSON.stringify(shown)} is being rewritten by ${who}; nothing was changed. Run this again once it is done (if no mcp-gen runs, remove ${JSON.stringify(lockPath)}).`);
    }
    await sleep(20 + Math.random() * 40);
  }
}

async function readHostConfig(path: string, real: string): Promise<HostConfigFile> {
  try {
    const [text, info] = await Promise.all([readTextIfExists(real), stat(real)]);
    if (text === undefined || !info.isFile()) throw Object.assign(new Error("not a file"), { code: "EISDIR" });
    const backupPath = `${real}${BACKUP_SUFFIX}`;
    return { path, real, text, mode: info.mode & 0o777, backupPath, backupText: await readTextIfExists(backupPath) };
  } catch (e) {
    throw cannotRead(path, e);
  }
}

function cannotRead(path: string, e: unknown): UsageError {
  return new UsageError(`--client-config: cannot read ${JSON.stringify(path)} (${(e as NodeJS.ErrnoException).code ?? "unreadable"}).`);
}

/** True when the config and its backup still hold the text they were read with. */
export async function isUnchanged(file: HostConfigFile): Promise<boolean> {
  const [text, backupText] = await Promise.all([readTextIfExists(file.real), readTextIfExists(file.backupPath)]);
  return text === file.text && backupText === file.backupText;
}

/** One file to replace: its new text (undefined: remove it) and what it held when read. */
export interface FileChange {
  readonly path: string;
  readonly text: string | undefined;
  readonly before: string | undefined;
  readonly mode: number;
}

/** The config with new text, keeping its permissions. */
export function configChange(file: HostConfigFile, text: string): FileChange {
  return { path: file.real, text, before: file.text, mode: file.mode };
}

/** The backup beside the config with new text (undefined: removed), as private as the config is. */
export function backupChange(file: HostConfigFile, text: string | undefined): FileChange {
  return { path: file.backupPath, text, before: file.backupText, mode: file.mode & 0o666 };
}

/**
 * Makes the changes in order (the caller orders them so that stopping between two loses nothing). When
 * one is refused by the file system, those made already are put back and a usage error names the file.
 */
export async function writeChanges(changes: readonly FileChange[]): Promise<void> {
  for (const [i, change] of changes.entries()) {
    try {
      await apply(change, change.text);
    } catch (e) {
      if (errnoCode(e) === undefined) throw e;
      throw cannotWrite(JSON.stringify(change.path), e, await undo(changes.slice(0, i)));
    }
  }
}

async function apply(change: FileChange, text: string | undefined): Promise<void> {
  if (text === undefined) await rm(change.path, { force: true });
  else await writeFileAtomic(change.path, text, change.mode);
}

/** Puts back the files `done` changed; says what the user finds. */
async function undo(done: readonly FileChange[]): Promise<string> {
  const stuck: string[] = [];
  for (const change of [...done].reverse()) await apply(change, change.before).catch(() => stuck.push(JSON.stringify(change.path)));
  return stuck.length === 0 ? "nothing was changed" : `${stuck.join(" and ")} could not be put back as ${stuck.length === 1 ? "it was" : "they were"}`;
}

/** `e` as a usage error when the file system refused a write (`where`: the quoted file, or "in" a folder), else `e` itself. */
function cannotWrite(where: string, e: unknown, outcome: string): unknown {
  const code = errnoCode(e);
  if (code === undefined) return e;
  const why = systemFailure(e)?.why ?? "the file system refused it";
  return new UsageError(`--client-config: cannot write ${where} (${code}: ${why}); ${outcome}.`);
}
