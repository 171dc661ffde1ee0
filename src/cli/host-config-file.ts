// Reading and replacing a host's config file for wrap and unwrap, and the backup beside it: the real
// file behind a symlink is the one rewritten (a dotfiles link stays a link), with its permissions,
// atomically (never half a file), and only if nobody changed it since it was read. A file system that
// refuses a write (permissions, a read-only or full disk) is a usage error naming the file, and
// whatever was written already is put back.
import { realpath, rm, stat } from "node:fs/promises";
import { readTextIfExists, writeFileAtomic } from "../files/write-files.js";
import { BACKUP_SUFFIX } from "../wrap/wrap-backup.js";
import { UsageError } from "./args.js";

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

/** Reads the config and its backup; a config that cannot be read is a usage error (exit 2). */
export async function readHostConfig(path: string): Promise<HostConfigFile> {
  try {
    const real = await realpath(path);
    const [text, info] = await Promise.all([readTextIfExists(real), stat(real)]);
    if (text === undefined || !info.isFile()) throw Object.assign(new Error("not a file"), { code: "EISDIR" });
    const backupPath = `${real}${BACKUP_SUFFIX}`;
    return { path, real, text, mode: info.mode & 0o777, backupPath, backupText: await readTextIfExists(backupPath) };
  } catch (e) {
    throw new UsageError(`--client-config: cannot read ${JSON.stringify(path)} (${(e as NodeJS.ErrnoException).code ?? "unreadable"}).`);
  }
}

/** True when the config still holds the text it was read with. */
export async function isUnchanged(file: HostConfigFile): Promise<boolean> {
  return (await readTextIfExists(file.real)) === file.text;
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

const WRITE_FAILURES: Readonly<Record<string, string>> = {
  EACCES: "no permission to write there",
  EPERM: "no permission to write there",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
};

/** `e` as a usage error when the file system refused a write (`where`: the quoted file), else `e` itself. */
function cannotWrite(where: string, e: unknown, outcome: string): unknown {
  const code = errnoCode(e);
  if (code === undefined) return e;
  const why = WRITE_FAILURES[code] ?? "the file system refused it";
  return new UsageError(`--client-config: cannot write ${where} (${code}: ${why}); ${outcome}.`);
}

function errnoCode(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
