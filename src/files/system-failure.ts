// A command stopped by the system under it, not by its input or by a bug: the disk full, a
// read-only file system, no permission, too many open files. Such a failure is told apart from an
// internal error (exit 70, "a bug to report"): it exits 74 (EX_IOERR) and says what the system
// refused, so a CI step knows to look at its runner rather than file a report.

/** The errno codes taken as the system's refusal, and what each means for the user. */
const SYSTEM_FAILURES: Readonly<Record<string, string>> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "no permission",
  EPERM: "the operation is not permitted",
  EIO: "the disk reported an input/output error",
  EMFILE: "this process has too many files open",
  ENFILE: "the system has too many files open",
};

/** What the system refused, for a message: its errno code and what that means. */
export interface SystemFailure {
  readonly code: string;
  readonly why: string;
}

/**
 * The system's refusal behind `e`, when it is one: an error whose `code` is one of SYSTEM_FAILURES
 * (Node's file system errors carry it; a worker thread's failure carries it across, see
 * build-threads.ts). Undefined for anything else, which stays an internal error.
 * @example systemFailure(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }))?.why === "the disk is full"
 */
export function systemFailure(e: unknown): SystemFailure | undefined {
  if (e instanceof FileNotWritten) return { code: e.code, why: Object.hasOwn(SYSTEM_FAILURES, e.code) ? SYSTEM_FAILURES[e.code]! : "the system would not write a file there" };
  const code = errnoCode(e);
  if (code === undefined || !Object.hasOwn(SYSTEM_FAILURES, code)) return undefined;
  return { code, why: SYSTEM_FAILURES[code]! };
}

/** The errno code `e` carries (Node's system errors: "ENOENT", "EACCES"...), if any. */
export function errnoCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * A file the user named (a `--report` path) that the system would not write, with any errno code:
 * a folder where no file can be created (/proc, a file in the way) is the system's refusal as much as
 * a full disk is, never a bug in mcp-gen. Its message names the file.
 */
export class FileNotWritten extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    cause: string,
  ) {
    super(`${path} could not be written (${cause})`);
    this.name = "FileNotWritten";
  }

  /** `e` as met writing `path`: a FileNotWritten when it carries an errno code, else `e` itself (a bug). */
  static from(path: string, e: unknown): unknown {
    const code = errnoCode(e);
    return code === undefined ? e : new FileNotWritten(path, code, e instanceof Error ? e.message : String(e));
  }
}
