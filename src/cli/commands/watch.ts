// `mcp-gen watch`: build, then build again whenever an input changes, until stopped. One process
// for the whole session, so a rebuild pays neither Node's start nor loading mcp-gen, and the build
// cache and stat index make it cost what the change costs. Changes are seen through one
// non-recursive watcher per folder that can hold an input (watch-folders.ts); a burst of changes
// (an editor's save, a branch switch) gives one build once it has been quiet for DEBOUNCE_MS, and a
// change made while a build runs gives another build right after it.
import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config/config.js";
import { RunMemo } from "../../model/run-memo.js";
import { choice, COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { configFromCommandLine, findProjectRoot } from "../project-root.js";
import { EXIT, type CliIo } from "../io.js";
import { readProjectConfig } from "../read-config.js";
import { readTextSyncIfExists } from "../../files/write-files.js";
import { foldersToWatch, isOwnWrite } from "../watch-folders.js";
import { runBuild } from "./build.js";
import { stopOnSignals } from "../interrupt.js";

const FORMATS = ["text", "json", "sarif"] as const;

/** Quiet time after a change before the build starts: an editor's save is several events. */
export const DEBOUNCE_MS = 100;

export const WATCH_HELP = `Usage: mcp-gen watch [options]

Build, then build again whenever a descriptor, a file its $refs name, or the config changes (a new
descriptor file included), until stopped with Ctrl+C. Each build prints what mcp-gen build prints;
a build with errors writes nothing, and watching goes on.

Options:
  --cwd DIR          project root (default: the folder of --config; else the nearest folder,
                     here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE      config file, relative to --cwd or the current folder
                     (default: mcp-gen.config.yaml, in the project root); without
                     --cwd, the folder that holds it is the project root
  --format FORMAT    diagnostics as text | json | sarif (default: text); json and sarif print one
                     document per build and nothing else
  -h, --help         show this help

Exit status: 0 when stopped, 2 bad usage.
`;

/**
 * Runs until `stop` is aborted (the command line aborts it on SIGINT, SIGTERM or SIGHUP: interrupt.ts); resolves 0 then.
 * @example const stop = new AbortController(); const done = runWatch([], io, stop.signal); ...; stop.abort(); await done;
 */
export async function runWatch(argv: readonly string[], io: CliIo, stop?: AbortSignal): Promise<number> {
  const { values: given } = parseCommandArgs(argv, { ...COMMON_OPTIONS, format: { type: "string" } });
  if (given.help) {
    io.stdout(WATCH_HELP);
    return EXIT.ok;
  }
  const format = choice("format", given.format, FORMATS, "text");
  const root = findProjectRoot(io.cwd, given);
  const values = configFromCommandLine(io.cwd, given, root);
  const buildArgs = ["--cwd", root, ...(values.config === undefined ? [] : ["--config", values.config]), "--format", format];
  const text = format === "text";
  const signal = stop ?? stopOnSignals().signal;
  const watchers = new Map<string, FSWatcher>();
  let changed: string | undefined;
  let wake: (() => void) | undefined;
  let config: Config | undefined;
  const onChange = (folder: string, name: string | Buffer | null) => {
    const path = name === null ? folder : folder === "" ? String(name) : `${folder}/${String(name)}`;
    if (config && isOwnWrite(path, config)) return;
    // The last path of a burst: an editor's save ends with the rename onto the file it saves.
    changed = path;
    wake?.();
  };
  signal.addEventListener("abort", () => wake?.(), { once: true });
  // What the builds remember is kept for the session: it holds answers that depend on their keys
  // alone (a set of tool names, a text), so a rebuild takes them over instead of working them out again.
  const memo = new RunMemo();
  // Until the first build has its watchers, nothing sees a change: one made then (as soon as the
  // build's output appears, say) is found by comparing the files' times with these, taken while the
  // first build starts (they are of files the build does not write). Later builds run watched.
  let unwatched: Promise<FileTimes | undefined> | undefined = fileTimes(root, values.config).catch(() => undefined);
  /** Folders already said to be unwatchable. */
  const warned = new Set<string>();
  /** Watches the folders that can hold an input now; returns them. */
  const watchInputs = async (): Promise<string[]> => {
    config = (await readProjectConfig(root, values.config, "configured")).config;
    const folders = config ? foldersToWatch(root, config, lockInputs(root, config)) : [""];
    for (const { folder, error } of syncWatchers(root, folders, watchers, onChange)) {
      if (warned.has(folder)) continue;
      warned.add(folder);
      const code = (error as NodeJS.ErrnoException).code;
      const limit = code === "ENOSPC" || code === "EMFILE" ? " (the system's limit of file watches is reached: on Linux, raise fs.inotify.max_user_watches)" : "";
      io.stderr(
        `mcp-gen watch: cannot watch ${folder === "" ? "the project folder" : `${folder}/`}: ${error instanceof Error ? error.message : String(error)}${limit}. A change there starts no build.\n`,
      );
    }
    return folders;
  };
  try {
    while (!signal.aborted) {
      // Watched before a rebuild reads them, too: a folder that has just appeared (its parent's change
      // started this build) may get its files while the build runs, and they must start another. (The
      // first build runs unwatched, so that its own new folders, src/ and test/, start no build.)
      if (unwatched === undefined) await watchInputs();
      // A build under way when the session is stopped finishes: it is given a stop that nothing
      // aborts, else it would take the signal itself and end the session with exit 130.
      await runBuild(buildArgs, io, memo, BUILD_RUNS_ON);
      const folders = await watchInputs();
      if (unwatched !== undefined) {
        const before = await unwatched;
        if (before) changed ??= firstDifference(before.times, timesIn(root, before.folders, config));
        unwatched = undefined;
      }
      if (text && changed === undefined) io.stdout(`Watching ${folders.length} folder${folders.length === 1 ? "" : "s"} for changes (Ctrl+C to stop).\n`);
      // A change seen during the build is built at once; otherwise wait for one (or the stop, which
      // may have come during the build, when there was no one to wake).
      if (changed === undefined && !signal.aborted) await new Promise<void>((done) => (wake = done));
      // Then until the changes stop for a moment.
      while (!signal.aborted) {
        const quiet = await new Promise<boolean>((done) => {
          const timer = setTimeout(() => done(true), DEBOUNCE_MS);
          wake = () => (clearTimeout(timer), done(false));
        });
        if (quiet) break;
      }
      wake = undefined;
      if (signal.aborted) break;
      if (text) io.stdout(`\n${changed ?? "A watched file"} changed: building again.\n`);
      changed = undefined;
    }
  } finally {
    for (const watcher of watchers.values()) watcher.close();
  }
  return EXIT.ok;
}

/** The stop a watch's builds are given: never aborted. */
const BUILD_RUNS_ON = new AbortController().signal;

/** One watcher per folder in `folders`; watchers of folders no longer there are closed. Returns the folders that could not be watched. */
function syncWatchers(
  root: string,
  folders: readonly string[],
  watchers: Map<string, FSWatcher>,
  onChange: (folder: string, name: string | Buffer | null) => void,
): { folder: string; error: unknown }[] {
  const unwatchable: { folder: string; error: unknown }[] = [];
  const wanted = new Set(folders);
  for (const [folder, watcher] of watchers) {
    if (!wanted.has(folder)) {
      watcher.close();
      watchers.delete(folder);
    }
  }
  for (const folder of folders) {
    if (watchers.has(folder)) continue;
    try {
      const watcher = watch(folder === "" ? root : join(root, folder), { persistent: true }, (_event, name) => onChange(folder, name));
      // A folder removed while watched: its parent (or the root) sees that, and the next build re-syncs.
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
        onChange(folder, null);
      });
      watchers.set(folder, watcher);
    } catch (error) {
      // Gone since it was listed: the next build lists the folders again. Anything else (the
      // system's limit of watches reached) leaves the folder unwatched, which the caller says.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") unwatchable.push({ folder, error });
    }
  }
  return unwatchable;
}

