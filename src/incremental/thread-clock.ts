// The PhaseClock that counts (src/model/phase-clock.ts): one per thread of a build, created only
// when MCP_GEN_PHASES asks for the phase table. Wall time is process.hrtime; CPU time is the
// thread's own, read from /proc/thread-self/schedstat (nanoseconds on the CPU, this thread only:
// process.cpuUsage() would count the worker threads into the main thread's phases). Where that file
// cannot be read (not Linux), CPU times are left out. A worker's clock hands what it counted to the
// main thread with each answer (take()), and the main thread's clock adds it up (absorb()).
import { closeSync, openSync, readSync } from "node:fs";
import { threadId } from "node:worker_threads";
import { PHASES, type Phase, type PhaseClock, type PhaseInterval, type PhaseTime, type ThreadPhases } from "../model/phase-clock.js";

/** The thread's CPU time in nanoseconds, or undefined where it cannot be read. */
type CpuReader = () => number | undefined;

/** Reads this thread's CPU time: the file descriptor names the thread that opened it. */
function threadCpuReader(): { readonly read: CpuReader; readonly close: () => void } {
  let fd: number;
  try {
    fd = openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return { read: () => undefined, close: () => undefined };
  }
  const buffer = Buffer.alloc(128);
  return {
    read: () => {
      const length = readSync(fd, buffer, 0, buffer.length, 0);
      const text = buffer.toString("latin1", 0, length);
      const ns = Number(text.slice(0, text.indexOf(" ")));
      return Number.isFinite(ns) ? ns : undefined;
    },
    close: () => closeSync(fd),
  };
}

interface Totals {
  wallNs: number;
  cpuNs: number | undefined;
}

/**
 * A thread's PhaseClock: time counts to the phase last entered, from `startNs` (process.hrtime, ns)
 * and `startCpuNs` (the thread's CPU time then) on, `first` until time() enters another.
 */
export class ThreadClock implements PhaseClock {
  readonly on = true;
  private readonly cpu = threadCpuReader();
  private readonly totals = new Map<Phase, Totals>();
  /** What other threads counted, by thread. */
  private readonly others = new Map<string, ThreadPhases>();
  private intervals: PhaseInterval[] = [];
  /** The phase time counts to now; undefined while the thread waits for work (a worker between runs). */
  private current: Phase | undefined;
  private lastCpuNs: number | undefined;
  private lastMark: bigint;

  constructor(first: Phase | undefined, startNs: bigint = process.hrtime.bigint(), startCpuNs?: number) {
    this.current = first;
    this.lastMark = startNs;
    this.lastCpuNs = startCpuNs ?? this.cpu.read();
  }

  time<T>(phase: Phase, work: () => T): T {
    const was = this.enter(phase);
    try {
      return work();
    } finally {
      this.enter(was);
    }
  }

  async timeAsync<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    const was = this.enter(phase);
    try {
      return await work();
    } finally {
      this.enter(was);
    }
  }

  /**
   * Makes `phase` current (the time until now counts to the phase it was; undefined: to none, the
   * thread is idle); returns the phase it was.
   */
  enter(phase: Phase | undefined): Phase | undefined {
    const was = this.current;
    if (phase === was) return was;
    this.closeStretch();
    this.current = phase;
    return was;
  }

  /** What was counted since the last take(), up to now, and forgets it. */
  take(thread: string): ThreadPhases {
    this.closeStretch();
    const phases: Partial<Record<Phase, PhaseTime>> = {};
    for (const phase of PHASES) {
      const totals = this.totals.get(phase);
      if (totals) phases[phase] = { wallMs: totals.wallNs / 1e6, cpuMs: totals.cpuNs === undefined ? undefined : totals.cpuNs / 1e6 };
    }
    const taken = { thread, threadId, phases, intervals: this.intervals };
    this.totals.clear();
    this.intervals = [];
    return taken;
  }

  /** Counts the time since the last stretch ended to the current phase. */
  private closeStretch(): void {
    const mark = process.hrtime.bigint();
    const cpuNs = this.cpu.read();
    if (this.current !== undefined) {
      const totals = this.totals.get(this.current) ?? { wallNs: 0, cpuNs: 0 };
      totals.wallNs += Number(mark - this.lastMark);
      totals.cpuNs = totals.cpuNs === undefined || cpuNs === undefined || this.lastCpuNs === undefined ? undefined : totals.cpuNs + (cpuNs - this.lastCpuNs);
      this.totals.set(this.current, totals);
      this.intervals.push([this.current, String(this.lastMark), String(mark)]);
    }
    this.lastMark = mark;
    this.lastCpuNs = cpuNs;
  }

  absorb(report: ThreadPhases): void {
    addTo(this.others, report);
  }

  /** take(thread), then every other thread's report, added up by thread. */
  takeAll(thread: string): ThreadPhases[] {
    return [this.take(thread), ...this.others.values()];
  }

  /** Stops reading the thread's CPU time. */
  close(): void {
    this.cpu.close();
  }
}

/** Adds the phases of one thread's report into `into` (by thread name). */
function addTo(into: Map<string, ThreadPhases>, report: ThreadPhases): void {
  const known = into.get(report.thread);
  if (!known) {
    into.set(report.thread, report);
    return;
  }
  const phases: Partial<Record<Phase, PhaseTime>> = { ...known.phases };
  for (const phase of PHASES) {
    const add = report.phases[phase];
    if (!add) continue;
    const was = phases[phase];
    phases[phase] = was ? { wallMs: was.wallMs + add.wallMs, cpuMs: was.cpuMs === undefined || add.cpuMs === undefined ? undefined : was.cpuMs + add.cpuMs } : add;
  }
  into.set(report.thread, { thread: report.thread, threadId: report.threadId, phases, intervals: [...known.intervals, ...report.intervals] });
}
