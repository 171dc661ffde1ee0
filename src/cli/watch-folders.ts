// The folders `mcp-gen watch` listens to: every folder the config's `tools` globs can match a
// descriptor in (so a new descriptor file is seen), the folder of every file the last build read
// (the config, package.json, files that `$ref`s name), and the project root. Folders, not files: an
// editor that saves by writing a new file and renaming it over the old one changes the folder.
// Generated output, scaffolds, node_modules and .git are never watched: a build's own writes must
// not start another build.
import { readdirSync, type Dirent } from "node:fs";
import { join, posix } from "node:path";
import type { Config } from "../config/config.js";
import { globBase } from "../config/glob-base.js";
import { statIfAny } from "../files/read-with-stat.js";

/** Folders past which a watch stops adding more (each is one watcher): a glob like `**` at the root of a large tree. */
export const MAX_WATCHED_FOLDERS = 4_000;

/**
 * Project paths ("" for the root) of the folders to watch, sorted.
 * @example foldersToWatch("/home/me/app", config, ["mcp-gen.config.yaml", "tools/a.yaml", "schemas/b.yaml"]) // ["", "schemas", "tools"]
 */
export function foldersToWatch(root: string, config: Config, inputs: readonly string[]): string[] {
  const folders = new Set<string>([""]);
  const skipped = (path: string) => isGenerated(path, config) || path.split("/").some((name) => name === "node_modules" || name === ".git");
  for (const input of inputs) {
    const folder = posix.dirname(input);
    if (folder === "." || folder.startsWith("..") || posix.isAbsolute(folder)) continue;
    if (!skipped(folder)) folders.add(existingFolder(root, folder));
  }
  const stack: string[] = [];
  for (const pattern of config.tools) {
    const base = globBase(pattern);
    if (base !== undefined && !base.startsWith("..") && !posix.isAbsolute(base)) stack.push(base);
  }
  const bases = new Set(stack);
  for (let folder = stack.pop(); folder !== undefined && folders.size < MAX_WATCHED_FOLDERS; folder = stack.pop()) {
    if (skipped(folder)) continue;
    const absolute = folder === "" ? root : join(root, folder);
    let entries: Dirent[];
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch {
      // Not there (yet): a base's nearest folder that is sees it made; a subfolder's parent is watched.
      if (bases.has(folder)) folders.add(existingFolder(root, folder));
      continue;
    }
    folders.add(folder);
    for (const entry of entries) {
      const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (folders.has(path)) continue;
      // A link to itself (ELOOP) leads to no folder.
      if (entry.isDirectory() || (entry.isSymbolicLink() && statIfAny(join(absolute, entry.name))?.isDirectory())) stack.push(path);
    }
  }
  return [...folders].sort();
}

/**
 * `folder`, or the nearest folder above it that is there (the root at last): the one whose change
 * says that `folder` has been made, or made again (`defs/tools` for `defs/tools/**` after `rm -r defs/tools`).
 */
function existingFolder(root: string, folder: string): string {
  for (let path = folder; path !== ""; path = posix.dirname(path) === "." ? "" : posix.dirname(path)) {
    // An input's folder may lie behind a file now (ENOTDIR): the nearest folder above it is watched.
    if (statIfAny(join(root, path))?.isDirectory()) return path;
  }
  return "";
}

/**
 * Whether a change at project path `path` is the build's own doing or outside its inputs: the
 * generated folder, the lock, scaffolds, and the temporary files of a build (".mcp-gen-…").
 */
export function isOwnWrite(path: string, config: Config): boolean {
  // A build's temporary names start with ".mcp-gen" (".mcp-gen-<pid>-<hex>.tmp", ".mcp-gen.pid") or
  // end with ".mcp-gen-<what>" (the lock's "mcp-tools.lock.json.mcp-gen-new"); a descriptor may well
  // have ".mcp-gen." inside its name (weather.mcp-gen.yaml).
  return path.split("/").some((name) => name.startsWith(".mcp-gen") || name.includes(".mcp-gen-")) || isGenerated(path, config) || path === config.lock;
}

function isGenerated(path: string, config: Config): boolean {
  return [config.out, config.handlers, config.tests].some((folder) => path === folder || path.startsWith(`${folder}/`));
}
