// Bytes from a pipe → whole lines, one JSON-RPC message each (MCP stdio transport: newline-delimited
// JSON-RPC), however the bytes were chunked: a message split across reads is put together, several
// in one read come apart. The limit is on whole messages, never on chunks: a line longer than
// `maxBytes` is dropped as it arrives (never buffered past the limit) and reported once, with its
// first bytes, so the reader can say what it was. Owns no stream; the caller feeds it.

export interface LineSink {
  /** One complete line, without its "\n" (a trailing "\r" is removed too), decoded as UTF-8. */
  line(text: string): void;
  /** A line longer than the limit ended (or the input ended inside one); `head` is its first bytes. */
  oversize(bytes: number, head: string): void;
}

/** How much of an oversized line is kept to describe it. */
const HEAD_BYTES = 200;

/**
 * @example const framer = new LineFramer(10 * 1024 * 1024, { line: (t) => console.log(t), oversize: () => {} }); framer.push(chunk);
 */
export class LineFramer {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of the line being dropped, when it went past the limit; -1 otherwise. */
  private dropped = -1;
  private head = "";

  constructor(
    private readonly maxBytes: number,
    private readonly sink: LineSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.take(chunk.subarray(start, end));
      this.finishLine();
      start = end + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  /** The input ended: a last line without "\n" still counts. */
  end(): void {
    if (this.size > 0 || this.dropped >= 0) this.finishLine();
  }

  /** Whether part of a line is waiting for its end. */
  get partial(): boolean {
    return this.size > 0 || this.dropped >= 0;
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.dropped >= 0) {
      this.dropped += part.length;
      return;
    }
    if (this.size + part.length > this.maxBytes) {
      const all = Buffer.concat([...this.chunks, part.subarray(0, Math.max(0, HEAD_BYTES - this.size))]);
      this.head = all.subarray(0, HEAD_BYTES).toString("utf8");
      this.dropped = this.size + part.length;
      this.chunks = [];
      this.size = 0;
      return;
    }
    // A view, not a copy: Node's pipes hand out a fresh buffer for every read.
    this.chunks.push(part);
    this.size += part.length;
  }

  private finishLine(): void {
    if (this.dropped >= 0) {
      const bytes = this.dropped;
      const head = this.head;
      this.dropped = -1;
      this.head = "";
      this.sink.oversize(bytes, head);
      return;
    }
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    let text = bytes.toString("utf8");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    this.sink.line(text);
  }
}

/**
 * A message text as one stdio line, "\n" included. Every text the proxy writes is JSON it has read
 * whole (or made itself), and a raw line break in JSON is whitespace between tokens (inside a
 * string it must be escaped), so each becomes a space and the message means what it meant. Passed
 * on as it came, an HTTP body or SSE event written over several lines would reach a stdio peer as
 * several messages: one the proxy never checked among them, or none it can read.
 * @example oneLine('{\n  "id": 1\n}') === '{   "id": 1 }\n'
 */
export function oneLine(text: string): string {
  return `${text.includes("\n") || text.includes("\r") ? text.replace(/[\r\n]/g, " ") : text}\n`;
}
