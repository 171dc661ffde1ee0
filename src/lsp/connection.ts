// A Language Server Protocol connection over a pair of streams (the process's stdin and stdout, or
// an in-process pair in tests). vscode-languageserver's own Node entry point ends the process on
// `exit` and when its input closes; here the caller decides, through `exit`, so that the command
// returns an exit status like every other command and a test's server stops without ending the test.
import type { Readable, Writable } from "node:stream";
import { createConnection, type Connection } from "vscode-languageserver";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node";

/**
 * @param exit told once, with 0 after `shutdown` then `exit` (or the input closing after `shutdown`), else 1
 * @example const connection = connectStreams(process.stdin, process.stdout, (code) => done(code))
 */
export function connectStreams(input: Readable, output: Writable, exit: (code: number) => void): Connection {
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
  const reader = new StreamMessageReader(input);
  // The reader's timer for a message that has not all come re-arms itself until the message ends:
  // an editor gone mid-message (or one that announced a huge Content-Length) would keep the
  // process alive for ever after its input closed. Nothing here listens to that timer's events.
  reader.partialMessageTimeout = 0;
  return createConnection((logger) => createProtocolConnection(reader, new StreamMessageWriter(output), logger), watchDog);
}
