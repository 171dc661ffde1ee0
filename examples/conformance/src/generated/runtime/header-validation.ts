// Copied by mcp-gen from its runtime (header-validation.ts).
// Do not edit: `mcp-gen build` rewrites this file and `mcp-gen check` reports hand edits.
/* eslint-disable */
// Server-side check of the MCP request headers against the JSON-RPC body, run before the SDK handler
// (MCP 2026-07-28, basic/transports/streamable-http.mdx § Server Validation, § Server Behavior for
// Custom Headers, § Protocol Version Header). In: headers, parsed body, registered header params.
// Out: ok, or the HTTP status and JSON-RPC error to send. Never throws, never does I/O.

import type { HeaderParam } from "./header-annotations.js";
import { decodeHeaderValue } from "./header-encoding.js";
import { quoteValue } from "./quote-value.js";

/** Header names compare case-insensitively (T-HTTP-10); Node's `req.headers` fits as it is. */
export type RequestHeaders = ReadonlyMap<string, string> | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface HeaderValidationInput {
  readonly headers: RequestHeaders;
  /** The parsed JSON-RPC message. */
  readonly body: unknown;
  /** The mirrored parameters of a registered tool; undefined for an unknown tool. */
  headerParamsFor(toolName: string): readonly HeaderParam[] | undefined;
  /** Protocol versions this server serves, reported in `-32022` errors. */
  readonly supportedVersions: readonly string[];
  /** When given, any other method is answered with 404 and `-32601` (T-HTTP-6). */
  readonly implementedMethods?: readonly string[];
}

export interface HeaderValidationError {
  code: number;
  message: string;
  data?: unknown;
}

export type HeaderValidationResult = { ok: true } | { ok: false; httpStatus: number; error: HeaderValidationError };

export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
export const INVALID_PARAMS = -32602;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;

const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
// Methods whose target travels in Mcp-Name, and where the body keeps it (T-HTTP-8).
const NAME_FIELD: Readonly<Record<string, string>> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

type Failure = Extract<HeaderValidationResult, { ok: false }>;

/**
 * Accepts the request, or says how to reject it: 400 with `-32020` for a missing, malformed or
 * mismatching header, 400 with `-32022` for an unsupported version, 400 with `-32602` for a missing
 * `_meta` field. Example: `validateRequestHeaders({ headers: req.headers, body, headerParamsFor,
 * supportedVersions: ["2026-07-28"] })` gives `{ ok: true }` for a consistent `tools/call`.
 */
export function validateRequestHeaders(input: HeaderValidationInput): HeaderValidationResult {
  const headers = normalizeHeaders(input.headers);
  const body = input.body;
  // One message per POST in this revision: a batch could slip a tools/call past these checks.
  if (!isPlainObject(body) || typeof own(body, "method") !== "string") {
    return fail(400, INVALID_REQUEST, "The body is not a single JSON-RPC request or notification.");
  }
  // Header rules for notifications are not defined in this revision (CHECKLIST Appendix B item 13).
  if (!Object.hasOwn(body, "id")) return { ok: true };
  const method = String(own(body, "method"));
  const params = own(body, "params");
  const meta = isPlainObject(params) ? own(params, "_meta") : undefined;
  const metaProblem = checkMeta(meta);
  if (metaProblem !== undefined) return metaProblem;
  const version = String(own(meta, PROTOCOL_VERSION_KEY));
  return (
    checkProtocolVersion(headers, version, input.supportedVersions) ??
    checkStandardHeader(headers, "Mcp-Method", method) ??
    checkImplemented(method, input.implementedMethods) ??
    checkName(headers, method, params) ??
    checkParams(headers, method, params, input.headerParamsFor) ?? { ok: true }
  );
}

// T-META-4: a request without its required `_meta` fields is invalid params, 400 over HTTP.
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

