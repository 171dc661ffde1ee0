// The Streamable HTTP entry of `target: sdk-v1` servers, copied verbatim into every such project: a
// web-standard fetch handler (the same shape as the SDK v2 target's) over the SDK v1
// WebStandardStreamableHTTPServerTransport. MCP 2025-11-25 Streamable HTTP is session-based, and a
// server-to-client request (the elicitation behind `ctx.ask`) needs the session that carries its
// answer back, so each client gets a session with its own Server: replicas behind a load balancer
// need sticky sessions (Mcp-Session-Id), unlike the stateless SDK v2 target. 2025-11-25 defines no
// Mcp-Param-* headers, so there is nothing to check against the body.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { jsonRpcError, readJsonBody } from "../http-body.js";
import type { ToolTable } from "../tool-table.js";

/** How long sessions live, and how many there may be: clients that vanish without a DELETE leave theirs behind. */
export interface SessionLimits {
  /** A session that has had no request for this long is closed (the client gets 404 and starts over). Default 30 minutes. */
  readonly sessionIdleMs?: number;
  /** At most this many open sessions; a new one closes the least recently used. Default 1,000. */
  readonly maxSessions?: number;
}

export interface HttpHandlerOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxRequestBytes: number;
  /** Session limits, and everything else is passed on to every session's transport (response mode, event store, ...). */
  readonly handlerOptions?: SessionLimits & Omit<ConstructorParameters<typeof WebStandardStreamableHTTPServerTransport>[0] & object, "sessionIdGenerator" | "onsessioninitialized" | "onsessionclosed">;
}

const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
const DEFAULT_MAX_SESSIONS = 1000;

export interface GeneratedHttpHandler {
  /** Web-standard entry: mount it on any fetch-style server, or call it in-process in tests. */
  fetch(request: Request): Promise<Response>;
  /** Closes every open session. */
  close(): Promise<void>;
}

const INVALID_REQUEST = -32600;
const SESSION_NOT_FOUND = -32001;

/**
 * One session per client: a transport and its Server, created by the client's initialize request.
 * Sessions are kept in least-recently-used order; each request first closes the sessions idle for
 * longer than `sessionIdleMs`, and a new session beyond `maxSessions` closes the oldest. So memory
 * stays bounded whatever clients do, and a closed session's client gets 404 and initializes again
 * (2025-11-25 basic/transports § Session Management).
 */
export function createHttpHandler(factory: () => Server, _table: ToolTable, options: HttpHandlerOptions): GeneratedHttpHandler {
  const { sessionIdleMs = DEFAULT_SESSION_IDLE_MS, maxSessions = DEFAULT_MAX_SESSIONS, ...transportOptions } = options.handlerOptions ?? {};
  const sessions = new Map<string, { readonly transport: WebStandardStreamableHTTPServerTransport; lastSeen: number }>();
  const drop = (id: string) => {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    void session.transport.close().catch(() => undefined);
  };
  const sweep = (now: number) => {
    // Map order is least recently used first: stop at the first session still in use.
    for (const [id, session] of sessions) {
      if (now - session.lastSeen <= sessionIdleMs) break;
      drop(id);
    }
  };
  const open = async (): Promise<WebStandardStreamableHTTPServerTransport> => {
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      ...transportOptions,
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, lastSeen: Date.now() });
        while (sessions.size > Math.max(1, maxSessions)) drop(sessions.keys().next().value!);
      },
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await factory().connect(transport);
    return transport;
  };
  return {
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.transport.close()));
    },
    async fetch(request: Request): Promise<Response> {
      const now = Date.now();
      sweep(now);
      let parsedBody: unknown;
      if (request.method === "POST" && (request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
        const read = await readJsonBody(request, options.maxRequestBytes);
        if (read instanceof Response) return read;
        parsedBody = read.body;
      }
      const sessionId = request.headers.get("mcp-session-id");
      if (sessionId !== null) {
        const session = sessions.get(sessionId);
        // 2025-11-25 basic/transports § Session Management: an unknown session is 404, and the client starts over.
        if (session === undefined) return jsonRpcError(404, null, SESSION_NOT_FOUND, "Session not found: initialize a new session.");
        // Most recently used: to the end of the map.
        sessions.delete(sessionId);
        session.lastSeen = now;
        sessions.set(sessionId, session);
        return session.transport.handleRequest(request, { parsedBody });
      }
      if (request.method === "POST" && isInitializeRequest(parsedBody)) return (await open()).handleRequest(request, { parsedBody });
      return jsonRpcError(400, null, INVALID_REQUEST, "Bad Request: send initialize first, then every request with its Mcp-Session-Id header.");
    },
  };
}
