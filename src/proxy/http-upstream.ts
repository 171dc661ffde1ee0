// The server at a Streamable HTTP URL (`mcp-gen proxy --url URL`): each message the host sends is one
// POST, with the --header values and the MCP headers derived from its body (mcp-headers.ts); the
// answer comes back as one JSON body or as a `text/event-stream`, each event one message, bounded in
// size. 2025 era: the session id `initialize` gets is sent on every later POST, a GET stream carries
// the server's own messages (opened again when it ends, and then the session is told it may have
// missed some), and the session is deleted at the end. 2026-07-28: no session; closing a
// request's stream cancels it. One keep-alive connection pool for the whole run (http-origin.ts): no
// per-call reconnects.
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { JsonObject } from "../model/json.js";
import { getOwn } from "../model/json.js";
import { discard, Exchange, headerText, HttpOrigin } from "./http-origin.js";
import { mcpHeaders } from "./mcp-headers.js";
import type { SendInfo, ServerEnd, UpstreamEvents, UpstreamPort } from "./ports.js";
import { excerpt } from "./read-message.js";
import { SseParser } from "./sse-parser.js";

export interface HttpUpstreamOptions {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly maxMessageBytes: number;
}

/** Most requests in flight before the host is asked to wait. */
const MAX_IN_FLIGHT = 256;
/**
 * Connections the pool may hold: one per request in flight (a request's event stream can stay open
 * as long as the host wants, so none waits behind another) and the 2025-era GET stream.
 */
const MAX_SOCKETS = MAX_IN_FLIGHT + 1;
/** How long the DELETE of a 2025 session may take at the end. */
const DELETE_TIMEOUT_MS = 2000;
/**
 * How often in a row a GET stream that broke, or ended within GET_RETRY_MS, is opened again, and how
 * long to wait before each try. One that stayed open longer worked: the count starts over, since a
 * server may end an idle stream at any time (streamable-http.mdx: the client may open another).
 */
const GET_RETRIES = 3;
const GET_RETRY_MS = 1000;
/**
 * How long a request's event stream may stay open after its answer before the proxy closes it: a
 * server that ends the stream right after the answer keeps its connection for the next request.
 */
const ANSWERED_STREAM_MS = 1000;

export class HttpUpstream implements UpstreamPort {
  private events!: UpstreamEvents;
  private origin!: HttpOrigin;
  private sessionId: string | undefined;
  private legacyVersion: string | undefined;
  private initializeKey: string | undefined;
  /** The exchange of each request in flight, by key: `abandon` ends it. */
  private readonly requests = new Map<string, Exchange>();
  /** Every exchange not yet over (POSTs with or without a key, the GET stream): `close` ends them. */
  private readonly active = new Set<Exchange>();
  private inFlight = 0;
  /** For each request in flight, by key: frees its place among them (once). */
  private readonly releases = new Map<string, () => void>();
  private waiting = false;
  private closed = false;
  private paused: { promise: Promise<void>; resolve: () => void } | undefined;
  /** The 2025-era session a GET stream is kept open for (keepGetStream), and that stream's exchange while it is open. */
  private getStreamSession: string | undefined;
  private getExchange: Exchange | undefined;

  constructor(private readonly options: HttpUpstreamOptions) {}

  async start(events: UpstreamEvents): Promise<void> {
    this.events = events;
    this.origin = await HttpOrigin.open(this.options.url, MAX_SOCKETS);
  }

