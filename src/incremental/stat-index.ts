// The stat index: for each file whose hash mcp-gen computed, the stat the file had when its bytes
// were read (size, modification and change times, inode, device), so that a later
// check or build takes the hash of a file whose stat is unchanged instead of reading and hashing it
// again, as git's index does; and, by the hash of a lock's text, what check's fast path needs of
// that lock (its mcp-gen version, tool count and recorded input and file hashes), so that an
// unchanged lock is not parsed again; and, by the texts it was read from, the configuration (see
// ConfigMemo). All are memos of pure functions: deleting the index only costs the next run its
// reads. It sits beside the build cache (node_modules/.cache/mcp-gen/).
//
// A file is recorded only once its stat can stand for its bytes (it is settled: see
// src/files/read-with-stat.ts), so that a second write in the same clock tick cannot hide.
//
// The file is two lines of JSON. The first holds what every command reads: the configuration, the
// globs' answer, and the latest lock as check's fast path needs it, each of its files with the stat
// under which the index holds the hash that lock records (VouchedLock). The second holds every hash
// and lock summary, and is parsed only when something asks for one: a check with nothing changed
// stats each file once and compares it with the first line, without reading the 1 MB of the second
// (about 25 ms on the 1,223-tool corpus, with the garbage its parse left behind).
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { OPEN_WITHOUT_WAITING, readRegularFileNow } from "../files/read-now.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import type { LockFile, PackageValues } from "../model/lock.js";
import type { Config } from "../config/config.js";
import { PRESETS } from "../config/preset.js";
import { writeFileAtomic } from "../files/write-files.js";
import { readWithStat, statFingerprint, statValues, type StatRead, type StatValues } from "../files/read-with-stat.js";

export const STAT_INDEX_VERSION = 2;

/** What the descriptor globs matched (findDescriptors), and the stat of every folder they could match anything in. */
export interface GlobRecord {
  /** Project path ("" for the root) and stat fingerprint of each folder, sorted by path. */
  readonly folders: readonly (readonly [string, string])[];
  readonly files: readonly string[];
}

/**
 * Which hash of a file: an input's or a generated file's (hashFileText of its text as the project
 * reader or the disk reader decodes it), the lock's (SHA-256 of its text), or one of mcp-gen's own
 * code files (SHA-256 of its bytes, by absolute path: generatorFingerprint).
 */
export type HashKind = "input" | "generated" | "lock" | "mcp-gen";

/** What check's fast path needs of a lock: nothing else is read from it there. */
export interface LockSummary {
  readonly version: string;
  readonly tools: number;
  readonly inputs: Readonly<Record<string, string>>;
  readonly files: Readonly<Record<string, string>>;
  /** LockFile.packageJson; absent for a lock written before it was recorded. */
  readonly packageJson?: PackageValues;
}

/**
 * The latest lock, as the index vouches for it: derived from the hashes and the lock summary when
 * the index is saved, so it says nothing they do not. A file whose stat is the one given here has
 * the hash the lock records for it.
 */
export interface VouchedLock {
  /** The lock file's project path, its stat (as numbers), and the SHA-256 of its text. */
  readonly lock: readonly [path: string, stat: StatValues, hash: string];
  readonly version: string;
  readonly tools: number;
  readonly packageJson?: PackageValues;
  /** Each input with a recorded hash that is the lock's: its stat, as numbers (hasStat). */
  readonly inputs: Readonly<Record<string, StatValues>>;
  /** Each input without one (every command reads the config as text): the hash the lock records. */
  readonly texts: Readonly<Record<string, string>>;
  /** Every generated file the lock records: its stat, as numbers. */
  readonly files: Readonly<Record<string, StatValues>>;
}

/** The second line of the file: hashes by kind and path, lock summaries by the hash of the lock's text. */
interface IndexBody {
  readonly hashes: Map<string, { readonly stat: string; readonly hash: string }>;
  readonly locks: Map<string, LockSummary>;
}

export class StatIndex {
  private readonly configs: Map<string, Config>;
  private readonly globs: Map<string, GlobRecord>;
  private readonly vouched: VouchedLock | undefined;
  /** The body: the file to read it from (on first use), or parsed. */
  private body: IndexBody | string;
  private changed = false;

  private constructor(configs: Map<string, Config>, globs: Map<string, GlobRecord>, vouched: VouchedLock | undefined, body: IndexBody | string) {
    this.configs = configs;
    this.globs = globs;
    this.vouched = vouched;
    this.body = body;
  }

  static empty(): StatIndex {
    return new StatIndex(new Map(), new Map(), undefined, { hashes: new Map(), locks: new Map() });
  }

