// Server-side check of the MCP request headers against the JSON-RPC body, run before the SDK handler
// (MCP 2026-07-28, basic/transports/streamable-http.mdx § Server Validation, § Server Behavior for
// Custom Headers, § Protocol Version Header). In: headers, parsed body, registered header params.
// Out: ok, or the HTTP status and JSON-RPC error to send. Never throws, never does I/O.
//
// A 2026-07-28 request must carry its headers; a 2025-era request carries none, but any Mcp-Method,
// Mcp-Name or Mcp-Param-* header it does carry must still agree with the body: a proxy or WAF that
// routes on those headers would otherwise be bypassed by a client that claims the older era.

import type { HeaderParam } from "./header-annotations.js";
import { decodeHeaderValue } from "./header-encoding.js";
import { quoteValue } from "./quote-value.js";
import { HEADER_MISMATCH, normalizeHeaders, type NormalizedHeaders, type RequestHeaders } from "./request-headers.js";

export type { RequestHeaders } from "./request-headers.js";

export interface HeaderValidationInput {
  readonly headers: RequestHeaders;
  /** The parsed JSON-RPC message. */
  readonly body: unknown;
  /** The mirrored parameters of a registered tool; undefined for an unknown tool. */
  headerParamsFor(toolName: string): readonly HeaderParam[] | undefined;
  /** Protocol versions this server serves, reported in `-32022` errors. */
  readonly supportedVersions: readonly string[];
  /** When given, any other method is answered with 404 and `-32601` (method not implemented). */
  readonly implementedMethods?: readonly string[];
}

export interface HeaderValidationError {
  code: number;
  message: string;
  data?: unknown;
}

export type HeaderValidationResult = { ok: true } | { ok: false; httpStatus: number; error: HeaderValidationError };

export { HEADER_MISMATCH };
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
export const INVALID_PARAMS = -32602;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;

const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
// Methods whose target travels in Mcp-Name, and where the body keeps it (`params.name`, or `params.uri` for resources/read).
const NAME_FIELD: Readonly<Record<string, string>> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

type Failure = Extract<HeaderValidationResult, { ok: false }>;

/** The headers that mirror the body: Mcp-Method, Mcp-Name and Mcp-Param-* (lower-cased names). */
function isMirrorHeader(name: string): boolean {
  return name === "mcp-method" || name === "mcp-name" || name.startsWith("mcp-param-");
}

/** normalizeHeaders, with a repeated MCP header as the failure to answer. */
function readHeaders(headers: RequestHeaders): Extract<NormalizedHeaders, { ok: true }> | Failure {
  const read = normalizeHeaders(headers);
  return read.ok ? read : fail(400, read.error.code, read.error.message, read.error.data);
}

/**
 * Accepts the request, or says how to reject it: 400 with `-32020` for a missing, malformed or
 * mismatching header, 400 with `-32022` for an unsupported version, 400 with `-32602` for a missing
 * `_meta` field. Example: `validateRequestHeaders({ headers: req.headers, body, headerParamsFor,
 * supportedVersions: ["2026-07-28"] })` gives `{ ok: true }` for a consistent `tools/call`.
 */
export function validateRequestHeaders(input: HeaderValidationInput): HeaderValidationResult {
  const headers = readHeaders(input.headers);
  if (!headers.ok) return headers;
  const body = input.body;
  // One message per POST in this revision: a batch could slip a tools/call past these checks.
  if (!isPlainObject(body) || typeof own(body, "method") !== "string") {
    return fail(400, INVALID_REQUEST, "The body is not a single JSON-RPC request or notification.");
  }
  const method = String(own(body, "method"));
  // Header rules for notifications are not defined in MCP 2026-07-28;
  // an Mcp-Method header one does carry must still name its method.
  if (!Object.hasOwn(body, "id")) return checkStandardHeader(headers.map, "Mcp-Method", method, false) ?? { ok: true };
  const params = own(body, "params");
  const meta = isPlainObject(params) ? own(params, "_meta") : undefined;
  const metaProblem = checkMeta(meta);
  if (metaProblem !== undefined) return metaProblem;
  const version = String(own(meta, PROTOCOL_VERSION_KEY));
  return (
    checkProtocolVersion(headers.map, version, input.supportedVersions) ??
    checkStandardHeader(headers.map, "Mcp-Method", method, true) ??
    checkImplemented(method, input.implementedMethods) ??
    checkName(headers.map, method, params, true) ??
    checkParams(headers.map, method, params, input.headerParamsFor, true) ?? { ok: true }
  );
}

/**
 * The same agreement for a 2025-era request (no `_meta` envelope), which needs no header at all: every
 * Mcp-Method, Mcp-Name and Mcp-Param-* header that is present must agree with the body exactly as a
 * 2026-07-28 one must, repeated ones are refused, and a mirrored integer must stay within
 * ±(2^53-1). A body these headers cannot be checked against (a batch, a response) is refused when it
 * carries any of them. Example: `validateLegacyHeaders({ headers: { "mcp-name": "other" }, body,
 * headerParamsFor })` refuses a `tools/call` of `region_lookup` with `-32020`.
 */
