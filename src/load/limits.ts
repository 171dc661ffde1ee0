// Bounds the loader enforces before and while parsing, so hostile files fail fast with a diagnostic.

export interface LoadLimits {
  /** Largest descriptor or schema file read, in bytes. */
  readonly maxFileBytes: number;
  /** Deepest nesting of objects and arrays a file may have. */
  readonly maxDepth: number;
  /** Most nodes one file may produce, counting every node an alias expands to. */
  readonly maxNodes: number;
  /** Most nodes YAML aliases may expand to in one file (alias bombs stop here). */
  readonly maxAliasNodes: number;
}

export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  maxFileBytes: 1024 * 1024,
  maxDepth: 256,
  maxNodes: 100_000,
  maxAliasNodes: 10_000,
};
