// Keeps two mcp-gen processes from building (or checking against a half-written build) in one project
// at the same time, or from rewriting one host config at once (wrap, unwrap): an exclusive lock file
// with the owner's pid. A lock left by a process that no longer runs (killed with -9) is taken over.
import { randomBytes } from "node:crypto";
import { link, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readFileNowAsync } from "../files/read-now.js";

export const PROJECT_LOCK_FILE = ".mcp-gen.pid";

export type LockAttempt = { readonly ok: true; release(): Promise<void> } | { readonly ok: false; readonly owner: number };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function acquireProjectLock(root: string): Promise<LockAttempt> {
  return acquireLockFile(join(root, PROJECT_LOCK_FILE));
}

/** How a new file gets its text: fs/promises writeFile, or a test's stand-in that fails as a full disk does. */
export type WriteNewFile = (path: string, text: string, options: { readonly flag: "wx"; readonly mode: number }) => Promise<void>;

/**
 * Creates the lock file `path` holding this process's pid, unless a running process holds it (then
 * `owner` is its pid, or 0 when another process is taking over a stale lock at the same moment).
 * Errors of the file system (a folder that cannot be written, a full disk) are thrown, and leave no
 * file of this process behind. `write` writes each new file (tests make it fail).
 */
export async function acquireLockFile(path: string, write: WriteNewFile = writeFile): Promise<LockAttempt> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createWithPid(path, write)) return held(path);
    const owner = await readOwner(path);
    if (owner === undefined) continue; // released meanwhile
    if (owner > 0 && isRunning(owner)) return { ok: false, owner };
    const takeover = await takeOver(path, owner, write);
    if (takeover === "taken") return held(path);
    if (takeover !== "retry") return { ok: false, owner: takeover };
  }
  return { ok: false, owner: 0 };
}

function held(path: string): LockAttempt {
  return { ok: true, release: () => rm(path, { force: true }) };
}

/**
 * Takes over the lock `path` whose owner `stale` is gone: one process at a time (it holds
 * `path.takeover` for the few milliseconds this takes), which reads the lock again and, if it still
 * names `stale`, renames a file with its own pid over it. The lock is never absent meanwhile, so no
 * other process can create it beside the one taking it over (removing the stale lock first let two
 * processes hold it: one created it in the gap, the other took it over). Answers "taken", the pid now
 * holding it (0: unknown), or "retry" when it went away.
 */
async function takeOver(path: string, stale: number, write: WriteNewFile): Promise<"taken" | "retry" | number> {
  const breaker = `${path}.takeover`;
  if (!(await createWithPid(breaker, write))) {
    const taker = await readOwner(breaker);
    if (taker === undefined) return "retry";
    if (taker > 0 && isRunning(taker)) return taker;
    // A process died in the middle of a takeover: its claim goes, and the lock is looked at again.
    await rm(breaker, { force: true });
    return "retry";
  }
  try {
    const now = await readOwner(path);
    if (now === undefined) return "retry";
    if (now !== stale) return now;
    const temp = await pidFileBeside(path, write);
    try {
      await rename(temp, path);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    return "taken";
  } finally {
    await rm(breaker, { force: true });
  }
}

/**
 * Creates `path` with this process's pid in it, or returns false when it exists. The pid is written
 * to a temporary file first and linked into place (link() refuses an existing name), so a lock is
 * never seen empty: an empty one would read as stale and be taken over while its owner holds it.
 */
async function createWithPid(path: string, write: WriteNewFile): Promise<boolean> {
  const temp = await pidFileBeside(path, write);
  try {
    await link(temp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links (FAT, exFAT, some network shares): an exclusive create, then
    // the pid, as before links were used; a lock is then empty for the moment between the two.
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") return createExclusive(path, write);
    throw e;
  } finally {
    await rm(temp, { force: true });
  }
}

async function createExclusive(path: string, write: WriteNewFile): Promise<boolean> {
  try {
    await write(path, String(process.pid), { flag: "wx", mode: 0o644 });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

/** The pid in a lock file (0: not a pid), or undefined when there is none. */
async function readOwner(path: string): Promise<number | undefined> {
  const text = await readFileNowAsync(path, "utf8").catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return undefined;
    throw e;
  });
  if (text === undefined) return undefined;
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

/**
 * A new temporary file beside the lock `path` with this process's pid in it. A write that fails
 * once the file is created (the disk full, ENOSPC) removes it: an empty `.mcp-gen.pid.*.tmp` was
 * left in the project root for good, since no later build looks for another process's temp files.
 */
async function pidFileBeside(path: string, write: WriteNewFile): Promise<string> {
  const temp = tempBeside(path);
  try {
    await write(temp, String(process.pid), { flag: "wx", mode: 0o644 });
  } catch (e) {
    // EEXIST: the name is another's (a random name, so all but impossible), and not this one's to remove.
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") await rm(temp, { force: true });
    throw e;
  }
  return temp;
}

/**
 * A temporary name beside the lock. Not named as mcp-gen's other temporary files: a build removes
 * those in the project root while it holds the lock, which would pull this one away from a process
 * that is waiting to take the lock.
 */
function tempBeside(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
}
