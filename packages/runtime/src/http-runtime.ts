// The Streamable HTTP entry of generated servers, copied verbatim into every project. In front of the
// SDK's createMcpHandler it bounds the body size, parses the body once (handed on as parsedBody, so
// the SDK does not read it again), and checks the Mcp-Method, Mcp-Name and Mcp-Param-* headers
// against the body in both protocol eras: the SDK does that only for McpServer and only for
// 2026-07-28 requests, not for the low-level Server generated code uses.
// 2025-era clients are served statelessly by the SDK (the default), refused (`legacy: "reject"`), or
// given sessions beside the modern endpoint (`legacy: "sessions"`), the SDK v2's documented pattern
// (isLegacyRequest in front of a `legacy: 'reject'` handler), so that a tool can ask them for input.
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type CreateMcpHandlerOptions,
  type Server,
  type WebStandardStreamableHTTPServerTransportOptions,
} from "@modelcontextprotocol/server";
import { validateLegacyHeaders, validateRequestHeaders, type HeaderValidationResult } from "./header-validation.js";
import { jsonRpcError, readJsonBody, requestIdOf } from "./http-body.js";
import { requestValidation, type RequestGuard, type RequestValidationOptions } from "./request-validation.js";
import { createSessionPool, type SessionLimits, type SessionPool } from "./session-pool.js";
import type { ToolTable } from "./tool-table.js";

export { duplicateMcpHeaderValidation } from "./request-headers.js";
export type { RequestGuard, RequestValidationOptions } from "./request-validation.js";
export type { SessionLimits } from "./session-pool.js";

/**
 * Every check `serveHttp` makes before the handler, for a Node HTTP server wired by hand: Host,
 * Origin and `Mcp-*` headers on one line each, Host and Origin against DNS rebinding (the SDK's
 * validateHostHeader and validateOriginHeader, on its loopback names plus the allow-lists), and one
 * path. It answers a refused request itself (400, 403 or 404) and returns false. Throws a RangeError
 * for an allow-list entry that is no bare host name.
 * @example const validate = mcpRequestValidation(); createServer((req, res) => { if (validate(req, res)) void listener(req, res); });
 */
export function mcpRequestValidation(options: RequestValidationOptions = {}): RequestGuard {
  return requestValidation({ host: validateHostHeader, origin: validateOriginHeader, loopbackHosts: localhostAllowedHostnames(), loopbackOrigins: localhostAllowedOrigins() }, options);
}

/**
 * How 2025-era clients (an initialize handshake, no per-request `_meta`) are served:
 * "stateless" (the SDK's default) answers each request on its own, so a tool cannot ask them for
 * input; "sessions" gives each one a 2025-11-25 session (bounded by `sessionIdleMs` and
 * `maxSessions`), where `ctx.ask` and sampling work; "reject" serves 2026-07-28 clients only.
 */
export type LegacyServing = "stateless" | "sessions" | "reject";

/** createMcpHandler's options, with `legacy` extended by "sessions" and the limits of those sessions. */
export type HandlerOptions = Omit<CreateMcpHandlerOptions, "legacy"> &
  SessionLimits & {
    readonly legacy?: LegacyServing;
    /** With `legacy: "sessions"`: passed on to every session's transport (event store, JSON responses, ...). */
    readonly sessionTransport?: Omit<WebStandardStreamableHTTPServerTransportOptions, "sessionIdGenerator" | "onsessioninitialized" | "onsessionclosed">;
  };

export interface HttpHandlerOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxRequestBytes: number;
  /** Passed on to createMcpHandler (legacy serving, response mode, onerror, ...). */
  readonly handlerOptions?: HandlerOptions;
}

export interface HttpRequestOptions {
  /**
   * The caller's verified credentials (from your auth middleware): handlers read them as
   * `ctx.sdk.http?.authInfo` to decide what this caller may do (access control to tools is the server's to apply).
   */
  readonly authInfo?: AuthInfo;
}

export interface GeneratedHttpHandler {
  /** Web-standard entry: mount it on any fetch-style server, or call it in-process in tests. */
  fetch(request: Request, options?: HttpRequestOptions): Promise<Response>;
  close(): Promise<void>;
}

const MODERN = "2026-07-28";

/** createMcpHandler(factory) with the generated front layer. */
export function createHttpHandler(factory: () => Server, table: ToolTable, options: HttpHandlerOptions): GeneratedHttpHandler {
  const { legacy = "stateless", sessionIdleMs, maxSessions, sessionTransport, ...sdkOptions } = options.handlerOptions ?? {};
  const handler = createMcpHandler(factory, { ...sdkOptions, legacy: legacy === "stateless" ? "stateless" : "reject" });
  const sessions =
    legacy === "sessions"
      ? sessionPool(factory, sessionTransport ?? {}, { ...(sessionIdleMs === undefined ? {} : { sessionIdleMs }), ...(maxSessions === undefined ? {} : { maxSessions }) })
      : undefined;
  const headerParamsFor = (name: string) => table.byName.get(name)?.headers;
  // The SDK's own era decision, so that the checks and the routing never disagree with it.
  const isLegacy = (request: Request, body: unknown) => isLegacyRequest(request, body, { maxRequestBodySize: options.maxRequestBytes });
  return {
    close: async () => {
      await Promise.all([handler.close(), sessions?.close()]);
    },
    async fetch(request: Request, requestOptions: HttpRequestOptions = {}): Promise<Response> {
      const authInfo = requestOptions.authInfo === undefined ? {} : { authInfo: requestOptions.authInfo };
      const contentType = request.headers.get("content-type") ?? "";
      if (request.method !== "POST" || !contentType.toLowerCase().includes("application/json")) {
        // GET and DELETE are 2025 session operations; anything else the SDK answers (405, 415).
        if (sessions !== undefined && request.method !== "POST" && (await isLegacy(request, undefined))) return sessions.handle(request, authInfo);
        return handler.fetch(request, authInfo);
      }
      const read = await readJsonBody(request, options.maxRequestBytes);
      if (read instanceof Response) return read;
      const body = read.body;
      const legacyEra = await isLegacy(request, body);
      const verdict: HeaderValidationResult = legacyEra
        ? validateLegacyHeaders({ headers: new Map(request.headers), body, headerParamsFor })
        : validateRequestHeaders({ headers: new Map(request.headers), body, headerParamsFor, supportedVersions: [MODERN] });
      if (!verdict.ok) return jsonRpcError(verdict.httpStatus, requestIdOf(body), verdict.error.code, verdict.error.message, verdict.error.data);
      if (legacyEra && sessions !== undefined) return sessions.handle(request, { ...authInfo, parsedBody: body });
      return handler.fetch(request, { ...authInfo, parsedBody: body });
    },
  };
}

type SessionOptions = { readonly parsedBody?: unknown; readonly authInfo?: AuthInfo };

/** 2025-era sessions (session-pool.ts), each a sessionful SDK transport connected to a fresh Server. */
function sessionPool(factory: () => Server, transportOptions: HandlerOptions["sessionTransport"] & object, limits: SessionLimits): SessionPool<SessionOptions> {
  return createSessionPool<WebStandardStreamableHTTPServerTransport, SessionOptions>(
    (callbacks) => new WebStandardStreamableHTTPServerTransport({ ...transportOptions, ...callbacks }),
    (transport) => factory().connect(transport),
    isInitializeRequest,
    limits,
  );
}
