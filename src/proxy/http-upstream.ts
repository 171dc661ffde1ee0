// The server at a Streamable HTTP URL (`mcp-gen proxy --url URL`): each message the host sends is one
// POST, with the --header values and the MCP headers derived from its body (mcp-headers.ts); the
// answer comes back as one JSON body or as a `text/event-stream`, each event one message, bounded in
// size. A stream that ends before its request's answer, after an event with an id, is resumed with
// GET and Last-Event-ID (SSE polling). 2025 era: the session id `initialize` gets is sent on every
// later POST, a GET stream carries the server's own messages (resumed, or opened again when it ends,
// and then the session is told it may have missed some), and the session is deleted at the end; a
// session the server no longer knows (HTTP 404 without an answer to the request in its body) is
// started again with the host's `initialize` (session-renewal.ts), and the request that got the 404
// sent once more on it, as the session decides. 2026-07-28: no session; closing a request's stream
// cancels it. One keep-alive connection pool for the whole run (http-origin.ts): no per-call reconnects.
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import type { JsonObject } from "../model/json.js";
import { getOwn } from "../model/json.js";
import { contentType, describeError, discard, Exchange, headerText, HttpOrigin, isOk, readBounded, TOO_LARGE } from "./http-origin.js";
import { mcpHeaders } from "./mcp-headers.js";
import type { SendInfo, ServerEnd, UpstreamEvents, UpstreamPort } from "./ports.js";
import type { RpcMessage } from "./read-message.js";
import { excerpt } from "./read-message.js";
import { answersOnSession, RENEWALS_IN_A_ROW, renewSession, type Renewed, type SessionStart } from "./session-renewal.js";
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
/**
 * Resuming an event stream (streamable-http.mdx § Resumability and Redelivery, 2025-11-25; SEP-1699):
 * the wait before each GET with Last-Event-ID is the server's `retry` (the newest any stream gave),
 * else RESUME_BASE_MS growing by half at each failure in a row, as the SDK v2 client waits; never less
 * than RESUME_MIN_MS (a `retry: 0` would spin) nor more than RESUME_MAX_MS. RESUME_TRIES failures in a
 * row (no answer, or not an event stream) end it; a GET the server takes starts the count over.
 */
const RESUME_BASE_MS = 1000;
const RESUME_MIN_MS = 100;
const RESUME_MAX_MS = 30_000;
const RESUME_TRIES = 3;
/** How long each POST that starts a new session in place of a lost one (its initialize, its notifications/initialized) may take. */
const RENEW_TIMEOUT_MS = 30_000;
/** What the host is told of a request whose session the server lost (the operator's stderr says more). */
const GONE = "the server no longer knows the session (HTTP 404: it restarted, or the session expired)";

/** How one event stream ended: the id to resume it from (undefined: it gave none), and why it broke off, if it did. */
interface StreamEnd {
  readonly lastEventId: string | undefined;
  readonly broken: string | undefined;
}

export class HttpUpstream implements UpstreamPort {
  private events!: UpstreamEvents;
  private origin!: HttpOrigin;
  private sessionId: string | undefined;
  private legacyVersion: string | undefined;
  private initializeKey: string | undefined;
  /** The exchange of each request in flight, by key: `abandon` ends it. */
  private readonly requests = new Map<string, Exchange>();
  /** Keys in `requests` whose answer came (or that the session gave up on): their stream is not resumed. */
  private readonly settled = new Set<string>();
  /** The reconnection time the server asked for in its newest `retry:` field, if any (RESUME_BASE_MS). */
  private retryMs: number | undefined;
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
  /** 2025 era: the host's `initialize` as sent, to start a new session with when the server loses one. */
  private initialize: { readonly text: string; readonly message: RpcMessage } | undefined;
  /** The new session being started in place of the session `from`, while it is. */
  private renewal: { readonly from: string; readonly done: Promise<Renewed> } | undefined;
  /** New sessions started since a request was last answered on one (RENEWALS_IN_A_ROW); the host's initialize starts over. */
  private renewals = 0;

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
    this.settled.add(key);
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
    this.renewals = 0;
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

