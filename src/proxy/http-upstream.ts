// The server at a Streamable HTTP URL (`mcp-gen proxy --url URL`): each message the host sends is one
// POST, with the --header values and the MCP headers derived from its body (mcp-headers.ts); the
// answer comes back as one JSON body or as a `text/event-stream`, each event one message, bounded in
// size. 2025 era: the session id `initialize` gets is sent on every later POST, a GET stream carries
// the server's own messages, and the session is deleted at the end. 2026-07-28: no session; closing a
// request's stream cancels it. One connection pool for the whole run: no per-call reconnects.
import type { JsonObject } from "../model/json.js";
import { getOwn } from "../model/json.js";
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
/** How long the DELETE of a 2025 session may take at the end. */
const DELETE_TIMEOUT_MS = 2000;
/** How often a broken GET stream is opened again, and how long to wait before each try. */
const GET_RETRIES = 3;
const GET_RETRY_MS = 1000;

export class HttpUpstream implements UpstreamPort {
  private events!: UpstreamEvents;
  private sessionId: string | undefined;
  private legacyVersion: string | undefined;
  private initializeKey: string | undefined;
  private readonly requests = new Map<string, AbortController>();
  private readonly all = new AbortController();
  private inFlight = 0;
  private waiting = false;
  private closed = false;
  private paused: { promise: Promise<void>; resolve: () => void } | undefined;
  private getStreamOpen = false;

  constructor(private readonly options: HttpUpstreamOptions) {}

  start(events: UpstreamEvents): Promise<void> {
    this.events = events;
    return Promise.resolve();
  }

  send(text: string, info: SendInfo): boolean {
    if (this.closed) return true;
    this.inFlight++;
    void this.post(text, info).finally(() => {
      this.inFlight--;
      if (this.waiting && this.inFlight < MAX_IN_FLIGHT) {
        this.waiting = false;
        this.events.drain();
      }
    });
    if (this.inFlight < MAX_IN_FLIGHT) return true;
    this.waiting = true;
    return false;
  }

  abandon(key: string): void {
    this.requests.get(key)?.abort();
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
    this.all.abort();
    this.resume();
    if (this.sessionId !== undefined) {
      // 2025 era: the session ends with the host's connection (streamable-http.mdx § Session Management).
      await fetch(this.options.url, { method: "DELETE", headers: this.headers({ "mcp-session-id": this.sessionId }), signal: AbortSignal.timeout(DELETE_TIMEOUT_MS), redirect: "error" })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }
    return { code: 0 };
  }

