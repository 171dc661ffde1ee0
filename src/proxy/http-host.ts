// The host on Streamable HTTP (`mcp-gen proxy --listen 127.0.0.1:PORT`): the proxy serves /mcp on
// loopback with the guards of the servers mcp-gen generates (packages/runtime/src/node-serve.ts: Host
// and Origin against DNS rebinding, a Host, Origin or Mcp-* header sent twice refused, bodies bounded;
// through the runtime's serveListenerOnNode), and hands each POST to the session. It answers with
// Node's own response, never a web Request or Response, so Node's fetch (undici, ~30 MB) never loads.
// A POST with requests gets their answers: one JSON body, or an event stream when notifications for
// the request (progress, log messages, a subscription's notifications) come first. A POST with only
// notifications or responses gets 202. 2025 era: an `initialize` opens a session (Mcp-Session-Id);
// its GET stream carries the server's own requests and notifications; DELETE ends it. 2026-07-28:
// every request stands alone; closing a request's stream cancels it at the server. A stream the host
// does not read pauses the server until it drains, or until it is ended for taking nothing
// (response-backlog.ts), so memory stays bounded.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readNodeBody, serveListenerOnNode, TOO_LARGE } from "@mcp-gen/runtime/v1/node";
import { getOwn } from "../model/json.js";
import type { HostPort, Route, ServerEnd, UpstreamPort } from "./ports.js";
import { ProxySession, type SessionOptions } from "./proxy-session.js";
import { readLine } from "./read-message.js";
import { exitLike, untilSignal } from "./process-life.js";
import { ResponseBacklog } from "./response-backlog.js";

const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
/** Messages for no request, kept until a GET stream opens to take them: at most so many, and so many UTF-16 units together. */
const MAX_QUEUED = 256;
const MAX_QUEUED_LENGTH = 16 * 1024 * 1024;
/**
 * How long a response stream past its high-water mark may go without draining while the server waits
 * for it before the proxy ends it (response-backlog.ts): long enough for any host that reads at all,
 * short enough that one that never does holds the other hosts of the proxy back for no more than that.
 */