// T-HTTP-4, T-HTTP-5, T-HTTP-7, T-VER-1. This server does not serve pre-2025-06-18 clients, so a
// missing header is a failure rather than a request for version 2025-03-26.
function checkProtocolVersion(headers: ReadonlyMap<string, string>, version: string, supported: readonly string[]): Failure | undefined {
  const mismatch = checkStandardHeader(headers, "MCP-Protocol-Version", version);
  if (mismatch !== undefined) return mismatch;
  if (!supported.includes(version)) {
    return fail(400, UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version", { supported: [...supported], requested: version });
  }
  return undefined;
}

// T-HTTP-12: the header must be there, hold only plain characters, and equal the body value exactly
// (values are case-sensitive, T-HTTP-10).
function checkStandardHeader(headers: ReadonlyMap<string, string>, name: string, bodyValue: string): Failure | undefined {
  const raw = headers.get(name.toLowerCase());
  if (raw === undefined) return mismatch(name, `Header mismatch: the ${name} header is missing.`);
  if (!/^[\x20-\x7e]*$/.test(raw)) return mismatch(name, `Header mismatch: the ${name} header value ${quoteValue(raw)} holds characters outside 0x20-0x7E.`);
  if (raw !== bodyValue) return mismatch(name, differs(name, raw, bodyValue));
  return undefined;
}

function checkImplemented(method: string, implemented: readonly string[] | undefined): Failure | undefined {
  if (implemented === undefined || implemented.includes(method)) return undefined;
  return fail(404, METHOD_NOT_FOUND, `Method not found: ${method}`);
}

// T-HTTP-8, T-ENC-7: Mcp-Name is decoded before it is compared with params.name (or params.uri).
function checkName(headers: ReadonlyMap<string, string>, method: string, params: unknown): Failure | undefined {
  const field = Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined;
  if (field === undefined) return undefined;
  const bodyValue = own(params, field);
  if (typeof bodyValue !== "string") return fail(400, INVALID_PARAMS, `The ${method} request has no string params.${field}.`);
  const raw = headers.get("mcp-name");
  if (raw === undefined) return mismatch("Mcp-Name", "Header mismatch: the Mcp-Name header is missing.");
  const decoded = decodeHeaderValue(raw);
  if (!decoded.ok) return mismatch("Mcp-Name", `Header mismatch: the Mcp-Name header value ${quoteValue(raw)} is malformed. ${decoded.reason}`);
  if (decoded.value !== bodyValue) return mismatch("Mcp-Name", differs("Mcp-Name", raw, bodyValue));
  return undefined;
}

// T-HTTP-11, T-HTTP-13..16. Mcp-Param headers the tool does not declare are ignored (Appendix B item 8,
// vector HV-44). Unknown tools are left to the SDK, which answers -32602.
function checkParams(
  headers: ReadonlyMap<string, string>,
  method: string,
  params: unknown,
  headerParamsFor: (toolName: string) => readonly HeaderParam[] | undefined,
): Failure | undefined {
  if (method !== "tools/call") return undefined;
  const declared = headerParamsFor(String(own(params, "name")));
  if (declared === undefined) return undefined;
  const args = own(params, "arguments");
  for (const param of declared) {
    const header = `Mcp-Param-${param.name}`;
    const raw = headers.get(header.toLowerCase());
    const bodyValue = valueAtPath(args, param.path);
    if (bodyValue === undefined || bodyValue === null) {
      // The header is not expected here (T-HTTP-15); one sent anyway matches no body value, so it is
      // rejected (Appendix B item 6, vectors HV-24 and HV-25).
      if (raw !== undefined) return mismatch(header, `Header mismatch: the ${header} header is present but the body has no value at ${argumentPath(param)}.`);
      continue;
    }
    if (typeof bodyValue === "object") {
      // No client can mirror an object or array, so the arguments are wrong, not the headers; a
      // HeaderMismatch would send the client into a pointless tools/list refresh (T-HDR-16).
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

// Compares the decoded header with the body as a client would have encoded the body value (T-ENC-2).
// Numbers compare numerically, so "42.0" and "042" equal 42 (T-HTTP-16, vectors HV-12 and HV-14).
function matchesBody(decoded: string, bodyValue: unknown): boolean {
  if (typeof bodyValue === "string") return decoded === bodyValue;
  if (typeof bodyValue === "boolean") return decoded === String(bodyValue);
  if (typeof bodyValue === "number") return /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(decoded) && Number(decoded) === bodyValue;
  return false;
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

// Lower-cased names; values trimmed of optional whitespace, which HTTP strips anyway (RFC 9110 §5.5,
// vector HV-43); repeated fields joined with ", " as RFC 9110 §5.3 combines them.
function normalizeHeaders(headers: RequestHeaders): Map<string, string> {
  const entries: [string, string | readonly string[] | undefined][] = isReadonlyMap(headers)
    ? [...headers.entries()]
    : Object.keys(headers).map((name) => [name, headers[name]]);
  const out = new Map<string, string>();
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const text = (typeof value === "string" ? [value] : value).map((v) => v.replace(/^[ \t]+|[ \t]+$/g, "")).join(", ");
    const key = name.toLowerCase();
    const previous = out.get(key);
    out.set(key, previous === undefined ? text : `${previous}, ${text}`);
  }
  return out;
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

function isReadonlyMap(headers: RequestHeaders): headers is ReadonlyMap<string, string> {
  return headers instanceof Map;
}
