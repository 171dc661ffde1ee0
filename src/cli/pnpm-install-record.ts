// pnpm's record of where an installed package came from. pnpm writes no npm lockfile: its
// lockfile (pnpm-lock.yaml beside node_modules, and the copy it keeps as node_modules/.pnpm/lock.yaml)
// lists each package with its `resolution`: an integrity alone (the registry), a tarball (a file or
// a URL), a directory, or a git commit. The package's real folder is
// node_modules/.pnpm/<depPath as a folder name>/node_modules/<name>, where node_modules/<name> is a
// symlink to it (or node_modules/<name> itself with node-linker=hoisted).
import { createRequire } from "node:module";
import { join } from "node:path";
import { readFileNow } from "../files/read-now.js";

// Loaded when a pnpm lockfile is there to read: this module is part of what every command loads
// (dependency-specs.ts), and the YAML parser costs a no-change check a sixth of its time.
const require = createRequire(import.meta.url);
const parseYaml = (text: string): unknown => (require("yaml") as typeof import("yaml")).parse(text);

/** A package's resolution in a pnpm lockfile; the lockfile's folder is where its relative paths start. */
export type PnpmResolution =
  | { readonly kind: "registry" }
  | { readonly kind: "tarball"; readonly location: string }
  | { readonly kind: "directory"; readonly path: string }
  | { readonly kind: "git"; readonly repo: string; readonly commit: string };

/**
 * The resolution pnpm recorded for the package `name` installed under `prefix` (the folder that
 * holds node_modules); `storeFolder` is its folder in node_modules/.pnpm, when it is in one. With
 * several versions of `name` installed, only the one whose folder name matches is taken.
 * @example pnpmResolution("/work/app", "mcp-gen", "mcp-gen@file+..+dl+mcp-gen-0.1.0.tgz") // { kind: "tarball", location: "file:../dl/mcp-gen-0.1.0.tgz" }
 */
export function pnpmResolution(prefix: string, name: string, storeFolder: string | undefined): PnpmResolution | undefined {
  for (const lockfile of [join(prefix, "node_modules", ".pnpm", "lock.yaml"), join(prefix, "pnpm-lock.yaml")]) {
    const packages = readYaml(lockfile)?.packages;
    if (packages === null || typeof packages !== "object") continue;
    const entries = Object.entries(packages as Record<string, unknown>).filter(([key, entry]) => packageName(key, entry) === name);
    const matching = storeFolder === undefined ? [] : entries.filter(([key]) => isStoreFolderOf(storeFolder, key));
    const chosen = matching.length === 1 ? matching[0] : entries.length === 1 ? entries[0] : undefined;
    if (chosen !== undefined) return resolutionOf(chosen[1]);
  }
  return undefined;
}

/** The package a lockfile key names: `mcp-gen@0.1.0` (lockfile 9), `/mcp-gen@0.1.0` (6), or the entry's `name` (a file: key in 6). */
function packageName(key: string, entry: unknown): string | undefined {
  const named = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>).name : undefined;
  if (typeof named === "string") return named;
  const bare = key.startsWith("/") ? key.slice(1) : key;
  const at = bare.indexOf("@", 1);
  return at === -1 ? undefined : bare.slice(0, at);
}

/**
 * Whether pnpm's folder for the lockfile key `key` is `folder`: the key with the characters a file
 * name cannot hold as "+" (peer suffixes in parentheses become "_..."); pnpm shortens a long name
 * with a hash, so a match on what is left of the name is taken too.
 */
function isStoreFolderOf(folder: string, key: string): boolean {
  const bare = (key.startsWith("/") ? key.slice(1) : key).replace(/\(.*$/, "");
  const name = bare.replace(/^file:/, "file+").replace(/[\\/:*?"<>|]/g, "+");
  if (folder === name || folder.startsWith(`${name}_`)) return true;
  const hashed = /^(.*)_[0-9a-f]{26,}$/.exec(folder);
  return hashed !== null && hashed[1]!.length > 0 && name.startsWith(hashed[1]!);
}

function resolutionOf(entry: unknown): PnpmResolution | undefined {
  const resolution = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>).resolution : undefined;
  if (resolution === null || typeof resolution !== "object") return undefined;
  const { tarball, directory, repo, commit } = resolution as Record<string, unknown>;
  if (typeof repo === "string" && typeof commit === "string") return { kind: "git", repo, commit };
  if (typeof directory === "string") return { kind: "directory", path: directory };
  if (typeof tarball === "string") return { kind: "tarball", location: tarball };
  // An integrity and nothing else: a package of the registry pnpm is configured with.
  return { kind: "registry" };
}

function readYaml(path: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = parseYaml(readFileNow(path, "utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
