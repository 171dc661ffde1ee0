// Backpressure toward a host on Streamable HTTP (--listen): every response stream (a POST's JSON
// answer or event stream, the 2025-era GET stream) is written as the server's messages come, and a
// host that does not read fills it. As on stdio (stdio-host.ts), a stream past its high-water mark
// makes the session pause the server (its stdout, or the upstream HTTP responses) until the stream
// drains, so the proxy's memory stays bounded whatever a host does. Several hosts may share one proxy
// (2026-07-28 requests stand alone), and one that never reads would hold the server back for all of
// them: a stream that does not drain within `stallMs` of passing its mark is ended (destroyed, its
// buffer freed), the caller is told, and once no stream is past its mark the server goes on. Since
// the server pauses at the mark, what waits then is the mark's worth and at most one message more
// (the message size limit): a host that reads at all takes that within the stall time.
import type { ServerResponse } from "node:http";

export class ResponseBacklog {
  /** Each stream past its high-water mark → what stops watching it. */
  private readonly full = new Map<ServerResponse, () => void>();
  /** Streams ended here for not draining: their close is not the host's doing. */
  private readonly stalled = new WeakSet<ServerResponse>();
  private drained: () => void = () => undefined;

  /** `stalledOut`: a stream is about to be ended for not draining within `stallMs` (one line for the operator). */
  constructor(
    private readonly stallMs: number,
    private readonly stalledOut: (res: ServerResponse) => void,
  ) {}

  /** `resume` is called once no stream is past its mark any more (drained, finished, closed or ended here). */
  onDrain(resume: () => void): void {
    this.drained = resume;
  }

  /**
   * After a write to `res` that returned `ok` (a stream's write says whether it is under its mark):
   * whether the server may go on sending (false: it waits until `onDrain`'s callback).
   * @example if (!backlog.wrote(res, res.write(chunk))) upstream.pause();
   */
  wrote(res: ServerResponse, ok: boolean): boolean {
    if (ok || res.destroyed) return true;
    this.watch(res);
    return false;
  }

  /** After `res` was ended with a body (a JSON answer): whether the server may go on, as for `wrote`. */
  ended(res: ServerResponse): boolean {
    return this.wrote(res, res.writableLength <= res.writableHighWaterMark);
  }

  /** Whether `res` closed because it was ended here, not having drained within `stallMs`. */
  wasStalled(res: ServerResponse): boolean {
    return this.stalled.has(res);
  }

  private watch(res: ServerResponse): void {
    if (this.full.has(res)) return;
    // Not how much went meanwhile: Node counts a batch of buffered writes as gone only once all of it has.
    const timer = setTimeout(() => {
      this.stalled.add(res);
      this.stalledOut(res);
      res.destroy();
    }, this.stallMs);
    timer.unref();
    // 'drain' for a stream still open; 'finish' once an ended one is handed to the system whole.
    const done = () => {
      if (!this.full.delete(res)) return;
      clearTimeout(timer);
      res.off("drain", done).off("finish", done).off("close", done);
      if (this.full.size === 0) this.drained();
    };
    res.on("drain", done).on("finish", done).on("close", done);
    this.full.set(res, done);
  }
}
