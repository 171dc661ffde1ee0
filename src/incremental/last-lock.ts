// The lock the last build wrote, copied beside its build cache. A build that finds on disk a lock no
// build here wrote (pulled from a teammate, merged, left with conflict markers, deleted, or a branch
// never built here) has no cache that vouches for it, and did everything again. With this copy the
// cache still vouches for what the last build did: its tools whose files did not change since are
// taken over, checked against the files on disk as any reuse is, and the rest is built.
//
// A copy, not a hard link: cp, editors and formatters rewrite a file in place, which would change a
// link too. The copy is trusted only while its SHA-256 is the one the cache records.
import { randomBytes } from "node:crypto";
import { constants, readFileSync } from "node:fs";
import { copyFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { sha256Hex } from "../lock/sha256.js";

/**
 * Where the copy of the last build's lock goes, beside the build cache at `cachePath`.
 * @example lastLockPath("/app/node_modules/.cache/mcp-gen/1f0c….json") // "/app/node_modules/.cache/mcp-gen/1f0c….last-lock.json"
 */
export function lastLockPath(cachePath: string): string {
  return `${cachePath.replace(/\.json$/, "")}.last-lock.json`;
}

/**
 * Copies the lock at `lockFile` (absolute), the one the cache at `cachePath` vouches for, beside that
 * cache (a clone where the file system can make one; 2-3 ms for 3.3 MB otherwise). A copy that
 * cannot be made (a read-only folder) only costs the build it would have spared.
 */
export async function keepLastLock(cachePath: string | undefined, lockFile: string): Promise<void> {
  if (cachePath === undefined) return;
  const copy = lastLockPath(cachePath);
  const temp = join(dirname(copy), `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    await copyFile(lockFile, temp, constants.COPYFILE_FICLONE);
    await rename(temp, copy);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * The bytes of the last build's lock kept beside the cache at `cachePath`, when their SHA-256 is
 * `lockHash` (the lock that cache vouches for); else undefined.
 */
export function readLastLock(cachePath: string | undefined, lockHash: string): Buffer | undefined {
  if (cachePath === undefined) return undefined;
  try {
    const bytes = readFileSync(lastLockPath(cachePath));
    return sha256Hex(bytes) === lockHash ? bytes : undefined;
  } catch {
    return undefined;
  }
}
