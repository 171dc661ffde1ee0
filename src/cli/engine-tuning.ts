// V8's tiering, set for a command that runs for seconds and exits. Node 20's V8 (11.3) has one
// optimizing tier, TurboFan: a function that has run a while (its interrupt budget, 66 KB of
// bytecode) is compiled on a background thread. A cold build runs thousands of functions (its own,
// ajv's, json-schema-to-typescript's) just long enough for that, on two cores where the compiler's
// thread takes time from the build's own threads; most of those compiles never pay back in a run
// this short. With a budget six times as large, fewer functions are compiled, and only the ones that
// keep running. Measured on the GitHub corpus (BENCHMARKS.md): a cold build takes about a sixth less
// time and a fifth less CPU, and the pinned generators alone about the same (the bench measures its
// floor under these settings too). Node 22 and later (V8 12 and 13) tier up through Maglev, a fast
// middle tier, and measured no gain there: nothing is set. The long-running commands (lsp, proxy,
// watch) keep Node's defaults, as does anything that imports mcp-gen as a library.
import { setFlagsFromString } from "node:v8";

/** The interrupt budget a batch command runs with on V8 11 (Node 20): six times V8's 67,584. */
export const BATCH_INTERRUPT_BUDGET = 400_000;

/**
 * The V8 flags a batch command sets for itself: only on V8 11, whose flag names these are (an unknown
 * flag would print an error), and not when Node was started with an interrupt budget of its own.
 * @example batchEngineFlags("11.3.244.8-node.26", []) // ["--interrupt-budget=400000"]
 */
export function batchEngineFlags(v8Version: string, execArgv: readonly string[]): string[] {
  if (v8Version.split(".")[0] !== "11") return [];
  if (execArgv.some((arg) => /^--interrupt[-_]budget(=|$)/.test(arg))) return [];
  return [`--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`];
}

/** Sets batchEngineFlags for this process: before the command's work starts, and its worker threads (they share V8's flags). */
export function tuneEngineForBatch(): void {
  for (const flag of batchEngineFlags(process.versions.v8, process.execArgv)) setFlagsFromString(flag);
}