export function validateLegacyHeaders(input: Omit<HeaderValidationInput, "supportedVersions" | "implementedMethods">): HeaderValidationResult {
  const headers = readHeaders(input.headers);
  if (!headers.ok) return headers;
  const body = input.body;
  if (!isPlainObject(body) || typeof own(body, "method") !== "string") {
    const mirrored = [...headers.map.keys()].find(isMirrorHeader);
    if (mirrored === undefined) return { ok: true };
    const name = headers.names.get(mirrored) ?? mirrored;
    return mismatch(name, `Header mismatch: the ${name} header is present, but the body is not a single JSON-RPC request or notification to check it against.`);
  }
  const method = String(own(body, "method"));
  const params = own(body, "params");
  return (
    checkStandardHeader(headers.map, "Mcp-Method", method, false) ??
    checkName(headers.map, method, params, false) ??
    checkParams(headers.map, method, params, input.headerParamsFor, false) ?? { ok: true }
  );
}

// A request without its required `_meta` fields is invalid params, 400 over HTTP.
function checkMeta(meta: unknown): Failure | undefined {
  if (!isPlainObject(meta)) return fail(400, INVALID_PARAMS, "The request has no params._meta object.");
  if (typeof own(meta, PROTOCOL_VERSION_KEY) !== "string") {
    return fail(400, INVALID_PARAMS, `The request's _meta lacks the string field "${PROTOCOL_VERSION_KEY}".`);
  }
  if (!isPlainObject(own(meta, CLIENT_CAPABILITIES_KEY))) {
    return fail(400, INVALID_PARAMS, `The request's _meta lacks the object field "${CLIENT_CAPABILITIES_KEY}".`);
  }
  return undefined;
}