/** The files the last build read, from its lock (the config's and the descriptors' folders are watched anyway). */
function lockInputs(root: string, config: Config): string[] {
  try {
    const lock = JSON.parse(readTextSyncIfExists(join(root, config.lock)) ?? "{}") as { inputs?: Record<string, unknown> };
    return lock.inputs && typeof lock.inputs === "object" ? Object.keys(lock.inputs) : [];
  } catch {
    return [];
  }
}

interface FileTimes {
  readonly folders: readonly string[];
  readonly times: ReadonlyMap<string, number>;
}

/** The folders watch would watch now, and the modification times of their files by project path. */
async function fileTimes(root: string, configFile: string | undefined): Promise<FileTimes> {
  const config = (await readProjectConfig(root, configFile, "configured")).config;
  const folders = config ? foldersToWatch(root, config, lockInputs(root, config)) : [""];
  return { folders, times: timesIn(root, folders, config) };
}

/** The modification time of every file directly in `folders` but the build's own, by project path. */
function timesIn(root: string, folders: readonly string[], config: Config | undefined): Map<string, number> {
  const times = new Map<string, number>();
  for (const folder of folders) {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder === "" ? root : join(root, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (config && isOwnWrite(path, config)) continue;
      const stat = statSync(join(root, path), { throwIfNoEntry: false });
      if (stat) times.set(path, stat.mtimeMs);
    }
  }
  return times;
}

/** A file of `after` that is new or has another time than in `before`, or one of `before` now gone. */
function firstDifference(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): string | undefined {
  for (const [path, time] of after) if (before.get(path) !== time) return path;
  for (const path of before.keys()) if (!after.has(path)) return path;
  return undefined;
}