  /** `replayed`: sent once already, on a session the server then lost. */
  private async post(text: string, info: SendInfo, replayed = false): Promise<void> {
    const { message } = info;
    const isInitialize = message.kind === "request" && message.method === "initialize";
    if (isInitialize) {
      this.initializeKey = info.key;
      this.initialize = { text, message };
    }
    // Sent while a new session is started (the session forgot every verdict before: sessionLost): it goes on that one.
    if (this.renewal !== undefined && !isInitialize && !(await this.renewal.done).ok) {
      if (info.key !== undefined) this.events.failed(info.key, `${GONE}, and a new session could not be started; the request was not sent`);
      return;
    }
    const session = isInitialize ? undefined : this.sessionId;
    const extra: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", ...mcpHeaders(message, info.tool, this.legacyVersion) };
    if (session !== undefined) extra["mcp-session-id"] = session;
    const exchange = new Exchange();
    this.active.add(exchange);
    if (info.key !== undefined) this.requests.set(info.key, exchange);
    try {
      const response = await this.origin.send("POST", this.headers(extra), text, exchange);
      const ok = isOk(response);
      if (response.statusCode === 404 && session !== undefined) {
        const answer = await this.notFoundAnswer(response, message);
        if (answer === undefined) return void (await this.sessionGone(session, text, info, replayed));
        // The server's answer to the request (a method it lacks), on a session it knows: passed on like any other.
        this.renewals = 0;
        this.deliver(answer, info.key);
        this.unanswered(info.key);
        return;
      }
      if (isInitialize && ok) this.sessionStarted(headerText(response, "mcp-session-id") || undefined);
      // A request answered on a session: the server keeps sessions, and may lose one again later.
      if (ok && session !== undefined && message.kind === "request") this.renewals = 0;
      // A GET that resumes the answer's stream goes as the POST went: on its session, in its version.
      const resume: Record<string, string> = {};
      if (session !== undefined) resume["mcp-session-id"] = session;
      if (extra["mcp-protocol-version"] !== undefined) resume["mcp-protocol-version"] = extra["mcp-protocol-version"];
      await this.read(response, info, exchange, resume);
      if (message.kind === "notification" && message.method === "notifications/initialized" && ok) void this.openGetStream();
    } catch (error) {
      if (exchange.aborted) return;
      // The URL goes to stderr only: its query string may hold a key, and the host hands errors to the model.
      this.events.trouble(`could not reach the server at ${this.options.url.href}: ${describeError(error)}`);
      if (info.key !== undefined) this.events.failed(info.key, `could not reach the server: ${describeError(error)}`);
    } finally {
      this.active.delete(exchange);
      if (info.key !== undefined && this.requests.get(info.key) === exchange) {
        this.requests.delete(info.key);
        this.settled.delete(info.key);
      }
    }
  }

  /**
   * The body of an HTTP 404 to `message`, sent on a session, when it is the server's answer to that
   * request (answersOnSession); undefined when the session is gone, as for a notification or an answer.
   */
  private async notFoundAnswer(response: IncomingMessage, message: RpcMessage): Promise<string | undefined> {
    if (message.kind !== "request") {
      discard(response);
      return undefined;
    }
    const body: string | typeof TOO_LARGE = await readBounded(response, this.options.maxMessageBytes).catch(() => TOO_LARGE);
    return body !== TOO_LARGE && answersOnSession(body, message.id) ? body : undefined;
  }

