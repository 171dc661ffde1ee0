// The Streamable HTTP entry of `target: sdk-v1` servers, copied verbatim into every such project: a
// web-standard fetch handler (the same shape as the SDK v2 target's) over the SDK v1
// WebStandardStreamableHTTPServerTransport. MCP 2025-11-25 Streamable HTTP is session-based, and a
// server-to-client request (the elicitation behind `ctx.ask`) needs the session that carries its
// answer back, so each client gets a session with its own Server (session-pool.ts): replicas behind
// a load balancer need sticky sessions (Mcp-Session-Id), unlike the stateless SDK v2 target.
// 2025-11-25 clients send no Mcp-Param-* headers, but any Mcp-Method, Mcp-Name or Mcp-Param-*
// header a request carries must agree with its body, as on the SDK v2 target.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { validateLegacyHeaders } from "../header-validation.js";
import { jsonRpcError, readJsonBody, requestIdOf } from "../http-body.js";
import { createSessionPool, type SessionLimits } from "../session-pool.js";
import type { ToolTable } from "../tool-table.js";

export { duplicateMcpHeaderValidation } from "../request-headers.js";
export { mcpRequestValidation } from "./host-origin.js";
export type { RequestGuard, RequestValidationOptions } from "../request-validation.js";
export type { SessionLimits } from "../session-pool.js";

export interface HttpHandlerOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxRequestBytes: number;
  /** Session limits, and everything else is passed on to every session's transport (response mode, event store, ...). */
  readonly handlerOptions?: SessionLimits & Omit<ConstructorParameters<typeof WebStandardStreamableHTTPServerTransport>[0] & object, "sessionIdGenerator" | "onsessioninitialized" | "onsessionclosed">;
}

export interface GeneratedHttpHandler {
  /** Web-standard entry: mount it on any fetch-style server, or call it in-process in tests. */
  fetch(request: Request): Promise<Response>;
  /** Closes every open session. */
  close(): Promise<void>;
}

/** One session per client, created by its initialize request and bounded by `sessionIdleMs` and `maxSessions` (session-pool.ts). */
export function createHttpHandler(factory: () => Server, table: ToolTable, options: HttpHandlerOptions): GeneratedHttpHandler {
  const { sessionIdleMs, maxSessions, ...transportOptions } = options.handlerOptions ?? {};
  const headerParamsFor = (name: string) => table.byName.get(name)?.headers;
  const pool = createSessionPool<WebStandardStreamableHTTPServerTransport, { parsedBody?: unknown }>(
    (callbacks) => new WebStandardStreamableHTTPServerTransport({ ...transportOptions, ...callbacks }),
    (transport) => factory().connect(transport),
    isInitializeRequest,
    { ...(sessionIdleMs === undefined ? {} : { sessionIdleMs }), ...(maxSessions === undefined ? {} : { maxSessions }) },
  );
  return {
    close: () => pool.close(),
    async fetch(request: Request): Promise<Response> {
      let parsedBody: unknown;
      if (request.method === "POST" && (request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
        const read = await readJsonBody(request, options.maxRequestBytes);
        if (read instanceof Response) return read;
        parsedBody = read.body;
      }
      const verdict = validateLegacyHeaders({ headers: new Map(request.headers), body: parsedBody, headerParamsFor });
      if (!verdict.ok) return jsonRpcError(verdict.httpStatus, requestIdOf(parsedBody), verdict.error.code, verdict.error.message, verdict.error.data);
      return pool.handle(request, { parsedBody });
    },
  };
}
