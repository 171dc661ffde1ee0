// The requests a generated server on Node's HTTP server (`serveHttp`) must refuse before its handler
// sees them, and two unusual ones it must serve, sent at the socket level (raw-http.ts) to a
// running server: DNS rebinding (a foreign or missing Host), a foreign Origin, headers on two lines,
// a header block or a body past its limit, another path. The same table runs against both targets.
import { expect } from "vitest";
import { exchange, type RawHttpReply } from "./raw-http.js";

export interface GuardCase {
  readonly name: string;
  /** The request line and header lines for a server at `host` (`127.0.0.1:port`). */
  readonly lines: (host: string) => readonly string[];
  readonly body?: Parameters<typeof exchange>[2];
  /** The status it gets; for a refusal, the JSON-RPC error code (when the guard answers one) and what its message says. */
  readonly expected: { readonly status: number; readonly code?: number; readonly message?: RegExp };
}

/** A 2025-era initialize, which a server of either target answers without a session or headers. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw-http", version: "1.0.0" } },
});

const POST = (path = "/mcp") => `POST ${path} HTTP/1.1`;
const JSON_HEADERS = ["Content-Type: application/json", "Accept: application/json, text/event-stream"];
const withBody = (lines: readonly string[], body = INITIALIZE) => [...lines, ...JSON_HEADERS, `Content-Length: ${Buffer.byteLength(body)}`];

/** Past the default maxRequestBytes (4 MiB) and maxHeaderBytes (16 KiB). */
const BIG_BODY = 5 * 1024 * 1024;
const BIG_HEADER = 20 * 1024;

export const GUARD_CASES: readonly GuardCase[] = [
  {
    name: "a DNS-rebinding Host: a name of the attacker's that resolves to 127.0.0.1",
    lines: (host) => withBody([POST(), `Host: attacker.example:${host.split(":")[1]}`]),
    body: INITIALIZE,
    expected: { status: 403, code: -32000, message: /^Invalid Host: attacker\.example$/ },
  },
  {
    name: "a Host that only begins like a loopback name",
    lines: () => withBody([POST(), "Host: localhost.attacker.example"]),
    body: INITIALIZE,
    expected: { status: 403, code: -32000, message: /^Invalid Host: localhost\.attacker\.example$/ },
  },
  {
    name: "no Host at all (HTTP/1.0)",
    lines: () => withBody(["POST /mcp HTTP/1.0"]),
    body: INITIALIZE,
    expected: { status: 403, code: -32000, message: /^Missing Host header$/ },
  },
  {
    name: "a foreign Origin: another site's page in the user's browser",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Origin: https://attacker.example"]),
    body: INITIALIZE,
    expected: { status: 403, code: -32000, message: /^Invalid Origin: attacker\.example$/ },
  },
  {
    name: "the opaque Origin null (a sandboxed frame, a file)",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Origin: null"]),
    body: INITIALIZE,
    expected: { status: 403, code: -32000, message: /^Invalid Origin header: null$/ },
  },
  {
    name: "a Host with userinfo that names a loopback host after it (read as a URL, it is localhost)",
    lines: () => withBody([POST(), "Host: attacker.example@localhost"]),
    body: INITIALIZE,
    expected: { status: 400, code: -32600, message: /Host header is not a host name and port/ },
  },
  {
    name: "an Origin with userinfo (no browser sends one)",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Origin: http://attacker.example@localhost"]),
    body: INITIALIZE,
    expected: { status: 400, code: -32600, message: /Origin header is not an origin/ },
  },
  {
    name: "Host on two lines (Node would keep the first)",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Host: attacker.example"]),
    body: INITIALIZE,
    expected: { status: 400, code: -32600, message: /Host header is sent more than once/ },
  },
  {
    name: "Origin on two lines",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Origin: http://localhost", "Origin: https://attacker.example"]),
    body: INITIALIZE,
    expected: { status: 400, code: -32600, message: /Origin header is sent more than once/ },
  },
  {
    name: "Mcp-Method on two lines (the handler would see one joined value)",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Mcp-Method: initialize", "Mcp-Method: tools/call"]),
    body: INITIALIZE,
    expected: { status: 400, code: -32020, message: /Mcp-Method header is sent more than once/ },
  },
  {
    name: "an Mcp-Param header on two lines that differ in case",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Mcp-Param-Region: eu-west1", "mcp-param-region: us-west1"]),
    body: INITIALIZE,
    expected: { status: 400, code: -32020, message: /mcp-param-region header is sent more than once/ },
  },
  {
    name: "a header block past 16 KiB",
    lines: (host) => withBody([POST(), `Host: ${host}`, `X-Padding: ${"a".repeat(BIG_HEADER)}`]),
    body: INITIALIZE,
    expected: { status: 431 },
  },
  {
    name: "a body whose Content-Length is past maxRequestBytes (refused before it is sent)",
    lines: (host) => [POST(), `Host: ${host}`, ...JSON_HEADERS, `Content-Length: ${BIG_BODY}`],
    expected: { status: 413 },
  },
  {
    name: "a chunked body that grows past maxRequestBytes",
    lines: (host) => [POST(), `Host: ${host}`, ...JSON_HEADERS, "Transfer-Encoding: chunked"],
    body: { chunks: BIG_BODY / (1024 * 1024), chunkBytes: 1024 * 1024 },
    expected: { status: 413 },
  },
  {
    name: "another path than /mcp",
    lines: (host) => withBody([POST("/admin"), `Host: ${host}`]),
    body: INITIALIZE,
    expected: { status: 404 },
  },
  {
    name: "(served) a page on this machine: Origin http://localhost:5173",
    lines: (host) => withBody([POST(), `Host: ${host}`, "Origin: http://localhost:5173"]),
    body: INITIALIZE,
    expected: { status: 200 },
  },
  {
    name: "(served) the IPv6 loopback name in Host, any port",
    lines: () => withBody([POST(), "Host: [::1]:9"]),
    body: INITIALIZE,
    expected: { status: 200 },
  },
];

/** The reply to `guardCase` from the server at `url`. */
export function attack(url: URL, guardCase: GuardCase): Promise<RawHttpReply> {
  return exchange(url, guardCase.lines(url.host), guardCase.body ?? "");
}

/** Asserts that `reply` is what `guardCase` expects: its status, and a refusal's JSON-RPC error. */
export function expectVerdict(reply: RawHttpReply, guardCase: GuardCase): void {
  const { status, code, message } = guardCase.expected;
  expect(reply.status, `${guardCase.name}: ${reply.body}`).toBe(status);
  if (code === undefined) return;
  const error = (JSON.parse(reply.body) as { error?: { code: number; message: string } }).error;
  expect(error?.code, guardCase.name).toBe(code);
  if (message !== undefined) expect(error?.message, guardCase.name).toMatch(message);
}
