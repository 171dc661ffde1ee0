// SDK clients for the end-to-end tests, in either protocol era, over stdio or Streamable HTTP, with
// a record of what each one sent: JSON-RPC messages per transport, and HTTP requests per fetch.
import { Client, ProtocolError, StreamableHTTPClientTransport, type ElicitRequest, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** 2026-07-28 ("modern", negotiated with versionNegotiation auto) or 2025-11-25 (the SDK's default legacy mode). */
export type Era = "modern" | "legacy";

/**
 * The options of a generated ToolsClient that tests of the server's own answers wrap a shared SDK
 * Client in: with the default onDrift "throw", the client's guard judges every tools/call on that
 * Client, and a probe of an unknown tool would never reach the server. Pinning has its own tests
 * (client-pinning.e2e.test.ts, test/runtime/pin-guard*.test.ts).
 */
export const UNGUARDED = { onDrift: "ignore" } as const;
export const ERAS: readonly Era[] = ["modern", "legacy"];

/** One HTTP request as the SDK client's fetch made it. */
export interface SentRequest {
  readonly method: string | undefined;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly status: number;
}

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Wraps `inner` (the global fetch by default) and records every request the client sends. */
export function recordingFetch(inner: FetchLike = (url, init) => fetch(url, init)): { fetch: FetchLike; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const wrapped: FetchLike = async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => void (headers[name] = value));
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
    const response = await inner(url, init);
    sent.push({ method: body?.method, headers, status: response.status });
    return response;
  };
  return { fetch: wrapped, sent };
}

/** The elicitation requests a client answered, with the answer it gave. */
export interface Elicitations {
  readonly asked: ElicitRequest["params"][];
}

export interface ConnectedClient {
  readonly client: Client;
  readonly era: Era;
  /** JSON-RPC methods of the requests the client sent through its transport, in order. */
  readonly sentMethods: string[];
  readonly elicitations: Elicitations;
  close(): Promise<void>;
}

/** A Client that declares form elicitation and accepts every form with `{ confirm: true }`. */
export function newClient(era: Era): { client: Client; elicitations: Elicitations } {
  const client = new Client({ name: "mcp-gen-e2e", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, ...(era === "modern" ? { versionNegotiation: { mode: "auto" as const } } : {}) });
  const elicitations: Elicitations = { asked: [] };
  client.setRequestHandler("elicitation/create", (request) => {
    elicitations.asked.push(request.params);
    return { action: "accept", content: { confirm: true } };
  });
  return { client, elicitations };
}

/** Connects `client` over `transport`, counting the requests it sends from then on. */
export async function connectCounting(era: Era, transport: Transport, made = newClient(era)): Promise<ConnectedClient> {
  const sentMethods: string[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ("method" in message && "id" in message) sentMethods.push(message.method);
    return send(message, options);
  };
  await made.client.connect(transport);
  let pid: number | null = null;
  if (transport instanceof StdioClientTransport) pid = transport.pid;
  return {
    client: made.client,
    era,
    sentMethods,
    elicitations: made.elicitations,
    async close() {
      await made.client.close();
      // The transport ends its child; this only guards against one left behind after a failure.
      if (pid !== null) killIfAlive(pid);
    },
  };
}

/** Starts `node script` as a stdio server and connects to it; `stderr` collects what the server logs. */
export function connectStdio(era: Era, script: string, stderr: { text: string } = { text: "" }): Promise<ConnectedClient> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [script], stderr: "pipe" });
  // Read the pipe, so a chatty server never blocks on a full stderr buffer.
  transport.stderr?.on("data", (chunk: Buffer) => void (stderr.text += chunk.toString("utf8")));
  return connectCounting(era, transport);
}

/** Connects over Streamable HTTP; requests go through `fetchImpl` (a recordingFetch, for example). */
export function connectHttp(era: Era, url: URL, fetchImpl?: FetchLike): Promise<ConnectedClient> {
  return connectCounting(era, new StreamableHTTPClientTransport(url, fetchImpl === undefined ? {} : { fetch: fetchImpl }));
}

function killIfAlive(pid: number): void {
  try {
    process.kill(pid, 0);
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** The ProtocolError (JSON-RPC error) `promise` rejects with; fails when it resolves or throws anything else. */
export async function protocolErrorOf(promise: Promise<unknown>): Promise<ProtocolError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw new Error(`Expected a ProtocolError, got ${String(error)}`, { cause: error });
  }
  throw new Error(`Expected a ProtocolError, but the call resolved with ${JSON.stringify(outcome)}`);
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Expected the call to fail, but it resolved.");
}
