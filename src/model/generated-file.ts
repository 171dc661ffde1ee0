// A file a build writes: a path relative to the project root, and its full contents.

export interface GeneratedFile {
  readonly path: string;
  readonly contents: string;
}

/** What a build produces: files rewritten every build, and scaffolds created only when absent. */
export interface EmitOutput {
  /** Files under the config's `out` folder; the folder holds exactly these after a build. */
  readonly generated: readonly GeneratedFile[];
  /** Handler stubs and test scaffolds: written only when the file does not exist yet. */
  readonly scaffolds: readonly GeneratedFile[];
}