  private headers(extra: Readonly<Record<string, string>>): Headers {
    const headers = new Headers(this.options.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return headers;
  }

  private async post(text: string, info: SendInfo): Promise<void> {
    const { message } = info;
    const isInitialize = message.kind === "request" && message.method === "initialize";
    if (isInitialize) this.initializeKey = info.key;
    const extra: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", ...mcpHeaders(message, info.tool, this.legacyVersion) };
    if (this.sessionId !== undefined && !isInitialize) extra["mcp-session-id"] = this.sessionId;
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, this.all.signal]);
    if (info.key !== undefined) this.requests.set(info.key, controller);
    try {
      const response = await fetch(this.options.url, { method: "POST", headers: this.headers(extra), body: text, signal, redirect: "error" });
      if (isInitialize && response.ok) this.sessionId = response.headers.get("mcp-session-id") ?? undefined;
      await this.read(response, info, signal);
      if (message.kind === "notification" && message.method === "notifications/initialized" && response.ok) void this.openGetStream();
    } catch (error) {
      if (signal.aborted) return;
      const problem = `could not reach the server at ${this.options.url.href}: ${describeError(error)}`;
      if (info.key !== undefined) this.events.failed(info.key, problem);
      else this.events.noise(problem);
    } finally {
      if (info.key !== undefined) this.requests.delete(info.key);
    }
  }

  /** Whatever the server answered one POST (or the GET): messages to the session, failures as errors for the request. */
  private async read(response: Response, info: SendInfo | undefined, signal: AbortSignal): Promise<void> {
    const key = info?.key;
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "text/event-stream" && response.ok) {
      this.readEvents(response, key, signal);
      return;
    }
    const body = await readBounded(response, this.options.maxMessageBytes);
    if (body === TOO_LARGE) {
      this.fail(key, `the server's answer is larger than ${this.options.maxMessageBytes} bytes`);
      return;
    }
    if (response.ok && (response.status === 202 || body.trim() === "")) {
      this.unanswered(key);
      return;
    }
    // An HTTP error with a JSON-RPC error in its body (HeaderMismatch, UnsupportedProtocolVersion, …) is the server's answer.
    if (type === "application/json" && looksLikeMessage(body)) {
      this.deliver(body, key);
      this.unanswered(key);
      return;
    }
    if (response.ok) {
      this.fail(key, `the server answered with ${type === "" ? "no content type" : JSON.stringify(type)}, not JSON or an event stream`);
      return;
    }
    const expired = response.status === 404 && this.sessionId !== undefined && !(key !== undefined && key === this.initializeKey) ? " (the session has ended)" : "";
    this.fail(key, `the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${expired}${body.trim() === "" ? "" : `: ${excerpt(body.trim())}`}`);
  }

  private async readEvents(response: Response, key: string | undefined, signal: AbortSignal): Promise<void> {
    if (response.body === null) return;
    const parser = new SseParser(this.options.maxMessageBytes, {
      event: (event) => {
        if (event.event === "message") this.deliver(event.data, key);
      },
      oversize: (bytes) => this.fail(key, `the server sent an event of more than ${bytes} bytes, past the limit of ${this.options.maxMessageBytes}`),
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        if (this.paused) await this.paused.promise;
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.push(decoder.decode());
      this.unanswered(key);
    } catch (error) {
      if (!signal.aborted) this.fail(key, `the server's event stream broke off: ${describeError(error)}`);
    } finally {
      reader.releaseLock();
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

  private fail(key: string | undefined, problem: string): void {
    if (key !== undefined) this.events.failed(key, problem);
    else this.events.noise(problem);
  }

  /** 2025 era: the stream on which the server sends its own requests and notifications (405: it has none). */
  private async openGetStream(): Promise<void> {
    if (this.getStreamOpen || this.sessionId === undefined) return;
    this.getStreamOpen = true;
    for (let attempt = 0; attempt <= GET_RETRIES && !this.closed; attempt++) {
      try {
        const extra: Record<string, string> = { accept: "text/event-stream", "mcp-session-id": this.sessionId };
        if (this.legacyVersion !== undefined) extra["mcp-protocol-version"] = this.legacyVersion;
        const response = await fetch(this.options.url, { method: "GET", headers: this.headers(extra), signal: this.all.signal, redirect: "error" });
        if (!response.ok || (response.headers.get("content-type") ?? "").split(";")[0]!.trim() !== "text/event-stream") {
          await response.body?.cancel();
          return;
        }
        await this.readEvents(response, undefined, this.all.signal);
      } catch {
        if (this.closed) return;
      }
      await new Promise((resolve) => setTimeout(resolve, GET_RETRY_MS).unref());
    }
  }
}

const TOO_LARGE = Symbol("too large");

/** The body's text, or TOO_LARGE once it passes `maxBytes` (the rest is not read). */
async function readBounded(response: Response, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return TOO_LARGE;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

function looksLikeMessage(body: string): boolean {
  const start = body.trimStart();
  return start.startsWith("{") || start.startsWith("[");
}

/** "fetch failed (connect ECONNREFUSED 127.0.0.1:1)": each distinct message along the cause chain. */
function describeError(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current.message !== "" && !messages.some((m) => m.includes(current instanceof Error ? current.message : ""))) messages.push(current.message);
    current = current.cause;
  }
  const [first, ...rest] = messages;
  return rest.length > 0 ? `${first} (${rest.join("; ")})` : (first ?? String(error));
}
