// Which folder a command works in: the project root. `--cwd DIR` names it; otherwise `--config FILE`
// does: the folder that holds that file, so that `--config packages/a/mcp-gen.config.yaml` works on
// packages/a from anywhere, with every path in the config (tools, out, lock…) relative to its own
// folder, as `--cwd packages/a` would. Otherwise it is the nearest folder at or above the current one
// that holds mcp-gen.config.yaml, as git, tsc and eslint find their own config: so `mcp-gen build` in
// src/ builds the project src/ belongs to. The search stops at the repository's root (a folder with
// `.git`: a folder, or a file in a worktree or submodule), so a project never picks up a config from
// outside its repository, and at the file system's root. With no config found the current folder is
// the root, as before (every key of the config has a default). Every command that reads a project
// finds its root here.
import { existsSync, lstatSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from "node:path";
import { CONFIG_FILE } from "../config/config.js";
import { pathKind } from "../files/path-kind.js";
import { UsageError } from "./args.js";

/** The options of a command that say where the project is. */
export interface RootOptions {
  readonly cwd?: string | undefined;
  readonly config?: string | undefined;
}

/**
 * The project root a command works in (see above). A `--cwd` that is not an existing folder, or a
 * `--config` that is not an existing file, is a usage error (exit 2), not a failure deep inside the
 * command. Give the command configFromCommandLine's --config, which is relative to this root.
 * @example findProjectRoot("/repo/packages/a/src", {}) // "/repo/packages/a", where mcp-gen.config.yaml is
 * @example findProjectRoot("/repo", { config: "packages/a/mcp-gen.config.yaml" }) // "/repo/packages/a"
 */
export function findProjectRoot(cwd: string, options: RootOptions): string {
  const named = options.cwd === undefined ? undefined : existingFolder(resolve(cwd, options.cwd));
  // Checked here, before any command reads a file: a --config that names nothing must not fall back
  // on whatever project the current folder is (which would build or check the wrong one).
  const config = options.config === undefined ? undefined : existingConfig(named ?? cwd, options.config);
  if (named !== undefined) {
    // The lock records the config by its path in the project, as every input: one outside it has none.
    if (config !== undefined && isOutside(named, config)) {
      throw new UsageError(
        `--config: ${JSON.stringify(config)} lies outside the project folder ${JSON.stringify(named)} (--cwd); a config must be in the project it configures. Move it there, or leave out --cwd to make the config's own folder the project.`,
      );
    }
    return named;
  }
  if (config !== undefined) return dirname(config);
  return findConfigFolder(cwd) ?? cwd;
}

/**
 * `values` with --config made relative to `root` (from findProjectRoot), with forward slashes, as the
 * config reader and every message name it: typed relative to --cwd when given, else to the current
 * folder. Without --cwd the root is the config's folder, so it is the config's file name.
 * @example configFromCommandLine("/repo", { config: "packages/a/mcp-gen.config.yaml" }, "/repo/packages/a") // { config: "mcp-gen.config.yaml" }
 */
export function configFromCommandLine<T extends RootOptions>(cwd: string, values: T, root: string): T {
  if (values.config === undefined) return values;
  const file = resolve(commandLineFolder(cwd, values), values.config);
  return { ...values, config: relative(root, file).split(sep).join(posix.sep) };
}

/**
 * The folder that paths typed on the command line are relative to: --cwd when given, else the current folder.
 * @example commandLineFolder("/repo", { cwd: "packages/a" }) // "/repo/packages/a"
 */
export function commandLineFolder(cwd: string, options: RootOptions): string {
  return resolve(cwd, options.cwd ?? ".");
}

/**
 * The nearest folder at or above `start` that holds mcp-gen.config.yaml, looking no higher than the
 * repository's root, the file system's root or `stop` (the language server's workspace folder);
 * undefined when there is none.
 * @example findConfigFolder("/repo/packages/a/src") // "/repo/packages/a"
 */
export function findConfigFolder(start: string, stop?: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    // A misnamed config marks its folder too: reading it there says what to rename (read-config.ts),
    // where going on upwards would build the project with defaults, or with another project's config.
    // So does anything named like the config that is not a file (a folder, a link to nothing, a named
    // pipe): reading it there says what it is.
    if (isPresent(join(dir, CONFIG_FILE)) || misnamedConfig(dir) !== undefined) return dir;
    if (dir === stop || existsSync(join(dir, ".git")) || dirname(dir) === dir) return undefined;
  }
}

/**
 * `values` with the paths of the options named in `names` (files given on the command line) made
 * relative to `root`, from the folder they were typed in: the current folder, or --cwd when given
 * (as after `git -C DIR`). They differ only when the root was found above the current folder.
 * @example pathsFromCommandLine("/p/src", { base: "../old.json" }, "/p", ["base"]) // { base: "old.json" }
 */
export function pathsFromCommandLine<T extends RootOptions>(cwd: string, values: T, root: string, names: readonly (keyof T & string)[]): T {
  if (values.cwd !== undefined || resolve(cwd) === root) return values;
  const copy = { ...values };
  for (const name of names) {
    const path = values[name];
    if (typeof path === "string") (copy as Record<string, unknown>)[name] = relative(root, resolve(cwd, path)) || ".";
  }
  return copy;
}

/** The nearest folder at or above `start` with a `.git` (a folder, or a file in a worktree or submodule). */
export function findRepoRoot(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Names a config might be given that mcp-gen does not read: it reads mcp-gen.config.yaml only. */
const MISNAMED_CONFIGS = ["yml", "json", "jsonc", "json5", "toml", "js", "mjs", "cjs", "ts", "mts", "cts"].map((ext) => `mcp-gen.config.${ext}`);

/**
 * The name of a file in `dir` that looks like mcp-gen's config under another name (mcp-gen.config.yml,
 * .json, .js…), when `dir` has no mcp-gen.config.yaml; undefined otherwise.
 * @example misnamedConfig("/repo/packages/a") // "mcp-gen.config.yml"
 */
export function misnamedConfig(dir: string): string | undefined {
  if (isPresent(join(dir, CONFIG_FILE))) return undefined;
  return MISNAMED_CONFIGS.find((name) => isFile(join(dir, name)));
}

/** Whether `path` lies outside the folder `root` (both absolute). */
function isOutside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/** The absolute path of the --config file `given`, from `base`; a usage error (exit 2) when it is no file. */
function existingConfig(base: string, given: string): string {
  // "--config=" names nothing (resolve would make it the folder), and "file/" a folder that is not there.
  if (given === "") throw new UsageError("--config: the path is empty.");
  if (/[\\/]$/.test(given)) throw new UsageError(`--config: ${JSON.stringify(given)} ends with a slash, as a folder does; name the config file itself.`);
  const path = resolve(base, given);
  const found = pathKind(path);
  if (found.kind === "absent") throw new UsageError(`--config: no file ${JSON.stringify(path)}.`);
  // A folder, a link to nothing, a named pipe: said as such (pathKind never opens a pipe).
  if (found.kind === "other") throw new UsageError(`--config: ${JSON.stringify(path)} is ${found.what}, not a file.`);
  return path;
}

function existingFolder(root: string): string {
  const stat = statSync(root, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`--cwd: no folder ${JSON.stringify(root)}.`);
  if (!stat.isDirectory()) throw new UsageError(`--cwd: ${JSON.stringify(root)} is not a folder.`);
  return root;
}

/** Whether there is an entry at `path` of any kind (a link is not followed: one to nothing is there too). */
function isPresent(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // a parent that is a file, or may not be searched
  }
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}
