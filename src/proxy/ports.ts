// The two sides the proxy stands between, as the session sees them: the host (stdio, or HTTP with
// --listen) and the server (a child process over stdio, or Streamable HTTP with --url). Each side
// frames its own bytes into message texts; the session decides what passes. Types only.
import type { JsonObject } from "../model/json.js";
import type { RpcMessage } from "./read-message.js";

/**
 * Where a host message came from, so that what answers it goes back the same way: an HTTP request's
 * response stream. Opaque to the session; undefined on stdio, where there is one way back.
 */
export type Route = object | undefined;

/**
 * Whose ids a host message uses: a notifications/cancelled names a request only of its own sender,
 * never another client's that numbers alike. Opaque to the session; undefined on stdio, where there
 * is one host. Over HTTP (--listen): the 2025-era session, or else the POST itself (a 2026-07-28
 * request stands alone: its host cancels it by closing its stream).
 */
export type IdSpace = object | undefined;

export interface HostPort {
  /**
   * Sends one message to the host. `route` is the request it belongs to (undefined: no request, such
   * as a server's own request or a list_changed notification); `final` marks the answer that ends
   * that request. Returns false when the host is not reading fast enough: the session then pauses
   * the server until `onDrain` fires.
   */
  send(text: string, route: Route, final: boolean): boolean;
  /** No answer will come for the request(s) of `route` (a batch whose requests were all cancelled). */
  end(route: Route): void;
  onDrain(resume: () => void): void;
  /** Stops and restarts reading from the host (the server is not reading fast enough). */
  pause(): void;
  resume(): void;
}

/** How the session reaches the server, and what it says about each message sent. */
export interface SendInfo {
  readonly message: RpcMessage;
  /** For tools/call: the tool as the newest verified list showed it (its x-mcp-header properties name headers). */
  readonly tool?: JsonObject | undefined;
  /** For a request: the key of the id as sent, to match transport failures to it. */
  readonly key?: string | undefined;
}

export interface UpstreamEvents {
  /** One message text from the server; `via` is the key of the request whose HTTP response carried it. */
  line(text: string, via: string | undefined): void;
  /** The server sent something no working server sends (a cut message, a line past the limit): the session cannot go on. */
  fault(problem: string): void;
  /** A line on stdout that is not JSON at all (some servers print banners): reported, not passed on. */
  noise(text: string): void;
  /** A request never reached the server, or its answer never can (HTTP failure): the host gets this error instead. */
  failed(key: string, problem: string): void;
  /** Something for the operator alone (stderr, --log): it may name the server's URL, query string and all, which the host never sees. */
  trouble(problem: string): void;
  /** The server is gone: exited (stdio) or the connection is over. */
  ended(end: ServerEnd): void;
  /** The server reads again after `send` returned false. */
  drain(): void;
  /**
   * The stream the server's own messages come on was down for a while and is open again (a 2025-era
   * GET stream that ended or broke, reopened): a list_changed sent meanwhile was lost.
   */
  missed(): void;
  /**
   * 2025 era over HTTP: the server no longer knows the session (HTTP 404 to a POST that carried its
   * Mcp-Session-Id), and a new one is being started with the host's `initialize`. No verdict of a
   * listing made before holds for the new session. Told before anything is sent on it.
   */
  sessionLost(): void;
  /**
   * The request sent under `key` was not processed (HTTP 404: its session was gone), and a new session
   * has started: whether to send it there, once. A tools/call is checked first against the tools the
   * new session lists; when it may not go, the session answers it itself.
   */
  lost(key: string, message: RpcMessage): Promise<Replay>;
}

/** Whether a request lost with its session is sent again on the new one, and for a tools/call the tool as the new session lists it. */
export type Replay = { readonly send: false } | { readonly send: true; readonly tool: JsonObject | undefined };

export type ServerEnd = { readonly code: number; readonly signal?: undefined; readonly problem?: string } | { readonly code?: undefined; readonly signal: NodeJS.Signals; readonly problem?: string };

export interface UpstreamPort {
  start(events: UpstreamEvents): Promise<void>;
  /** Sends one message; false when the server is not reading fast enough (wait for `drain`). */
  send(text: string, info: SendInfo): boolean;
  /** The host gave up on a request (cancelled it): an HTTP server is told by closing its response stream. */
  abandon(key: string): void;
  /**
   * The request sent under `key` has its final answer (or is over for the session): whatever its HTTP
   * response stream may still carry is not waited for. A server that leaves each answered stream open
   * (Streamable HTTP only says it SHOULD close it) would otherwise hold the request's connection and
   * its place among the requests in flight, until the proxy stopped reading the host.
   */
  answered(key: string): void;
  /** Stops and restarts reading from the server (the host is not reading fast enough). */
  pause(): void;
  resume(): void;
  /**
   * 2025 era: whether the server has a way of its own to tell the host's session of a change
   * (notifications/tools/list_changed, unasked): on stdio the connection; over HTTP a session id from
   * `initialize`, whose GET stream carries it. A server that serves 2025-era requests without a session
   * (the SDK v2's createMcpHandler) never tells such a host anything.
   */
  tellsSession(): boolean;
  /** Ends the connection and, for a process, the server and everything it started; `signal` is passed on first. */
  close(signal?: NodeJS.Signals): Promise<ServerEnd>;
}
