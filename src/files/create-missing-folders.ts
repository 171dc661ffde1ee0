// Creates scaffolds a folder at a time where their folder does not exist yet (a first build, a new
// handlers folder): the folder is written whole under a temporary name beside where it goes, then
// renamed into place. One rename publishes every file at once, in place of a temporary file, a link
// and an unlink per file (createMissingFile), which on a cold build of 1,223 tools were 4,892 of the
// file system's slowest calls. A folder that appears in the meantime is never replaced unless it is
// empty (rename(2) refuses a folder with anything in it), and then its files are created one by one
// as before: a user's file is still never overwritten, and a crash leaves only the temporary folder,
// which the next build removes (recoverInterruptedBuild).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { join, posix } from "node:path";
import type { GeneratedFile } from "../model/generated-file.js";
import { errnoCode } from "./system-failure.js";
import { createMissingFile, writeNewFileSync } from "./write-files.js";

/** Why the file system did not create a scaffold that was absent: its errno code and message. */
export interface CreateRefusal {
  readonly code: string;
  readonly message: string;
}

/** What became of one scaffold: created (true), there already (false), or refused. */
export type CreateOutcome = boolean | CreateRefusal;

/**
 * createMissingFile, with the file system's refusal (no permission, a read-only file system, the
 * disk full) answered instead of thrown: the build goes on to the other scaffolds, and then takes
 * back those it created (removeCreatedScaffolds). Anything without an errno code is a bug, thrown.
 */
export function createScaffold(root: string, file: GeneratedFile, listed: boolean, made: Set<string>): CreateOutcome {
  try {
    return createMissingFile(root, file, listed, made);
  } catch (e) {
    const code = errnoCode(e);
    if (code === undefined) throw e;
    return { code, message: e instanceof Error ? e.message : String(e) };
  }
}

/** Scaffolds grouped by how they are created: a missing folder with all its files, or one by one. */
export interface ScaffoldCreation {
  /** Folders (project-relative) that do not exist, each with every file that goes below it. */
  readonly folders: readonly { readonly folder: string; readonly files: readonly GeneratedFile[] }[];
  /** Files whose folder exists already: createMissingFile each. */
  readonly loose: readonly GeneratedFile[];
}

/**
 * Groups `files` under the highest folder of each that does not exist, short of any folder in
 * `shared` or above it: another writer (the generated folder's swap) creates those at the same time.
 * @example planScaffoldCreation("/app", scaffolds, ["src/generated"]) // src/handlers and test as whole folders
 */
export function planScaffoldCreation(root: string, files: readonly GeneratedFile[], shared: readonly string[] = []): ScaffoldCreation {
  const absent = new Map<string, boolean>();
  const isAbsent = (folder: string) => {
    let known = absent.get(folder);
    if (known === undefined) absent.set(folder, (known = !existsSync(join(root, folder))));
    return known;
  };
  // A folder that is a shared one, holds one or lies inside one is not ours to create whole.
  const holdsShared = (folder: string) => shared.some((path) => path === folder || path.startsWith(`${folder}/`) || folder.startsWith(`${path}/`));
  const byFolder = new Map<string, GeneratedFile[]>();
  const loose: GeneratedFile[] = [];
  for (const file of files) {
    let top: string | undefined;
    for (let folder = posix.dirname(file.path); folder !== "." && folder !== "/" && folder !== ".." && !folder.startsWith("../"); folder = posix.dirname(folder)) {
      if (!isAbsent(folder)) break;
      if (!holdsShared(folder)) top = folder;
    }
    if (top === undefined) loose.push(file);
    else if (byFolder.has(top)) byFolder.get(top)!.push(file);
    else byFolder.set(top, [file]);
  }
  return { folders: [...byFolder].map(([folder, list]) => ({ folder, files: list })), loose };
}

/**
 * Creates the folder `folder` (project-relative, absent when planned) with `files` in it, all at once:
 * true for each file created. When the folder has appeared since, each file is created only where
 * absent (createScaffold: false where it is there, the refusal where the system refuses it). `made`
 * holds the folders this thread has made already.
 */
export function createMissingFolder(root: string, folder: string, files: readonly GeneratedFile[], made: Set<string>): CreateOutcome[] {
  const parent = join(root, posix.dirname(folder));
  const staging = join(parent, `.mcp-gen-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    if (!made.has(parent)) mkdirSync(parent, { recursive: true }), made.add(parent);
    const folders = new Set<string>();
    mkdirSync(staging);
    for (const file of files) {
      const target = join(staging, posix.relative(folder, file.path));
      const dir = join(target, "..");
      if (dir !== staging && !folders.has(dir)) mkdirSync(dir, { recursive: true }), folders.add(dir);
      writeNewFileSync(target, file.contents);
    }
    renameSync(staging, join(root, folder));
    return files.map(() => true);
  } catch {
    // The folder appeared since (rename(2) refuses a folder with anything in it: ENOTEMPTY, EEXIST,
    // ENOTDIR), or this system refuses the rename (Windows, while a scanner holds a new file open):
    // each file is created where absent, as for an existing folder, and a real error shows there.
    try {
      rmSync(staging, { recursive: true, force: true });
    } catch {
      // Left for the next build's recovery (recoverInterruptedBuild removes staging folders).
    }
  }
  return files.map((file) => createScaffold(root, file, false, made));
}

/**
 * Takes back scaffolds a build created (project paths) when it does not go on to write the code that
 * imports them: each file, then each of `newFolders` (absent when the build planned them) and the
 * folders below it that held them, deepest first, each only when empty.
 */
export function removeCreatedScaffolds(root: string, created: readonly string[], newFolders: readonly string[]): void {
  for (const path of created) rmSync(join(root, path), { force: true });
  const folders = new Set<string>();
  for (const path of created) {
    for (let dir = posix.dirname(path); dir !== "." && dir !== "/"; dir = posix.dirname(dir)) {
      if (newFolders.some((top) => dir === top || dir.startsWith(`${top}/`))) folders.add(dir);
    }
  }
  for (const top of newFolders) folders.add(top);
  const deepestFirst = [...folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const dir of deepestFirst) {
    try {
      rmdirSync(join(root, dir));
    } catch {
      // Not empty (something else is there now), or gone: left as it is.
    }
  }
}
