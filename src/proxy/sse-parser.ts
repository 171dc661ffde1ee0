// Text of a `text/event-stream` response, as it arrives → its events (the HTML Living Standard's
// event stream format: `data:` lines joined by "\n", `event:`, `id:`, `retry:`; a blank line
// dispatches; "\n", "\r\n" and "\r" all end a line), and what a client needs to resume the stream:
// the last event id dispatched and the reconnection time the server asked for. An event whose data
// grows past the limit is dropped and reported, never buffered further. Pure; fed by the caller.

export interface SseEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | undefined;
}

export interface SseSink {
  event(event: SseEvent): void;
  oversize(bytes: number): void;
}

export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private size = 0;
  private event = "";
  private id: string | undefined;
  private dispatchedId: string | undefined;
  private retry: number | undefined;
  private dropping = false;
  /** A "\r" ended the last chunk: a "\n" starting the next belongs to it. */
  private pendingCr = false;

  constructor(
    private readonly maxBytes: number,
    private readonly sink: SseSink,
  ) {}

  /**
   * The last event ID (HTML § Event stream interpretation: set at each blank line, an event without
   * data included, as a server's priming event `id: 7\ndata: \n\n` is): what Last-Event-ID resumes from.
   */
  get lastEventId(): string | undefined {
    return this.dispatchedId;
  }

  /** The reconnection time in ms from the newest `retry:` field made of digits only, if any came. */
  get reconnectionMs(): number | undefined {
    return this.retry;
  }

  push(text: string): void {
    if (this.pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.pendingCr = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      this.line(this.buffer + text.slice(start, i));
      this.buffer = "";
      if (c === 0x0d) {
        if (i + 1 === text.length) this.pendingCr = true;
        else if (text.charCodeAt(i + 1) === 0x0a) i++;
      }
      start = i + 1;
    }
    this.buffer += text.slice(start);
    // A line that never ends is bounded too: it counts with the event's data so far.
    if (this.buffer.length > this.maxBytes) {
      this.drop(this.size + this.buffer.length);
      this.buffer = "";
    }
  }

  private line(line: string): void {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      if (this.dropping) return;
      this.size += value.length + 1;
      if (this.size > this.maxBytes) {
        this.drop();
        return;
      }
      this.data.push(value);
    } else if (field === "event") {
      this.event = value;
    } else if (field === "id" && !value.includes("\u0000")) {
      this.id = value;
    } else if (field === "retry" && /^[0-9]+$/.test(value)) {
      this.retry = Number(value);
    }
  }

  /** Drops the event; `bytes`: what it had reached (its data so far, by default). */
  private drop(bytes = this.size): void {
    if (!this.dropping) this.sink.oversize(bytes);
    this.dropping = true;
    this.data = [];
  }

  private dispatch(): void {
    const dropped = this.dropping;
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.size = 0;
    this.event = "";
    this.dropping = false;
    // An empty id resets it (HTML): no Last-Event-ID is sent then.
    this.dispatchedId = this.id === "" ? undefined : this.id;
    if (dropped || data.length === 0) return;
    this.sink.event({ event: event === "" ? "message" : event, data: data.join("\n"), id: this.id });
  }
}