  /**
   * Whatever the server answered one POST: messages to the session, failures as errors for the
   * request. An event stream is read to its end, so the request stays abandonable as long as it is open.
   */
  private async read(response: IncomingMessage, info: SendInfo | undefined, exchange: Exchange, resume: Readonly<Record<string, string>>): Promise<void> {
    const key = info?.key;
    const type = contentType(response);
    const ok = isOk(response);
    if (type === "text/event-stream" && ok) {
      await this.readRequestStream(response, key, exchange, resume);
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
    // The body and the reason phrase are the server's text (a page may echo the URL, key and all): stderr only.
    this.fail(key, `the server answered HTTP ${status}`, `the server answered HTTP ${status}${statusText ? ` ${statusText}` : ""}${body.trim() === "" ? "" : `: ${excerpt(body.trim())}`}`);
  }

  /**
   * A request's event stream, read to its end; one that ends or breaks before the request's answer,
   * after an event with an id, is resumed as the spec has a client resume it and the SDK v2 client
   * does (streamable-http.mdx § Resumability and Redelivery; SEP-1699: a server may close the stream
   * at any time once it gave an id, and have the client poll): a GET with Last-Event-ID after the
   * server's `retry` time, whose events are the request's as the POST's were (the session checks and
   * maps them alike), again for as long as the server takes the GET, up to RESUME_TRIES failures in a row.
   */
  private async readRequestStream(response: IncomingMessage, key: string | undefined, exchange: Exchange, resume: Readonly<Record<string, string>>): Promise<void> {
    let end = await this.readEvents(response, key);
    let lastEventId = end.lastEventId;
    for (let failures = 0; key !== undefined && lastEventId !== undefined && this.awaits(key, exchange); ) {
      await delay(this.resumeDelay(failures), undefined, { ref: false });
      if (!this.awaits(key, exchange)) return;
      const resumed = await this.resumeStream(lastEventId, resume, exchange);
      if ("problem" in resumed) {
        if (exchange.aborted) return;
        if (resumed.final || ++failures >= RESUME_TRIES) return void this.fail(key, `the server's event stream ended before the answer, and resuming it failed: ${resumed.problem}`);
        continue;
      }
      failures = 0;
      end = await this.readEvents(resumed.response, key);
      lastEventId = end.lastEventId ?? lastEventId;
    }
    if (exchange.aborted) return;
    if (end.broken !== undefined) this.fail(key, `the server's event stream broke off: ${end.broken}`);
    else this.unanswered(key);
  }

  /** Whether the request of `key` still waits for its answer on `exchange`. */
  private awaits(key: string, exchange: Exchange): boolean {
    return !this.closed && !exchange.aborted && !this.settled.has(key);
  }

  /** How long to wait before resuming a stream, after `failures` failed tries in a row (RESUME_BASE_MS). */
  private resumeDelay(failures: number): number {
    const ms = this.retryMs ?? RESUME_BASE_MS * 1.5 ** failures;
    return Math.min(Math.max(ms, RESUME_MIN_MS), RESUME_MAX_MS);
  }

  /**
   * GET with Last-Event-ID: the stream it resumes, or why not. `final`: the server has no such stream
   * to give (404: no such session; 405: no GET at all), and trying again would not change that.
   */
  private async resumeStream(
    lastEventId: string,
    resume: Readonly<Record<string, string>>,
    exchange: Exchange,
  ): Promise<{ readonly response: IncomingMessage } | { readonly problem: string; readonly final: boolean }> {
    try {
      const response = await this.origin.send("GET", this.headers({ ...resume, accept: "text/event-stream", "last-event-id": lastEventId }), undefined, exchange);
      if (isOk(response) && contentType(response) === "text/event-stream") return { response };
      discard(response);
      const status = response.statusCode ?? 0;
      return { problem: isOk(response) ? `it answered HTTP ${status} without an event stream` : `it answered HTTP ${status}`, final: status === 404 || status === 405 };
    } catch (error) {
      return { problem: `could not reach the server: ${describeError(error)}`, final: false };
    }
  }

  /**
   * Each event of a stream to the session as it comes, waiting while the host cannot take more (the
   * server then waits on TCP); how it ended. Never rejects.
   */
  private async readEvents(response: IncomingMessage, key: string | undefined): Promise<StreamEnd> {
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
      return { lastEventId: parser.lastEventId, broken: undefined };
    } catch (error) {
      return { lastEventId: parser.lastEventId, broken: describeError(error) };
    } finally {
      if (parser.reconnectionMs !== undefined) this.retryMs = parser.reconnectionMs;
    }
  }

