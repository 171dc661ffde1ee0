// The project's files on disk as one build sees them: each read at most once, and hashed from the
// stat index while its stat is the one recorded with its hash (then not even read for it). The
// build's steps that compare the generated folder with the last lock share one reader.
import { statSync } from "node:fs";
import { join } from "node:path";
import { hashDecodedBytes, hashFileText } from "../lock/sha256.js";
import { readWithStat, type StatRead } from "../files/read-with-stat.js";
import { readTextSyncIfExists } from "../files/write-files.js";
import type { StatIndex } from "./stat-index.js";

export interface DiskReader {
  /** The text of a project file, or undefined when there is none. */
  text(path: string): string | undefined;
  /** hashFileText of the same. */
  hash(path: string): string | undefined;
  /** Its bytes, or undefined when there is no readable file (read once, with text, and not decoded for this). */
  bytes(path: string): Uint8Array | undefined;
  /**
   * Whether the file on disk is known to hold other bytes than contents of `size` bytes without
   * reading it: its size is another (a file that is not there differs too). False means only "read
   * to know".
   */
  differsBySize(path: string, size: number): boolean;
  /**
   * Takes `hash` as hashFileText of the file at `path`, which the caller read with bytes() and found
   * byte for byte what it hashed: hash() answers it, and the stat index records it with that read's
   * stat. A file not read is left alone.
   */
  vouch(path: string, hash: string): void;
}

/**
 * Texts (and their hashes) of project files on disk, each read once per build; hashes recorded in `index`.
 * @example diskReader("/home/me/app", index).hash("src/generated/tools.ts")
 */
export function diskReader(root: string, index: StatIndex): DiskReader {
  const texts = new Map<string, string | undefined>();
  const hashes = new Map<string, string | undefined>();
  /** Files read, each once (undefined: none could be). */
  const reads = new Map<string, StatRead | undefined>();
  const readOnce = (path: string) => {
    if (!reads.has(path)) reads.set(path, readWithStat(join(root, path)));
    return reads.get(path);
  };
  const text = (path: string) => {
    if (!texts.has(path)) {
      const read = readOnce(path);
      // Anything but a readable file is read again, for its error (a folder) or its absence.
      texts.set(path, read ? read.bytes.toString("utf8") : readTextSyncIfExists(join(root, path)));
    }
    return texts.get(path);
  };
  const hash = (path: string) => {
    if (!hashes.has(path) && !texts.has(path)) {
      // A file whose stat is the one recorded with its hash is not even read for it.
      const known = index.lookup("generated", path, join(root, path));
      if (known !== undefined) hashes.set(path, known);
    }
    if (!hashes.has(path)) {
      // Hashed from its bytes, as text() would decode them: a file that is only hashed (most of
      // the last build's modules, in a rebuild) is never decoded.
      const read = texts.has(path) ? reads.get(path) : readOnce(path);
      // A file whose stat is the one the index recorded with its hash is not hashed again.
      let value: string | undefined;
      if (read) value = index.recorded("generated", path, read) ?? hashDecodedBytes(read.bytes);
      else {
        const current = text(path);
        value = current === undefined ? undefined : hashFileText(current);
      }
      hashes.set(path, value);
      if (read) index.record("generated", path, read, value);
    }
    return hashes.get(path);
  };
  const differsBySize = (path: string, size: number) => {
    const read = reads.get(path);
    if (read) return read.bytes.length !== size;
    const stat = statSync(join(root, path), { throwIfNoEntry: false });
    return !stat?.isFile() || stat.size !== size;
  };
  const vouch = (path: string, value: string) => {
    const read = reads.get(path);
    if (!read) return;
    hashes.set(path, value);
    index.record("generated", path, read, value);
  };
  return { text, hash, bytes: (path) => readOnce(path)?.bytes, differsBySize, vouch };
}
