// 2025-era Streamable HTTP: a new session in place of one the server no longer knows (it answered
// HTTP 404 to a POST that carried the Mcp-Session-Id: it restarted, or the session expired). In: the
// host's `initialize` as the proxy first sent it, and a way to POST. Out: the new session's id, or
// why none could be started. The client MUST start a new session with a new InitializeRequest
// without a session id (basic/transports/streamable-http.mdx § Session Management, 2025-03-26 on):
// the host's own, byte for byte, then notifications/initialized under the new id, as the host sent
// them. It sends nothing the host did not send first, and never decides what else goes on the session.
import type { IncomingMessage } from "node:http";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { contentType, describeError, discard, headerText, isOk, readBounded, TOO_LARGE } from "./http-origin.js";
import { mcpHeaders } from "./mcp-headers.js";
import type { RequestId, RpcMessage } from "./read-message.js";
import { excerpt } from "./read-message.js";
import { SseParser } from "./sse-parser.js";

/** Most new sessions started in a row without a request answered on one: a server that loses every session is not asked for more. */
export const RENEWALS_IN_A_ROW = 3;

/**
 * The JSON-RPC code the official SDKs (v1 and v2) answer an unknown session id with: HTTP 404, body
 * `{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}`.
 */
const SESSION_NOT_FOUND = -32001;

/**
 * Whether the body of an HTTP 404 to a request sent on a session answers that request, so that the
 * session holds: a JSON-RPC response under the request's own id (as sent: the proxy's number), with a
 * result or an error other than SESSION_NOT_FOUND. A server answers a method it lacks so (HTTP 404
 * with -32601: the 2026-07-28 rule T-HTTP-6, which the SDK v2's ladder applies, and servers that
 * apply it to their 2025-era sessions too). Anything else is the session lost: no body, a page, a
 * body that is not one JSON-RPC response, one under id null or another id (the SDKs' "Session not
 * found" is under id null), -32001 under any id.
 * @example answersOnSession('{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}', 2) // true
 */
export function answersOnSession(body: string, id: RequestId): boolean {
  const value = parsed(body);
  if (!isJsonObject(value) || getOwn(value, "jsonrpc") !== "2.0" || getOwn(value, "id") !== id) return false;
  if (Object.hasOwn(value, "result")) return !Object.hasOwn(value, "error");
  return Object.hasOwn(value, "error") && getOwn(getOwn(value, "error"), "code") !== SESSION_NOT_FOUND;
}

/** The host's `initialize` as sent, and the protocol version its answer negotiated. */
export interface SessionStart {
  readonly text: string;
  readonly message: RpcMessage;
  readonly version: string | undefined;
}

export type Renewed = { readonly ok: true; readonly sessionId: string | undefined } | { readonly ok: false; readonly problem: string };

export interface RenewalPort {
  /** POSTs `body` with the --header values and `headers`; rejects when the server cannot be reached or the renewal's time is up. */
  post(headers: Readonly<Record<string, string>>, body: string): Promise<IncomingMessage>;
  /** A message on the new session's stream that is not the answer to its `initialize` (a server's own request or notification). */
  deliver(text: string): void;
  readonly maxMessageBytes: number;
}

const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" } as const;
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

/**
 * Starts a new session as the host started the one before; the problem, for the operator's stderr
 * (it may quote the server), when the server did not take it.
 * @example await renewSession(port, { text, message, version: "2025-11-25" }) // { ok: true, sessionId: "…" }
 */
export async function renewSession(port: RenewalPort, start: SessionStart): Promise<Renewed> {
  let response: IncomingMessage;
  try {
    // The headers the host's initialize went with: none derived from a session (no version negotiated yet).
    response = await port.post({ ...POST_HEADERS, ...mcpHeaders(start.message, undefined, undefined) }, start.text);
  } catch (error) {
    return { ok: false, problem: `the new initialize did not reach it: ${describeError(error)}` };
  }
  const sessionId = headerText(response, "mcp-session-id") || undefined;
  const answer = await initializeAnswer(port, response, start.message);
  if (typeof answer === "string") return { ok: false, problem: answer };
  const version = getOwn(getOwn(answer, "result"), "protocolVersion");
  if (version !== start.version)
    // The host speaks the version it negotiated; a server that now speaks another needs the host to initialize itself.
    return { ok: false, problem: `it answered the new initialize with protocol version ${JSON.stringify(version ?? null)}, not the host's ${JSON.stringify(start.version ?? null)}` };
  const headers: Record<string, string> = { ...POST_HEADERS };
  if (start.version !== undefined) headers["mcp-protocol-version"] = start.version;
  if (sessionId !== undefined) headers["mcp-session-id"] = sessionId;
  try {
    const initialized = await port.post(headers, INITIALIZED);
    discard(initialized);
    if (!isOk(initialized)) return { ok: false, problem: `it answered HTTP ${initialized.statusCode ?? 0} to notifications/initialized of the new session` };
  } catch (error) {
    return { ok: false, problem: `notifications/initialized of the new session did not reach it: ${describeError(error)}` };
  }
  return { ok: true, sessionId };
}

/** The answer to the new initialize (a result), or what was wrong with it. */
async function initializeAnswer(port: RenewalPort, response: IncomingMessage, message: RpcMessage): Promise<JsonValue | string> {
  const id = message.kind === "request" ? message.id : undefined;
  if (!isOk(response)) {
    discard(response);
    return `it answered the new initialize with HTTP ${response.statusCode ?? 0}`;
  }
  let answer: JsonValue | undefined;
  const take = (text: string): boolean => {
    const value = parsed(text);
    if (isJsonObject(value) && getOwn(value, "id") === id && (Object.hasOwn(value, "result") || Object.hasOwn(value, "error"))) {
      answer = value;
      return true;
    }
    port.deliver(text);
    return false;
  };
  try {
    if (contentType(response) === "text/event-stream") await readUntilAnswer(port, response, take);
    else {
      const body = await readBounded(response, port.maxMessageBytes);
      if (body === TOO_LARGE) return `its answer to the new initialize is larger than ${port.maxMessageBytes} bytes`;
      take(body);
    }
  } catch (error) {
    return `its answer to the new initialize broke off: ${describeError(error)}`;
  }
  if (answer === undefined) return "it did not answer the new initialize";
  if (getOwn(answer, "error") !== undefined) return `it answered the new initialize with an error: ${excerpt(JSON.stringify(answer))}`;
  return answer;
}

/** Reads an event stream until `take` says an event was the answer; the stream is then closed, not waited on. */
async function readUntilAnswer(port: RenewalPort, response: IncomingMessage, take: (text: string) => boolean): Promise<void> {
  let done = false;
  const parser = new SseParser(port.maxMessageBytes, {
    event: (event) => {
      if (!done && event.event === "message") done = take(event.data);
    },
    oversize: () => undefined,
  });
  const decoder = new TextDecoder();
  for await (const chunk of response as AsyncIterable<Buffer>) {
    parser.push(decoder.decode(chunk, { stream: true }));
    if (done) {
      response.destroy();
      return;
    }
  }
  parser.push(decoder.decode());
}

function parsed(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}
