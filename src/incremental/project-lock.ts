// Keeps two mcp-gen processes from building (or checking against a half-written build) in one project
// at the same time: an exclusive lock file with the owner's pid. A lock left by a process that no
// longer runs (killed with -9) is taken over.
import { open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";

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
  const path = join(root, PROJECT_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, "wx", 0o644);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { ok: true, release: () => rm(path, { force: true }) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = Number((await readFile(path, "utf8").catch(() => "")).trim());
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) return { ok: false, owner };
      await rm(path, { force: true }); // stale: its owner is gone
    }
  }
  return { ok: false, owner: 0 };
}
