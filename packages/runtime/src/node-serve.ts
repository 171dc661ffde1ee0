// Serving a web-standard MCP handler on Node's HTTP server with every guard on, for the `serveHttp`
// of generated servers on both targets. In: the target's Node adapter and its Host and Origin guards
// (node-runtime.ts: the SDK v2's own; v1/node-runtime.ts: the runtime's port of them), the handler,
// options. Out: a listening server. What it adds around them:
// - it binds 127.0.0.1 unless told otherwise, and serves one path (`/mcp`);
// - a header block past `maxHeaderBytes` is answered 431 by Node itself;
// - Host and Origin are checked against DNS rebinding: loopback names pass, others only when listed;
// - a request that sends Host, Origin or an `Mcp-*` header on two lines is refused (a web-standard
//   Request, and so the handler, would only see the lines joined into one value);
// - the body is bounded by the adapter (413), and again by the handler as it reads it.
// Generated code loads this module (through its target's) on the first `serveHttp` call only, so
// that stdio servers and fetch-native runtimes (Workers, Deno, Bun) never load node:http.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { duplicateMcpHeaderValidation } from "./request-headers.js";

/** Where and how `serveHttp` listens. Every guard is on whatever is set here; these only widen what passes. */
export interface ServeHttpOptions {
  /** The address to listen on. Default "127.0.0.1": this machine only. */
  readonly host?: string;
  /** The port. Default 3000; 0 lets the system pick a free one (read it from `url`). */
  readonly port?: number;
  /** The endpoint's path; any other path is answered 404. Default "/mcp". */
  readonly path?: string;
  /**
   * Host names a request's Host header may carry besides `localhost`, `127.0.0.1` and `[::1]`
   * (DNS rebinding protection), without port: the names clients reach this server by once it listens
   * beyond loopback, e.g. `["mcp.example.com"]`. For IPv6, in brackets (`[fd00::1]`).
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origin host names (no scheme, no port) a browser page may call from besides loopback ones, e.g.
   * `["app.example.com"]`; a `"<scheme>://*"` entry admits every origin of a non-web scheme
   * (`"chrome-extension://*"`). A request without an Origin header (no browser) always passes.
   */
  readonly allowedOrigins?: readonly string[];
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

/** A Node request check in the SDK's style: it answers the request itself and returns false to stop it. */
export type NodeGuard = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What a target supplies: its Node adapter for the handler, and its Host and Origin guards. */
export interface NodeServing {
  readonly listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  readonly checkHost: NodeGuard;
  readonly checkOrigin: NodeGuard;
}

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 3000;
export const DEFAULT_PATH = "/mcp";
export const DEFAULT_MAX_HEADER_BYTES = 16384;

/** The host names DNS rebinding protection always lets through (the SDK's `localhostAllowedHostnames()`). */
export const LOOPBACK_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The allow-list entries as the checks compare them (the WHATWG URL parser's host name: lower-cased,
 * IDNA-mapped, IPv6 compressed), or a RangeError naming the first that is no bare host name: a port,
 * a scheme or a path would never match, and the server would refuse every client without saying why.
 * @example checkAllowList("allowedHosts", ["MCP.Example.com", "[FD00:0::1]"]) // ["mcp.example.com", "[fd00::1]"]
 */
export function checkAllowList(option: "allowedHosts" | "allowedOrigins", entries: readonly string[] | undefined): string[] {
  return (entries ?? []).map((entry) => {
    if (option === "allowedOrigins" && /^[a-z][a-z0-9+.-]*:\/\/\*$/i.test(entry)) return entry.toLowerCase();
    const hostname = /^(\[[0-9a-f:.]+\]|[^\s/:@?#[\]]+)$/i.test(entry) ? hostnameOf(entry) : undefined;
    if (hostname === undefined) {
      throw new RangeError(`${option}: ${JSON.stringify(entry)} is not a host name; give the name alone, without scheme, port or path (e.g. "mcp.example.com").`);
    }
    return hostname;
  });
}

function hostnameOf(name: string): string | undefined {
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return undefined;
  }
}

/** Listens with every guard in front of the target's adapter; resolves once listening, rejects when it cannot (port in use). */
export function listenGuarded(serving: NodeServing, handler: { close(): Promise<void> }, options: ServeHttpOptions = {}): Promise<HttpServing> {
  const { host = DEFAULT_HOST, port = DEFAULT_PORT, path = DEFAULT_PATH, maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES } = options;
  const checkMcpHeaders = duplicateMcpHeaderValidation();
  const server = createServer({ maxHeaderSize: maxHeaderBytes }, (req, res) => {
    // Node keeps the first of two Host lines and joins Origin lines: either could slip past the checks below.
    if (!checkSingleLines(req, res) || !serving.checkHost(req, res) || !serving.checkOrigin(req, res)) return;
    if (!checkMcpHeaders(req, res)) return;
    if (!onPath(req, path)) {
      reply(res, 404, -32601, `Not found: this server answers MCP requests at ${path}.`);
      return;
    }
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

/**
 * Host and Origin must each come on one line at most, and be what they name: a host and port (RFC
 * 9110 §7.2), an origin (scheme, host, port). The checks after this one read each as a URL, where
 * "attacker.example@localhost" is localhost with a user name: let through, it then broke building
 * the request (a 500) instead of being refused.
 */
function checkSingleLines(req: IncomingMessage, res: ServerResponse): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name !== "host" && name !== "origin") continue;
    if (seen.has(name)) {
      reply(res, 400, -32600, `Bad request: the ${req.rawHeaders[i]} header is sent more than once.`);
      return false;
    }
    seen.add(name);
    const value = req.rawHeaders[i + 1]!;
    if (name === "host" ? !HOST_SHAPE.test(value) : value !== "null" && !ORIGIN_SHAPE.test(value)) {
      reply(res, 400, -32600, `Bad request: the ${req.rawHeaders[i]} header is not ${name === "host" ? "a host name and port" : "an origin"}.`);
      return false;
    }
  }
  return true;
}

/** A host name, IPv4 address or bracketed IPv6 address, and an optional port: no user, path, query or space. */
const HOST_SHAPE = /^(?:\[[0-9A-Za-z:.%]*\]|[^\s@/\\?#[\]]*)(?::\d*)?$/;
/** scheme "://" host [":" port], as browsers send it. */
const ORIGIN_SHAPE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:\[[0-9A-Za-z:.%]*\]|[^\s@/\\?#[\]]*)(?::\d*)?$/;

function onPath(req: IncomingMessage, path: string): boolean {
  try {
    return new URL(req.url ?? "/", "http://localhost").pathname === path;
  } catch {
    return false;
  }
}

/** A JSON-RPC error for a request that never reached the handler (its body is not read: id null), on a connection that then closes. */
function reply(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
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