  /** The index at `path`; an empty one when there is none or it cannot be read. */
  static read(path: string | undefined): StatIndex {
    if (path === undefined) return StatIndex.empty();
    try {
      const value = JSON.parse(readFirstLine(path)) as JsonValue;
      if (!isJsonObject(value) || value.version !== STAT_INDEX_VERSION) return StatIndex.empty();
      const configs = new Map<string, Config>();
      for (const [key, config] of Object.entries(isJsonObject(value.configs) ? value.configs : {})) {
        // Stored without its rule settings: only a config with none is remembered (ConfigMemo).
        if (isConfigShape(config)) configs.set(key, { ...(config as unknown as Omit<Config, "rules">), rules: new Map() });
      }
      const globs = new Map<string, GlobRecord>();
      for (const [key, record] of Object.entries(isJsonObject(value.globs) ? value.globs : {})) if (isGlobRecord(record)) globs.set(key, record);
      const vouched = value.vouched !== undefined && isVouchedLock(value.vouched) ? value.vouched : undefined;
      const index = new StatIndex(configs, globs, vouched, path);
      // A first line that names a lock it cannot give (an earlier mcp-gen's shape of it) is written
      // again at the next save, though nothing else changed: the second line still answers, so a
      // check would otherwise take its slower way on every run.
      if (value.vouched !== undefined && vouched === undefined) index.changed = true;
      return index;
    } catch {
      return StatIndex.empty();
    }
  }

