// A Language Server Protocol connection over a pair of streams (the process's stdin and stdout, or
// an in-process pair in tests). vscode-languageserver's own Node entry point ends the process on
// `exit` and when its input closes; here the caller decides, through `exit`, so that the command
// returns an exit status like every other command and a test's server stops without ending the test.
// The messages are read by FrameReader, not vscode-jsonrpc's StreamMessageReader: that one stops at
// a header block without a usable Content-Length, and keeps whatever length a client announces.
import type { Readable, Writable } from "node:stream";
import { createConnection, type Connection } from "vscode-languageserver";
import { createProtocolConnection, StreamMessageWriter } from "vscode-languageserver/node";
import { FrameReader } from "./frame-reader.js";

/**
 * @param exit told once, with 0 after `shutdown` then `exit` (or the input closing after `shutdown`), else 1
 * @param problem told, in one line, each frame of the input that is not a message (it is dropped)
 * @example const connection = connectStreams(process.stdin, process.stdout, (code) => done(code), (line) => log(line))
 */
export function connectStreams(input: Readable, output: Writable, exit: (code: number) => void, problem: (line: string) => void): Connection {
  let shutdown = false;
  let ended = false;
  const end = (code: number) => {
    if (ended) return;
    ended = true;
    exit(code);
  };
  const watchDog = {
    get shutdownReceived() {
      return shutdown;
    },
    set shutdownReceived(value: boolean) {
      shutdown = value;
    },
    // The editor's process id is not watched: when the editor goes, so does the input stream.
    initialize: () => undefined,
    exit: end,
  };
  input.on("end", () => end(shutdown ? 0 : 1));
  input.on("close", () => end(shutdown ? 0 : 1));
  // No timer waits for a message that has not all come: an editor gone mid-message closes the input.
  const reader = new FrameReader(input, problem);
  return createConnection((logger) => createProtocolConnection(reader, new StreamMessageWriter(output), logger), watchDog);
}
