// Where a project path (relative to the project root, forward slashes) points from, for each kind of
// reader: a person runs the command in some folder (text and JSON name files from there, as tsc and
// eslint do), GitHub reads annotations and pull-request comments from the repository root, and code
// scanning resolves SARIF URIs against a base the log declares (%SRCROOT%: the repository root, or
// the project root outside a repository). Pure: the CLI finds the folders.
import { isAbsolute, join, posix, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

export interface ReportPaths {
  /** A project path as seen from the folder the command runs in: "packages/a/tools/x.yaml", "../a/tools/x.yaml". */
  readonly fromCwd: (file: string) => string;
  /** A project path from the repository root (the cwd's view when there is no repository). */
  readonly fromRepo: (file: string) => string;
  /** SARIF's %SRCROOT%: its absolute file: URI (ending in "/") and a project path relative to it. */
  readonly srcRoot: { readonly uri: string; readonly path: (file: string) => string };
}

export interface ReportFolders {
  /** Absolute: where the command runs. */
  readonly cwd: string;
  /** Absolute: the project root (--cwd). */
  readonly root: string;
  /** Absolute: the root of the git repository holding the project, when there is one. */
  readonly repoRoot?: string | undefined;
}

/**
 * @example reportPaths({ cwd: "/repo", root: "/repo/packages/a", repoRoot: "/repo" }).fromCwd("tools/x.yaml") // "packages/a/tools/x.yaml"
 */
export function reportPaths(folders: ReportFolders): ReportPaths {
  const fromCwd = relativeTo(folders.cwd, folders.root);
  const fromRepo = folders.repoRoot === undefined ? fromCwd : relativeTo(folders.repoRoot, folders.root);
  const base = folders.repoRoot ?? folders.root;
  const baseUri = pathToFileURL(base).href;
  return {
    fromCwd,
    fromRepo,
    srcRoot: { uri: baseUri.endsWith("/") ? baseUri : `${baseUri}/`, path: relativeTo(base, folders.root) },
  };
}

/** Paths as they are, for a reader in the project root (SARIF then declares no base: see formatSarif). */
export const PROJECT_PATHS: ReportPaths = {
  fromCwd: (file) => file,
  fromRepo: (file) => file,
  srcRoot: { uri: "", path: (file) => file },
};

/** Maps a project path to one relative to `from`, with forward slashes. */
function relativeTo(from: string, root: string): (file: string) => string {
  const prefix = relative(from, root);
  if (prefix === "") return (file) => file;
  // A project on another drive (Windows) has no relative path: name it absolutely.
  const start = isAbsolute(prefix) ? prefix : prefix.split(sep).join("/");
  // From a folder inside the project (src/), "../src/generated" is "generated": the way back up
  // is only as long as it must be.
  if (start.startsWith("../") || start === "..") return (file) => relative(from, join(root, file)).split(sep).join("/") || ".";
  return (file) => posix.normalize(`${start.split(sep).join("/")}/${file}`);
}
