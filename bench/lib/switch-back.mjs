// A branch switch or a pull, as git makes it: the files of a project as they were at one moment (the
// descriptors, the generated folder, the lock), put back later by writing only those that differ
// and removing those that were not there. A build then finds on disk a lock an earlier build
// wrote, and every file that did not change keeps its stat.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** Every file under `paths` (files or folders, relative to `root`) with its bytes, by path relative to `root`. */
export function snapshotFiles(root, paths) {
  const files = new Map();
  for (const path of paths) {
    const absolute = join(root, path);
    const stat = statSync(absolute, { throwIfNoEntry: false });
    if (stat?.isFile()) files.set(path, readFileSync(absolute));
    if (!stat?.isDirectory()) continue;
    for (const entry of readdirSync(absolute, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) files.set(relative(root, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)));
    }
  }
  return { paths, files };
}

/** Puts the snapshot back: files that differ are written, files it lacks removed; the others keep their stats. Answers how many changed. */
export function restoreFiles(root, snapshot) {
  const now = snapshotFiles(root, snapshot.paths).files;
  let changed = 0;
  for (const [path, bytes] of snapshot.files) {
    if (now.get(path)?.equals(bytes)) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
    changed++;
  }
  for (const path of now.keys()) {
    if (snapshot.files.has(path)) continue;
    rmSync(join(root, path), { force: true });
    changed++;
  }
  return changed;
}
