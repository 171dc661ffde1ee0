// The server's MessageReader: the messages of a byte stream, as MessageFrames splits it, each content
// read as UTF-8 JSON. What cannot be a message (a header block it drops, content over the limit,
// content that is not a JSON object) is told to `problem` in one line, and the next message is
// read: one bad frame never ends the session nor stops the messages after it.
import type { Readable } from "node:stream";
import { AbstractMessageReader, type DataCallback, Disposable, type Message } from "vscode-languageserver/node";
import { MessageFrames } from "./message-frames.js";

export class FrameReader extends AbstractMessageReader {
  private readonly frames = new MessageFrames();
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  /**
   * @param problem told each frame that is not a message, in one line
   * @example createProtocolConnection(new FrameReader(process.stdin, (line) => log(line)), writer)
   */
  constructor(
    private readonly input: Readable,
    private readonly problem: (line: string) => void,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const data = (chunk: Buffer | string) => {
      for (const frame of this.frames.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk)) {
        if ("problem" in frame) this.problem(frame.problem);
        else this.deliver(frame.content, callback);
      }
    };
    const error = (e: Error) => this.fireError(e);
    const close = () => this.fireClose();
    this.input.on("data", data);
    this.input.on("error", error);
    this.input.on("close", close);
    return Disposable.create(() => {
      this.input.off("data", data);
      this.input.off("error", error);
      this.input.off("close", close);
    });
  }

  private deliver(content: Buffer, callback: DataCallback): void {
    let message: unknown;
    try {
      message = JSON.parse(this.decoder.decode(content));
    } catch (e) {
      this.problem(`a message of ${content.length} bytes that is not UTF-8 JSON (${e instanceof Error ? e.message : String(e)}); dropped`);
      return;
    }
    // A JSON-RPC message is an object (the protocol sends no batches).
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      this.problem(`a message of ${content.length} bytes that is JSON but not an object; dropped`);
      return;
    }
    callback(message as Message);
  }
}
