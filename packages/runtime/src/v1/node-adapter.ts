// A web-standard fetch handler as a request listener of Node's HTTP server, for targets whose SDK has
// no Node adapter for one (SDK v1); the SDK v2 target uses the SDK's own toNodeHandler, which does the
// same job. In: the handler and a body bound. The body is read within the bound (a declared
// Content-Length past it is refused before reading, a body that grows past it while read is refused
// then: 413, and the connection closes); the response goes back with its status and headers, its body
// streamed (SSE) with backpressure; a client that goes away aborts the request and cancels the stream.
import type { IncomingMessage, ServerResponse } from "node:http";

/** What the listener needs of the handler. */
export interface FetchHandler {
  fetch(request: Request): Promise<Response>;
}

/** `(req, res) => Promise<void>` serving `handler`; it never rejects (a failure is answered 500). */
export function nodeListener(handler: FetchHandler, maxBodyBytes: number): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    let response: Response;
    try {
      const body = await readNodeBody(req, maxBodyBytes);
      response =
        body === TOO_LARGE ? jsonRpcError(413, -32600, `The request body is larger than ${maxBodyBytes} bytes.`, { connection: "close" }) : await handler.fetch(toRequest(req, body, abort.signal));
    } catch {
      response = jsonRpcError(500, -32603, "Internal server error");
    }
    await writeResponse(res, response, abort.signal);
  };
}

/** What `readNodeBody` resolves to for a body past its bound (answer 413 and close the connection). */
export const TOO_LARGE: unique symbol = Symbol("too large");

/**
 * The body's bytes (null for GET and HEAD), or TOO_LARGE. Past the bound, reading stops: the rest is
 * never buffered. Rejects when the client closes the connection before the body ends.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | null | typeof TOO_LARGE> {
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return Promise.resolve(null);
  if (Number(req.headers["content-length"] ?? "0") > maxBytes) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      req.off("error", onClose);
    };
    const onData = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stop();
        req.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    };
    const onClose = () => {
      stop();
      reject(new Error("The client closed the connection before the request body ended."));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onClose);
    req.on("error", onClose);
  });
}

/** The web-standard Request for a Node request whose body has been read. */
function toRequest(req: IncomingMessage, body: Uint8Array | null, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  return new Request(url, { method: req.method ?? "GET", headers, signal, ...(body === null ? {} : { body }) });
}

async function writeResponse(res: ServerResponse, response: Response, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // An SSE stream may stay silent for a while: the client gets its status and headers now.
  res.flushHeaders();
  const reader = response.body.getReader();
  const gone = new Promise<undefined>((resolve) => {
    if (signal.aborted) resolve(undefined);
    signal.addEventListener("abort", () => resolve(undefined), { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), gone]);
      if (next === undefined || next.done) break;
      if (!res.write(next.value)) await Promise.race([new Promise<void>((resolve) => res.once("drain", () => resolve())), gone]);
    }
  } catch {
    // The stream failed: end the response with what was sent.
  }
  if (signal.aborted) void reader.cancel().catch(() => undefined);
  res.end();
}

function jsonRpcError(status: number, code: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }), { status, headers: { "content-type": "application/json", ...extra } });
}