  /**
   * The body, read and parsed the first time anything needs it; empty when it cannot be. Should the
   * file have been replaced since its first line was read, the body is the newer one: each line is
   * a memo that holds on its own.
   */
  private loaded(): IndexBody {
    if (typeof this.body !== "string") return this.body;
    const hashes = new Map<string, { stat: string; hash: string }>();
    const locks = new Map<string, LockSummary>();
    try {
      const bytes = readRegularFileNow(this.body);
      const value = JSON.parse(bytes.toString("utf8", bytes.indexOf(0x0a) + 1)) as JsonValue;
      if (isJsonObject(value) && isJsonObject(value.hashes) && isJsonObject(value.locks)) {
        for (const [key, entry] of Object.entries(value.hashes)) {
          if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && typeof entry[1] === "string") hashes.set(key, { stat: entry[0], hash: entry[1] });
        }
        for (const [hash, summary] of Object.entries(value.locks)) if (isLockSummary(summary)) locks.set(hash, summary);
      }
    } catch {
      // See above: a memo that cannot be read costs its reads, nothing else.
    }
    this.body = { hashes, locks };
    return this.body;
  }

  /**
   * The latest lock with the stats that vouch for its files, as the index was last saved; undefined
   * when the index did not hold the lock's hash for every generated file.
   */
  vouchedLock(): VouchedLock | undefined {
    return this.vouched;
  }

  /**
   * The recorded `kind` hash of the file at `absolute` (project path `path`) when its stat is the
   * one recorded with it; undefined when it must be read.
   */
  lookup(kind: HashKind, path: string, absolute: string): string | undefined {
    const entry = this.loaded().hashes.get(keyOf(kind, path));
    if (!entry) return undefined;
    return statFingerprint(absolute) === entry.stat ? entry.hash : undefined;
  }

  /**
   * Whether any file of `kind` the index records has another stat now (or is gone): a first look
   * that needs no lock, so an edited input fails it at its first stat. A file not recorded (too new
   * when it was read) is not looked at.
   */
  someRecordedChanged(kind: HashKind, absolute: (path: string) => string): boolean {
    const prefix = `${kind}\u0000`;
    for (const [key, entry] of this.loaded().hashes) {
      if (key.startsWith(prefix) && statFingerprint(absolute(key.slice(prefix.length))) !== entry.stat) return true;
    }
    return false;
  }

  /** The `kind` hash recorded for bytes read by readWithStat, when their stat is the one recorded with it. */
  recorded(kind: HashKind, path: string, read: Pick<StatRead, "stat">): string | undefined {
    const entry = this.loaded().hashes.get(keyOf(kind, path));
    return entry !== undefined && entry.stat === read.stat ? entry.hash : undefined;
  }

  /** Records the `kind` hash of bytes read by readWithStat; a file that is not settled is forgotten instead. */
  record(kind: HashKind, path: string, read: Pick<StatRead, "stat" | "settled">, hash: string | undefined): void {
    const key = keyOf(kind, path);
    const { hashes } = this.loaded();
    const known = hashes.get(key);
    if (read.settled && hash !== undefined) {
      if (known?.stat === read.stat && known.hash === hash) return;
      hashes.set(key, { stat: read.stat, hash });
    } else if (known) {
      hashes.delete(key);
    } else {
      return;
    }
    this.changed = true;
  }

  /** The `kind` hash of the file at `absolute`: recorded, or read, hashed with `hashBytes` and recorded. */
  hash(kind: HashKind, path: string, absolute: string, hashBytes: (bytes: Buffer) => string | undefined): string | undefined {
    const known = this.lookup(kind, path, absolute);
    if (known !== undefined) return known;
    const read = readWithStat(absolute);
    if (!read) return undefined;
    const hash = hashBytes(read.bytes);
    this.record(kind, path, read, hash);
    return hash;
  }

  /** What check needs of the lock whose text hashes to `lockHash`, when known. */
  lockSummary(lockHash: string): LockSummary | undefined {
    return this.loaded().locks.get(lockHash);
  }

  /** Remembers `summary` for the lock text hashing to `lockHash`; only the latest lock is kept. */
  rememberLock(lockHash: string, summary: LockSummary): void {
    this.keepOnly(this.loaded().locks, lockHash, summary, () => true);
  }

  /** A configuration remembered by readConfig (ConfigMemo). */
  config(key: string): Config | undefined {
    return this.configs.get(key);
  }

  /** Remembers `config` (which has no rule settings) under `key`; only the latest is kept. */
  rememberConfig(key: string, config: Config): void {
    if (config.rules.size === 0) this.keepOnly(this.configs, key, config, () => true);
  }

  /** What findDescriptors' globs matched, by the globs (GlobMemo). */
  glob(key: string): GlobRecord | undefined {
    return this.globs.get(key);
  }

  /** Remembers what the globs `key` matched; only the latest is kept. */
  rememberGlob(key: string, record: GlobRecord): void {
    this.keepOnly(this.globs, key, record, (known) => JSON.stringify(known) === JSON.stringify(record));
  }

  /** Makes `value` the one entry of `memo`; nothing changes when the entry under `key` is the same (`same`). */
  private keepOnly<T>(memo: Map<string, T>, key: string, value: T, same: (known: T) => boolean): void {
    const known = memo.get(key);
    if (memo.size === 1 && known !== undefined && same(known)) return;
    memo.clear();
    memo.set(key, value);
    this.changed = true;
  }

  /** Keeps only the entries of `paths` (by kind): files no longer read are dropped. */
  retain(kind: HashKind, paths: Iterable<string>): void {
    const keep = new Set([...paths].map((path) => keyOf(kind, path)));
    const { hashes } = this.loaded();
    for (const key of hashes.keys()) {
      if (key.startsWith(`${kind}\u0000`) && !keep.has(key)) {
        hashes.delete(key);
        this.changed = true;
      }
    }
  }

  /** Writes the index to `path` when anything changed; an index that cannot be written only costs the next run its reads. */
  async save(path: string | undefined): Promise<void> {
    if (path === undefined || !this.changed) return;
    const { hashes: known, locks } = this.loaded();
    const hashes: Record<string, [string, string]> = {};
    for (const key of [...known.keys()].sort()) {
      const entry = known.get(key)!;
      hashes[key] = [entry.stat, entry.hash];
    }
    const configs = Object.fromEntries([...this.configs].map(([key, { rules: _rules, ...config }]) => [key, config]));
    const vouched = vouchFor(this.loaded());
    const head = { version: STAT_INDEX_VERSION, configs, globs: Object.fromEntries(this.globs), ...(vouched ? { vouched } : {}) };
    const text = `${JSON.stringify(head)}\n${JSON.stringify({ hashes, locks: Object.fromEntries(locks) })}\n`;
    try {
      await writeFileAtomic(path, text);
      this.changed = false;
    } catch {
      // See above.
    }
  }
}

/**
 * The latest lock as `body` vouches for it: the lock file's recorded stat, and for each of its
 * files the stat under which the recorded hash is the one the lock records. Undefined when there is
 * not exactly one lock summary, the lock file's own hash is not recorded, or a generated file's is
 * not the lock's.
 */