const STALL_MS = 10_000;
const EVENT_STREAM = { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" } as const;

/** One POST waiting for its answer: a JSON body until something comes first, then an event stream. */
class PostRoute {
  private streaming = false;
  private done = false;
  /** Whose request this is: the 2025-era session's id space, or this route itself (a 2026-07-28 request stands alone). */
  space: object = this;

  constructor(
    private readonly res: ServerResponse,
    private readonly extraHeaders: Readonly<Record<string, string>>,
    private readonly backlog: ResponseBacklog,
  ) {}

  get open(): boolean {
    return !this.done && !this.res.destroyed;
  }

  /** Whether the server may go on sending (false: this stream is past its mark, ResponseBacklog). */
  deliver(text: string, final: boolean): boolean {
    if (!this.open) return true;
    if (!this.streaming && final) {
      this.done = true;
      this.res.writeHead(200, { "content-type": "application/json", ...this.extraHeaders }).end(text);
      return this.backlog.ended(this.res);
    }
    if (!this.streaming) {
      this.streaming = true;
      // An event stream may stay silent for a while: the client gets its status and headers now.
      this.res.writeHead(200, { ...EVENT_STREAM, ...this.extraHeaders }).flushHeaders();
    }
    const ok = this.res.write(sseEvent(text));
    if (final) this.end();
    return this.backlog.wrote(this.res, ok);
  }

  /** No answer will come (the message held no request, or the proxy is ending). */
  accepted(): void {
    if (!this.open || this.streaming) return;
    this.done = true;
    this.res.writeHead(202, this.extraHeaders).end();
  }

  end(): void {
    if (!this.streaming) {
      this.accepted();
      return;
    }
    this.done = true;
    this.res.end();
  }
}

/** The 2025-era GET stream of the host's session. */
class GetStream {
  constructor(
    private readonly res: ServerResponse,
    private readonly backlog: ResponseBacklog,
  ) {
    res.writeHead(200, EVENT_STREAM).flushHeaders();
  }

  /** Whether the server may go on sending, as for PostRoute.deliver. */
  deliver(text: string): boolean {
    return this.res.destroyed || this.backlog.wrote(this.res, this.res.write(sseEvent(text)));
  }

  end(): void {
    this.res.end();
  }
}

/** One SSE event; a message with line breaks (a pretty-printed HTTP body) becomes several data lines. */
function sseEvent(text: string): string {
  return `event: message\n${text
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join("\n")}\n\n`;
}

class HttpHostPort implements HostPort {
  sessionId: string | undefined;
  /** The id space of the 2025-era session (IdSpace): a new one for each `initialize`. */
  sessionSpace: object | undefined;
  getStream: GetStream | undefined;
  private queued: string[] = [];
  private queuedLength = 0;
  private readonly routes = new Set<PostRoute>();

  constructor(readonly backlog: ResponseBacklog) {}

  send(text: string, route: Route, final: boolean): boolean {
    if (route instanceof PostRoute) {
      if (route.open) {
        const goOn = route.deliver(text, final);
        if (!route.open) this.routes.delete(route);
        return goOn;
      }
      // The answer to a request whose stream the host closed (2026-07-28: it cancelled): dropped. On
      // another stream a request under the same id would take it (another client's, or 1 for "1":
      // the SDK reads ids with Number()), an answer the proxy checked as no tools/list. So is any
      // other message for it but of the 2025-era session's own requests, which that session's GET
      // stream takes: another client's stream must never carry it.
      if (final || route.space !== this.sessionSpace || this.sessionSpace === undefined) return true;
    }
    // A message for no request (or a notification for one of the session's whose stream is gone): the
    // 2025-era session's GET stream, or one of that session's open request streams; never a
    // 2026-07-28 request's stream, which is another client's.
    if (this.getStream) return this.getStream.deliver(text);
    const session = this.sessionSpace;
    const open = session === undefined ? undefined : [...this.routes].reverse().find((r) => r.open && r.space === session);
    if (open) return open.deliver(text, false);
    if (this.queued.length < MAX_QUEUED && this.queuedLength + text.length <= MAX_QUEUED_LENGTH) {
      this.queued.push(text);
      this.queuedLength += text.length;
    }
    return true;
  }

  end(route: Route): void {
    if (!(route instanceof PostRoute)) return;
    route.end();
    this.routes.delete(route);
  }

  /** Keeps `route` for messages of no request until its response closes (answered, or closed by the host). */
  track(route: PostRoute, res: ServerResponse): void {
    this.routes.add(route);
    res.on("close", () => this.routes.delete(route));
  }

  /** The queued messages go on the new stream whole (MAX_QUEUED_LENGTH at most): the next message past its mark pauses the server. */
  openGet(stream: GetStream): void {
    this.getStream = stream;
    this.queuedLength = 0;
    for (const text of this.queued.splice(0)) stream.deliver(text);
  }

  /**
   * The 2025-era session ends (DELETE, or replaced by a new initialize): what it has in flight is
   * cancelled at the server (ProxySession.spaceEnded), its GET stream is closed, and what waited for a
   * GET stream is dropped. Left open, its stream would go on carrying the messages for no request of
   * the session after it (a list_changed, the server's own requests) to a client that gets 404 for
   * everything else, and the new session's client would get 409 for a GET stream of its own.
   */
  endSession(session: ProxySession): void {
    if (this.sessionSpace) session.spaceEnded(this.sessionSpace);
    this.sessionId = undefined;
    this.sessionSpace = undefined;
    this.getStream?.end();
    this.getStream = undefined;
    this.queued = [];
    this.queuedLength = 0;
  }

  endAll(): void {
    for (const route of this.routes) route.end();
    this.routes.clear();
    this.getStream?.end();
  }

  onDrain(resume: () => void): void {
    this.backlog.onDrain(resume);
  }

  // The hosts' requests are read as they come: each POST is bounded, and so are the requests in flight.
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
  const backlog = new ResponseBacklog(STALL_MS, () =>
    options.reporter.problem(
      `an HTTP client's response stream did not drain within ${STALL_MS / 1000} s while the server waited for it (the client does not read it); the proxy ended that stream (a request on it is cancelled at the server) so that the server goes on for the others.`,
    ),
  );
  const host = new HttpHostPort(backlog);
  const session = new ProxySession(host, upstream, options);
  try {
    await session.start();
  } catch (e) {
    run.stderr(`mcp-gen proxy: ${(e as Error).message}\n`);
    return 2;
  }
  const listener = (req: IncomingMessage, res: ServerResponse) => answer(req, res, run.maxMessageBytes, host, session);
  let serving: Awaited<ReturnType<typeof serveListenerOnNode>>;
  try {
    serving = await serveListenerOnNode(listener, async () => host.endAll(), { host: run.listen.host, port: run.listen.port });
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

/** Answers one request that passed the guards; never rejects (a failure is answered 500). */
async function answer(req: IncomingMessage, res: ServerResponse, maxBytes: number, host: HttpHostPort, session: ProxySession): Promise<void> {
  let body: Awaited<ReturnType<typeof readNodeBody>>;
  try {
    body = await readNodeBody(req, maxBytes);
  } catch {
    return; // The client went away before its body ended: nobody to answer.
  }
  if (body === TOO_LARGE) {
    plain(res, 413, `The request body is larger than ${maxBytes} bytes.`, -32600, { connection: "close" });
    return;
  }
  try {
    handle(req, res, body === null ? "" : new TextDecoder().decode(body), host, session);
  } catch {
    if (!res.headersSent) plain(res, 500, "Internal server error", -32603);
    else res.end();
  }
}

function handle(req: IncomingMessage, res: ServerResponse, text: string, host: HttpHostPort, session: ProxySession): void {
  const method = (req.method ?? "GET").toUpperCase();
  const sessionHeader = header(req, "mcp-session-id");
  if (method === "GET") {
    if (host.sessionId === undefined) {
      plain(res, 405, "This endpoint has no 2025-era session: send requests with POST.");
      return;
    }
    if (sessionHeader !== host.sessionId) {
      plain(res, 404, "Unknown session.");
      return;
    }
    if (host.getStream) {
      plain(res, 409, "A GET stream is open for this session already.");
      return;
    }
    const stream = new GetStream(res, host.backlog);
    res.on("close", () => {
      if (host.getStream === stream) host.getStream = undefined;
    });
    host.openGet(stream);
    return;
  }
  if (method === "DELETE") {
    if (host.sessionId === undefined || sessionHeader !== host.sessionId) {
      plain(res, 404, "Unknown session.");
      return;
    }
    host.endSession(session);
    res.writeHead(200).end();
    return;
  }
  if (method !== "POST") {
    plain(res, 405, "Method not allowed.");
    return;
  }
  const read = readLine(text);
  if (read.kind === "empty") {
    plain(res, 400, "Bad request: the body is empty.");
    return;
  }
  const items = read.kind === "single" ? [read.item] : read.kind === "batch" ? read.items : [];
  const messages = items.flatMap((item) => (item.ok ? [item.received.message] : []));
  const initialize = messages.some((m) => m.kind === "request" && m.method === "initialize");
  // 2025 era: after initialize every message names the session (2026-07-28 requests stand alone).
  const modern = messages.some((m) => m.kind !== "response" && typeof getOwn(getOwn(m.params, "_meta"), PROTOCOL_VERSION) === "string");
  if (!initialize && !modern && host.sessionId !== undefined && sessionHeader !== host.sessionId) {
    if (sessionHeader === undefined) plain(res, 400, "Bad request: the Mcp-Session-Id header is missing.");
    else plain(res, 404, "Unknown session.");
    return;
  }
  const extra: Record<string, string> = {};
  if (initialize) {
    // The session this one replaces ends: its client gets 404 from now on, and its GET stream closes.
    host.endSession(session);
    host.sessionId = randomUUID();
    host.sessionSpace = {};
    extra["mcp-session-id"] = host.sessionId;
  }
  const route = new PostRoute(res, extra, host.backlog);
  // Whose ids these are: the 2025-era session's, or this POST's alone (a 2026-07-28 request stands
  // alone, and so does a notifications/cancelled POSTed on its own: it names no other client's request).
  const space = host.sessionId !== undefined && (initialize || sessionHeader === host.sessionId) ? host.sessionSpace! : route;
  route.space = space;
  host.track(route, res);
  // The host closed the response before its answer ended (2026-07-28: the request is cancelled at the
  // server), or the proxy ended it for not draining: no answer can reach it, whatever its era.
  res.on("close", () => {
    if (!res.writableFinished) session.routeClosed(route, host.backlog.wasStalled(res));
  });
  session.fromHost(text, route, space);
  // Nothing in it asks for an answer (notifications, responses): accepted.
  const owesAnswer = items.some((item) => (item.ok ? item.received.message.kind === "request" : item.unreadable.shape === "request" || item.unreadable.shape === "unknown"));
  if (!owesAnswer) route.accepted();
}

/** A header sent once (the guards refused Mcp-* headers sent twice), or undefined. */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
}

function plain(res: ServerResponse, status: number, message: string, code = -32000, extra: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...extra }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
}
