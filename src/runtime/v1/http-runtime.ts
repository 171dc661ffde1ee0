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

export interface HttpHandlerOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxRequestBytes: number;
  /** Passed on to every session's transport (response mode, event store, ...). */
  readonly handlerOptions?: Omit<ConstructorParameters<typeof WebStandardStreamableHTTPServerTransport>[0] & object, "sessionIdGenerator" | "onsessioninitialized" | "onsessionclosed">;
}

export interface GeneratedHttpHandler {
  /** Web-standard entry: mount it on any fetch-style server, or call it in-process in tests. */
  fetch(request: Request): Promise<Response>;
  /** Closes every open session. */
  close(): Promise<void>;
}

const INVALID_REQUEST = -32600;
const SESSION_NOT_FOUND = -32001;

/** One session per client: a transport and its Server, created by the client's initialize request. */
export function createHttpHandler(factory: () => Server, _table: ToolTable, options: HttpHandlerOptions): GeneratedHttpHandler {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const open = async (): Promise<WebStandardStreamableHTTPServerTransport> => {
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      ...options.handlerOptions,
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
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
      await Promise.allSettled(open.map((transport) => transport.close()));
    },
    async fetch(request: Request): Promise<Response> {
      let parsedBody: unknown;
      if (request.method === "POST" && (request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
        const read = await readJsonBody(request, options.maxRequestBytes);
        if (read instanceof Response) return read;
        parsedBody = read.body;
      }
      const sessionId = request.headers.get("mcp-session-id");
      if (sessionId !== null) {
        const transport = sessions.get(sessionId);
        // 2025-11-25 basic/transports § Session Management: an unknown session is 404, and the client starts over.
        if (transport === undefined) return jsonRpcError(404, null, SESSION_NOT_FOUND, "Session not found: initialize a new session.");
        return transport.handleRequest(request, { parsedBody });
      }
      if (request.method === "POST" && isInitializeRequest(parsedBody)) return (await open()).handleRequest(request, { parsedBody });
      return jsonRpcError(400, null, INVALID_REQUEST, "Bad Request: send initialize first, then every request with its Mcp-Session-Id header.");
    },
  };
}