function vouchFor({ hashes, locks }: IndexBody): VouchedLock | undefined {
  const only = locks.size === 1 ? [...locks][0] : undefined;
  if (!only) return undefined;
  const [lockHash, summary] = only;
  let lock: VouchedLock["lock"] | undefined;
  for (const [key, entry] of hashes) {
    const stat = key.startsWith("lock\u0000") && entry.hash === lockHash ? statValues(entry.stat) : undefined;
    if (stat) lock = [key.slice("lock\u0000".length), stat, lockHash];
  }
  if (!lock) return undefined;
  const inputs: Record<string, StatValues> = {};
  const texts: Record<string, string> = {};
  for (const [path, hash] of Object.entries(summary.inputs)) {
    const entry = hashes.get(keyOf("input", path));
    const stat = entry !== undefined && entry.hash === hash ? statValues(entry.stat) : undefined;
    if (stat) inputs[path] = stat;
    else texts[path] = hash;
  }
  const files: Record<string, StatValues> = {};
  for (const [path, hash] of Object.entries(summary.files)) {
    const entry = hashes.get(keyOf("generated", path));
    const stat = entry !== undefined && entry.hash === hash ? statValues(entry.stat) : undefined;
    if (!stat) return undefined;
    files[path] = stat;
  }
  return { lock, version: summary.version, tools: summary.tools, ...(summary.packageJson ? { packageJson: summary.packageJson } : {}), inputs, texts, files };
}

/** Bytes read at a time while looking for the end of the first line. */
const CHUNK = 64 * 1024;

/** The first line of the file at `path` (all of it when it has one line), read without reading the rest. */
function readFirstLine(path: string): string {
  // Without waiting, and only a regular file: a named pipe or a device here must not hang a check.
  const fd = openSync(path, OPEN_WITHOUT_WAITING);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`EFTYPE: not a regular file, read '${path}'`), { code: "EFTYPE" });
    const chunks: Buffer[] = [];
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const read = readSync(fd, chunk, 0, CHUNK, null);
      const end = chunk.subarray(0, read).indexOf(0x0a);
      chunks.push(chunk.subarray(0, end < 0 ? read : end));
      if (end >= 0 || read === 0) return Buffer.concat(chunks).toString("utf8");
    }
  } finally {
    closeSync(fd);
  }
}

/** What check's fast path takes from `lock`. */
export function lockSummary(lock: LockFile): LockSummary {
  return { version: lock.generator.version, tools: Object.keys(lock.tools).length, inputs: lock.inputs, files: lock.files, ...(lock.packageJson ? { packageJson: lock.packageJson } : {}) };
}

/** Where the stat index of a project goes: beside its build cache (buildCachePath). */
export function statIndexPath(buildCachePath: string | undefined): string | undefined {
  return buildCachePath?.replace(/\.json$/, ".stat.json");
}

function keyOf(kind: HashKind, path: string): string {
  return `${kind}\u0000${path}`;
}

function isLockSummary(value: JsonValue): value is JsonValue & LockSummary {
  return (
    isJsonObject(value) &&
    typeof value.version === "string" &&
    typeof value.tools === "number" &&
    isStringMap(value.inputs) &&
    isStringMap(value.files) &&
    (value.packageJson === undefined || isStringMap(value.packageJson))
  );
}

/** The paths a configuration names are strings; the rest of it is plain data written by save(). */
function isConfigShape(value: JsonValue): boolean {
  return (
    isJsonObject(value) &&
    Array.isArray(value.tools) &&
    value.tools.every((t) => typeof t === "string") &&
    ["out", "handlers", "tests", "lock", "target"].every((key) => typeof value[key] === "string") &&
    isJsonObject(value.server ?? null) &&
    isJsonObject(value.load ?? null) &&
    isStringMap(value.packageJson) &&
    (PRESETS as readonly JsonValue[]).includes(value.preset ?? null)
  );
}

function isVouchedLock(value: JsonValue): value is JsonValue & VouchedLock {
  return (
    isJsonObject(value) &&
    Array.isArray(value.lock) &&
    value.lock.length === 3 &&
    typeof value.lock[0] === "string" &&
    isStatValues(value.lock[1]) &&
    typeof value.lock[2] === "string" &&
    typeof value.version === "string" &&
    typeof value.tools === "number" &&
    (value.packageJson === undefined || isStringMap(value.packageJson)) &&
    isStatMap(value.inputs) &&
    isStringMap(value.texts) &&
    isStatMap(value.files)
  );
}

function isStatMap(value: JsonValue | undefined): boolean {
  return value !== undefined && isJsonObject(value) && Object.values(value).every(isStatValues);
}

function isStatValues(value: JsonValue | undefined): boolean {
  return Array.isArray(value) && value.length === 5 && value.every((n) => typeof n === "number");
}

function isGlobRecord(value: JsonValue): value is JsonValue & GlobRecord {
  return (
    isJsonObject(value) &&
    Array.isArray(value.files) &&
    value.files.every((f) => typeof f === "string") &&
    Array.isArray(value.folders) &&
    value.folders.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === "string" && typeof f[1] === "string")
  );
}

function isStringMap(value: JsonValue | undefined): boolean {
  return value !== undefined && isJsonObject(value) && Object.values(value).every((v) => typeof v === "string");
}
