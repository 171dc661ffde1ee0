// The few JSON-RPC texts the proxy writes itself (errors, log notifications, its own tools/list) and
// the edits it makes to texts it passes on (a request's id, a cancelled request's id, a subscription
// id in _meta), each changing only the value it must and reading ids as the bytes that were sent. Pure.
import type { JsonValue } from "../model/json.js";
import { memberSpan, skipSpace, type Span, spliceSpan } from "./json-spans.js";

export const INTERNAL_ERROR = -32603;

/** A JSON-RPC error response; `idText` is the id as JSON text ("null" when there is none to answer). */
export function errorText(idText: string, code: number, message: string, data?: JsonValue): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `{"jsonrpc":"2.0","id":${idText},"error":${JSON.stringify(error)}}`;
}

export function notificationText(method: string, params: JsonValue): string {
  return JSON.stringify({ jsonrpc: "2.0", method, params });
}

/** A request; without params when `params` is undefined (as a host that sends none writes it). */
export function requestText(idText: string, method: string, params: JsonValue | undefined): string {
  const tail = params === undefined ? "" : `,"params":${JSON.stringify(params)}`;
  return `{"jsonrpc":"2.0","id":${idText},"method":${JSON.stringify(method)}${tail}}`;
}

/** `text` (one message object) with its top-level "id" replaced by `idText`. */
export function withId(text: string, idText: string): string {
  const span = memberSpan(text, skipSpace(text, 0), "id");
  return span === undefined ? text : spliceSpan(text, span, idText);
}

/**
 * The top-level "id" of `text` (one message object) exactly as written: `1.0` stays `1.0`, and an
 * integer past 2^53 keeps its digits, which JSON.stringify(JSON.parse(...)) would not.
 * @example idText('{"jsonrpc":"2.0","id": 1.0,"method":"ping"}') // "1.0"
 */
export function idText(text: string): string {
  const span = memberSpan(text, skipSpace(text, 0), "id");
  return span === undefined ? "null" : text.slice(span.start, span.end);
}

/** `text` with the member `key` of its object `outer`.`_meta` replaced by `valueText`; unchanged when there is none. */
export function withMetaValue(text: string, outer: "params" | "result", key: string, valueText: string): string {
  const value = metaMemberSpan(text, outer, key);
  return value === undefined ? text : spliceSpan(text, value, valueText);
}

/** `text` (a notifications/cancelled) with params.requestId replaced by `idText`. */
export function withCancelledId(text: string, idText: string): string {
  return withParamsValue(text, "requestId", idText);
}

/** `text` with the member `key` of its params object replaced by `valueText`; unchanged when there is none. */
export function withParamsValue(text: string, key: string, valueText: string): string {
  const params = memberSpan(text, skipSpace(text, 0), "params");
  if (params === undefined || text.charCodeAt(params.start) !== 0x7b) return text;
  const value = memberSpan(text, params.start, key);
  return value === undefined ? text : spliceSpan(text, value, valueText);
}

/**
 * The member `key` of `text`'s `outer`.`_meta` exactly as written, or undefined.
 * @example metaValueText('{"params":{"_meta":{"progressToken": 1.0}}}', "params", "progressToken") // "1.0"
 */
export function metaValueText(text: string, outer: "params" | "result", key: string): string | undefined {
  const value = metaMemberSpan(text, outer, key);
  return value === undefined ? undefined : text.slice(value.start, value.end);
}

/** The span of the member `key` of `text`'s `outer`.`_meta`, or undefined. */
function metaMemberSpan(text: string, outer: "params" | "result", key: string): Span | undefined {
  const object = memberSpan(text, skipSpace(text, 0), outer);
  if (object === undefined || text.charCodeAt(object.start) !== 0x7b) return undefined;
  const meta = memberSpan(text, object.start, "_meta");
  if (meta === undefined || text.charCodeAt(meta.start) !== 0x7b) return undefined;
  return memberSpan(text, meta.start, key);
}
