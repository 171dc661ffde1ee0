// Whether the project's files are exactly those the stat index vouches the last build left: the
// fast path of `check` (nothing recomputed when everything is as the lock records) and of `build`
// (nothing to write). One stat per file, compared with the stat under which the index holds the
// hash the lock records; nothing is read but the config's own text.
import { join, sep } from "node:path";
import type { Config } from "../config/config.js";
import { hashedInputs } from "./read-config.js";
import { hasStat } from "../files/read-with-stat.js";
import { comparePackageValues } from "../lock/compare-lock.js";
import { hashFileText } from "../lock/sha256.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import type { LockSummary, VouchedLock } from "../incremental/stat-index.js";

/** What both fast paths compare with the lock. */
export interface ProjectFiles {
  readonly root: string;
  readonly config: Config;
  /** The config files' texts (readProjectConfig's sources). */
  readonly configSources: ReadonlyMap<string, string>;
  /** The descriptor files the config's globs match now. */
  readonly descriptors: readonly string[];
  /** Every file in the generated folder now. */
  readonly outFiles: readonly string[];
}

/**
 * Whether the lock names every file there is: no config file or descriptor it does not record as an
 * input, no file in the generated folder it does not record, and the package.json values it
 * recorded. Of package.json only the values the config took count, unless the lock is of the
 * earlier format that hashed it whole.
 */
export function namesEveryFile(project: ProjectFiles, packageJson: LockSummary["packageJson"], isInput: (path: string) => boolean, isFile: (path: string) => boolean): boolean {
  const legacy = packageJson === undefined;
  for (const [path] of legacy ? project.configSources : hashedInputs(project.configSources)) if (!isInput(path)) return false;
  if (!legacy && comparePackageValues(packageJson, project.config.packageJson).length > 0) return false;
  return project.descriptors.every(isInput) && project.outFiles.every(isFile);
}

/**
 * The tools and generated files of the lock the stat index vouches for, when this mcp-gen's version
 * wrote it and the lock and every file it records have the stats the index gives; else undefined.
 */
export function vouchedFiles(project: ProjectFiles, vouched: VouchedLock | undefined): { tools: number; files: number } | undefined {
  return vouched && vouchedInputs(project.root, project.config, project.configSources, vouched) ? vouchedOutput(project, vouched) : undefined;
}

/**
 * The first half of vouchedFiles, which needs no listing: this mcp-gen's version wrote the lock, and
 * the lock and every input it records (the config by its text) are as the index vouches. A build
 * asks it first: an edited descriptor or a rewritten lock stops it before any folder is listed.
 */
export function vouchedInputs(root: string, config: Config, configSources: ReadonlyMap<string, string>, vouched: VouchedLock): boolean {
  if (vouched.version !== MCP_GEN_VERSION) return false;
  const [lockPath, lockStat] = vouched.lock;
  if (lockPath !== config.lock || !hasStat(absolutePath(root, lockPath), lockStat)) return false;
  const { inputs, texts } = vouched;
  for (const path in texts) {
    const text = configSources.get(path);
    if (text === undefined || hashFileText(text) !== texts[path]) return false;
  }
  for (const path in inputs) if (!hasStat(absolutePath(root, path), inputs[path]!)) return false;
  return true;
}

/**
 * The second half of vouchedFiles: the lock names every descriptor and generated file there is now,
 * and every generated file it records has the stat the index gives.
 */
export function vouchedOutput(project: ProjectFiles, vouched: VouchedLock): { tools: number; files: number } | undefined {
  const { inputs, texts, files } = vouched;
  const isInput = (path: string) => Object.hasOwn(inputs, path) || Object.hasOwn(texts, path);
  if (!namesEveryFile(project, vouched.packageJson, isInput, (path) => Object.hasOwn(files, path))) return undefined;
  let count = 0;
  for (const path in files) {
    if (!hasStat(absolutePath(project.root, path), files[path]!)) return undefined;
    count++;
  }
  return { tools: vouched.tools, files: count };
}

/** The absolute path of a project path (forward slashes, no `.` or `..` segments). */
export function absolutePath(root: string, path: string): string {
  return sep === "/" ? `${root}/${path}` : join(root, ...path.split("/"));
}
