// A file a build writes: a path relative to the project root, and its full contents.
import type { BytePieces } from "../files/byte-pieces.js";

export interface GeneratedFile {
  readonly path: string;
  readonly contents: string;
  /**
   * Its contents as UTF-8 in pieces (joined, they are the file), when they were made as bytes: an
   * aggregate or validator module made from the last build's file (src/emit/tool-loop.ts,
   * emit-validators.ts). `contents` is then decoded only when something reads it.
   */
  readonly pieces?: BytePieces | undefined;
  /**
   * True when the file is on disk exactly as the last build wrote it (its hash, known from its stat,
   * is the one the lock records) and this build writes the same: nothing needs to read, compare or
   * write it, and its `contents` may be read from disk only when asked for.
   */
  readonly unchanged?: boolean;
}

/** What a build produces: files rewritten every build, and scaffolds created only when absent. */
export interface EmitOutput {
  /** Files under the config's `out` folder; the folder holds exactly these after a build. */
  readonly generated: readonly GeneratedFile[];
  /** Handler stubs and test scaffolds: written only when the file does not exist yet. */
  readonly scaffolds: readonly GeneratedFile[];
}
