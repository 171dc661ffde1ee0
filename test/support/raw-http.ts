// HTTP/1.1 exchanges at the socket level, for the tests that attack a server's guards: the request
// goes out byte for byte as the test writes it (a header on two lines, no Host at all, a header
// block or a body past a limit), which no HTTP client library would send, and the response is read
// as it arrives until it is complete (its length, its last chunk, or an SSE stream's first event)
// or the server closes the connection.
import { connect } from "node:net";

export interface RawHttpReply {
  readonly status: number;
  /** Whether the whole reply arrived (or, for an SSE stream, its first event). */
  readonly complete: boolean;
  /** Header names lower-cased; a repeated one joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, chunked transfer coding undone. */
  readonly body: string;
}

/**
 * Sends the request line and header `lines` (each without its CRLF; `Connection: close` is added),
 * then `body` — or, with `chunks`, that many chunks of `chunkBytes` bytes each in chunked transfer
 * coding, for as long as the server reads them — to `url`'s host and port, and reads the reply.
 */
export function exchange(url: URL, lines: readonly string[], body: string | { readonly chunks: number; readonly chunkBytes: number } = "", timeoutMs = 10_000): Promise<RawHttpReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No reply within ${timeoutMs} ms to:\n${lines.join("\n")}`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      const reply = parseReply(Buffer.concat(received));
      if (reply === undefined) reject(new Error(`The server closed the connection without a reply to:\n${lines.join("\n")}`));
      else resolve(reply);
    };
    socket.on("data", (data: Buffer) => {
      received.push(data);
      if (parseReply(Buffer.concat(received))?.complete) socket.destroy();
    });
    // A server may reset the connection right after its reply (it did not read the whole body).
    socket.on("error", finish);
    socket.on("close", finish);
    socket.write(`${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n`);
    if (typeof body === "string") {
      socket.write(body);
      return;
    }
    const chunk = `${body.chunkBytes.toString(16)}\r\n${"x".repeat(body.chunkBytes)}\r\n`;
    let sent = 0;
    const pump = (): void => {
      if (socket.destroyed || received.length > 0) return;
      if (sent++ === body.chunks) {
        socket.write("0\r\n\r\n");
        return;
      }
      socket.write(chunk, pump);
    };
    pump();
  });
}

function parseReply(bytes: Buffer): RawHttpReply | undefined {
  const text = bytes.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (end === -1 || status === null) return undefined;
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let rest = bytes.subarray(end + 4);
  let complete = false;
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      if (lineEnd === -1) break;
      const size = Number.parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
      if (size === 0) complete = true;
      if (!(size > 0) || rest.length < lineEnd + 2 + size) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    rest = Buffer.concat(parts);
  } else if (headers["content-length"] !== undefined) {
    complete = rest.length >= Number(headers["content-length"]);
  }
  const body = rest.toString("utf8");
  if ((headers["content-type"] ?? "").includes("text/event-stream") && /^data:.*\n\n/m.test(body)) complete = true;
  return { status: Number(status[1]), complete, headers, body };
}
