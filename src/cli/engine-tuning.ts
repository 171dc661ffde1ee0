// V8's tiering, set for a command that runs for seconds and exits. V8 compiles a function with its
// optimizing compiler, TurboFan, on a background thread once the function has run a while. A cold
// build runs thousands of functions (its own, ajv's, json-schema-to-typescript's) just long enough
// for that, on two cores where the compiler's thread takes time from the build's own threads; most
// of those compiles never pay back in a run this short. With a higher threshold, fewer functions are
// compiled, and only the ones that keep running. Measured on the GitHub corpus (BENCHMARKS.md):
// - Node 20 (V8 11.3, TurboFan the only optimizing tier; the threshold is the interrupt budget,
//   67,584 bytes of bytecode): about a sixth off a cold build's time and a fifth off its CPU;
// - Node 22 (V8 12.4, Maglev below TurboFan; the threshold is an invocation count, 3,000): about a
//   fifth off its time;
// - Node 24 (V8 13.6): no gain, so nothing is set there, nor on any V8 not measured.
// The pinned generators alone gain about as much, and the bench measures its floor under these
// settings too. The long-running commands (lsp, proxy, watch) keep Node's defaults, as does
// anything that imports mcp-gen as a library.
import { setFlagsFromString } from "node:v8";

/** The threshold raised on each V8 major version it was measured on: the flag's name there, and its value. */
export const BATCH_TIERING: Readonly<Record<string, { readonly flag: string; readonly value: number }>> = {
  // Six times V8's 67,584.
  "11": { flag: "--interrupt-budget", value: 400_000 },
  // About seventeen times V8's 3,000; 18,000 took half as much off, 150,000 no more.
  "12": { flag: "--invocation-count-for-turbofan", value: 50_000 },
};

/**
 * The V8 flags a batch command sets for itself: only on a V8 whose flag names these are (an unknown
 * flag would print an error), and not when Node was started with that flag already.
 * @example batchEngineFlags("11.3.244.8-node.26", []) // ["--interrupt-budget=400000"]
 */
export function batchEngineFlags(v8Version: string, execArgv: readonly string[]): string[] {
  const major = v8Version.split(".")[0]!;
  const tiering = Object.hasOwn(BATCH_TIERING, major) ? BATCH_TIERING[major]! : undefined;
  if (tiering === undefined) return [];
  // V8 reads `-` and `_` in a flag's name alike.
  if (execArgv.some((arg) => arg.split("=")[0]!.replaceAll("_", "-") === tiering.flag)) return [];
  return [`${tiering.flag}=${tiering.value}`];
}

/** What tuneEngineForBatch reads and calls: this process's, unless a test gives its own. */
export interface EngineRuntime {
  /** process.versions.v8: undefined on a runtime that only looks like Node. */
  readonly v8: string | undefined;
  readonly execArgv: readonly string[];
  readonly setFlags: (flag: string) => void;
}

const THIS_PROCESS: EngineRuntime = { v8: process.versions.v8, execArgv: process.execArgv, setFlags: setFlagsFromString };

/**
 * Sets batchEngineFlags for this process: before the command's work starts, and for its worker
 * threads (they share V8's flags). Never fails the command: a runtime that reports a V8 version but
 * has no V8 flags to set (a Node look-alike) runs it with its own settings.
 */
export function tuneEngineForBatch(runtime: EngineRuntime = THIS_PROCESS): void {
  try {
    for (const flag of batchEngineFlags(runtime.v8 ?? "", runtime.execArgv)) runtime.setFlags(flag);
  } catch {
    // Its own settings, then.
  }
}
