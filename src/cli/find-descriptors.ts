// The descriptor files of a project: what the config's `tools` globs match, outside node_modules,
// .git and the generated folder, lock files and the project's own files (config, package.json,
// tsconfig.json) left out. One function for the project reader and for check's fast path, so that
// both see the same files (symbolic links followed). What a glob matches that is no file (a named
// pipe, a folder named like a descriptor file, a folder the walk may not list, a link that leads to
// nothing or loops) is listed too, for the reader to report. A file reached by more than one path
// through links is listed once (descriptor-links.ts). A file the globs would match but for the case
// of its extension (`tools/x.YAML`) is no descriptor, and is noted for the reader to report (extension-case.ts).
//
// Like git's untracked cache, a glob can be answered from memory: a folder's modification time
// changes whenever an entry is added to it, removed from it or renamed in it, so when no folder the
// globs could match anything in has a new stat, they match what they matched before. The stat index
// keeps the last answer with those folders' stats (recorded only once they are settled, as for files).
import { type Dirent, lstatSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import type { Config } from "../config/config.js";
import { globBase } from "../config/glob-base.js";
import { isNeverDescriptor } from "../config/never-descriptors.js";
import { readdirListingSpecialAsFiles } from "../files/list-special-as-files.js";
import { descriptorLinks, type DescriptorLinks } from "./descriptor-links.js";
import { globForLowerCase, hasUpperCaseExtension, withLowerCaseExtension } from "./extension-case.js";
import { fingerprint, isSettled } from "../files/read-with-stat.js";
import type { GlobRecord } from "../incremental/stat-index.js";

export interface GlobMemo {
  glob(key: string): GlobRecord | undefined;
  rememberGlob(key: string, record: GlobRecord): void;
}

/** Folders past which a project's globs are not remembered: stating them all would cost what globbing does. */
const MAX_FOLDERS = 2_000;

/** What the descriptor globs found. */
export interface DescriptorSearch {
  /** The descriptor files: project-relative paths with forward slashes, sorted, each once. */
  readonly files: string[];
  /** Files a glob would match but for the case of their extension (`tools/x.YAML`), sorted: no descriptors, but reported (extensionCaseMismatch). */
  readonly caseMismatched: readonly string[];
}

/**
 * Project-relative paths with forward slashes, sorted, each once.
 * @example await findDescriptors("/home/me/app", config) // ["tools/get_weather.yaml"]
 */
export async function findDescriptors(root: string, config: Config, memo?: GlobMemo): Promise<string[]> {
  return (await searchDescriptors(root, config, memo)).files;
}

/**
 * The descriptor files, and the files a glob misses only by the case of their extension.
 * @example await searchDescriptors("/home/me/app", config) // { files: ["tools/get_weather.yaml"], caseMismatched: ["tools/x.YAML"] }
 */
export async function searchDescriptors(root: string, config: Config, memo?: GlobMemo): Promise<DescriptorSearch> {
  const key = memo && JSON.stringify([config.tools, config.out]);
  const known = key === undefined ? undefined : memo!.glob(key);
  // Remembered only when no file's extension differed by case (below): the answer has none.
  if (known?.folders.every(([folder, stat]) => folderStat(root, folder) === stat)) return { files: [...known.files], caseMismatched: [] };
  const ignore = ["**/node_modules/**", `${config.out}/**`, "**/.git/**"];
  // Loaded here: a glob answered from memory costs no glob library (about 20 ms of start-up).
  // Synchronous: a CLI has nothing else to do meanwhile, and the async walk waits on the thread pool per folder.
  const { globSync } = await import("tinyglobby");
  // A named pipe, socket or device a glob matches is listed too: the project reader reports it, unopened.
  // So is a folder the walk may not list: the glob would skip it in silence, and a build would then
  // remove the tools it holds.
  const notes: WalkNotes = { unlisted: new Set(), linkListed: false, upperCaseExtension: false };
  const { unlisted } = notes;
  const fs = { readdirSync: listingAndNoting(root, notes) };
  const options = { cwd: root, ignore, dot: false, followSymbolicLinks: true, expandDirectories: false, fs };
  // Folders come with a trailing slash; those named like a descriptor file are listed too (misnamedFolders).
  const links = descriptorLinks(root);
  const found = globSync([...config.tools], { ...options, onlyFiles: false })
    .map((p) => p.split(sep).join("/"))
    .filter((p) => !links.through(p));
  const matched = found.filter((p) => !p.endsWith("/"));
  const misnamed = misnamedFolders(
    found.filter((p) => p.endsWith("/")).map((p) => p.slice(0, -1)),
    matched,
    config.tools,
    (patterns) => globSync(patterns, { ...options, onlyDirectories: true }).map((p) => p.split(sep).join("/").replace(/\/$/, "")),
  );
  const files = links.once([...new Set([...matched, ...misnamed])], notes.linkListed).filter((p) => !isNeverDescriptor(p));
  files.push(...[...unlisted].filter((folder) => !files.includes(folder)));
  files.sort();
  // Only where a listing held a name with an upper-case extension: the globs again, blind to case.
  const caseMismatched = notes.upperCaseExtension ? caseMismatchedFiles(globSync([...config.tools], { ...options, caseSensitiveMatch: false }), files, config.tools, links, notes.linkListed) : [];
  if (key !== undefined && unlisted.size === 0 && caseMismatched.length === 0) {
    const folders = watchedFolders(root, config, files);
    if (folders) memo!.rememberGlob(key, { folders, files });
  }
  return { files, caseMismatched };
}

/**
 * Of what the globs match blind to case (`blind`), the files they miss only by the case of their
 * extension: the name with its extension in lower case is one a glob matches, and no descriptor of
 * `files`; each file once, sorted.
 */
function caseMismatchedFiles(blind: readonly string[], files: readonly string[], globs: readonly string[], links: DescriptorLinks, linkListed: boolean): string[] {
  const listed = new Set(files);
  const missed = blind
    .map((p) => p.split(sep).join("/"))
    .filter((p) => hasUpperCaseExtension(p) && !listed.has(p) && !links.through(p) && !isNeverDescriptor(withLowerCaseExtension(p)) && globForLowerCase(globs, p) !== undefined);
  return links.once(missed, linkListed).sort();
}

/** What the glob's walk saw in the folders it listed. */
interface WalkNotes {
  /** Each folder (project-relative) the system refused to list. */
  readonly unlisted: Set<string>;
  /** Whether a listing held a symbolic link that can be followed. */
  linkListed: boolean;
  /** Whether a listing held a name whose extension has an upper-case letter (`x.YAML`). */
  upperCaseExtension: boolean;
}

/**
 * readdirSync for the glob's walk, noting what it lists in `notes`; a folder the system refuses to
 * list is noted, and the error goes on to the walk, which skips the folder. A link that leads to nothing
 * or loops is listed as a file: the walk would skip it in silence (it cannot stat it), and a build
 * would then remove the tool it stood for; the project reader reports it (load-unreadable).
 */
function listingAndNoting(root: string, notes: WalkNotes): typeof readdirSync {
  return ((path: Parameters<typeof readdirSync>[0], options?: unknown) => {
    try {
      const entries = readdirListingSpecialAsFiles(path, options as Parameters<typeof readdirSync>[1]) as unknown[];
      return entries.map((entry) => {
        if (isBrokenLink(String(path), entry)) return linkAsFile(entry);
        if (isLinkEntry(entry)) notes.linkListed = true;
        if (hasUpperCaseExtension(entryName(entry))) notes.upperCaseExtension = true;
        return entry;
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      if (code === "EACCES" || code === "EPERM") notes.unlisted.add(relative(root, String(path)).split(sep).join("/") || ".");
      throw error;
    }
  }) as typeof readdirSync;
}

/** The name of `entry`, of a listing typed or not. */
function entryName(entry: unknown): string {
  return typeof entry === "string" ? entry : typeof entry === "object" && entry !== null && "name" in entry ? String((entry as Dirent).name) : "";
}

/** Whether `entry`, of a typed listing, is a symbolic link. */
function isLinkEntry(entry: unknown): entry is Dirent {
  return typeof entry === "object" && entry !== null && "isSymbolicLink" in entry && (entry as Dirent).isSymbolicLink();
}

/** Whether `entry`, of a typed listing of `folder`, is a symbolic link that cannot be followed: dangling or a loop. */
function isBrokenLink(folder: string, entry: unknown): entry is Dirent {
  if (!isLinkEntry(entry)) return false;
  try {
    statSync(join(folder, (entry as Dirent).name));
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return code === "ENOENT" || code === "ELOOP";
  }
}

function linkAsFile(entry: Dirent): Dirent {
  return Object.assign(Object.create(entry) as Dirent, { isFile: () => true, isSymbolicLink: () => false });
}

/**
 * The folders of `folders` (matched by the tools globs `patterns`) named like a descriptor file,
 * which stand where one would: the project reader reports each (load-not-a-file), as it does a named pipe, where a
 * glob skipped them in silence. Left out: a folder that holds a matched file (the glob went through
 * it), and one only a pattern whose last part is all wildcards matches (`tools/*`, `tools/**`),
 * which says nothing of a file's name. `globFolders` globs folders with the patterns it is given.
 * @example misnamedFolders(["tools/weird.json", "tools/v1"], ["tools/v1/a.json"], ["tools/**\/*.json"], glob) // ["tools/weird.json"]
 */
function misnamedFolders(folders: readonly string[], files: readonly string[], patterns: readonly string[], globFolders: (patterns: string[]) => string[]): string[] {
  const holding = new Set(
    files.flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  const empty = folders.filter((folder) => folder !== "" && !holding.has(folder));
  if (empty.length === 0) return [];
  const positive = patterns.filter((pattern) => !pattern.startsWith("!"));
  const naming = positive.filter((pattern) => !/^\**$/.test(pattern.slice(pattern.lastIndexOf("/") + 1)));
  if (naming.length === positive.length) return empty;
  if (naming.length === 0) return [];
  const named = new Set(globFolders([...naming, ...patterns.filter((pattern) => pattern.startsWith("!"))]));
  return empty.filter((folder) => named.has(folder));
}

function folderStat(root: string, folder: string): string | undefined {
  const stat = statOrNothing(folder === "" ? root : join(root, folder));
  return stat?.isDirectory() ? fingerprint(stat) : undefined;
}

/** statSync, or undefined where there is nothing to stat: absent, a link that loops or dangles, a folder that may not be read. */
function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Every folder the globs could match a file in, with its stat, sorted; undefined when the answer
 * cannot be vouched for by folder stats: a pattern that leaves the project or whose folder is
 * missing, a matched file that is a symbolic link (its target can go without its folder changing),
 * a folder changed too recently for its stat to tell the next change apart, or too many folders.
 */
function watchedFolders(root: string, config: Config, files: readonly string[]): [string, string][] | undefined {
  try {
    return listWatchedFolders(root, config, files);
  } catch {
    // A folder that cannot be listed or resolved (a link that loops, no permission): the answer is
    // the glob's, and only the next glob can vouch for it.
    return undefined;
  }
}

function listWatchedFolders(root: string, config: Config, files: readonly string[]): [string, string][] | undefined {
  const bases = new Set<string>();
  for (const pattern of config.tools) {
    const base = globBase(pattern);
    if (base === undefined) continue;
    if (base === ".." || base.startsWith("../") || posix.isAbsolute(base)) return undefined;
    bases.add(base);
  }
  const now = Date.now();
  const folders = new Map<string, string>();
  const seen = new Set<string>();
  const skipped = (path: string, name: string) => name === "node_modules" || name === ".git" || path === config.out || path.startsWith(`${config.out}/`);
  // What the folders' listings say of each entry: a matched file must be listed, and not as a link.
  const listed = new Set<string>();
  const entries = new Map<string, boolean>();
  const stack = [...bases];
  for (let folder = stack.pop(); folder !== undefined; folder = stack.pop()) {
    const absolute = folder === "" ? root : join(root, folder);
    const stat = statSync(absolute, { throwIfNoEntry: false });
    if (!stat?.isDirectory() || !isSettled(stat, now)) return undefined;
    const real = realpathSync.native(absolute);
    if (seen.has(real)) continue;
    seen.add(real);
    folders.set(folder, fingerprint(stat));
    if (folders.size > MAX_FOLDERS) return undefined;
    listed.add(folder);
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
      entries.set(path, entry.isSymbolicLink());
      if (skipped(path, entry.name)) continue;
      if (entry.isDirectory() || (entry.isSymbolicLink() && statOrNothing(join(absolute, entry.name))?.isDirectory())) stack.push(path);
    }
  }
  // A file in a folder not listed here (one reached by two paths is listed under one) is asked directly.
  for (const file of files) {
    const folder = posix.dirname(file);
    const isLink = listed.has(folder === "." ? "" : folder) ? entries.get(file) : lstatSync(join(root, file), { throwIfNoEntry: false })?.isSymbolicLink();
    if (isLink !== false) return undefined;
  }
  return [...folders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
