// Serving a web-standard MCP handler on Node's HTTP server with every guard on, for the `serveHttp`
// of generated servers on both targets. In: the target's Node adapter and its request guard
// (request-validation.ts, built by the target's `mcpRequestValidation` with its Host and Origin
// checks: the SDK v2's own, or v1/host-origin.ts's port of them), the handler, options. Out: a
// listening server. What it adds around them:
// - it binds 127.0.0.1 unless told otherwise;
// - a header block past `maxHeaderBytes` is answered 431 by Node itself;
// - the guard: Host, Origin and `Mcp-*` headers on one line each, Host and Origin against DNS
//   rebinding, one path (`/mcp`) — the same guard a server wired by hand puts in front;
// - the body is bounded by the adapter (413), and again by the handler as it reads it; a request
//   with `Expect: 100-continue` is checked before it is invited to send its body.
// Generated code loads this module (through its target's) on the first `serveHttp` call only, so
// that stdio servers and fetch-native runtimes (Workers, Deno, Bun) never load node:http.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { DEFAULT_PATH, type RequestGuard, type RequestValidationOptions } from "./request-validation.js";

export { checkAllowList, LOOPBACK_NAMES } from "./request-validation.js";

/** Where and how `serveHttp` listens, and what its guard lets through. Every guard is on whatever is set here; these only widen what passes. */
export interface ServeHttpOptions extends RequestValidationOptions {
  /** The address to listen on. Default "127.0.0.1": this machine only. */
  readonly host?: string;
  /** The port. Default 3000; 0 lets the system pick a free one (read it from `url`). */
  readonly port?: number;
  /** The largest request header block Node accepts, in bytes; a larger one is answered 431. Default 16384. */
  readonly maxHeaderBytes?: number;
}

/** A running server. */
export interface HttpServing {
  /** Where clients connect, e.g. `http://127.0.0.1:3000/mcp` (with the port the system picked for port 0). */
  readonly url: URL;
  /** Node's server, for what these options do not cover (timeouts, events). */
  readonly server: Server;
  /** Stops listening, ends open connections (SSE streams included) and closes the handler. */
  close(): Promise<void>;
}

/** What a target supplies: its Node adapter for the handler, and the guard in front of it (request-validation.ts, with the target's Host and Origin checks). */
export interface NodeServing {
  readonly listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  readonly validate: RequestGuard;
  /** The listener's body bound: a request that declares more and asks `Expect: 100-continue` gets 413, not 100. */
  readonly maxBodyBytes?: number;
}

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 3000;
export { DEFAULT_PATH };
export const DEFAULT_MAX_HEADER_BYTES = 16384;

/** Listens with every guard in front of the target's adapter; resolves once listening, rejects when it cannot (port in use). */
export function listenGuarded(serving: NodeServing, handler: { close(): Promise<void> }, options: ServeHttpOptions = {}): Promise<HttpServing> {
  const { host = DEFAULT_HOST, port = DEFAULT_PORT, path = DEFAULT_PATH, maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES } = options;
  const server = createServer({ maxHeaderSize: maxHeaderBytes }, (req, res) => {
    if (serving.validate(req, res)) void serving.listener(req, res);
  });
  // `Expect: 100-continue`: Node would invite the body before any check. The guard runs first, and
  // a body declared past the bound is refused before the client sends it.
  server.on("checkContinue", (req, res) => {
    if (!serving.validate(req, res)) return;
    const declared = Number(req.headers["content-length"]);
    if (serving.maxBodyBytes !== undefined && declared > serving.maxBodyBytes) {
      res.writeHead(413, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message: `The request body is larger than ${serving.maxBodyBytes} bytes.` }, id: null }));
      return;
    }
    res.writeContinue();
    void serving.listener(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const bound = typeof address === "object" && address !== null ? address : { address: host, port };
      const name = bound.address.includes(":") ? `[${bound.address}]` : bound.address;
      resolve({ url: new URL(`http://${name}:${bound.port}${path}`), server, close: () => closeAll(server, handler) });
    });
  });
}

function closeAll(server: Server, handler: { close(): Promise<void> }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => {
      void handler.close().then(() => (error ? reject(error) : resolve()), reject);
    });
    // Open SSE streams and idle keep-alive connections would hold close() forever.
    server.closeAllConnections();
  });
}
