// What the last build wrote that a later build may need once git has replaced it on disk, copied
// beside the build cache: the lock, and the validator modules. A build that finds on disk a lock no
// build here wrote (pulled from a teammate, merged, left with conflict markers, deleted, or a branch
// never built here) has no cache that vouches for it, and did everything again. With the lock's copy
// the cache still vouches for what the last build did: its tools whose files did not change since
// are taken over, checked against the files on disk as any reuse is, and the rest is built. With the
// validator modules' copies, a schema that did not change needs no ajv even when the module on disk
// is the teammate's (who changed another schema in it).
//
// Copies, not hard links: cp, editors and formatters rewrite a file in place, which would change a
// link too. A copy is trusted only while it hashes as the lock the cache vouches for records it.
import { randomBytes } from "node:crypto";
import { constants, readdirSync } from "node:fs";
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { LockFile } from "../model/lock.js";
import { hashFileText, sha256Hex } from "../lock/sha256.js";
import { readRegularFileNow } from "../files/read-now.js";

/**
 * Where the copy of the last build's lock goes, beside the build cache at `cachePath`.
 * @example lastLockPath("/app/node_modules/.cache/mcp-gen/1f0c….json") // "/app/node_modules/.cache/mcp-gen/1f0c….last-lock.json"
 */
export function lastLockPath(cachePath: string): string {
  return `${cachePath.replace(/\.json$/, "")}.last-lock.json`;
}

/** The folder of the copies of the last build's validator modules, beside the cache at `cachePath`. */
function modulesFolder(cachePath: string): string {
  return `${cachePath.replace(/\.json$/, "")}.last-modules`;
}

/**
 * The copy of the generated file at project path `path` whose hashFileText is `hash`, named by the
 * hashes of both (no project text in a file name): a module that did not change is not copied again.
 */
function moduleCopyPath(cachePath: string, path: string, hash: string): string {
  return join(modulesFolder(cachePath), `${sha256Hex(path).slice(0, 16)}-${hash.slice(0, 16)}.ts`);
}

/**
 * Copies the lock at `lockFile` (absolute), the one the cache at `cachePath` now vouches for, and the
 * validator modules at project paths `modules` under `root` that `lock` (its content) records,
 * beside that cache (a clone where the file system can make one; 2-3 ms for 3.3 MB otherwise). A
 * module already copied with the hash the lock records is not copied again; copies of other modules,
 * or of other versions, go. A copy that cannot be made (a read-only folder) only costs the build it
 * would have spared.
 */
export async function keepLastOutput(cachePath: string | undefined, root: string, lockFile: string, lock: LockFile, modules: Iterable<string>): Promise<void> {
  if (cachePath === undefined) return;
  await copyAtomically(lockFile, lastLockPath(cachePath));
  const folder = modulesFolder(cachePath);
  const recorded = [...modules].flatMap((path) => (Object.hasOwn(lock.files, path) ? [[moduleCopyPath(cachePath, path, lock.files[path]!), path] as const] : []));
  const wanted = new Map(recorded);
  let present: Set<string>;
  try {
    await mkdir(folder, { recursive: true });
    present = new Set(readdirSync(folder).map((name) => join(folder, name)));
    for (const copy of present) if (!wanted.has(copy)) await rm(copy, { force: true });
  } catch {
    return;
  }
  for (const [copy, path] of wanted) if (!present.has(copy)) await copyAtomically(join(root, path), copy);
}

async function copyAtomically(from: string, to: string): Promise<void> {
  const temp = join(dirname(to), `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    await copyFile(from, temp, constants.COPYFILE_FICLONE);
    await rename(temp, to);
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
    const bytes = readRegularFileNow(lastLockPath(cachePath));
    return sha256Hex(bytes) === lockHash ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** A project file's text and hashFileText (as DiskReader has them). */
export interface FileReader {
  text(path: string): string | undefined;
  hash(path: string): string | undefined;
}

/**
 * The generated files as the last build wrote them, by the hashes its lock records: each from disk
 * while it is there as recorded, else from its copy beside the cache at `cachePath` when the copy is.
 * For reading what the last build generated (its validators), never for deciding what is on disk.
 */
export function lastOutputReader(cachePath: string | undefined, lock: LockFile, disk: FileReader): FileReader {
  const copies = new Map<string, string | undefined>();
  const recorded = (path: string) => (Object.hasOwn(lock.files, path) ? lock.files[path] : undefined);
  const copy = (path: string): string | undefined => {
    if (cachePath === undefined) return undefined;
    if (!copies.has(path)) {
      let text: string | undefined;
      const hash = recorded(path);
      try {
        text = hash === undefined ? undefined : readRegularFileNow(moduleCopyPath(cachePath, path, hash), "utf8");
      } catch {
        text = undefined;
      }
      copies.set(path, text !== undefined && hashFileText(text) === recorded(path) ? text : undefined);
    }
    return copies.get(path);
  };
  const onDisk = (path: string) => recorded(path) !== undefined && disk.hash(path) === recorded(path);
  return {
    text: (path) => (onDisk(path) ? disk.text(path) : copy(path)),
    hash: (path) => (onDisk(path) ? recorded(path) : copy(path) !== undefined ? recorded(path) : disk.hash(path)),
  };
}
