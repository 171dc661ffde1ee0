// The host on Streamable HTTP (`mcp-gen proxy --listen 127.0.0.1:PORT`): the proxy serves /mcp on
// loopback with the guards of the servers mcp-gen generates (packages/runtime/src/node-serve.ts: Host
// and Origin against DNS rebinding, a Host, Origin or Mcp-* header sent twice refused, bodies bounded),
// and hands each POST to the session. A POST with requests gets their answers: one JSON body, or an
// event stream when notifications for the request (progress, log messages, a subscription's
// notifications) come first. A POST with only notifications or responses gets 202. 2025 era: an
// `initialize` opens a session (Mcp-Session-Id); its GET stream carries the server's own requests and
// notifications; DELETE ends it. 2026-07-28: every request stands alone; closing a request's stream
// cancels it at the server.
import { randomUUID } from "node:crypto";
import { serveOnNode } from "@mcp-gen/runtime/v1/node";
import { getOwn } from "../model/json.js";
import type { HostPort, Route, ServerEnd, UpstreamPort } from "./ports.js";
import { ProxySession, type SessionOptions } from "./proxy-session.js";
import { readLine } from "./read-message.js";
import { exitLike, untilSignal } from "./process-life.js";

const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
/** Messages for no request, kept until a GET stream opens to take them. */
const MAX_QUEUED = 256;

/** One POST waiting for its answer: a JSON body until something comes first, then an event stream. */
class PostRoute {
  private stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  private done = false;
  readonly response: Promise<Response>;
  private respond!: (response: Response) => void;

  constructor(private readonly extraHeaders: Readonly<Record<string, string>>) {
    this.response = new Promise((resolve) => (this.respond = resolve));
  }

  get open(): boolean {
    return !this.done;
  }

  deliver(text: string, final: boolean): void {
    if (this.done) return;
    if (this.stream === undefined && final) {
      this.done = true;
      this.respond(new Response(text, { status: 200, headers: { "content-type": "application/json", ...this.extraHeaders } }));
      return;
    }
    if (this.stream === undefined) this.startStream();
    this.stream!.enqueue(sseEvent(text));
    if (final) this.end();
  }

  /** No answer will come (the message held no request, or the proxy is ending). */
  accepted(): void {
    if (this.done || this.stream !== undefined) return;
    this.done = true;
    this.respond(new Response(null, { status: 202, headers: this.extraHeaders }));
  }

  end(): void {
    if (this.stream === undefined) {
      this.accepted();
      return;
    }
    this.done = true;
    try {
      this.stream.close();
    } catch {
      // The client went away already.
    }
  }

  private startStream(): void {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.stream = controller) });
    this.respond(new Response(body, { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no", ...this.extraHeaders } }));
  }
}

/** The 2025-era GET stream of the host's session. */
class GetStream {
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  readonly response: Response;

  constructor(onCancel: () => void) {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller), cancel: onCancel });
    this.response = new Response(body, { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" } });
  }

  deliver(text: string): void {
    this.controller?.enqueue(sseEvent(text));
  }

  end(): void {
    try {
      this.controller?.close();
    } catch {
      // Cancelled by the client already.
    }
  }
}

const encoder = new TextEncoder();

/** One SSE event; a message with line breaks (a pretty-printed HTTP body) becomes several data lines. */
function sseEvent(text: string): Uint8Array {
  return encoder.encode(
    `event: message\n${text
      .split(/\r\n|\r|\n/)
      .map((line) => `data: ${line}`)
      .join("\n")}\n\n`,
  );
}

class HttpHostPort implements HostPort {
  sessionId: string | undefined;
  getStream: GetStream | undefined;
  private queued: string[] = [];
  private readonly routes = new Set<PostRoute>();

  send(text: string, route: Route, final: boolean): boolean {
    if (route instanceof PostRoute && route.open) {
      route.deliver(text, final);
      if (!route.open) this.routes.delete(route);
      return true;
    }
    // A message for no request (or for one whose stream is gone): the GET stream, or an open request stream.
    if (this.getStream) {
      this.getStream.deliver(text);
      return true;
    }
    const open = [...this.routes].reverse().find((r) => r.open);
    if (open) open.deliver(text, false);
    else if (this.queued.length < MAX_QUEUED) this.queued.push(text);
    return true;
  }

  track(route: PostRoute): void {
    this.routes.add(route);
  }