  send(text: string, info: SendInfo): boolean {
    if (this.closed) return true;
    this.inFlight++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (this.waiting && this.inFlight < MAX_IN_FLIGHT) {
        this.waiting = false;
        this.events.drain();
      }
    };
    const { key } = info;
    if (key !== undefined) this.releases.set(key, release);
    void this.post(text, info).finally(() => {
      release();
      if (key !== undefined && this.releases.get(key) === release) this.releases.delete(key);
    });
    if (this.inFlight < MAX_IN_FLIGHT) return true;
    this.waiting = true;
    return false;
  }

  abandon(key: string): void {
    this.requests.get(key)?.abort();
  }

  answered(key: string): void {
    // Its answer came: it is in flight no more, and a stream the server leaves open after it is closed
    // (its connection then goes) once it has had the time to end by itself.
    this.releases.get(key)?.();
    const exchange = this.requests.get(key);
    if (exchange === undefined) return;
    setTimeout(() => {
      if (this.active.has(exchange)) exchange.abort();
    }, ANSWERED_STREAM_MS).unref();
  }

  tellsSession(): boolean {
    return this.sessionId !== undefined;
  }

  pause(): void {
    if (this.paused) return;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.paused = { promise, resolve };
  }

  resume(): void {
    const paused = this.paused;
    this.paused = undefined;
    paused?.resolve();
  }

  async close(): Promise<ServerEnd> {
    if (this.closed) return { code: 0 };
    this.closed = true;
    for (const exchange of this.active) exchange.abort();
    this.resume();
    // 2025 era: the session ends with the host's connection (streamable-http.mdx § Session Management).
    if (this.sessionId !== undefined) await this.deleteSession(this.sessionId);
    this.origin.close();
    return { code: 0 };
  }

  private async deleteSession(sessionId: string): Promise<void> {
    const exchange = new Exchange();
    const timer = setTimeout(() => exchange.abort(), DELETE_TIMEOUT_MS).unref();
    await this.origin
      .send("DELETE", this.headers({ "mcp-session-id": sessionId }), undefined, exchange)
      .then(discard)
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
  }

  /**
   * A host's `initialize` got the session `sessionId` (undefined: the server keeps none). A session
   * before it is no one's any more: its GET stream tells of that session's tools, not of the one the
   * host's calls now reach, so it is closed and the session deleted; the new session's own stream is
   * opened once the host has sent notifications/initialized. Kept open, the stream before would keep
   * the new one from opening, and a list_changed the server tells the new session would be lost.
   */
  private sessionStarted(sessionId: string | undefined): void {
    const before = this.sessionId;
    this.sessionId = sessionId;
    if (before === undefined || before === sessionId) return;
    if (this.getStreamSession === before) this.getExchange?.abort();
    void this.deleteSession(before);
  }

  /** The --header values, then the proxy's own (which win): names in lower case, each once. */
  private headers(extra: Readonly<Record<string, string>>): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(this.options.headers)) headers[name.toLowerCase()] = value;
    for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
    return headers;
  }

  private async post(text: string, info: SendInfo): Promise<void> {
    const { message } = info;
    const isInitialize = message.kind === "request" && message.method === "initialize";
    if (isInitialize) this.initializeKey = info.key;
    const extra: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", ...mcpHeaders(message, info.tool, this.legacyVersion) };
    if (this.sessionId !== undefined && !isInitialize) extra["mcp-session-id"] = this.sessionId;
    const exchange = new Exchange();
    this.active.add(exchange);
    if (info.key !== undefined) this.requests.set(info.key, exchange);
    try {
      const response = await this.origin.send("POST", this.headers(extra), text, exchange);
      const ok = isOk(response);
      if (isInitialize && ok) this.sessionStarted(headerText(response, "mcp-session-id") || undefined);
      await this.read(response, info, exchange);
      if (message.kind === "notification" && message.method === "notifications/initialized" && ok) void this.openGetStream();
    } catch (error) {
      if (exchange.aborted) return;
      // The URL goes to stderr only: its query string may hold a key, and the host hands errors to the model.
      this.events.trouble(`could not reach the server at ${this.options.url.href}: ${describeError(error)}`);
      if (info.key !== undefined) this.events.failed(info.key, `could not reach the server: ${describeError(error)}`);
    } finally {
      this.active.delete(exchange);
      if (info.key !== undefined && this.requests.get(info.key) === exchange) this.requests.delete(info.key);
    }
  }

  /**
   * Whatever the server answered one POST: messages to the session, failures as errors for the
   * request. An event stream is read to its end, so the request stays abandonable as long as it is open.
   */
  private async read(response: IncomingMessage, info: SendInfo | undefined, exchange: Exchange): Promise<void> {
    const key = info?.key;
    const type = contentType(response);
    const ok = isOk(response);
    if (type === "text/event-stream" && ok) {
      await this.readEvents(response, key, exchange);
      return;
    }
    const body = await readBounded(response, this.options.maxMessageBytes);
    if (body === TOO_LARGE) {
      this.fail(key, `the server's answer is larger than ${this.options.maxMessageBytes} bytes`);
      return;
    }
    if (ok && (response.statusCode === 202 || body.trim() === "")) {
      this.unanswered(key);
      return;
    }
    // An HTTP error with a JSON-RPC error in its body (HeaderMismatch, UnsupportedProtocolVersion, …) is the server's answer.
    if (type === "application/json" && looksLikeMessage(body)) {
      this.deliver(body, key);
      this.unanswered(key);
      return;
    }
    if (ok) {
      this.fail(
        key,
        "the server answered with a content type that is neither JSON nor an event stream",
        `the server answered with ${type === "" ? "no content type" : JSON.stringify(type)}, not JSON or an event stream`,
      );
      return;
    }
    const status = response.statusCode ?? 0;
    const statusText = response.statusMessage ?? "";
    const expired = status === 404 && this.sessionId !== undefined && !(key !== undefined && key === this.initializeKey) ? " (the session has ended)" : "";
    // The body and the reason phrase are the server's text (a page may echo the URL, key and all): stderr only.
    this.fail(
      key,
      `the server answered HTTP ${status}${expired}`,
      `the server answered HTTP ${status}${statusText ? ` ${statusText}` : ""}${expired}${body.trim() === "" ? "" : `: ${excerpt(body.trim())}`}`,
    );
  }

  /** Each event of a stream to the session as it comes, waiting while the host cannot take more (the server then waits on TCP). */
  private async readEvents(response: IncomingMessage, key: string | undefined, exchange: Exchange): Promise<void> {
    const parser = new SseParser(this.options.maxMessageBytes, {
      event: (event) => {
        if (event.event === "message") this.deliver(event.data, key);
      },
      oversize: (bytes) => this.fail(key, `the server sent an event of more than ${bytes} bytes, past the limit of ${this.options.maxMessageBytes}`),
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        parser.push(decoder.decode(chunk, { stream: true }));
        if (this.paused) await this.paused.promise;
      }
      parser.push(decoder.decode());
      if (!response.complete) throw new Error("the connection closed before the stream's end");
      this.unanswered(key);
    } catch (error) {
      if (!exchange.aborted) this.fail(key, `the server's event stream broke off: ${describeError(error)}`);
    }
  }

  /**
   * A request whose response (or stream) ended without its answer: the host gets an error rather than
   * waiting forever (the session ignores this for a request that was answered).
   */
  private unanswered(key: string | undefined): void {
    if (key !== undefined) this.events.failed(key, "the server ended its response without answering the request");
  }

  private deliver(text: string, key: string | undefined): void {
    if (key !== undefined && key === this.initializeKey) this.noteVersion(text);
    this.events.line(text, key);
  }

  /** 2025 era: the version `initialize` negotiated goes on every later POST as MCP-Protocol-Version. */
  private noteVersion(text: string): void {
    try {
      const version = getOwn(getOwn(JSON.parse(text) as JsonObject, "result"), "protocolVersion");
      if (typeof version === "string") this.legacyVersion = version;
    } catch {
      // The session reports what cannot be read.
    }
  }

  /**
   * A request that failed: the host gets `problem`; `detail`, which may hold the server's own text,
   * goes to the operator (stderr, --log) alone.
   */
  private fail(key: string | undefined, problem: string, detail?: string): void {
    if (detail !== undefined) this.events.trouble(detail);
    if (key !== undefined) this.events.failed(key, problem);
    else if (detail === undefined) this.events.trouble(problem);
  }

  /** 2025 era: the stream on which the server sends its own requests and notifications (405: it has none). */
  private async openGetStream(): Promise<void> {
    const session = this.sessionId;
    if (session === undefined || this.getStreamSession === session) return;
    this.getStreamSession = session;
    try {
      await this.keepGetStream(session);
    } finally {
      // Given up on, or its session replaced: a later session (a host's new initialize) opens its own.
      if (this.getStreamSession === session) this.getStreamSession = undefined;
    }
  }

  /** Keeps the GET stream of `session` open for as long as it is the session (and the server offers one). */
  private async keepGetStream(session: string): Promise<void> {
    // Whether a stream of this session was open before: one opened after it follows a time when none was.
    let wasOpen = false;
    for (let attempt = 0; attempt <= GET_RETRIES && !this.closed && this.sessionId === session; attempt++) {
      const exchange = new Exchange();
      this.active.add(exchange);
      this.getExchange = exchange;
      const opened = Date.now();
      try {
        const extra: Record<string, string> = { accept: "text/event-stream", "mcp-session-id": session };
        if (this.legacyVersion !== undefined) extra["mcp-protocol-version"] = this.legacyVersion;
        const response = await this.origin.send("GET", this.headers(extra), undefined, exchange);
        if (!isOk(response) || contentType(response) !== "text/event-stream") {
          discard(response);
          return;
        }
        // What the server sent while no stream was open is lost (the proxy does not resume by
        // Last-Event-ID, which servers need not support): a list_changed among it too.
        if (wasOpen) this.events.missed();
        wasOpen = true;
        await this.readEvents(response, undefined, exchange);
        // It worked for a while: the retries start over.
        if (Date.now() - opened >= GET_RETRY_MS) attempt = -1;
      } catch {
        if (this.closed) return;
      } finally {
        this.active.delete(exchange);
        if (this.getExchange === exchange) this.getExchange = undefined;
      }
      if (this.sessionId !== session) return;
      await new Promise((resolve) => setTimeout(resolve, GET_RETRY_MS).unref());
    }
  }
}