  /**
   * A request whose response (or stream) ended without its answer: the host gets an error rather than
   * waiting forever (the session ignores this for a request that was answered).
   */
  private unanswered(key: string | undefined): void {
    if (key !== undefined) this.events.failed(key, "the server ended its response without answering the request");
  }

  /**
   * A POST that carried `session` got HTTP 404: the server no longer knows it, and did not process the
   * message. A new session is started (one at a time, RENEWALS_IN_A_ROW at most); a request goes on
   * it once, if the session says so (a tools/call only after the new session's tools are checked).
   * A notification or an answer to the server is not sent again: it belonged to the session that is
   * gone (a cancellation, a progress, an answer to a request of the old session's).
   */
  private async sessionGone(session: string, text: string, info: SendInfo, replayed: boolean): Promise<void> {
    const renewed = this.renewFor(session);
    const { key } = info;
    if (key === undefined) return;
    if (replayed) return void this.events.failed(key, `${GONE}, and lost the new session too; the request was not sent a third time`);
    if (!(await renewed).ok) return void this.events.failed(key, `${GONE}, and a new session could not be started; the request was not sent again`);
    const replay = await this.events.lost(key, info.message);
    if (replay.send && !this.closed) await this.post(text, { ...info, tool: replay.tool }, true);
  }

  /** The new session in place of `session`: the one being started, or one started now; none past RENEWALS_IN_A_ROW. */
  private renewFor(session: string): Promise<Renewed> {
    if (this.renewal?.from === session) return this.renewal.done;
    // Replaced already (a new session, or the host's own initialize): a request goes on the session there is now.
    if (session !== this.sessionId) return Promise.resolve({ ok: true, sessionId: this.sessionId });
    if (this.renewals >= RENEWALS_IN_A_ROW) {
      // Said once: the count goes past the bound only here, and starts over with a request answered or the host's initialize.
      if (this.renewals++ === RENEWALS_IN_A_ROW)
        this.events.trouble(
          `the server at ${this.options.url.href} lost ${RENEWALS_IN_A_ROW} new sessions in a row before answering a request on one; the proxy stopped starting new sessions: a request that gets HTTP 404 is answered with an error until the host initializes again`,
        );
      return Promise.resolve({ ok: false, problem: "too many sessions lost in a row" });
    }
    this.renewals++;
    const renewal = { from: session, done: this.renew(session) };
    this.renewal = renewal;
    void renewal.done.then(() => {
      if (this.renewal === renewal) this.renewal = undefined;
    });
    // Before anything goes on the new session: every POST from here on waits for it (post).
    this.events.sessionLost();
    return renewal.done;
  }

  /** Starts a new session with the host's initialize in place of `gone`, whose GET stream is dropped; one line on stderr either way. */
  private async renew(gone: string): Promise<Renewed> {
    if (this.getStreamSession === gone) this.getExchange?.abort();
    const lost = `the server at ${this.options.url.href} no longer knows the session (HTTP 404: it restarted, or the session expired)`;
    const initialize = this.initialize;
    const renewed: Renewed =
      initialize === undefined
        ? { ok: false, problem: "the host's initialize is not known" }
        : await renewSession({ post: (headers, body) => this.renewalPost(headers, body), deliver: (text) => this.events.line(text, undefined), maxMessageBytes: this.options.maxMessageBytes }, {
            ...initialize,
            version: this.legacyVersion,
          } satisfies SessionStart);
    if (this.closed) return { ok: false, problem: "the proxy is ending" };
    // The host initialized again meanwhile: its session is the one, and the one started here is not needed.
    if (this.sessionId !== gone) {
      if (renewed.ok && renewed.sessionId !== undefined) void this.deleteSession(renewed.sessionId);
      return { ok: true, sessionId: this.sessionId };
    }
    if (!renewed.ok) {
      this.events.trouble(`${lost}; a new session could not be started: ${renewed.problem}`);
      return renewed;
    }
    this.sessionId = renewed.sessionId;
    this.events.trouble(`${lost}; started a new session with the host's initialize, whose tools are listed and checked against the lock before a call reaches it`);
    void this.openGetStream();
    return renewed;
  }

