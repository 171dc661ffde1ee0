// Where `--report FORMAT=FILE` may write. A report replaces its file whole (write-files.ts), so a
// FILE that names a folder failed in the rename (EISDIR, reported as a bug in mcp-gen), and one that
// names a file of the project replaced it without a word: `check --report markdown=mcp-tools.lock.json`,
// documented to write nothing in the project, destroyed the lock. Both are bad usage, refused before
// anything is written: a folder, the config, the lock, a descriptor, anything in the generated folder.
import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { UsageError } from "./args.js";
import { isWithin } from "./confine-paths.js";
import { CONFIG_FILE } from "../config/config.js";

/** A --report file: its format, its absolute path, and FILE as given on the command line. */
export interface ReportFile {
  readonly format: string;
  readonly path: string;
  readonly given: string;
}

/**
 * Throws UsageError for a --report file that is a folder, or that is the project's config (which a
 * command reads before it knows anything else of the project). `configPath` is --config as given.
 * @example refuseReportFolders([{ format: "markdown", path: "/p/reports", given: "reports" }], "/p", undefined) // throws: a folder
 */
export function refuseReportFolders(files: readonly ReportFile[], root: string, configPath: string | undefined): void {
  const config = realOf(resolve(root, configPath ?? CONFIG_FILE));
  const taken = new Map<string, ReportFile>();
  for (const file of files) {
    // Two reports to one file: one of them would be lost without a word.
    const before = taken.get(realOf(file.path));
    if (before !== undefined) throw refusal(file, `is also where --report ${before.format}=${before.given} writes; give each report a file of its own`);
    taken.set(realOf(file.path), file);
    // "FILE/" names a folder: resolved, the slash is gone, and FILE itself would be replaced.
    if (/[\\/]$/.test(file.given)) throw namesAFolder(file, "ends with a slash, so it names a folder", "a file for the report");
    // Its folder is made when missing; one that is a file can never be (ENOTDIR, reported as a bug).
    const blocking = fileInTheWay(dirname(file.path));
    if (blocking !== undefined) throw refusal(file, `cannot be written: ${JSON.stringify(blocking)} is a file, not a folder`);
    if (statSync(file.path, { throwIfNoEntry: false })?.isDirectory()) throw namesAFolder(file, "is a folder", "a file in it for the report");
    if (realOf(file.path) === config) throw refusal(file, "is the project's config, which a report would overwrite");
  }
}

/** The nearest existing ancestor of the folder `dir` (itself included) when it is not a folder. */
function fileInTheWay(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(at, { throwIfNoEntry: false });
    } catch {
      stat = undefined; // ENOTDIR: a file further up, found on the way there
    }
    if (stat !== undefined) return stat.isDirectory() ? undefined : at;
    if (dirname(at) === at) return undefined;
  }
}

/**
 * The refusal of a --report path that names a folder, `why` said, with a file in that folder named
 * as the example: `name` says which file to name ("a file in it for the report").
 */
function namesAFolder(file: ReportFile, why: string, name: string): UsageError {
  const example = join(file.given, `mcp-gen.${EXTENSIONS[file.format] ?? "txt"}`);
  return new UsageError(`--report ${file.format}=${file.given}: ${JSON.stringify(file.given)} ${why}; name ${name}, such as ${example}.`);
}

/** The usual file name extension of each report format, for the example in a message. */
const EXTENSIONS: Readonly<Record<string, string>> = { markdown: "md", sarif: "sarif", json: "json", github: "txt", text: "txt" };

/** The project files a report must not replace. */
export interface ProjectFiles {
  readonly root: string;
  /** The lock and the generated folder, project paths (Config.lock, Config.out). */
  readonly lock: string;
  readonly out: string;
  /** The handlers and tests folders (Config.handlers, Config.tests): the user's files, after their first build. */
  readonly handlers: string;
  readonly tests: string;
  /** The descriptors' project paths; asked only when a report names an existing file in the project. */
  readonly descriptors: () => Promise<readonly string[]> | readonly string[];
}

/**
 * Throws UsageError for a --report file that is the project's lock, a descriptor, or in its generated
 * folder: a build writes the one and the other, and the descriptors are the user's. Compared by real
 * path, so that `./x/../mcp-tools.lock.json` or a link to the lock is the lock too.
 */
export async function refuseReportsOverProject(files: readonly ReportFile[], project: ProjectFiles): Promise<void> {
  if (files.length === 0) return;
  const lock = realOf(resolve(project.root, project.lock));
  const out = realOf(resolve(project.root, project.out));
  const root = realOf(project.root);
  let descriptors: Set<string> | undefined;
  for (const file of files) {
    const real = realOf(file.path);
    if (real === lock) throw refusal(file, "is the project's lock, which a report would overwrite");
    if (isWithin(real, out)) throw refusal(file, `is in the generated folder ${project.out}, which is mcp-gen's own: every build rewrites it`);
    for (const [folder, what] of [
      [project.handlers, "handlers"],
      [project.tests, "tests"],
    ] as const) {
      if (isWithin(real, realOf(resolve(project.root, folder)))) throw refusal(file, `is in the ${what} folder ${folder}, which holds your ${what}`);
    }
    for (const name of PROJECT_MANIFESTS) if (real === realOf(resolve(project.root, name))) throw refusal(file, `is the project's ${name}`);
    // Only an existing file can be a descriptor, and only one in the project: the globs are not run for others.
    if (!isWithin(real, root) || !statSync(real, { throwIfNoEntry: false })?.isFile()) continue;
    descriptors ??= new Set((await project.descriptors()).map((path) => realOf(resolve(project.root, path))));
    if (descriptors.has(real)) throw refusal(file, "is one of the project's tool descriptors, which a report would overwrite");
  }
}

/** Files of the project root that a report must not replace (the config and the lock are refused apart). */
const PROJECT_MANIFESTS = ["package.json", "tsconfig.json"];

/** `why`: what the file is, and why no report goes there ("is the project's lock, which ..."). */
function refusal(file: ReportFile, why: string): UsageError {
  return new UsageError(`--report ${file.format}=${file.given}: ${JSON.stringify(file.given)} ${why}; write the report to another file.`);
}

/** `path` with links resolved as far as it exists (a report file is often not there yet). */
function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realOf(parent), basename(path));
  }
}
