// Raw JSON-RPC requests to a generated (web-standard) HTTP handler, in process: the exact body and
// headers a test chooses, and the exact response text back, so no SDK client can repair or hide
// anything. For MCP 2026-07-28 requests the `_meta` envelope and the standard headers are filled in.

export interface FetchHandler {
  fetch(request: Request): Promise<Response>;
}

export interface RawReply {
  readonly status: number;
  readonly contentType: string;
  /** The response body as sent. */
  readonly text: string;
  /** The JSON-RPC message: the body, or the data line of an SSE stream that answers the request. */
  readonly message: { readonly id?: unknown; readonly result?: Record<string, unknown>; readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown } };
}

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

/** The request `_meta` envelope of MCP 2026-07-28 (basic/index.mdx § _meta). */
export function modernMeta(capabilities: object = {}, clientName = "raw-mcp"): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": { name: clientName, version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": capabilities,
  };
}

/** POSTs `body` as it is, with `headers` on top of content-type and accept; `signal` is the request's (a closed connection). */
export async function postRaw(handler: FetchHandler, body: unknown, headers: Readonly<Record<string, string>> = {}, signal?: AbortSignal): Promise<RawReply> {
  const response = await handler.fetch(
    new Request("http://in-process.invalid/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...(signal === undefined ? {} : { signal }),
    }),
  );
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  return { status: response.status, contentType, text, message: parseMessage(contentType, text) };
}

function parseMessage(contentType: string, text: string): RawReply["message"] {
  if (!contentType.includes("text/event-stream")) return JSON.parse(text) as RawReply["message"];
  const answers = text
    .split("\n")
    .filter((line) => line.startsWith("data:") && line.length > 5)
    .map((line) => JSON.parse(line.slice(5)) as RawReply["message"] & { method?: string })
    .filter((message) => message.method === undefined);
  if (answers.length === 0) throw new Error(`SSE response without an answer: ${text}`);
  return answers[0]!;
}

/** A 2026-07-28 request: envelope in `_meta`, and MCP-Protocol-Version, Mcp-Method and Mcp-Name headers. */
export function postModern(
  handler: FetchHandler,
  id: number | string,
  method: string,
  params: Record<string, unknown>,
  capabilities: object = {},
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<RawReply> {
  const headers: Record<string, string> = { "mcp-protocol-version": MODERN, "mcp-method": method, ...extraHeaders };
  if (method === "tools/call" && typeof params["name"] === "string") headers["mcp-name"] = params["name"];
  return postRaw(handler, { jsonrpc: "2.0", id, method, params: { ...params, _meta: { ...modernMeta(capabilities), ...(params["_meta"] as object | undefined) } } }, headers);
}

/** A 2025-11-25 request, served statelessly by the SDK v2 handler (no initialize needed). */
export function postLegacy(handler: FetchHandler, id: number | string, method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<RawReply> {
  return postRaw(handler, { jsonrpc: "2.0", id, method, params }, { "mcp-protocol-version": LEGACY }, signal);
}

/**
 * tools/list in the 2025-era session `sessionId`: the HTTP status the handler answers (an SDK client
 * hides it in an error), the body left unread.
 */
export async function sessionStatus(handler: FetchHandler, sessionId: string): Promise<number> {
  const response = await handler.fetch(
    new Request("http://in-process.invalid/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": sessionId, "mcp-protocol-version": LEGACY },
      body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/list", params: {} }),
    }),
  );
  await response.body?.cancel();
  return response.status;
}