// MCP-Protocol-Version must equal the body's version (else HeaderMismatch) and be one this server
// serves (else UnsupportedProtocolVersionError, -32022). This server does not serve pre-2025-06-18 clients, so a
// missing header is a failure rather than a request for version 2025-03-26.
function checkProtocolVersion(headers: ReadonlyMap<string, string>, version: string, supported: readonly string[]): Failure | undefined {
  const mismatch = checkStandardHeader(headers, "MCP-Protocol-Version", version, true);
  if (mismatch !== undefined) return mismatch;
  if (!supported.includes(version)) {
    return fail(400, UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version", { supported: [...supported], requested: version });
  }
  return undefined;
}

// A standard header must be there (when `required`), hold only plain characters, and equal the
// body value exactly (values are case-sensitive); any failure is 400 HeaderMismatch (-32020).
function checkStandardHeader(headers: ReadonlyMap<string, string>, name: string, bodyValue: string, required: boolean): Failure | undefined {
  const raw = headers.get(name.toLowerCase());
  if (raw === undefined) return required ? mismatch(name, `Header mismatch: the ${name} header is missing.`) : undefined;
  if (!/^[\x20-\x7e]*$/.test(raw)) return mismatch(name, `Header mismatch: the ${name} header value ${quoteValue(raw)} holds characters outside 0x20-0x7E.`);
  if (raw !== bodyValue) return mismatch(name, differs(name, raw, bodyValue));
  return undefined;
}

function checkImplemented(method: string, implemented: readonly string[] | undefined): Failure | undefined {
  if (implemented === undefined || implemented.includes(method)) return undefined;
  return fail(404, METHOD_NOT_FOUND, `Method not found: ${method}`);
}

// Mcp-Name is decoded before it is compared with params.name (or params.uri).
function checkName(headers: ReadonlyMap<string, string>, method: string, params: unknown, required: boolean): Failure | undefined {
  const field = Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined;
  if (field === undefined) return undefined;
  const raw = headers.get("mcp-name");
  if (raw === undefined && !required) return undefined;
  const bodyValue = own(params, field);
  if (typeof bodyValue !== "string") return fail(400, INVALID_PARAMS, `The ${method} request has no string params.${field}.`);
  if (raw === undefined) return mismatch("Mcp-Name", "Header mismatch: the Mcp-Name header is missing.");
  const decoded = decodeHeaderValue(raw);
  if (!decoded.ok) return mismatch("Mcp-Name", `Header mismatch: the Mcp-Name header value ${quoteValue(raw)} is malformed. ${decoded.reason}`);
  if (decoded.value !== bodyValue) return mismatch("Mcp-Name", differs("Mcp-Name", raw, bodyValue));
  return undefined;
}

// Each Mcp-Param header the tool declares must agree with the body value at its path, once decoded,
// hold only characters the encoding allows, and an integer must be within ±(2^53-1). Mcp-Param
// headers the tool does not declare are ignored (MCP 2026-07-28 leaves this open). Unknown tools are
// left to the SDK, which answers -32602. A missing header is a mismatch only when `required` (a
// 2026-07-28 request).
function checkParams(
  headers: ReadonlyMap<string, string>,
  method: string,
  params: unknown,
  headerParamsFor: (toolName: string) => readonly HeaderParam[] | undefined,
  required: boolean,
): Failure | undefined {
  if (method !== "tools/call") return undefined;
  const declared = headerParamsFor(String(own(params, "name")));
  if (declared === undefined) return undefined;
  const args = own(params, "arguments");
  for (const param of declared) {
    const header = `Mcp-Param-${param.name}`;
    const raw = headers.get(header.toLowerCase());
    const bodyValue = valueAtPath(args, param.path);
    // JSON.parse has already rounded an integer past 2^53 (9007199254740993 reads as ...992), so the
    // handler would get another number than the client sent, and a header could agree with either.
    if (param.type === "integer" && typeof bodyValue === "number" && Number.isInteger(bodyValue) && !Number.isSafeInteger(bodyValue)) {
      return fail(
        400,
        INVALID_PARAMS,
        `Invalid arguments: ${argumentPath(param)} is ${String(bodyValue)}, outside the range -(2^53-1) to 2^53-1 that an integer mirrored into ${header} must stay in.`,
      );
    }
    if (bodyValue === undefined || bodyValue === null) {
      // The header is not expected here (the argument is null or absent); one sent anyway matches no body value, so it is
      // rejected.
      if (raw !== undefined) return mismatch(header, `Header mismatch: the ${header} header is present but the body has no value at ${argumentPath(param)}.`);
      continue;
    }
    if (raw === undefined && !required) continue;
    if (typeof bodyValue === "object") {
      // No client can mirror an object or array, so the arguments are wrong, not the headers; a
      // HeaderMismatch would send the client into a pointless tools/list refresh.
      const kind = Array.isArray(bodyValue) ? "an array" : "an object";
      return fail(400, INVALID_PARAMS, `Invalid arguments: ${argumentPath(param)} is ${kind}, but ${header} can only mirror a string, integer or boolean.`);
    }
    if (raw === undefined) return mismatch(header, `Header mismatch: the ${header} header is missing although the body has a value for it.`);
    const decoded = decodeHeaderValue(raw);
    if (!decoded.ok) return mismatch(header, `Header mismatch: the ${header} header value ${quoteValue(raw)} is malformed. ${decoded.reason}`);
    if (!matchesBody(decoded.value, bodyValue)) return mismatch(header, differs(header, raw, bodyValue));
  }
  return undefined;
}

// Compares the decoded header with the body as a client would have encoded the body value.
// Numbers compare numerically, so "42.0" and "042" equal 42,
// and exactly: "9007199254740993" does not equal 9007199254740992, though both read as that double.
function matchesBody(decoded: string, bodyValue: unknown): boolean {
  if (typeof bodyValue === "string") return decoded === bodyValue;
  if (typeof bodyValue === "boolean") return decoded === String(bodyValue);
  if (typeof bodyValue === "number") return Number.isSafeInteger(bodyValue) && denotesInteger(decoded, bodyValue);
  return false;
}

/** Whether decimal `text` (sign, digits, optional fraction and exponent) is exactly the integer `value`. */
function denotesInteger(text: string, value: number): boolean {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]{1,5}))?$/.exec(text);
  if (match === null) return false;
  const fraction = match[3] ?? "";
  let digits = (match[2]! + fraction).replace(/^0+(?=[0-9])/, "");
  let scale = Number(match[4] ?? "0") - fraction.length;
  // Trailing zeros after the point ("42.0") and before a negative exponent change nothing.
  while (scale < 0 && digits.length > 1 && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    scale++;
  }
  if (scale < 0) return digits === "0" && value === 0;
  // Past 16 digits no safe integer is left to be equal to.
  if (digits !== "0" && digits.length + scale > 16) return false;
  const magnitude = BigInt(digits) * 10n ** BigInt(digits === "0" ? 0 : scale);
  return (match[1] === "-" ? -magnitude : magnitude) === BigInt(value);
}

// Own properties only, through plain objects only: `__proto__` in a path is just a name.
function valueAtPath(args: unknown, path: readonly string[]): unknown {
  let current = args;
  for (const key of path) {
    if (!isPlainObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

function argumentPath(param: HeaderParam): string {
  return "arguments" + param.path.map((key) => `[${quoteValue(key)}]`).join("");
}

function differs(header: string, raw: string, bodyValue: unknown): string {
  return `Header mismatch: ${header} header value ${quoteValue(raw)} does not match body value ${quoteValue(bodyValue)}.`;
}

function mismatch(header: string, message: string): Failure {
  return fail(400, HEADER_MISMATCH, message, { header });
}

function fail(httpStatus: number, code: number, message: string, data?: unknown): Failure {
  return data === undefined ? { ok: false, httpStatus, error: { code, message } } : { ok: false, httpStatus, error: { code, message, data } };
}

function own(value: unknown, key: string): unknown {
  return isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
