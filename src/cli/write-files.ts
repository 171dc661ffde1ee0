// Writes build output without ever leaving a half-written file or losing a user's file: each file
// goes to a temporary sibling and is renamed over its target (atomic on one file system), unchanged
// files are not touched, and scaffolds are created only when absent.
import { randomBytes } from "node:crypto";
import { link, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { GeneratedFile } from "../model/generated-file.js";

/** Writes `contents` to `path` atomically: temp file in the same folder, fsync, rename. */
export async function writeFileAtomic(path: string, contents: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    await handle.writeFile(contents, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

export interface WriteSummary {
  readonly written: string[];
  readonly unchanged: string[];
}

/** Writes files whose contents differ from what is on disk. */
export async function writeChanged(root: string, files: readonly GeneratedFile[]): Promise<WriteSummary> {
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const file of files) {
    const path = join(root, file.path);
    if ((await readTextIfExists(path)) === file.contents) unchanged.push(file.path);
    else {
      await writeFileAtomic(path, file.contents);
      written.push(file.path);
    }
  }
  return { written, unchanged };
}

/**
 * Creates files that do not exist yet. Each is written whole to a temporary sibling and hard-linked
 * into place, which fails when the target exists: a user's file is never opened for writing, and a
 * crash never leaves half a scaffold behind.
 */
export async function createMissing(root: string, files: readonly GeneratedFile[]): Promise<string[]> {
  const created: string[] = [];
  for (const file of files) {
    const path = join(root, file.path);
    if ((await readTextIfExists(path)) !== undefined) continue;
    await mkdir(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
    await writeFileAtomic(temp, file.contents);
    try {
      await link(temp, path);
      created.push(file.path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    } finally {
      await rm(temp, { force: true });
    }
  }
  return created;
}
