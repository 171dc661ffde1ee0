// One line (or HTTP body, or SSE event) of JSON-RPC → the messages in it, each with the exact text it
// was sent as, or why it cannot be read. A batch (JSON-RPC 2.0, allowed in MCP 2025-03-26) comes
// apart into its elements, each checked on its own. A message that repeats a key anywhere is refused:
// JSON.parse keeps the last of two values, a server may keep the first, and then the proxy would
// check one tool name while the server runs another; so is one whose envelope holds two keys a
// reader that ignores case takes for one (twin-keys.ts). Pure.
import { quotedStart } from "../diff/visible-text.js";
import { repeatsKey } from "../load/fast-json.js";
import { sha256Hex } from "../lock/sha256.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { arrayElements, findRepeatedKey, skipSpace } from "./json-spans.js";
import { idText } from "./rpc-text.js";
import { findTwinKeys, foldKey } from "./twin-keys.js";

export type RequestId = string | number;

export type RpcMessage =
  | { readonly kind: "request"; readonly id: RequestId; readonly method: string; readonly params: JsonValue | undefined }
  | { readonly kind: "notification"; readonly method: string; readonly params: JsonValue | undefined }
  | { readonly kind: "response"; readonly id: RequestId | null; readonly ok: boolean };

/** A message as received: its text, exactly as sent, and what it says. */
export interface Received {
  readonly text: string;
  readonly value: JsonObject;
  readonly message: RpcMessage;
}

/** A message that cannot be passed on, and the id to answer it under when it is a request. */
export interface Unreadable {
  /** JSON-RPC error code to answer with: -32700 (not JSON) or -32600 (not a valid message). */
  readonly code: number;
  /** One sentence, for the error and for stderr. */
  readonly problem: string;
  /** The request's id when it can be read unambiguously; null when it cannot. */
  readonly id: RequestId | null;
  /** That id as the sender wrote it ("null" when there is none), to answer under byte for byte. */
  readonly idText: string;
  /** What it looked like: a request is owed an answer; a response answers a request that then waits. */
  readonly shape: "request" | "notification" | "response" | "unknown";
}

export type Item = { readonly ok: true; readonly received: Received } | { readonly ok: false; readonly unreadable: Unreadable };

export type ReadLine = { readonly kind: "single"; readonly item: Item } | { readonly kind: "batch"; readonly items: readonly Item[] } | { readonly kind: "empty" };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

/**
 * @example readLine('{"jsonrpc":"2.0","id":1,"method":"ping"}') // { kind: "single", item: { ok: true, received: { message: { kind: "request", id: 1, method: "ping", ... } } } }
 */
export function readLine(text: string): ReadLine {
  const start = skipSpace(text, 0);
  if (start === text.length) return { kind: "empty" };
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return { kind: "single", item: unreadable(PARSE_ERROR, `It is not JSON: ${excerpt(text)}`, null, "unknown") };
  }
  if (!Array.isArray(value)) return { kind: "single", item: readValue(text, value) };
  if (value.length === 0) return { kind: "single", item: unreadable(INVALID_REQUEST, "It is an empty batch.", null, "request") };
  const spans = arrayElements(text, start);
  return { kind: "batch", items: spans.map((span, i) => readValue(text.slice(span.start, span.end), value[i]!)) };
}

