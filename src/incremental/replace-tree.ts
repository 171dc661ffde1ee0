// Replaces the generated folder and the lock as one unit, so that a build killed at any moment leaves
// either the old tree and lock or the new ones. The new tree is assembled in a staging folder next to
// the old one (unchanged files hard-linked, so their inode and mtime survive), the new lock is written
// beside the old lock, then two renames swap the folders and one more puts the lock in place. A build
// that finds the leftovers of an interrupted one finishes or undoes it first (recoverInterruptedBuild).
import { linkSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { access, mkdir, realpath, rename, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { dirname, join, posix, relative } from "node:path";
import type { GeneratedFile } from "../model/generated-file.js";
import { buildCachePath } from "./build-cache.js";
import { piecesEqual, piecesLength, writeNewPiecesSync, type BytePieces } from "../files/byte-pieces.js";
import { folderMaker, readTextSyncIfExists, writeFileAtomic, writeNewFile, writeNewFileSync } from "../files/write-files.js";
import { readFileNowAsync } from "../files/read-now.js";

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
  /** The new lock's text, encoded as UTF-8 once (in pieces): the caller hashes the same bytes. */
  readonly lockBytes: BytePieces;
  /** The text of a project file on disk (a caller that has read the old files already); read here by default. */
  readonly read?: (path: string) => string | undefined;
  /** Whether the file on disk is known to differ from contents of that many bytes without reading it (DiskReader.differsBySize); by default, never. */
  readonly differs?: (path: string, size: number) => boolean;
  /**
   * The UTF-8 bytes of files the caller encoded already (it hashed them), by path: written as they
   * are. Each differs from the file on disk (knownFileHashes compared them), so none is compared again.
   */
  readonly encoded?: ReadonlyMap<string, BytePieces>;
  /** Files the caller read and found byte for byte as generated: taken as they are, not compared again. */
  readonly same?: ReadonlySet<string>;
  /**
   * Settles once every file of `files` is written into the staging folder (stagingFolder), which the
   * caller began to fill when the generated folder did not exist (BuildThreads.stageAhead): the files
   * are not written again. Should the folder have appeared since, the staged copy is dropped and the
   * files are written as usual.
   */
  readonly staged?: Promise<void>;
  /**
   * Called once, when everything is staged and before anything of the generated folder or the lock
   * changes (also when neither does); when it throws, replaceTree throws that and the two are as they
   * were (what was staged is left for recoverInterruptedBuild). The build waits there for its
   * scaffolds, and stops there for a signal.
   */
  readonly beforeCommit?: () => Promise<void>;
}

export interface TreeSummary {
  readonly written: string[];
  readonly unchanged: string[];
  readonly removed: string[];
}

const STAGING = ".mcp-gen-new";
const BACKUP = ".mcp-gen-old";
/** Beside the generated folder: the list of renames that make a build with few changes take effect. */
const JOURNAL = ".mcp-gen-journal";

/** A build that rewrites at most this many files (or this share of the folder) goes through the journal. */
const JOURNAL_MAX_FILES = 64;
const JOURNAL_MAX_SHARE = 0.1;

/** Project-relative renames and removals, applied in order, then the lock's rename. */
interface Journal {
  readonly writes: readonly (readonly [string, string])[];
  readonly removes: readonly string[];
  readonly lock: readonly [string, string];
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

// The folder walks are synchronous: a build waits for them, and an await per folder entry (as
// fs/promises takes) cost more than the listing of a 1,248-file generated folder itself.
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string, prefix: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(current, entry.name), `${prefix}${entry.name}/`);
      else out.push(prefix + entry.name);
    }
  };
  if (isFolder(dir)) walk(dir, "");
  return out.sort();
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Finishes or undoes a build that was killed while swapping, and removes temporary files a killed
 * build left beside scaffolds (in `scaffoldDirs`) or the lock. Safe to call at any time.
 */
export async function recoverInterruptedBuild(root: string, out: string, lock: string, scaffoldDirs: readonly string[] = []): Promise<void> {
  await finishJournal(root, out);
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
  // Scaffold folders created whole (createMissingFolder) were staged beside any of their folders.
  for (const dir of new Set([...scaffoldDirs.flatMap(withParents), dirname(lock)])) await removeTempFiles(join(root, dir));
  const cache = buildCachePath(await realpath(root).catch(() => root));
  if (cache !== undefined) await removeTempFiles(dirname(cache));
  // New files of a journal that was never committed.
  removeTempFilesBelow(outDir);
}

