// A file's bytes with the stat of exactly those bytes, and whether that stat can stand for them
// later: what lets the stat index (src/incremental/stat-index.ts) and the project reader take the
// hash of a file whose stat is unchanged instead of reading it again, as git's index does.
//
// A stat stands for its bytes only once the file's times are older than the file system's timestamp
// resolution allows a later write to repeat (RACY_MS, or RACY_COARSE_MS where timestamps are whole
// seconds): a file written moments before it was read could be written again with the same size
// and the same times. The change time cannot be set by a user program, and a file replaced by a
// rename has a new inode: either way its stat no longer matches.
import { closeSync, fstatSync, openSync, readFileSync, statSync, type Stats } from "node:fs";
import { OPEN_WITHOUT_WAITING } from "./read-now.js";

/** A file's bytes and the stat of exactly those bytes (taken through the same descriptor). */
export interface StatRead {
  readonly bytes: Buffer;
  readonly stat: string;
  /** Whether the file is old enough for its stat to stand for its bytes next time. */
  readonly settled: boolean;
}

/** Times closer than this to the moment of reading are too recent to record (sub-second file systems), in ms. */
const RACY_MS = 100;
/** The same where a file's times are whole seconds (FAT, HFS+, ext3, some network file systems). */
const RACY_COARSE_MS = 3000;

/**
 * The bytes of the regular file at `absolute` and their stat, taken through one file descriptor so
 * that the stat is of the very file read (a file renamed into place in between is not mixed up with
 * it); undefined when it cannot be read, or when it has more than `maxBytes` (then it is not read).
 */
export function readWithStat(absolute: string, now = Date.now(), maxBytes = Number.POSITIVE_INFINITY): StatRead | undefined {
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_WITHOUT_WAITING);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const bytes = readFileSync(fd);
    return { bytes, stat: fingerprint(stat), settled: isSettled(stat, now) };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a later write to the file is bound to change its stat: its times lie further in the past
 * (before `now`, wall-clock milliseconds) than a file system's timestamp resolution.
 * @example isSettled({ mtimeMs: 0, ctimeMs: 0 }, Date.now()) === true
 */
export function isSettled(stat: Pick<Stats, "mtimeMs" | "ctimeMs">, now: number): boolean {
  const coarse = stat.mtimeMs % 1000 === 0 && stat.ctimeMs % 1000 === 0;
  const limit = now - (coarse ? RACY_COARSE_MS : RACY_MS);
  return stat.mtimeMs < limit && stat.ctimeMs < limit;
}

/** Size, times (milliseconds with their fraction: sub-microsecond at today's dates), inode and device. */
export function fingerprint(stat: Stats): string {
  return `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}:${stat.dev}`;
}

/**
 * The stat of what is at `absolute` (links followed); undefined when there is nothing, or when the
 * system refuses to look the path up. A path recorded by an earlier build may lead through a file
 * today (a folder replaced by a file: ENOTDIR), or through a loop of links (ELOOP): nothing to
 * read there either, where statSync's `throwIfNoEntry` spares only ENOENT.
 */
export function statIfAny(absolute: string): Stats | undefined {
  try {
    return statSync(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The fingerprint of the regular file at `absolute` (links followed); undefined when there is none. */
export function statFingerprint(absolute: string): string | undefined {
  const stat = statIfAny(absolute);
  return stat?.isFile() ? fingerprint(stat) : undefined;
}

/** A fingerprint's parts as numbers: size, modification and change times (ms), inode and device. */
export type StatValues = readonly [size: number, mtimeMs: number, ctimeMs: number, ino: number, dev: number];

/** The parts of `fingerprint`'s text as numbers (they give the same text back); undefined for any other text. */
export function statValues(fingerprint: string): StatValues | undefined {
  const parts = fingerprint.split(":").map(Number);
  return parts.length === 5 && parts.every(Number.isFinite) ? (parts as unknown as StatValues) : undefined;
}

/**
 * Whether the regular file at `absolute` (links followed) has the stat `values`: what comparing its
 * fingerprint would answer, without building one (a check compares thousands).
 */
export function hasStat(absolute: string, values: StatValues): boolean {
  const stat = statIfAny(absolute);
  if (!stat?.isFile()) return false;
  return stat.size === values[0] && stat.mtimeMs === values[1] && stat.ctimeMs === values[2] && stat.ino === values[3] && stat.dev === values[4];
}
