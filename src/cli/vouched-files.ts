// Whether the project's files are exactly those the last build left: the fast path of `check`
// (nothing recomputed when everything is as the lock records) and of `build` (nothing to write).
// Two ways. By the stat index's vouched lock: one stat per file, compared with the stat under which
// the index holds the hash the lock records; nothing is read but the config's own text. Else by the
// lock's recorded hashes: each file's hash taken from the stat index while its stat is unchanged,
// else read and hashed (and recorded, so the next run can take the first way).
import { isUtf8 } from "node:buffer";
import { join, sep } from "node:path";
import type { Config } from "../config/config.js";
import { hashedInputs } from "./read-config.js";
import { hasStat, readWithStat } from "../files/read-with-stat.js";
import { comparePackageValues } from "../lock/compare-lock.js";
import { hashDecodedBytes, hashFileText, sha256Hex } from "../lock/sha256.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { readCacheForLock } from "../incremental/build-cache.js";
import { lockSummary, type LockSummary, type StatIndex, type VouchedLock } from "../incremental/stat-index.js";

/** What either way answers when nothing changed: the lock's tool count and every generated file it records. */
export interface UnchangedFiles {
  readonly tools: number;
  readonly generated: readonly string[];
}

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
export function vouchedFiles(project: ProjectFiles, vouched: VouchedLock | undefined): UnchangedFiles | undefined {
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
export function vouchedOutput(project: ProjectFiles, vouched: VouchedLock): UnchangedFiles | undefined {
  const { inputs, texts, files } = vouched;
  const isInput = (path: string) => Object.hasOwn(inputs, path) || Object.hasOwn(texts, path);
  if (!namesEveryFile(project, vouched.packageJson, isInput, (path) => Object.hasOwn(files, path))) return undefined;
  const generated = Object.keys(files);
  for (const path of generated) if (!hasStat(absolutePath(project.root, path), files[path]!)) return undefined;
  return { tools: vouched.tools, generated };
}

/** The absolute path of a project path (forward slashes, no `.` or `..` segments). */
export function absolutePath(root: string, path: string): string {
  return sep === "/" ? `${root}/${path}` : join(root, ...path.split("/"));
}

/**
 * The second way: the tools and generated files of the lock on disk, when this mcp-gen's version
 * wrote it, the lock names every file there is, and every input and generated file hashes as it
 * records (each hash taken from the stat index while the file's stat is unchanged, else read);
 * else undefined. `acceptLock`: asked with the SHA-256 of the lock's text before any file is hashed.
 */
export async function hashedFiles(project: ProjectFiles, index: StatIndex, cachePath: string | undefined, acceptLock: (lockHash: string) => boolean = () => true): Promise<UnchangedFiles | undefined> {
  const { root, config, configSources } = project;
  const read = await readLockSummary(root, config.lock, cachePath, index);
  if (!read || read.summary.version !== MCP_GEN_VERSION || !acceptLock(read.hash)) return undefined;
  const lock = read.summary;
  const inputs = Object.keys(lock.inputs);
  const files = Object.keys(lock.files);
  const inputSet = new Set(inputs);
  const fileSet = new Set(files);
  const fresh =
    namesEveryFile(
      project,
      lock.packageJson,
      (path) => inputSet.has(path),
      (path) => fileSet.has(path),
    ) &&
    inputsMatch(root, lock, configSources, index) &&
    files.every((path) => index.hash("generated", path, absolutePath(root, path), hashDecodedBytes) === lock.files[path]);
  // What was read is remembered either way: a failed fast path is followed by the slow one, whose
  // answer the next run's fast path needs the same hashes for.
  index.retain("input", inputs);
  index.retain("generated", files);
  return fresh ? { tools: lock.tools, generated: files } : undefined;
}

/**
 * What the fast path needs of the lock: remembered by the stat index for this very lock text, or
 * parsed. Trusted: the fast path answers for the files against the lock, not for the lock itself.
 * When the build cache records this very lock text, a build wrote it, and its recorded hashes are
 * not computed again either.
 */
async function readLockSummary(root: string, lockPath: string, cachePath: string | undefined, index: StatIndex): Promise<{ readonly summary: LockSummary; readonly hash: string } | undefined> {
  const absolute = absolutePath(root, lockPath);
  const knownHash = index.lookup("lock", lockPath, absolute);
  const known = knownHash === undefined ? undefined : index.lockSummary(knownHash);
  if (known) return { summary: known, hash: knownHash! };
  const read = readWithStat(absolute);
  if (!read) return undefined;
  // Hashed as read: the same as the text's SHA-256 for any UTF-8 lock (see readLock in incremental-build.ts).
  const lockHash = sha256Hex(read.bytes);
  index.record("lock", lockPath, read, lockHash);
  // A lock a build wrote moments ago: its stat was too new to record, but the build remembered it by its hash.
  const remembered = index.lockSummary(lockHash);
  if (remembered) return { summary: remembered, hash: lockHash };
  const lockText = read.bytes.toString("utf8");
  // The current cache, or one kept from when a build wrote this lock (a branch switched back to).
  const vouched = readCacheForLock(cachePath, lockHash).forLock !== undefined;
  const [{ parseTrustedLock, parseTrustedShape }, { laidOutAsBuilt }] = await Promise.all([import("../lock/parse-lock.js"), import("../lock/render-lock.js")]);
  const lock = vouched ? parseTrustedShape(lockText) : parseTrustedLock(lockText);
  if (!lock) return undefined;
  // A lock no build wrote that is laid out otherwise (a formatter's): the full path says so.
  if (!vouched && !laidOutAsBuilt(lock, lockText)) return undefined;
  const summary = lockSummary(lock);
  index.rememberLock(lockHash, summary);
  return { summary, hash: lockHash };
}

function inputsMatch(root: string, lock: LockSummary, configSources: ReadonlyMap<string, string>, index: StatIndex): boolean {
  for (const path of Object.keys(lock.inputs)) {
    const text = configSources.get(path);
    const hash = text === undefined ? index.hash("input", path, absolutePath(root, path), hashInputBytes) : hashFileText(text);
    if (hash !== lock.inputs[path]) return false;
  }
  return true;
}

/**
 * hashFileText of an input file's bytes as the project reader decodes them (UTF-8, BOM dropped);
 * undefined when not UTF-8. Bytes with no BOM and no CR are their own UTF-8 text, so they are
 * hashed as they are, without decoding and encoding them again.
 */
function hashInputBytes(bytes: Buffer): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  if (!hasBomOrCr(bytes)) return sha256Hex(bytes);
  return hashFileText(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}

function hasBomOrCr(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || bytes.includes(0x0d);
}
