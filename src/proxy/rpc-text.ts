// The few JSON-RPC texts the proxy writes itself (errors, log notifications, its own tools/list) and
// the two edits it makes to texts it passes on (an id it had to map, a cancelled request's id), each
// changing only the value it must. Pure.
import type { JsonValue } from "../model/json.js";
import { memberSpan, skipSpace, spliceSpan } from "./json-spans.js";

export const INTERNAL_ERROR = -32603;

/** A JSON-RPC error response; `idText` is the id as JSON text ("null" when there is none to answer). */
export function errorText(idText: string, code: number, message: string, data?: JsonValue): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `{"jsonrpc":"2.0","id":${idText},"error":${JSON.stringify(error)}}`;
}

export function notificationText(method: string, params: JsonValue): string {
  return JSON.stringify({ jsonrpc: "2.0", method, params });
}

export function requestText(idText: string, method: string, params: JsonValue): string {
  return `{"jsonrpc":"2.0","id":${idText},"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`;
}

/** `text` (one message object) with its top-level "id" replaced by `idText`. */
export function withId(text: string, idText: string): string {
  const span = memberSpan(text, skipSpace(text, 0), "id");
  return span === undefined ? text : spliceSpan(text, span, idText);
}

/** `text` (a notifications/cancelled) with params.requestId replaced by `idText`. */
export function withCancelledId(text: string, idText: string): string {
  const params = memberSpan(text, skipSpace(text, 0), "params");
  if (params === undefined || text.charCodeAt(params.start) !== 0x7b) return text;
  const id = memberSpan(text, params.start, "requestId");
  return id === undefined ? text : spliceSpan(text, id, idText);
}