const TOO_LARGE = Symbol("too large");

/** The body's text, or TOO_LARGE once it passes `maxBytes` (the rest is not read: the connection is dropped). */
async function readBounded(response: IncomingMessage, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      return TOO_LARGE;
    }
    chunks.push(chunk);
  }
  if (!response.complete) throw new Error("the connection closed before the answer's end");
  return new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
}

function isOk(response: IncomingMessage): boolean {
  const status = response.statusCode ?? 0;
  return status >= 200 && status < 300;
}

/** The media type of the answer, lower case, without parameters. */
function contentType(response: IncomingMessage): string {
  return headerText(response, "content-type").split(";")[0]!.trim().toLowerCase();
}

function looksLikeMessage(body: string): boolean {
  const start = body.trimStart();
  return start.startsWith("{") || start.startsWith("[");
}

/**
 * "connect ECONNREFUSED 127.0.0.1:1": each distinct message along the cause chain, and those of an
 * AggregateError (Node tries each address of a name in turn; its own message is empty), else its code.
 */
function describeError(error: unknown): string {
  const messages: string[] = [];
  const note = (message: string) => {
    if (message !== "" && !messages.some((m) => m.includes(message))) messages.push(message);
  };
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    note(current.message);
    if (current instanceof AggregateError) for (const inner of current.errors) if (inner instanceof Error) note(inner.message);
    if (current.message === "" && typeof (current as NodeJS.ErrnoException).code === "string") note((current as NodeJS.ErrnoException).code!);
    current = current.cause;
  }
  const [first, ...rest] = messages;
  return rest.length > 0 ? `${first} (${rest.join("; ")})` : (first ?? String(error));
}
