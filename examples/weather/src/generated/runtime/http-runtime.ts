// Copied by mcp-gen from its runtime (http-runtime.ts).
// Do not edit: `mcp-gen build` rewrites this file and `mcp-gen check` reports hand edits.
/* eslint-disable */
// The Streamable HTTP entry of generated servers, copied verbatim into every project. In front of the
// SDK's createMcpHandler it bounds the body size, parses the body once (handed on as parsedBody, so
// the SDK does not read it again), and checks Mcp-Param-* headers against the arguments: the SDK does
// that only for McpServer, not for the low-level Server generated code uses (T-HTTP-11..16).
import { createMcpHandler, type AuthInfo, type CreateMcpHandlerOptions, type Server } from "@modelcontextprotocol/server";
import { validateRequestHeaders } from "./header-validation.js";
import { jsonRpcError, readJsonBody } from "./http-body.js";
import type { ToolTable } from "./tool-table.js";

export interface HttpHandlerOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxRequestBytes: number;
  /** Passed on to createMcpHandler (legacy serving, response mode, onerror, ...). */
  readonly handlerOptions?: CreateMcpHandlerOptions;
}

export interface HttpRequestOptions {
  /**
   * The caller's verified credentials (from your auth middleware): handlers read them as
   * `ctx.sdk.http?.authInfo` to decide what this caller may do (MCP 2026-07-28 T-SEC-2).
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
  const handler = createMcpHandler(factory, options.handlerOptions);
  const headerParamsFor = (name: string) => table.byName.get(name)?.headers;
  return {
    close: () => handler.close(),
    async fetch(request: Request, requestOptions: HttpRequestOptions = {}): Promise<Response> {
      const authInfo = requestOptions.authInfo === undefined ? {} : { authInfo: requestOptions.authInfo };
      if (request.method !== "POST") return handler.fetch(request, authInfo);
      const contentType = request.headers.get("content-type") ?? "";
      if (!contentType.toLowerCase().includes("application/json")) return handler.fetch(request, authInfo);
      const read = await readJsonBody(request, options.maxRequestBytes);
      if (read instanceof Response) return read;
      const body = read.body;
      // Header/body agreement is defined for 2026-07-28 requests; 2025-era clients send none of these headers.
      if (request.headers.get("mcp-protocol-version") === MODERN) {
        const verdict = validateRequestHeaders({ headers: new Map(request.headers), body, headerParamsFor, supportedVersions: [MODERN] });
        if (!verdict.ok) {
          const id = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as { id?: unknown }).id : null;
          return jsonRpcError(verdict.httpStatus, id, verdict.error.code, verdict.error.message, verdict.error.data);
        }
      }
      return handler.fetch(request, { ...authInfo, parsedBody: body });
    },
  };
}