  openGet(stream: GetStream): void {
    this.getStream = stream;
    for (const text of this.queued.splice(0)) stream.deliver(text);
  }

  endAll(): void {
    for (const route of this.routes) route.end();
    this.routes.clear();
    this.getStream?.end();
  }

  onDrain(): void {
    // Each stream is drained by Node's response as the client reads it; nothing waits on the whole host.
  }

  pause(): void {}

  resume(): void {}
}

/** Serves the host over HTTP until a signal or the server's end; the exit status to use. */
export interface HttpHostRun {
  readonly listen: { readonly host: string; readonly port: number };
  readonly maxMessageBytes: number;
  readonly stderr: (text: string) => void;
}

export async function runHttpHost(run: HttpHostRun, upstream: UpstreamPort, options: SessionOptions): Promise<number> {
  const host = new HttpHostPort();
  const session = new ProxySession(host, upstream, options);
  try {
    await session.start();
  } catch (e) {
    run.stderr(`mcp-gen proxy: ${(e as Error).message}\n`);
    return 2;
  }
  const handler = { fetch: (request: Request) => handle(request, host, session), close: async () => host.endAll() };
  let serving: Awaited<ReturnType<typeof serveOnNode>>;
  try {
    serving = await serveOnNode(handler, { host: run.listen.host, port: run.listen.port, maxRequestBytes: run.maxMessageBytes });
  } catch (e) {
    run.stderr(`mcp-gen proxy: cannot listen on ${run.listen.host}:${run.listen.port}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.\n`);
    await session.close();
    return 2;
  }
  run.stderr(`mcp-gen proxy: listening on ${serving.url.href}\n`);
  const stop = untilSignal((signal) => void session.close(signal));
  const end: ServerEnd = await session.ended;
  stop();
  await serving.close().catch(() => undefined);
  return exitLike(end, run.stderr);
}

async function handle(request: Request, host: HttpHostPort, session: ProxySession): Promise<Response> {
  const method = request.method.toUpperCase();
  const sessionHeader = request.headers.get("mcp-session-id") ?? undefined;
  if (method === "GET") {
    if (host.sessionId === undefined) return plain(405, "This endpoint has no 2025-era session: send requests with POST.");
    if (sessionHeader !== host.sessionId) return plain(404, "Unknown session.");
    if (host.getStream) return plain(409, "A GET stream is open for this session already.");
    const stream = new GetStream(() => {
      if (host.getStream === stream) host.getStream = undefined;
    });
    host.openGet(stream);
    return stream.response;
  }
  if (method === "DELETE") {
    if (host.sessionId === undefined || sessionHeader !== host.sessionId) return plain(404, "Unknown session.");
    host.sessionId = undefined;
    host.getStream?.end();
    host.getStream = undefined;
    return new Response(null, { status: 200 });
  }
  if (method !== "POST") return plain(405, "Method not allowed.");
  const text = await request.text();
  const read = readLine(text);
  if (read.kind === "empty") return plain(400, "Bad request: the body is empty.");
  const items = read.kind === "single" ? [read.item] : read.kind === "batch" ? read.items : [];
  const messages = items.flatMap((item) => (item.ok ? [item.received.message] : []));
  const initialize = messages.some((m) => m.kind === "request" && m.method === "initialize");
  // 2025 era: after initialize every message names the session (2026-07-28 requests stand alone).
  const modern = messages.some((m) => m.kind !== "response" && typeof getOwn(getOwn(m.params, "_meta"), PROTOCOL_VERSION) === "string");
  if (!initialize && !modern && host.sessionId !== undefined && sessionHeader !== host.sessionId) {
    return sessionHeader === undefined ? plain(400, "Bad request: the Mcp-Session-Id header is missing.") : plain(404, "Unknown session.");
  }
  const extra: Record<string, string> = {};
  if (initialize) {
    host.sessionId = randomUUID();
    extra["mcp-session-id"] = host.sessionId;
  }
  const route = new PostRoute(extra);
  host.track(route);
  request.signal.addEventListener("abort", () => session.routeClosed(route), { once: true });
  session.fromHost(text, route);
  // Nothing in it asks for an answer (notifications, responses): accepted.
  const owesAnswer = items.some((item) => (item.ok ? item.received.message.kind === "request" : item.unreadable.shape === "request" || item.unreadable.shape === "unknown"));
  if (!owesAnswer) route.accepted();
  return route.response;
}

function plain(status: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }), { status, headers: { "content-type": "application/json" } });
}
