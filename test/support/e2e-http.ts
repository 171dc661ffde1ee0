// A real HTTP listener on 127.0.0.1 for the end-to-end tests: it records each request's headers
// exactly as they arrived on the socket, then hands the request to a generated (web-standard)
// handler through the SDK's Node adapter, so the client under test talks to a real server.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler, type FetchLikeMcpHandler, type NodeIncomingMessageLike } from "@modelcontextprotocol/node";

/** One request as the listener received it. */
export interface ReceivedRequest {
  readonly method: string;
  /** Names and values as sent, in order (Node's rawHeaders: values are the octets read as Latin-1). */
  readonly rawHeaders: readonly (readonly [string, string])[];
}

export interface RecordingServer {
  readonly url: URL;
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (a free port), records every request, and serves it with `handler`, after
 * `check` when given (a Node check such as the generated `duplicateMcpHeaderValidation()`).
 */
export async function startRecordingServer(handler: FetchLikeMcpHandler, check?: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<RecordingServer> {
  const listener = toNodeHandler(handler);
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const raw: [string, string][] = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) raw.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
    received.push({ method: req.method ?? "", rawHeaders: raw });
    if (check && !check(req, res)) return;
    // The SDK's request shape declares `method?: string`, which Node's `string | undefined` misses under exactOptionalPropertyTypes.
    void listener(req as NodeIncomingMessageLike, res);
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), received, close: () => closeServer(server) };
}

/** The MCP headers of a request (`mcp-*`, names lower-cased), for exact comparison. */
export function mcpHeaders(request: ReceivedRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of request.rawHeaders) if (name.toLowerCase().startsWith("mcp-")) out[name.toLowerCase()] = value;
  return out;
}

export function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * POSTs `body` with exactly these header lines (a name given twice, twice) through node:http, where fetch would trim values or
 * refuse non-ASCII text. Each character of a value goes out as one Latin-1 octet, spaces kept: Node
 * writes the header block as Latin-1 when the body is a Buffer (with a string body it would use the
 * body's encoding, UTF-8, for the headers too).
 */
export function postRaw(url: URL, headers: readonly (readonly [string, string])[], body: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => void (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    // A name given twice goes out as two header lines (setHeader with an array), as a client (or
    // an attacker) can send them; fetch would join them into one.
    const lines = new Map<string, { name: string; values: string[] }>();
    for (const [name, value] of headers) {
      const line = lines.get(name.toLowerCase());
      if (line) line.values.push(value);
      else lines.set(name.toLowerCase(), { name, values: [value] });
    }
    for (const { name, values } of lines.values()) req.setHeader(name, values.length === 1 ? values[0]! : values);
    const bytes = Buffer.from(body, "utf8");
    req.setHeader("content-length", bytes.byteLength);
    req.end(bytes);
  });
}

/** The JSON-RPC message in a response body: plain JSON, or the first `data:` line of an SSE stream. */
export function jsonRpcOf(response: RawResponse): { result?: unknown; error?: { code: number; message: string; data?: unknown } } {
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("text/event-stream")) {
    const data = response.body.split("\n").find((line) => line.startsWith("data:") && line.length > 5);
    if (data === undefined) throw new Error(`SSE response without data: ${response.body}`);
    return JSON.parse(data.slice(5)) as ReturnType<typeof jsonRpcOf>;
  }
  return JSON.parse(response.body) as ReturnType<typeof jsonRpcOf>;
}
