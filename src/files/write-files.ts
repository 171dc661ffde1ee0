// Writes build output without ever leaving a half-written file or losing a user's file: each file
// goes to a temporary sibling and is renamed over its target (atomic on one file system), unchanged
// files are not touched, and scaffolds are created only when absent.
import type { BytePieces } from "./byte-pieces.js";
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { GeneratedFile } from "../model/generated-file.js";
import { readFileNow, readFileNowAsync } from "./read-now.js";

/**
 * Writes `contents` (text as UTF-8, or bytes) to `path` atomically: temp file in the same folder,
 * fsync, rename. `mode` gives the new file those permissions exactly (a file that replaces one
 * holding secrets keeps its mode).
 */
export async function writeFileAtomic(path: string, contents: string | Uint8Array | BytePieces, mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", mode ?? 0o644);
  try {
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await writeAll(handle, contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    // A full disk, say: no half-written temporary file is left behind.
    await rm(temp, { force: true });
    throw e;
  }
}

/**
 * Writes a new file that nobody reads before the caller publishes it (a file in a staging folder,
 * or a temporary file): created exclusively, written, flushed to disk, closed. No temporary copy:
 * the folder or name swap that publishes it is what makes it appear whole.
 */
export async function writeNewFile(path: string, contents: string | Uint8Array | BytePieces): Promise<void> {
  const handle = await open(path, "wx", 0o644);
  try {
    await writeAll(handle, contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes text (as UTF-8), bytes, or bytes in pieces one after another. */
async function writeAll(handle: FileHandle, contents: string | Uint8Array | BytePieces): Promise<void> {
  if (typeof contents === "string" || contents instanceof Uint8Array) return handle.writeFile(contents);
  for (const piece of contents) {
    for (let at = 0; at < piece.length; ) at += (await handle.write(piece, at, piece.length - at)).bytesWritten;
  }
}

/**
 * Writes a new file (it must not exist) that nobody reads before the caller publishes it, with one
 * sync call and no fsync. For the thousands of files of a build: sync calls are several times
 * faster than fs/promises here, and an fsync each cost more than the rest of the write. A killed
 * process loses nothing the kernel has (the rename or link that publishes the files comes after);
 * like tsc, and git for its objects by default, mcp-gen does not flush each generated file to the
 * disk, so after a power cut the next build writes them again.
 */
export function writeNewFileSync(path: string, contents: string | Uint8Array): void {
  writeFileSync(path, contents, { encoding: "utf8", flag: "wx", mode: 0o644 });
}

/** Creates folders once each, however many files go into them at the same time. */
export function folderMaker(): (dir: string) => Promise<void> {
  const made = new Map<string, Promise<unknown>>();
  return async (dir) => {
    let done = made.get(dir);
    if (!done) {
      done = mkdir(dir, { recursive: true });
      made.set(dir, done);
    }
    await done;
  };
}

/**
 * The text of the file at `path`; undefined when there is none. Opened without waiting
 * (OPEN_WITHOUT_WAITING): a named pipe at the path reads as empty instead of hanging the command.
 */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFileNowAsync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/**
 * Creates files that do not exist yet. Each is written whole to a temporary sibling and hard-linked
 * into place, which fails when the target exists: a user's file is never opened for writing, and a
 * crash never leaves half a scaffold behind. `listed` says the caller has just seen that none of
 * them exists.
 */
export async function createMissing(root: string, files: readonly GeneratedFile[], listed = false): Promise<string[]> {
  const folders = new Set<string>();
  return files.filter((file) => createMissingFile(root, file, listed, folders)).map((file) => file.path);
}

/**
 * createMissing for one file: true when it was created. `folders` holds the folders this thread
 * has made already. Safe while other threads create the same files (link() decides who wins).
 */
export function createMissingFile(root: string, file: GeneratedFile, listed: boolean, folders: Set<string>): boolean {
  const path = join(root, file.path);
  // `listed`: the caller found these absent when it listed their folders, so the check is left to
  // link(), which refuses to replace a file that appeared since.
  if (!listed && existsSync(path)) return false;
  const folder = dirname(path);
  if (!folders.has(folder)) mkdirSync(folder, { recursive: true }), folders.add(folder);
  const temp = join(folder, `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  writeNewFileSync(temp, file.contents);
  try {
    linkSync(temp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return false;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** readTextIfExists without awaiting: a build reads thousands of small files one after another. */
export function readTextSyncIfExists(path: string): string | undefined {
  try {
    return readFileNow(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}