  /** One POST of a renewal, ended by close() or after RENEW_TIMEOUT_MS. */
  private async renewalPost(headers: Readonly<Record<string, string>>, body: string): Promise<IncomingMessage> {
    const exchange = new Exchange();
    this.active.add(exchange);
    const timer = setTimeout(() => exchange.abort(), RENEW_TIMEOUT_MS).unref();
    const done = () => {
      clearTimeout(timer);
      this.active.delete(exchange);
    };
    try {
      const response = await this.origin.send("POST", this.headers(headers), body, exchange);
      response.once("close", done);
      return response;
    } catch (error) {
      done();
      throw error;
    }
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

  /**
   * Keeps the GET stream of `session` open for as long as it is the session (and the server offers
   * one). A stream whose events carry ids is resumed from the last (Last-Event-ID, after the server's
   * `retry` time), so that the server sends what it sent meanwhile, and a server that ends its streams
   * by design (SSE polling) is followed for as long as it takes the GET; one without ids, or whose id
   * the server no longer takes, is opened anew. Either way the session is told it may have missed a
   * list_changed: a server that takes a Last-Event-ID need not send everything again (its store may
   * keep only so much, and the SDK v1's example store never finds the GET stream's events at all).
   */
  private async keepGetStream(session: string): Promise<void> {
    // Whether a stream of this session was open before: one opened after it follows a time when none was.
    let wasOpen = false;
    let lastEventId: string | undefined;
    for (let attempt = 0; attempt <= GET_RETRIES && !this.closed && this.sessionId === session; attempt++) {
      const exchange = new Exchange();
      this.active.add(exchange);
      this.getExchange = exchange;
      const opened = Date.now();
      const resuming = lastEventId;
      try {
        const extra: Record<string, string> = { accept: "text/event-stream", "mcp-session-id": session };
        if (this.legacyVersion !== undefined) extra["mcp-protocol-version"] = this.legacyVersion;
        if (resuming !== undefined) extra["last-event-id"] = resuming;
        const response = await this.origin.send("GET", this.headers(extra), undefined, exchange);
        if (!isOk(response) || contentType(response) !== "text/event-stream") {
          discard(response);
          // Refused a resumption (its store forgot the id, say): a stream of its own next, as after one without ids.
          if (resuming === undefined) return;
          lastEventId = undefined;
        } else {
          if (wasOpen) this.events.missed();
          wasOpen = true;
          const end = await this.readEvents(response, undefined);
          if (end.broken !== undefined && !exchange.aborted) this.events.trouble(`the server's event stream broke off: ${end.broken}`);
          lastEventId = end.lastEventId ?? resuming;
          // It worked for a while, or it can be resumed (a polling server ends it at once): the retries start over.
          if (lastEventId !== undefined || Date.now() - opened >= GET_RETRY_MS) attempt = -1;
        }
      } catch {
        if (this.closed) return;
      } finally {
        this.active.delete(exchange);
        if (this.getExchange === exchange) this.getExchange = undefined;
      }
      if (this.sessionId !== session) return;
      await delay(lastEventId === undefined ? GET_RETRY_MS : this.resumeDelay(0), undefined, { ref: false });
    }
  }
}

function looksLikeMessage(body: string): boolean {
  const start = body.trimStart();
  return start.startsWith("{") || start.startsWith("[");
}
