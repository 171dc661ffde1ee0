// The Host and Origin checks against DNS rebinding for targets whose SDK has none for Node's HTTP
// server (SDK v1): a port of the SDK v2's validateHostHeader and validateOriginHeader, which the
// SDK v2 target uses itself, so that both targets let the same requests through and answer the rest
// alike (403, JSON-RPC -32000). Host names compare without port, as the WHATWG URL parser reads them
// (lower-cased, IDNA-mapped); a request without Origin (no browser) passes. A test holds the two to
// the same verdicts. `mcpRequestValidation` puts them into request-validation.ts's guard, which
// `serveHttp` uses and a server wired by hand can. Dependency-free (Node's request and response as
// far as they are used).
import { LOOPBACK_NAMES, requestValidation, type RequestGuard, type RequestValidationOptions } from "../request-validation.js";

/** The parts of Node's IncomingMessage and ServerResponse the checks use. */
export interface GuardRequest {
  readonly headers: { readonly host?: string | undefined; readonly origin?: string | undefined };
}
export interface GuardResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

export type GuardVerdict = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** Whether a Host header names one of `allowed` (host names without port; IPv6 in brackets). */
export function checkHostHeader(host: string | undefined, allowed: readonly string[]): GuardVerdict {
  if (!host) return { ok: false, message: "Missing Host header" };
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return { ok: false, message: `Invalid Host header: ${host}` };
  }
  return allowed.includes(hostname) ? { ok: true } : { ok: false, message: `Invalid Host: ${hostname}` };
}

/** Whether an Origin header is absent or names one of `allowed` (host names, or `<scheme>://*` for a non-web scheme). */
export function checkOriginHeader(origin: string | undefined, allowed: readonly string[]): GuardVerdict {
  if (origin === undefined || origin === "") return { ok: true };
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return { ok: false, message: `Invalid Origin header: ${origin}` };
  }
  if (url.hostname === "") return { ok: false, message: `Invalid Origin header: ${origin}` };
  const webScheme = url.protocol === "http:" || url.protocol === "https:";
  if ((!webScheme && allowed.includes(`${url.protocol}//*`)) || allowed.includes(url.hostname)) return { ok: true };
  return { ok: false, message: `Invalid Origin: ${url.hostname}` };
}

/**
 * Every check `serveHttp` makes before the handler, for a Node HTTP server wired by hand: Host,
 * Origin and `Mcp-*` headers on one line each, Host and Origin against DNS rebinding (loopback names
 * plus the allow-lists), and one path. It answers a refused request itself (400, 403 or 404) and
 * returns false. Throws a RangeError for an allow-list entry that is no bare host name.
 * @example const validate = mcpRequestValidation(); createServer((req, res) => { if (validate(req, res)) void listener(req, res); });
 */
export function mcpRequestValidation(options: RequestValidationOptions = {}): RequestGuard {
  return requestValidation({ host: checkHostHeader, origin: checkOriginHeader, loopbackHosts: LOOPBACK_NAMES, loopbackOrigins: LOOPBACK_NAMES }, options);
}

/** A Node check of the Host header: false, after answering 403, when it names no allowed host. */
export function hostGuard(allowed: readonly string[]): (req: GuardRequest, res: GuardResponse) => boolean {
  return (req, res) => answer(res, checkHostHeader(req.headers.host, allowed));
}

/** A Node check of the Origin header: false, after answering 403, when it names no allowed origin. */
export function originGuard(allowed: readonly string[]): (req: GuardRequest, res: GuardResponse) => boolean {
  return (req, res) => answer(res, checkOriginHeader(req.headers.origin, allowed));
}

function answer(res: GuardResponse, verdict: GuardVerdict): boolean {
  if (verdict.ok) return true;
  res.writeHead(403, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: verdict.message }, id: null }));
  return false;
}
