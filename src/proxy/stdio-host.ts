// The host on the proxy's own stdin and stdout (how every MCP host starts a stdio server): stdin is
// framed into lines with a limit on whole messages, each answer is one line on stdout. A host that
// stops reading makes stdout's buffer fill; `send` then says so and the session pauses the server,
// so memory stays bounded whatever the host does.
import type { Readable, Writable } from "node:stream";
import { LineFramer, oneLine } from "./frame-lines.js";
import type { HostPort } from "./ports.js";

export interface StdioHostEvents {
  line(text: string): void;
  oversize(bytes: number): void;
  /** End of input, or stdout is gone: the host has closed its side. */
  closed(): void;
}

export class StdioHost implements HostPort {
  private over = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxMessageBytes: number,
  ) {}

  start(events: StdioHostEvents): void {
    const framer = new LineFramer(this.maxMessageBytes, { line: (text) => events.line(text), oversize: (bytes) => events.oversize(bytes) });
    const closed = () => {
      if (this.over) return;
      this.over = true;
      events.closed();
    };
    this.input.on("data", (chunk: Buffer) => framer.push(chunk));
    this.input.on("end", () => {
      framer.end();
      closed();
    });
    this.input.on("error", closed);
    // EPIPE: the host closed its end of our stdout.
    this.output.on("error", closed);
  }

  send(text: string): boolean {
    if (!this.output.writable) return true;
    return this.output.write(oneLine(text));
  }

  end(): void {
    // On stdio nothing marks the end of an answer.
  }

  onDrain(resume: () => void): void {
    this.output.on("drain", resume);
  }

  pause(): void {
    this.input.pause();
  }

  resume(): void {
    this.input.resume();
  }

  /**
   * Resolves once everything sent has been handed to the operating system, stdout is gone, or
   * `timeoutMs` passed (a host that never reads does not keep the proxy alive); then lets go of stdout.
   */
  async flush(timeoutMs: number): Promise<void> {
    if (this.output.writable && this.output.writableLength > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        this.output.once("drain", done);
        this.output.once("error", done);
        this.output.once("close", done);
      });
    }
    if (this.output.writableLength > 0) this.output.destroy();
    else this.output.end();
  }
}
