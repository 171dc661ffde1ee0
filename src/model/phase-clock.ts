// Where a build's time goes, phase by phase: what the stages tell a PhaseClock when one is passed
// down (MCP_GEN_PHASES=<file>, read once by the command line; see src/incremental/thread-clock.ts).
// Without one, every stage gets NO_CLOCK, whose time() only calls the work: nothing is read, stored
// or allocated. The phases are those of BENCHMARKS.md's phase table, in the order a cold build
// reaches them.

/** The phases of a build, in the order a cold build reaches them. */
export const PHASES = ["startup", "config", "load", "resolve", "rules", "patterns", "schemas", "types", "emit", "hash", "write", "report"] as const;

export type Phase = (typeof PHASES)[number];

/** What each phase covers, for tables. */
export const PHASE_LABELS: Readonly<Record<Phase, string>> = {
  startup: "start-up and module loading",
  config: "config, globbing, last build's lock and cache",
  load: "load + parse",
  resolve: "resolve/bundle",
  rules: "rules",
  patterns: "pattern work",
  schemas: "schema compilation",
  types: "type generation",
  emit: "emit",
  hash: "hashing/lock",
  write: "writing",
  report: "diagnostics, summary, closing threads",
};

/**
 * Counts time to phases. Time spent in a phase entered inside another counts to the inner one only,
 * so the phases of one thread add up to its time.
 */
export interface PhaseClock {
  /** Whether time is being counted (false for NO_CLOCK): a caller may skip work done only for the clock. */
  readonly on: boolean;
  /** Runs `work` with its time counted to `phase`. */
  time<T>(phase: Phase, work: () => T): T;
  /** Runs `work` with its time counted to `phase` until the promise it returns settles. */
  timeAsync<T>(phase: Phase, work: () => Promise<T>): Promise<T>;
  /** Adds what another thread's clock counted (a worker's answer carries it). */
  absorb(report: ThreadPhases): void;
}

/** The clock of a run that counts nothing: time() is a plain call. */
export const NO_CLOCK: PhaseClock = Object.freeze({
  on: false,
  time: <T>(_phase: Phase, work: () => T): T => work(),
  timeAsync: <T>(_phase: Phase, work: () => Promise<T>): Promise<T> => work(),
  absorb: () => undefined,
});

/** Wall and CPU time of one phase on one thread, in milliseconds. */
export interface PhaseTime {
  readonly wallMs: number;
  /** Undefined where the thread's CPU time cannot be read (not Linux). */
  readonly cpuMs: number | undefined;
}

/** One stretch of a thread's time in one phase: process.hrtime in nanoseconds, as decimal text. */
export type PhaseInterval = readonly [phase: Phase, startNs: string, endNs: string];

/** What one thread's clock counted: totals by phase and, in order, every stretch. */
export interface ThreadPhases {
  /** "main", or "worker 1", "worker 2"... */
  readonly thread: string;
  /** node:worker_threads' threadId (0: the main thread), as V8's .cpuprofile file names have it. */
  readonly threadId: number;
  readonly phases: Partial<Record<Phase, PhaseTime>>;
  readonly intervals: readonly PhaseInterval[];
}
