// The build cache: what one build remembers so that the next one skips the tools that did not change
// (no parsing, resolving, per-tool rules or type generation for them). It sits in
// node_modules/.cache/mcp-gen/ of the project or the nearest folder above it that has node_modules
// (git-ignored with node_modules, safe to delete: a build without it does everything; a project
// with no node_modules gets no cache, and none is created for it), one file per project, with the
// caches of the last few locks it replaced beside it (keepEarlierCache). It is trusted only for the
// mcp-gen that wrote it, the config it was written with and the exact lock text that build wrote,
// and every entry is keyed by the hash of a file's text.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { readRegularFileNow } from "../files/read-now.js";
import { rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "../model/diagnostic.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import type { PackageValues } from "../model/lock.js";
import type { SourceMount } from "../model/source.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { sha256Hex } from "../lock/sha256.js";
import { writeFileAtomic } from "../files/write-files.js";
import type { StatIndex } from "./stat-index.js";

/**
 * Where the cache of the project at `root` (an absolute real path) goes: node_modules/.cache/mcp-gen/
 * of the nearest folder from `root` up that has a node_modules folder, in a file named after the
 * project's path; undefined when there is none.
 * @example buildCachePath("/home/me/app") // "/home/me/app/node_modules/.cache/mcp-gen/1f0c…json"
 */
export function buildCachePath(root: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    if (isFolder(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "mcp-gen", `${sha256Hex(root).slice(0, 16)}.json`);
    if (dirname(dir) === dir) return undefined;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export const CACHE_VERSION = 4;

export interface BuildCache {
  readonly version: typeof CACHE_VERSION;
  /** generatorFingerprint() of the mcp-gen that wrote it. */
  readonly generator: string;
  /** configKey() of the config it was written with. */
  readonly config: string;
  /** sha256 of the text of the lock the same build wrote. */
  readonly lock: string;
  /** Every file the build read, by project path. */
  readonly files: { readonly [path: string]: CachedFile };
  /** Every tool, by descriptor path. */
  readonly tools: { readonly [path: string]: CachedTool };
  /** cleanSchemaKey of every inputSchema and outputSchema the build found valid and compiled (see SchemaPrior). */
  readonly clean: readonly string[];
  /** The key of each validator module it generated, by project path (see EmitReuse.validatorModules). */
  readonly validatorModules?: {
    readonly [path: string]: {
      readonly key: string;
      readonly ids: readonly string[];
      readonly runtime: readonly string[];
      /** Where its text starts after the banner, and each validator's block in it (ValidatorModuleLayout). */
      readonly start?: number | undefined;
      readonly layout?: { readonly blocks: { readonly [id: string]: readonly [number, number] }; readonly patterns: readonly string[]; readonly runtimeFree: readonly string[] } | undefined;
    };
  };
  /** Its tools' items in the aggregates: the tools' keys in order, and each aggregate's layout with its hash (see EmitReuse.aggregates). */
  readonly aggregates?: CachedAggregates;
}

export interface CachedAggregates {
  readonly keys: readonly string[];
  /** By project path: hashFileText of the file the build wrote, and its layout (LoopLayout each). */
  readonly files: { readonly [path: string]: { readonly hash: string; readonly loops: readonly { readonly name: string; readonly start: number; readonly lengths: readonly number[] }[] } };
}

export interface CachedFile {
  /** hashFileText of the text the entry is about. */
  readonly input: string;
  readonly refs: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface CachedTool {
  readonly name: string;
  readonly mounts: readonly SourceMount[];
  /** Export names of its validators: inputSchema's, then outputSchema's when it has one. */
  readonly validators: readonly string[];
  /** Its `x-mcp-header` parameters (findHeaderParams of its inputSchema, in its own member order). */
  readonly headers: JsonValue;
  /** typesKey of the types its module holds (see PreviousModule in emit-project.ts). */
  readonly types: string;
  /** False when the tool cannot be taken over as it was (it declares input requests). */
  readonly reusable: boolean;
  /** Its resolve and per-tool rule diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  /** Its checkInProject rule diagnostics, and the namesKey of the project's tools they were found with. */
  readonly inProject?: { readonly names: string; readonly diagnostics: readonly Diagnostic[] };
  /** The patterns of its wire descriptor that need a certificate (patternsToCertify), sorted. */
  readonly certify?: readonly string[];
  /** The checker's verdicts on them that its diagnostics and output were made with (verdictsKey); absent when it has none. */
  readonly verdicts?: string;
}

/** The cache at `path` (buildCachePath), or undefined when there is none or it cannot be read. */
export function readBuildCache(path: string | undefined): BuildCache | undefined {
  if (path === undefined) return undefined;
  try {
    const value = JSON.parse(readRegularFileNow(path, "utf8")) as JsonValue;
    if (!isJsonObject(value) || value.version !== CACHE_VERSION || !isJsonObject(value.files) || !isJsonObject(value.tools) || !Array.isArray(value.clean)) return undefined;
    if (typeof value.generator !== "string" || typeof value.config !== "string" || typeof value.lock !== "string") return undefined;
    return value as unknown as BuildCache;
  } catch {
    return undefined;
  }
}

/**
 * Whether `cache` was written by the build that wrote the lock whose text has the SHA-256
 * `lockHash`, byte for byte: then the lock's recorded hashes are the ones that build computed, and
 * reading it needs no more than its shape.
 */
export function vouchesForLock(cache: BuildCache | undefined, lockHash: string): boolean {
  return cache !== undefined && cache.lock === lockHash;
}

/**
 * How many caches of earlier locks a project keeps beside its current one. The lock on disk goes
 * back to one an earlier build wrote after `git switch` to a branch built before, `git stash`, or a
 * change undone with git: the cache kept for that lock spares the next build everything that build
 * did (a cold build of the 1,223-tool corpus is seconds; a rebuild, under one).
 */
export const EARLIER_CACHES = 3;

/**
 * Where the cache that vouched for the lock whose text has the SHA-256 `lockHash` is kept once a
 * build replaced that lock (keepEarlierCache), beside the current cache at `path`.
 * @example earlierCachePath("/app/node_modules/.cache/mcp-gen/1f0c….json", "9a3e…") // "/app/node_modules/.cache/mcp-gen/1f0c….lock-9a3e….json"
 */
export function earlierCachePath(path: string, lockHash: string): string {
  return `${path.replace(/\.json$/, "")}.lock-${lockHash.slice(0, 16)}.json`;
}

/** What a build found of its caches: the current one, and the one that vouches for the lock on disk (either, or none). */
export interface CachesOnDisk {
  /** The cache at buildCachePath, whichever lock it vouches for. */
  readonly current: BuildCache | undefined;
  /** The cache that vouches for the lock on disk: `current`, or one kept for that lock (readCacheForLock). */
  readonly forLock: BuildCache | undefined;
}

/**
 * The project's current cache, and the one that vouches for the lock whose text has the SHA-256
 * `lockHash`: the current one when it does, else the one kept from when that lock was written. A
 * kept file is trusted only for the lock its content names in full, not for its file name.
 */
export function readCacheForLock(path: string | undefined, lockHash: string | undefined): CachesOnDisk {
  const current = readBuildCache(path);
  if (path === undefined || lockHash === undefined) return { current, forLock: undefined };
  if (vouchesForLock(current, lockHash)) return { current, forLock: current };
  const earlier = readBuildCache(earlierCachePath(path, lockHash));
  return { current, forLock: vouchesForLock(earlier, lockHash) ? earlier : undefined };
}

/**
 * Writes the cache to `path`; a cache that cannot be written (read-only folder) is only a slower next
 * build. `replacing`: the cache found at `path` when the build began (CachesOnDisk.current); when it
 * vouches for another lock and comes from the same mcp-gen and config, it is kept for that lock.
 */
export async function writeBuildCache(path: string | undefined, cache: BuildCache, replacing?: BuildCache): Promise<void> {
  if (path !== undefined && replacing !== undefined && replacing.lock !== cache.lock && replacing.generator === cache.generator && replacing.config === cache.config) {
    await keepEarlierCache(path, replacing.lock);
  }
  await writeMemoFile(path, `${JSON.stringify(cache)}\n`);
}

/**
 * Makes the cache kept for the lock on disk (CachesOnDisk.forLock, not the current one) the
 * current cache again, keeping the current one for its own lock: for a build that wrote nothing,
 * whose next build would otherwise read both.
 */
export async function restoreEarlierCache(path: string | undefined, caches: CachesOnDisk): Promise<void> {
  const { current, forLock } = caches;
  if (path === undefined || forLock === undefined || forLock === current) return;
  if (current !== undefined && current.generator === forLock.generator && current.config === forLock.config) await keepEarlierCache(path, current.lock);
  try {
    await rename(earlierCachePath(path, forLock.lock), path);
  } catch {
    // Gone or not movable: the next build reads it where it is, or does everything.
  }
}

/**
 * Moves the current cache at `path`, which vouches for the lock with SHA-256 `lockHash`, aside for
 * that lock; then removes all but the EARLIER_CACHES newest kept ones of the project.
 */
async function keepEarlierCache(path: string, lockHash: string): Promise<void> {
  try {
    await rename(path, earlierCachePath(path, lockHash));
  } catch {
    return; // not there, or the folder is read-only: nothing to keep
  }
  const folder = dirname(path);
  const prefix = `${basename(path).replace(/\.json$/, "")}.lock-`;
  let kept: { readonly name: string; readonly written: number }[];
  try {
    kept = readdirSync(folder)
      .filter((name) => name.startsWith(prefix) && /^[0-9a-f]{16}\.json$/.test(name.slice(prefix.length)))
      .map((name) => ({ name, written: statSync(join(folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
  } catch {
    return;
  }
  // Newest first; the name decides between equal times, so the same files go whatever the listing's order.
  kept.sort((a, b) => b.written - a.written || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name } of kept.slice(EARLIER_CACHES)) await rm(join(folder, name), { force: true }).catch(() => undefined);
}

/**
 * Writes one of the cache folder's memos (the build cache, the last build's findings) when its text
 * changed; one that cannot be written (a read-only folder) only costs the next build what it saves.
 */
export async function writeMemoFile(path: string | undefined, text: string): Promise<void> {
  if (path === undefined) return;
  // Encoded once, to compare and to write; the file is read only when its size is the same.
  const bytes = Buffer.from(text, "utf8");
  try {
    if (statSync(path).size === bytes.length && readRegularFileNow(path).equals(bytes)) return;
  } catch {
    // Not there yet.
  }
  try {
    await writeFileAtomic(path, bytes);
  } catch {
    // See above.
  }
}

function fileSha256(path: string): string | undefined {
  try {
    return sha256Hex(readRegularFileNow(path));
  } catch {
    return undefined;
  }
}

/**
 * The key of a configuration: every config file by path and hash (mcp-gen.config.yaml), and the
 * package.json values it took (the rest of package.json does not count).
 */
export function configKey(hashes: ReadonlyMap<string, string>, packageJson: PackageValues): string {
  return sha256Hex(JSON.stringify([[...hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), packageJson.name ?? null, packageJson.version ?? null]));
}

const require = createRequire(import.meta.url);

/**
 * A hash of everything that decides what mcp-gen writes: its version, its own code (the folder
 * this module was loaded from: dist/, or src/ when run from source), its templates and runtime
 * sources, and the versions of the libraries that generate code. A changed mcp-gen, released or
 * not, never reuses what another one wrote.
 */
export function generatorFingerprint(index?: StatIndex): string {
  const hash = createHash("sha256").update(MCP_GEN_VERSION);
  // The code that runs: the bundle (dist/bundle/, everything the command loads) when this module is
  // in it, else tsc's output (dist/, the bundle included). Not both: the bundle is made from dist/.
  const here = fileURLToPath(new URL("./", import.meta.url));
  const code = basename(here) === "bundle" ? here : fileURLToPath(new URL("../", import.meta.url));
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const hashed: string[] = [];
  for (const dir of [code, join(root, "templates"), join(root, "packages", "runtime", "src")]) hashFolder(hash, dir, index, hashed);
  // Only this mcp-gen's files stay remembered: an upgrade, or another copy run on the project, does
  // not leave the last one's hundreds of entries in the index for every later command to read.
  index?.retain("mcp-gen", hashed);
  for (const name of ["ajv", "ajv-formats", "json-schema-to-typescript", "handlebars"]) {
    try {
      hash.update(`${name}@${(require(`${name}/package.json`) as { version?: string }).version ?? "?"}`);
    } catch {
      hash.update(`${name}@?`);
    }
  }
  return hash.digest("hex");
}

/** Every code file's name and SHA-256 (from `index` while its stat is the one recorded: mcp-gen's own files are read once). */
function hashFolder(hash: ReturnType<typeof createHash>, dir: string, index: StatIndex | undefined, hashed: string[]): void {
  let entries: string[];
  try {
    entries = (readdirSync(dir, { recursive: true }) as string[]).sort();
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!/\.(js|ts|hbs|json)$/.test(entry)) continue;
    const absolute = join(dir, entry);
    // undefined: a folder (its name ends in .js) or a file that vanished.
    const fileHash = index ? index.hash("mcp-gen", absolute, absolute, (bytes) => sha256Hex(bytes)) : fileSha256(absolute);
    if (fileHash === undefined) continue;
    hash.update(`\u0000${entry}\u0000${fileHash}`);
    hashed.push(absolute);
  }
}
