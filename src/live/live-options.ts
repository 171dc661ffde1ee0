// Limits of one exchange with a live server, and their defaults. Kept apart from the client code so
// the CLI can read them without loading the SDK.

export interface LiveOptions {
  /** The whole exchange (start, handshake, every page) must be over within this many ms. */
  readonly timeoutMs: number;
  readonly maxPages: number;
  /** The clientInfo sent in the handshake: mcp-gen and its version unless the user names another. */
  readonly clientInfo: { readonly name: string; readonly version: string };
  /** Deepest nesting of objects and arrays a tool may have (the loader's `load.maxDepth`). */
  readonly maxDepth: number;
}

export const DEFAULT_LIVE_OPTIONS = { timeoutMs: 30_000, maxPages: 100 } as const;
