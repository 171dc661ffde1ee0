// Ctrl+C (SIGINT), SIGTERM and SIGHUP while a command writes the project: the command is told
// through an AbortSignal, stops at its next safe point (a build: never between the renames that
// swap its output in) and cleans up what it staged, instead of the signal's default action killing
// it wherever it is. A second signal of those has the default action again: a build that does not
// stop soon enough can still be killed (the next build recovers what it left, as after kill -9).

/** The signals a command stops for, by their numbers: the exit status is 128 plus the number, as a shell reports it. */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

export type StopSignal = keyof typeof SIGNALS;

/**
 * A command stopped by a signal: the reason of the AbortSignal that stopOnSignals aborts, thrown
 * where the command notices it; runCli turns it into the exit status 128 + the signal's number.
 */
export class Interrupted extends Error {
  constructor(
    readonly signal: StopSignal,
    /** Whether the command had finished writing when it noticed (its output is complete), or stopped before writing anything. */
    readonly finished = false,
  ) {
    super(finished ? `stopped by ${signal} as it finished: what it wrote is complete.` : `stopped by ${signal} before writing anything: the project is as it was.`);
  }

  get status(): number {
    return 128 + SIGNALS[this.signal];
  }

  /** The same stop, noticed once the command had written everything. */
  afterFinishing(): Interrupted {
    return new Interrupted(this.signal, true);
  }
}

/**
 * An AbortSignal aborted (with an Interrupted reason) by the first SIGINT, SIGTERM or SIGHUP, whose
 * handlers go away with that signal or with `dispose`.
 * @example const stop = stopOnSignals(); try { await build(stop.signal) } finally { stop.dispose() }
 */
export function stopOnSignals(): { readonly signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const handlers = (Object.keys(SIGNALS) as StopSignal[]).map((signal) => [signal, () => stop(signal)] as const);
  const dispose = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  const stop = (signal: StopSignal) => {
    dispose();
    controller.abort(new Interrupted(signal));
  };
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return { signal: controller.signal, dispose };
}
