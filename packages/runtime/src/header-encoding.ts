// Header values for Mcp-Param-{Name} and Mcp-Name (MCP 2026-07-28, basic/transports/streamable-http.mdx
// § Value Encoding, § Standard Request Headers). In: an argument value, a tool name, or a received header
// value. Out: the exact header text or the decoded string, or a reason. Never throws, never does I/O.

import { decodeBase64, encodeBase64 } from "./base64.js";
import { decodeUtf8, encodeUtf8 } from "./utf8.js";

/** The sentinel markers are lowercase and case-sensitive. */
export const BASE64_PREFIX = "=?base64?";
export const BASE64_SUFFIX = "?=";

export type HeaderEncodeResult = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: string };
export type HeaderDecodeResult = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: string };

/**
 * The Mcp-Param header value for one mirrored argument: strings as they are, integers in decimal,
 * booleans as `true`/`false`, then the Base64 sentinel form when the text is not safe as a
 * plain value. Integers outside ±(2^53-1), fractions, and strings holding a lone
 * surrogate have no faithful header form, so they are refused.
 * Example: `encodeHeaderValue("Hello, 世界")` gives `{ ok: true, value: "=?base64?SGVsbG8sIOS4lueVjA==?=" }`.
 */
export function encodeHeaderValue(value: string | number | boolean): HeaderEncodeResult {
  if (typeof value === "string") return encodeText(value);
  if (typeof value === "boolean") return { ok: true, value: value ? "true" : "false" };
  if (typeof value === "number") return encodeInteger(value);
  // Generated code passes parsed JSON here, so guard against what the types rule out.
  return { ok: false, reason: `A value of type ${describeType(value)} cannot be mirrored into a header; only strings, integers and booleans can.` };
}

/**
 * The Mcp-Name header value for a tool or prompt name or a resource URI; the same rules as for
 * parameters apply. Example: `encodeNameHeader("météo")` gives
 * `{ ok: true, value: "=?base64?bcOpdMOpbw==?=" }`.
 */
export function encodeNameHeader(name: string): HeaderEncodeResult {
  return encodeText(name);
}

/**
 * True when `text` must travel in the sentinel form: a character outside 0x20-0x7E (non-ASCII or a
 * control character, TAB included), a leading or trailing space, or a plain value that
 * already looks like a sentinel. Example: `needsBase64(" padded ")` is true.
 */
export function needsBase64(text: string): boolean {
  if (text.startsWith(BASE64_PREFIX) && text.endsWith(BASE64_SUFFIX)) return true;
  return !isVisibleAscii(text) || text.startsWith(" ") || text.endsWith(" ");
}

/**
 * Decodes a received Mcp-Name or Mcp-Param value for comparison with the body, which is always done decoded. A value of at
 * least 11 characters between the exact markers is Base64: RFC 4648 alphabet, padding required, bytes
 * that are well-formed UTF-8. Anything else is a plain value and must be one a conforming
 * client could send: only 0x20-0x7E and no surrounding spaces. Surrounding HTTP whitespace
 * is the caller's to strip. Example: `decodeHeaderValue("=?base64?SGVsbG8=?=")` gives `{ ok: true, value: "Hello" }`.
 */
export function decodeHeaderValue(raw: string): HeaderDecodeResult {
  // Shorter values overlap the markers ("=?base64?=" shares its "?"), so they count as plain text.
  if (raw.length >= BASE64_PREFIX.length + BASE64_SUFFIX.length && raw.startsWith(BASE64_PREFIX) && raw.endsWith(BASE64_SUFFIX)) {
    const payload = raw.slice(BASE64_PREFIX.length, raw.length - BASE64_SUFFIX.length);
    const bytes = decodeBase64(payload);
    if (bytes === undefined) return { ok: false, reason: "The Base64 sentinel does not hold padded standard Base64 (RFC 4648 §4)." };
    const text = decodeUtf8(bytes);
    if (text === undefined) return { ok: false, reason: "The Base64 sentinel decodes to bytes that are not well-formed UTF-8." };
    return { ok: true, value: text };
  }
  if (!isVisibleAscii(raw)) return { ok: false, reason: "The value holds characters outside 0x20-0x7E and is not in the Base64 sentinel form." };
  if (raw.startsWith(" ") || raw.endsWith(" ")) return { ok: false, reason: "The value has a leading or trailing space and is not in the Base64 sentinel form." };
  return { ok: true, value: raw };
}

function encodeText(text: string): HeaderEncodeResult {
  if (!needsBase64(text)) return { ok: true, value: text };
  const bytes = encodeUtf8(text);
  // A lone surrogate has no UTF-8 form. Writing U+FFFD instead would make the header differ from the
  // body, and the server would answer HeaderMismatch for a request the client believed correct.
  if (bytes === undefined) return { ok: false, reason: "The string holds a lone UTF-16 surrogate, which has no UTF-8 form to put in a header." };
  return { ok: true, value: BASE64_PREFIX + encodeBase64(bytes) + BASE64_SUFFIX };
}

function encodeInteger(value: number): HeaderEncodeResult {
  // JSON Schema counts 42.0 as an integer; JavaScript already holds it as 42.
  if (!Number.isInteger(value)) return { ok: false, reason: `The number ${String(value)} is not an integer, so it cannot be mirrored into a header.` };
  if (!Number.isSafeInteger(value)) {
    return { ok: false, reason: `The integer ${String(value)} is outside the safe range -(2^53-1) to 2^53-1 that mirrored integers must stay in.` };
  }
  return { ok: true, value: String(value) };
}

function isVisibleAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