/** One message's text and parsed value → what it is. */
function readValue(text: string, value: JsonValue): Item {
  if (!isJsonObject(value)) return unreadable(INVALID_REQUEST, `It is ${Array.isArray(value) ? "a batch inside a batch" : "not a JSON-RPC message object"}.`, null, "unknown");
  const id = getOwn(value, "id");
  const validId = typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
  const method = getOwn(value, "method");
  const hasResult = Object.hasOwn(value, "result");
  const hasError = Object.hasOwn(value, "error");
  const shape = method !== undefined ? (Object.hasOwn(value, "id") ? "request" : "notification") : hasResult || hasError ? "response" : "unknown";
  const refuse = (problem: string, answerable = true) => unreadable(INVALID_REQUEST, problem, answerable ? (validId ?? null) : null, shape, text);
  if (repeatsKey(text, value)) {
    const repeated = findRepeatedKey(text);
    // Both are the sender's text, and the error goes to the other side (a server's to a host, whose
    // model reads errors): quoted short, invisible characters shown.
    const where = repeated ? ` ${quoteShort(repeated.key)}${repeated.pointer === "" ? "" : ` in ${quoteShort(repeated.pointer, 80).slice(1, -1)}`}` : "";
    // An id that is itself written twice cannot be answered: the two readers disagree on it.
    return refuse(`It repeats the key${where}; readers disagree on which value counts.`, !(repeated?.pointer === "" && repeated.key === "id"));
  }
  const twins = findTwinKeys(value);
  if (twins !== undefined) {
    const where = twins.pointer === "" ? "" : ` in ${quoteShort(twins.pointer, 80).slice(1, -1)}`;
    // A reader that ignores case (Go's encoding/json) keeps the last of the two and reads another message.
    return refuse(
      `It writes the keys ${quoteShort(twins.first)} and ${quoteShort(twins.second)}${where}, which some JSON readers (Go's, which ignore case) take for one key; they disagree on which value counts.`,
      !(twins.pointer === "" && foldKey(twins.second) === "id"),
    );
  }
  if (getOwn(value, "jsonrpc") !== "2.0") return refuse('It has no "jsonrpc": "2.0".');
  // JSON-RPC 2.0 §4, §5: a request has no result or error. A reader that looks for those first would
  // take it for the answer to its own request with that id, an answer the proxy never checked.
  // Refused as an answer: the request waiting under its id gets an error rather than waiting on.
  if (method !== undefined && (hasResult || hasError)) {
    return unreadable(INVALID_REQUEST, `It has both a method and ${hasResult ? "a result" : "an error"}.`, validId ?? null, Object.hasOwn(value, "id") ? "response" : "notification", text);
  }
  if (method !== undefined) {
    if (typeof method !== "string") return refuse("Its method is not a string.");
    const params = getOwn(value, "params");
    if (params !== undefined && (params === null || typeof params !== "object")) return refuse("Its params are neither an object nor an array.");
    if (shape === "notification") return { ok: true, received: { text, value, message: { kind: "notification", method, params } } };
    if (validId === undefined) return refuse("Its id is neither a string nor a number.");
    return { ok: true, received: { text, value, message: { kind: "request", id: validId, method, params } } };
  }
  if (!Object.hasOwn(value, "id") || hasResult === hasError) return refuse("It is neither a request, a notification nor a response.");
  if (validId === undefined && id !== null) return refuse("Its id is neither a string nor a number.");
  if (hasError && !isJsonObject(getOwn(value, "error"))) return refuse("Its error is not an object.");
  return { ok: true, received: { text, value, message: { kind: "response", id: validId ?? null, ok: hasResult } } };
}

function unreadable(code: number, problem: string, id: RequestId | null, shape: Unreadable["shape"], text?: string): Item {
  return { ok: false, unreadable: { code, problem, id, idText: id === null || text === undefined ? "null" : idText(text), shape } };
}

/**
 * The start of a text, for a message: at most 80 characters, quoted, invisible characters shown.
 * What it quotes is the other side's (a server's line on the host's error, and back): an error's
 * message is read by a model and shown by a host, where a bidi override or U+2028 would hide or forge text.
 */
export function excerpt(text: string): string {
  return quoteShort(text, 80);
}

/** Text of a message for a problem: quotedStart, at most `max` characters. */
function quoteShort(text: string, max = 40): string {
  return quotedStart(text, max);
}

/** The longest string id a key repeats; a longer one is keyed by its SHA-256. */
const MAX_KEYED_ID_LENGTH = 64;

/**
 * A key for an id in maps: 1 and "1" are different ids. An id is the other side's text, up to a
 * message long: a longer one than MAX_KEYED_ID_LENGTH is keyed by its SHA-256, so that the ids the
 * proxy remembers (a server's requests waiting for the host, those it cancelled) hold a few bytes each.
 */
export function idKey(id: RequestId): string {
  if (typeof id === "number") return `n${id}`;
  return id.length <= MAX_KEYED_ID_LENGTH ? `s${id}` : `h${sha256Hex(id)}`;
}
