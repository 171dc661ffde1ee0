// Reading a file that a project, a config or a command line names, without waiting. Opening a named
// pipe for reading waits for a writer, for ever if none comes: a `$ref`, a lock, a package.json or a
// tsconfig.json that was a FIFO hung the command. Opened non-blocking, a pipe opens at once and reads
// as empty (no writer), which the caller then reports as it reports an empty file; a regular file
// reads as it always does.
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

/** open(2) flags for reading without waiting (O_NONBLOCK is 0 where the platform has no such flag). */
export const OPEN_WITHOUT_WAITING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * readFileSync(path), opened without waiting.
 * @example readFileNow("package.json", "utf8")
 */
export function readFileNow(path: string): Buffer;
export function readFileNow(path: string, encoding: "utf8"): string;
export function readFileNow(path: string, encoding?: "utf8"): Buffer | string {
  const fd = openSync(path, OPEN_WITHOUT_WAITING);
  try {
    return encoding === undefined ? readFileSync(fd) : readFileSync(fd, encoding);
  } finally {
    closeSync(fd);
  }
}

/**
 * fs/promises readFile(path), opened without waiting.
 * @example await readFileNowAsync("mcp-tools.lock.json", "utf8")
 */
export function readFileNowAsync(path: string): Promise<Buffer>;
export function readFileNowAsync(path: string, encoding: "utf8"): Promise<string>;
export function readFileNowAsync(path: string, encoding?: "utf8"): Promise<Buffer | string> {
  return encoding === undefined ? readFile(path, { flag: OPEN_WITHOUT_WAITING }) : readFile(path, { encoding, flag: OPEN_WITHOUT_WAITING });
}

/**
 * readFileNow for a file that only mcp-gen writes (the build cache, the stat index, a memo): opened
 * without waiting and read only when it is a regular file, since a device put there (/dev/zero, say)
 * would never end either. Anything else throws, with code EFTYPE ("inappropriate file type"), which
 * such a reader's caller takes as no file, as it does any read error.
 * @example readRegularFileNow("node_modules/.cache/mcp-gen/build.json", "utf8")
 */
export function readRegularFileNow(path: string): Buffer;
export function readRegularFileNow(path: string, encoding: "utf8"): string;
export function readRegularFileNow(path: string, encoding?: "utf8"): Buffer | string {
  const fd = openSync(path, OPEN_WITHOUT_WAITING);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`EFTYPE: not a regular file, read '${path}'`), { code: "EFTYPE", path });
    return encoding === undefined ? readFileSync(fd) : readFileSync(fd, encoding);
  } finally {
    closeSync(fd);
  }
}
