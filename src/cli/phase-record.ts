// MCP_GEN_PHASES=<file>: a build counts its time by phase (src/model/phase-clock.ts) on every thread
// and writes the counts to <file> as JSON when it ends, for the bench's phase table (BENCHMARKS.md).
// Read once, here; without it the build runs with NO_CLOCK and none of this is loaded into play.
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { resolve } from "node:path";
import type { PhaseClock, ThreadPhases } from "../model/phase-clock.js";
import { ThreadClock } from "../incremental/thread-clock.js";

/** What MCP_GEN_PHASES writes: every thread's phases, and the time from the process's start to the end of the command. */
export interface PhaseRecord {
  readonly version: 1;
  /** process.hrtime (ns, decimal text) when the process started, as Node's performance.timeOrigin has it. */
  readonly processStartNs: string;
  /** From the process's start to the end of the command, in ms. */
  readonly wallMs: number;
  readonly threads: readonly ThreadPhases[];
}

export interface PhaseRecorder {
  readonly clock: PhaseClock;
  /** Writes the record to the file MCP_GEN_PHASES names. */
  finish(): void;
}

/**
 * A clock for this command when MCP_GEN_PHASES names a file (relative to the working directory),
 * counting from the process's start: everything until now was start-up and module loading.
 */
export function startPhaseClock(env: Readonly<Record<string, string | undefined>>): PhaseRecorder | undefined {
  const file = env.MCP_GEN_PHASES;
  if (file === undefined || file === "") return undefined;
  const processStartNs = process.hrtime.bigint() - BigInt(Math.round(performance.now() * 1e6));
  // The main thread's CPU time counts from the process's start too.
  const clock = new ThreadClock("startup", processStartNs, 0);
  return {
    clock,
    finish: () => {
      const threads = clock.takeAll("main");
      clock.close();
      // On the clock the stretches are on: performance.now() is another reading, taken apart from
      // processStartNs's, and could end a few microseconds short of the main thread's last stretch.
      const wallMs = Number(process.hrtime.bigint() - processStartNs) / 1e6;
      const record: PhaseRecord = { version: 1, processStartNs: String(processStartNs), wallMs, threads };
      writeFileSync(resolve(file), `${JSON.stringify(record)}\n`);
    },
  };
}
