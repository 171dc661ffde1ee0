// Raw 2026-07-28 Streamable HTTP requests, for the load generator and for sample checks.

export const MODERN = "2026-07-28";

export function toolsCallRequest(call, id = 1) {
  return {
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": "tools/call",
      "mcp-name": call.name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: {
        name: call.name,
        arguments: call.arguments,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": MODERN,
          "io.modelcontextprotocol/clientInfo": { name: "mcp-gen-bench", version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  };
}

/** The JSON-RPC message of a response body, JSON or a one-event SSE stream. */
export function parseResponseBody(contentType, text) {
  if ((contentType ?? "").includes("text/event-stream")) {
    const data = text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trim())
      .filter(Boolean);
    return data.length ? JSON.parse(data.at(-1)) : undefined;
  }
  return JSON.parse(text);
}

/** POSTs one tools/call and says what was wrong with the answer, or undefined when it is a valid result. */
export async function checkToolsCall(url, call, expect) {
  const { headers, body } = toolsCallRequest(call);
  const response = await fetch(url, { method: "POST", headers, body });
  const text = await response.text();
  if (response.status !== 200) return `HTTP ${response.status}: ${text.slice(0, 300)}`;
  let message;
  try {
    message = parseResponseBody(response.headers.get("content-type"), text);
  } catch {
    return `unparsable body: ${text.slice(0, 300)}`;
  }
  if (message?.error) return `JSON-RPC error: ${JSON.stringify(message.error).slice(0, 300)}`;
  if (message?.result?.isError) return `tool error: ${JSON.stringify(message.result).slice(0, 300)}`;
  if (!expect(message?.result)) return `unexpected result: ${JSON.stringify(message?.result).slice(0, 300)}`;
  return undefined;
}
