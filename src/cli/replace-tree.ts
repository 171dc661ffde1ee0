// Replaces the generated folder and the lock as one unit, so that a build killed at any moment leaves
// either the old tree and lock or the new ones. The new tree is assembled in a staging folder next to
// the old one (unchanged files hard-linked, so their inode and mtime survive), the new lock is written
// beside the old lock, then two renames swap the folders and one more puts the lock in place. A build
// that finds the leftovers of an interrupted one finishes or undoes it first (recoverInterruptedBuild).
import { access, link, mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { GeneratedFile } from "../model/generated-file.js";
import { writeFileAtomic } from "./write-files.js";

export interface TreeReplacement {
  /** Absolute project root. */
  readonly root: string;
  /** Generated folder, project-relative. */
  readonly out: string;
  /** Lock file, project-relative. */
  readonly lock: string;
  /** Every file the folder must hold after the build (project-relative paths under `out`). */
  readonly files: readonly GeneratedFile[];
  /** Files of the old folder to drop (stale generated files); everything else unknown is kept. */
  readonly drop: ReadonlySet<string>;
  readonly lockText: string;
}

export interface TreeSummary {
  readonly written: string[];
  readonly unchanged: string[];
  readonly removed: string[];
}

const STAGING = ".mcp-gen-new";
const BACKUP = ".mcp-gen-old";

async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(relative(dir, path).split(sep).join("/"));
    }
  };
  if (await exists(dir)) await walk(dir);
  return out.sort();
}

/**
 * Finishes or undoes a build that was killed while swapping, and removes temporary files a killed
 * build left beside scaffolds (in `scaffoldDirs`) or the lock. Safe to call at any time.
 */
export async function recoverInterruptedBuild(root: string, out: string, lock: string, scaffoldDirs: readonly string[] = []): Promise<void> {
  const outDir = join(root, out);
  const backup = outDir + BACKUP;
  const lockNew = join(root, lock) + STAGING;
  if (!(await exists(outDir)) && (await exists(backup))) {
    // Killed between the two renames: the old tree is complete in the backup, and the new lock never
    // went in, so put the old tree back.
    await rename(backup, outDir);
    await rm(lockNew, { force: true });
  } else if (await exists(backup)) {
    // Killed after the swap: the new tree is in place; its lock is waiting beside the old one.
    await rm(backup, { recursive: true, force: true });
    if (await exists(lockNew)) await rename(lockNew, join(root, lock));
  } else {
    await rm(lockNew, { force: true });
  }
  await rm(outDir + STAGING, { recursive: true, force: true });
  for (const dir of new Set([...scaffoldDirs, dirname(lock)])) await removeTempFiles(join(root, dir));
}

/** Temporary files of writeFileAtomic and createMissing (".mcp-gen-<pid>-<random>.tmp"), one level deep. */
async function removeTempFiles(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const name of entries) if (/^\.mcp-gen-\d+-[0-9a-f]+\.tmp$/.test(name)) await rm(join(dir, name), { force: true });
}

/** Writes the new generated folder and lock as one unit (see the module comment). */
export async function replaceTree(input: TreeReplacement): Promise<TreeSummary> {
  const outDir = join(input.root, input.out);
  const staging = outDir + STAGING;
  await rm(staging, { recursive: true, force: true });
  const oldFiles = new Set((await listFiles(outDir)).map((p) => `${input.out}/${p}`));
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const file of input.files) {
    const target = join(staging, relative(input.out, file.path));
    const current = oldFiles.has(file.path) ? await readFile(join(input.root, file.path), "utf8") : undefined;
    if (current === file.contents) {
      await mkdir(dirname(target), { recursive: true });
      await link(join(input.root, file.path), target);
      unchanged.push(file.path);
    } else {
      await writeFileAtomic(target, file.contents);
      written.push(file.path);
    }
  }
  // Files in the folder that this build does not write stay, unless they are stale generated files.
  const generated = new Set(input.files.map((f) => f.path));
  const removed: string[] = [];
  for (const path of oldFiles) {
    if (generated.has(path)) continue;
    if (input.drop.has(path)) {
      removed.push(path);
      continue;
    }
    const target = join(staging, relative(input.out, path));
    await mkdir(dirname(target), { recursive: true });
    await link(join(input.root, path), target);
  }
  if (written.length === 0 && removed.length === 0) {
    await rm(staging, { recursive: true, force: true });
    await writeLockIfChanged(input);
    return { written, unchanged, removed };
  }
  const lockPath = join(input.root, input.lock);
  await writeFileAtomic(lockPath + STAGING, input.lockText);
  if (await exists(outDir)) {
    await rename(outDir, outDir + BACKUP);
    await rename(staging, outDir);
    await rename(lockPath + STAGING, lockPath);
    await rm(outDir + BACKUP, { recursive: true, force: true });
  } else {
    await mkdir(dirname(outDir), { recursive: true });
    await rename(staging, outDir);
    await rename(lockPath + STAGING, lockPath);
  }
  return { written, unchanged, removed: removed.sort() };
}

async function writeLockIfChanged(input: TreeReplacement): Promise<void> {
  const lockPath = join(input.root, input.lock);
  const current = await readFile(lockPath, "utf8").catch(() => undefined);
  if (current !== input.lockText) await writeFileAtomic(lockPath, input.lockText);
}
