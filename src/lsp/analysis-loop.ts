// When a project is analyzed again, and which results are published. One analysis at a time per
// project. A change after a quiet spell is analyzed at once; a change that comes while an analysis
// runs, or less than one analysis's time after the last, waits as long as the last analysis took
// (at most MAX_DELAY_MS), so that a burst of keystrokes on a slow project becomes one analysis
// instead of a queue, and a project checked in 10 ms answers every keystroke. An analysis's results
// are dropped when anything it read has changed since: results for an old version of a buffer are
// never published over a newer one.

/** Longest pause between a change and the analysis it asks for. */
export const MAX_DELAY_MS = 250;

export interface LoopSteps<T> {
  /** One analysis of the project as it is now. */
  readonly run: () => Promise<T>;
  /** Whether nothing `result` was computed from has changed since. */
  readonly isCurrent: (result: T) => boolean;
  readonly publish: (result: T) => void;
  /** An analysis threw: a bug in mcp-gen, reported and survived. */
  readonly failed: (error: unknown) => void;
}

export class AnalysisLoop<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private wanted = false;
  private lastRunMs = 0;
  /** When the last analysis ended (performance.now()). */
  private lastEnd = Number.NEGATIVE_INFINITY;
  private disposed = false;
  private waiters: (() => void)[] = [];
  /** The last result published. */
  latest: T | undefined;

  constructor(private readonly steps: LoopSteps<T>) {}

  /** Something changed: analyze again soon. */
  request(): void {
    this.wanted = true;
    if (this.running || this.timer !== undefined || this.disposed) return;
    const busy = performance.now() - this.lastEnd < this.lastRunMs;
    this.timer = setTimeout(() => void this.run(), busy ? Math.min(MAX_DELAY_MS, Math.ceil(this.lastRunMs)) : 0);
  }

  /** Resolves once no analysis is running or asked for (at once when none is). */
  settled(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops: no analysis starts any more, and whoever waits is let go. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.wake();
  }

  private isIdle(): boolean {
    return this.disposed || (!this.running && !this.wanted && this.timer === undefined);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    if (this.disposed) return;
    this.running = true;
    this.wanted = false;
    const started = performance.now();
    try {
      const result = await this.steps.run();
      // A change since the analysis read the files has asked for another one already.
      if (this.disposed) return;
      if (this.steps.isCurrent(result)) {
        this.latest = result;
        this.steps.publish(result);
      } else this.wanted = true;
    } catch (error) {
      this.steps.failed(error);
    } finally {
      this.lastEnd = performance.now();
      this.lastRunMs = this.lastEnd - started;
      this.running = false;
    }
    if (this.wanted) this.request();
    else this.wake();
  }

  private wake(): void {
    if (!this.isIdle()) return;
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
