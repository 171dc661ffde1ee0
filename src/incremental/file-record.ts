// What reading a project tells the next build about each file, and what the next build tells the
// reader back: enough to skip parsing a file whose text is the one an earlier build parsed.
import type { Diagnostic } from "../model/diagnostic.js";

/** What reading one file gave: what a later build needs to know whether it can skip parsing it. */
export interface FileRecord {
  /** hashFileText of its text; undefined when it was not read (missing, refused, too large, not UTF-8). */
  readonly hash: string | undefined;
  /** Project paths its `$ref`s name, in the order they were followed. */
  readonly refs: readonly string[];
  /** Its load diagnostics (size, encoding, syntax, outside the root). */
  readonly diagnostics: readonly Diagnostic[];
  /** True when it was not parsed: a previous build's record stood in (see ReadReuse). */
  readonly reused: boolean;
}

/**
 * What a previous build recorded about a file whose text hashes as it does now. A file found here
 * is not parsed while reading: its recorded diagnostics are reported again, its recorded `$ref`s are
 * followed, and its document parses the first time anything looks at it.
 */
export interface ReadReuse {
  lookup(path: string, hash: string): { readonly refs: readonly string[]; readonly diagnostics: readonly Diagnostic[] } | undefined;
}
