// Reading a Streamable HTTP request body once, within a size bound, for the HTTP front layers of
// every target; and the JSON-RPC error responses they send themselves. Dependency-free (web
// standard Request and Response).

/** A JSON-RPC error as an HTTP response. */
export function jsonRpcError(status: number, id: unknown, code: number, message: string, data?: unknown): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error }), { status, headers: { "content-type": "application/json" } });
}

/** The id of a single JSON-RPC request, to answer it with; null for anything else. */
export function requestIdOf(body: unknown): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? ((body as { id?: unknown }).id ?? null) : null;
}

/**
 * The parsed body, or the error response to send: 413 past `maxBytes` (declared or counted while
 * reading, so a lying Content-Length cannot get more through), 400 -32700 when it is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<{ readonly body: unknown } | Response> {
  const text = await readBounded(request, maxBytes);
  if (text === undefined) return jsonRpcError(413, null, -32600, `The request body is larger than ${maxBytes} bytes.`);
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return jsonRpcError(400, null, -32700, "Parse error: the request body is not valid JSON.");
  }
}

async function readBounded(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return undefined;
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