/**
 * Applies a committed journal (a build killed while applying it, or just after): every rename whose
 * new file is still there, every removal, the lock. A journal only exists once it is complete.
 */
async function finishJournal(root: string, out: string): Promise<void> {
  const path = join(root, out) + JOURNAL;
  await rm(`${path}.tmp`, { force: true });
  const text = await readFileNowAsync(path, "utf8").catch(() => undefined);
  if (text === undefined) return;
  const journal = JSON.parse(text) as Journal;
  await applyJournal(root, journal);
  await rm(path, { force: true });
}

async function applyJournal(root: string, journal: Journal): Promise<void> {
  for (const [temp, target] of journal.writes) if (await exists(join(root, temp))) await rename(join(root, temp), join(root, target));
  for (const path of journal.removes) await rm(join(root, path), { force: true });
  const [lockTemp, lock] = journal.lock;
  if (await exists(join(root, lockTemp))) await rename(join(root, lockTemp), join(root, lock));
}

/** `dir` and every folder below it (absolute paths); none when it does not exist. */
function removeTempFilesBelow(dir: string): void {
  if (!isFolder(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeTempFilesBelow(join(dir, entry.name));
    else if (TEMP_FILE.test(entry.name)) rmSync(join(dir, entry.name), { force: true });
  }
}

/** Temporary files of writeFileAtomic and createMissing, and staging folders of createMissingFolder (".mcp-gen-<pid>-<random>.tmp"). */
const TEMP_FILE = /^\.mcp-gen-\d+-[0-9a-f]+\.tmp$/;

/** The temporary files and staging folders directly in `dir`. */
async function removeTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (TEMP_FILE.test(name)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** A project-relative folder and each folder above it, up to the project root ("."). */
function withParents(dir: string): string[] {
  const dirs = [dir];
  for (let up = posix.dirname(dir); up !== dirs.at(-1) && !up.startsWith(".."); up = posix.dirname(up)) dirs.push(up);
  return dirs;
}

/** The folder where a build assembles the new generated folder `out` (project-relative) before the swap. */
export function stagingFolder(root: string, out: string): string {
  return join(root, out) + STAGING;
}

/** Writes the new generated folder and lock as one unit (see the module comment). */
export async function replaceTree(input: TreeReplacement): Promise<TreeSummary> {
  const outDir = join(input.root, input.out);
  const staging = outDir + STAGING;
  if (input.staged) {
    await input.staged;
    if (!isFolder(outDir)) return swapInStaged(input, outDir, staging);
  }
  await rm(staging, { recursive: true, force: true });
  const oldFiles = new Set(listFiles(outDir).map((p) => `${input.out}/${p}`));
  const read = input.read ?? ((path: string) => readTextSyncIfExists(join(input.root, path)));
  const differs = input.differs ?? (() => false);
  const compare = (file: GeneratedFile) =>
    oldFiles.has(file.path) && !input.encoded?.has(file.path) && (input.same?.has(file.path) === true || (!differs(file.path, byteSize(input, file)) && read(file.path) === file.contents));
  const sameAsOld = new Set(input.files.filter((file) => file.unchanged === true || compare(file)));
  const same = (file: GeneratedFile) => sameAsOld.has(file);
  const changed = input.files.filter((file) => !same(file));
  const generated = new Set(input.files.map((f) => f.path));
  const dropped = [...oldFiles].filter((path) => !generated.has(path) && input.drop.has(path));
  if (oldFiles.size > 0 && changed.length + dropped.length <= Math.max(JOURNAL_MAX_FILES, JOURNAL_MAX_SHARE * input.files.length)) {
    return replaceThroughJournal(input, changed, dropped);
  }
  const written: string[] = [];
  const unchanged: string[] = [];
  const folders = new Set<string>();
  const makeFolder = (dir: string) => {
    if (!folders.has(dir)) mkdirSync(dir, { recursive: true }), folders.add(dir);
  };
  // Each file of the staging folder is written once (no temporary copy: nothing reads the folder
  // before the swap), with sync calls (see writeNewFileSync).
  for (const file of input.files) {
    const target = join(staging, relative(input.out, file.path));
    makeFolder(dirname(target));
    if (same(file)) {
      linkSync(join(input.root, file.path), target);
      unchanged.push(file.path);
    } else {
      const pieces = input.encoded?.get(file.path) ?? file.pieces;
      if (pieces) writeNewPiecesSync(target, pieces);
      else writeNewFileSync(target, file.contents);
      written.push(file.path);
    }
  }
  // Files in the folder that this build does not write stay, unless they are stale generated files.
  const removed: string[] = [];
  for (const path of oldFiles) {
    if (generated.has(path)) continue;
    if (input.drop.has(path)) {
      removed.push(path);
      continue;
    }
    const target = join(staging, relative(input.out, path));
    makeFolder(dirname(target));
    linkSync(join(input.root, path), target);
  }
  if (written.length === 0 && removed.length === 0) {
    await rm(staging, { recursive: true, force: true });
    await writeLockIfChanged(input);
    return { written, unchanged, removed };
  }
  await swapIn(input, outDir, staging);
  return { written, unchanged, removed: removed.sort() };
}

/** A generated folder written whole into staging ahead (TreeReplacement.staged), where there was none: only the lock and the renames are left. */
async function swapInStaged(input: TreeReplacement, outDir: string, staging: string): Promise<TreeSummary> {
  await swapIn(input, outDir, staging);
  return { written: input.files.map((file) => file.path), unchanged: [], removed: [] };
}

/** The lock written beside its place, then the staging folder and the lock renamed into place (the old folder, if any, kept as the backup until both are). */
async function swapIn(input: TreeReplacement, outDir: string, staging: string): Promise<void> {
  const lockPath = join(input.root, input.lock);
  await writeFileAtomic(lockPath + STAGING, input.lockBytes);
  await input.beforeCommit?.();
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
}

/**
 * Few files change: each new file is written beside its target, a journal of the renames is
 * committed (written whole, then renamed into place), and the renames are applied. A build killed
 * before the commit leaves only temporary files (recoverInterruptedBuild removes them: the old
 * tree); one killed after it is finished by recoverInterruptedBuild (the new tree).
 */
async function replaceThroughJournal(input: TreeReplacement, changed: readonly GeneratedFile[], dropped: readonly string[]): Promise<TreeSummary> {
  const changedPaths = new Set(changed.map((file) => file.path));
  const written = input.files.filter((file) => changedPaths.has(file.path)).map((file) => file.path);
  const unchanged = input.files.filter((file) => !changedPaths.has(file.path)).map((file) => file.path);
  if (written.length === 0 && dropped.length === 0) {
    await writeLockIfChanged(input);
    return { written, unchanged, removed: [] };
  }
  const makeFolder = folderMaker();
  const writes: [string, string][] = [];
  for (const file of changed) {
    const temp = posix.join(posix.dirname(file.path), `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
    await makeFolder(dirname(join(input.root, file.path)));
    await writeNewFile(join(input.root, temp), input.encoded?.get(file.path) ?? file.pieces ?? file.contents);
    writes.push([temp, file.path]);
  }
  const lockTemp = input.lock + STAGING;
  await rm(join(input.root, lockTemp), { force: true });
  await writeNewFile(join(input.root, lockTemp), input.lockBytes);
  await input.beforeCommit?.();
  const journal: Journal = { writes, removes: [...dropped].sort(), lock: [lockTemp, input.lock] };
  const journalPath = join(input.root, input.out) + JOURNAL;
  await rm(`${journalPath}.tmp`, { force: true });
  await writeNewFile(`${journalPath}.tmp`, JSON.stringify(journal));
  await rename(`${journalPath}.tmp`, journalPath);
  await applyJournal(input.root, journal);
  await rm(journalPath, { force: true });
  return { written, unchanged, removed: [...dropped].sort() };
}

async function writeLockIfChanged(input: TreeReplacement): Promise<void> {
  await input.beforeCommit?.();
  const lockPath = join(input.root, input.lock);
  const current = await readFileNowAsync(lockPath).catch(() => undefined);
  if (!current || !piecesEqual(input.lockBytes, current)) await writeFileAtomic(lockPath, input.lockBytes);
}

/** The size of `file` in UTF-8, from the bytes the caller encoded when there are some. */
function byteSize(input: TreeReplacement, file: GeneratedFile): number {
  const pieces = input.encoded?.get(file.path) ?? file.pieces;
  return pieces ? piecesLength(pieces) : Buffer.byteLength(file.contents, "utf8");
}
