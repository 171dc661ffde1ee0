// Reading and replacing a host's config file for wrap and unwrap, and the backup beside it: the real
// file behind a symlink is the one rewritten (a dotfiles link stays a link), with its permissions,
// atomically (never half a file), and only if nobody changed it since it was read.
import { realpath, stat } from "node:fs/promises";
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

/** Replaces the config's text, keeping its permissions. */
export async function writeHostConfig(file: HostConfigFile, text: string): Promise<void> {
  await writeFileAtomic(file.real, text, file.mode);
}

/** Writes the backup beside the config, as private as the config is. */
export async function writeBackup(file: HostConfigFile, text: string): Promise<void> {
  await writeFileAtomic(file.backupPath, text, file.mode & 0o666);
}
