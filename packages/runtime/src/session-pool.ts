// Sessionful Streamable HTTP for 2025-era clients (MCP 2025-11-25 basic/transports § Session
// Management), shared by the SDK v1 target and the SDK v2 target's `legacy: "sessions"` serving. A
// server-to-client request (the elicitation behind `ctx.ask`, sampling) needs the session that carries
// its answer back, so each client gets a transport with its own Server, created by its initialize
// request. Clients that vanish without a DELETE leave their sessions behind, so they are bounded in
// number and idle time. Dependency-free: each target passes its SDK's transport in.
import { jsonRpcError } from "./http-body.js";

/** How long sessions live, and how many there may be: clients that vanish without a DELETE leave theirs behind. */
export interface SessionLimits {
  /** A session that has had no request for this long is closed (the client gets 404 and starts over). Default 30 minutes. */
  readonly sessionIdleMs?: number;
  /** At most this many open sessions; a new one closes the least recently used. Default 1,000. */
  readonly maxSessions?: number;
}

/** What the pool needs of an SDK's Streamable HTTP server transport (v1's and v2's WebStandardStreamableHTTPServerTransport). */
export interface SessionTransport<O> {
  readonly sessionId?: string | undefined;
  onclose?: (() => void) | undefined;
  handleRequest(request: Request, options?: O): Promise<Response>;
  close(): Promise<void>;
}

/** The transport options that make a transport sessionful and tie its session to the pool. */
export interface SessionCallbacks {
  sessionIdGenerator(): string;
  onsessioninitialized(id: string): void;
  onsessionclosed(id: string): void;
}

export interface SessionPool<O> {
  /** Serves a request of a session (Mcp-Session-Id), or the initialize request that opens one. */
  handle(request: Request, options: O & { readonly parsedBody?: unknown }): Promise<Response>;
  /** Closes every open session. */
  close(): Promise<void>;
}

const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
const DEFAULT_MAX_SESSIONS = 1000;
const INVALID_REQUEST = -32600;
const SESSION_NOT_FOUND = -32001;

/**
 * A pool of sessions, kept in least-recently-used order: each request first closes the sessions idle
 * for longer than `sessionIdleMs`, and a new session beyond `maxSessions` closes the oldest. So memory
 * stays bounded whatever clients do, and a closed session's client gets 404 and initializes again.
 * `create` makes a transport with the given callbacks; `connect` connects it to a fresh Server.
 * @example createSessionPool((callbacks) => new WebStandardStreamableHTTPServerTransport(callbacks), (t) => factory().connect(t), isInitializeRequest, {})
 */
export function createSessionPool<T extends SessionTransport<O>, O>(
  create: (callbacks: SessionCallbacks) => T,
  connect: (transport: T) => Promise<void>,
  isInitialize: (body: unknown) => boolean,
  limits: SessionLimits,
): SessionPool<O> {
  const { sessionIdleMs = DEFAULT_SESSION_IDLE_MS, maxSessions = DEFAULT_MAX_SESSIONS } = limits;
  const sessions = new Map<string, { readonly transport: T; lastSeen: number }>();
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
  const open = async (): Promise<T> => {
    const transport: T = create({
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
    await connect(transport);
    return transport;
  };
  return {
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.transport.close()));
    },
    async handle(request, options) {
      const now = Date.now();
      sweep(now);
      const sessionId = request.headers.get("mcp-session-id");
      if (sessionId !== null) {
        const session = sessions.get(sessionId);
        // 2025-11-25 basic/transports § Session Management: an unknown session is 404, and the client starts over.
        if (session === undefined) return jsonRpcError(404, null, SESSION_NOT_FOUND, "Session not found: initialize a new session.");
        // Most recently used: to the end of the map.
        sessions.delete(sessionId);
        session.lastSeen = now;
        sessions.set(sessionId, session);
        return session.transport.handleRequest(request, options);
      }
      if (request.method === "POST" && isInitialize(options.parsedBody)) return (await open()).handleRequest(request, options);
      return jsonRpcError(400, null, INVALID_REQUEST, "Bad Request: send initialize first, then every request with its Mcp-Session-Id header.");
    },
  };
}
