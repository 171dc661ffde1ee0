// Every check `serveHttp` makes before its handler, as one Node request guard in the SDK's style
// (`(req, res) => boolean`: it answers a refused request itself and returns false), so that a server
// wired by hand (auth middleware, Express) puts the same checks in front as `serveHttp`, which uses
// this guard itself. In order:
// - Host and Origin each on one line and well-formed: Node keeps the first of two Host lines and
//   joins Origin lines, and reads "attacker.example@localhost" as localhost with a user name (400);
// - Host and Origin against DNS rebinding: loopback names pass, others only when listed (403); the
//   target supplies the checks (the SDK v2's own, or v1/host-origin.ts's port of them);
// - an `Mcp-*` header on two lines, which a web-standard Request only sees joined (400, -32020);
// - one path; any other is answered 404. An absolute-form request target (`POST http://host/mcp`,
//   RFC 9112 §3.2.2) is taken when its authority is the Host header's, and rewritten to the origin
//   form the handler expects; one naming another authority is refused (400).
// Dependency-free (Node's request and response as far as they are used), so that a module exporting
// it loads neither node:http nor an SDK package.
import { duplicateMcpHeaderValidation } from "./request-headers.js";

/** Which requests the guard lets through besides loopback ones on the default path. Options only widen what passes. */
export interface RequestValidationOptions {
  /** The endpoint's path; any other path is answered 404. Default "/mcp". */
  readonly path?: string;
  /**
   * Host names a request's Host header may carry besides `localhost`, `127.0.0.1` and `[::1]`
   * (DNS rebinding protection), without port: the names clients reach this server by once it listens
   * beyond loopback, e.g. `["mcp.example.com"]`. For IPv6, in brackets (`[fd00::1]`).
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origin host names (no scheme, no port) a browser page may call from besides loopback ones, e.g.
   * `["app.example.com"]`; a `"<scheme>://*"` entry admits every origin of a non-web scheme
   * (`"chrome-extension://*"`). A request without an Origin header (no browser) always passes.
   */
  readonly allowedOrigins?: readonly string[];
}

/** The parts of Node's IncomingMessage the guard reads. */
export interface GuardedRequest {
  readonly rawHeaders: readonly string[];
  readonly headers: { readonly host?: string | undefined; readonly origin?: string | undefined };
  /** The request target: an absolute-form one is rewritten to its origin form. */
  url?: string | undefined;
}

/** The parts of Node's ServerResponse the guard answers with. */
export interface GuardedResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

/** A Node request check in the SDK's style: it answers the request itself and returns false to stop it. */
export type RequestGuard = (req: GuardedRequest, res: GuardedResponse) => boolean;

/** A Host or Origin header's verdict against allowed host names (the SDK v2's validateHostHeader and validateOriginHeader). */
export type HeaderCheck = (value: string | undefined, allowed: string[]) => { readonly ok: true } | { readonly ok: false; readonly message: string };

/** What a target supplies: its Host and Origin checks, and the loopback names each always allows. */
export interface HostOriginChecks {
  readonly host: HeaderCheck;
  readonly origin: HeaderCheck;
  readonly loopbackHosts: readonly string[];
  readonly loopbackOrigins: readonly string[];
}

export const DEFAULT_PATH = "/mcp";

/** The host names DNS rebinding protection always lets through (the SDK's `localhostAllowedHostnames()`). */
export const LOOPBACK_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The guard for `checks` and `options`; throws a RangeError for an allow-list entry that is no bare
 * host name (checkAllowList).
 * @example const validate = requestValidation(checks, { allowedHosts: ["mcp.example.com"] }); if (!validate(req, res)) return;
 */
export function requestValidation(checks: HostOriginChecks, options: RequestValidationOptions = {}): RequestGuard {
  const { path = DEFAULT_PATH } = options;
  if (!PATH_SHAPE.test(path) || !keptAsGiven(path)) {
    throw new RangeError(`path: ${JSON.stringify(path)} is not a path a request can name as it is; give it with its leading slash, in plain URL characters, with no dot segments (e.g. "/mcp").`);
  }
  const hosts = [...checks.loopbackHosts, ...checkAllowList("allowedHosts", options.allowedHosts)];
  const origins = [...checks.loopbackOrigins, ...checkAllowList("allowedOrigins", options.allowedOrigins)];
  const checkMcpHeaders = duplicateMcpHeaderValidation();
  return (req, res) => {
    if (!checkSingleLines(req, res)) return false;
    if (!answerVerdict(res, checks.host(req.headers.host, hosts)) || !answerVerdict(res, checks.origin(req.headers.origin, origins))) return false;
    if (!checkMcpHeaders(req, res)) return false;
    const target = originForm(req);
    if (target === undefined) {
      reply(res, 400, -32600, "Bad request: the request target names another host than the Host header.");
      return false;
    }
    if (pathOf(target) !== path) {
      reply(res, 404, -32601, `Not found: this server answers MCP requests at ${path}.`);
      return false;
    }
    req.url = target;
    return true;
  };
}

/** A path option: "/" and what follows, up to a query, a fragment or a space. */
const PATH_SHAPE = /^\/[^\s?#]*$/;

/** Whether a URL keeps `path` as it is (no character it would escape, no dot segment it would remove, no backslash it would turn): the only path a request can match. */
function keptAsGiven(path: string): boolean {
  try {
    return new URL(path, "http://localhost").pathname === path;
  } catch {
    return false;
  }
}

/**
 * The request target in origin form (path and query): as sent when it is in that form, the path and
 * query of an absolute-form target whose authority is the Host header's (RFC 9112 §3.2.2: the server
 * must accept it); undefined for another authority. Any other form ("*", "host:port") has no path
 * (pathOf answers "").
 */
function originForm(req: GuardedRequest): string | undefined {
  const target = req.url ?? "";
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(target);
  if (!absolute) return target;
  try {
    const scheme = absolute[1]!.toLowerCase();
    if (scheme !== "http://" && scheme !== "https://") return undefined;
    // The authority and the Host header read alike (a default port dropped from both); the path and
    // query are kept as sent, as an origin-form target's are.
    const authority = new URL(`${scheme}${absolute[2]}`);
    const host = new URL(`${scheme}${req.headers.host ?? ""}`);
    if (authority.username !== "" || authority.password !== "" || authority.host !== host.host) return undefined;
    const rest = target.slice(absolute[0].length).replace(/#.*$/s, "");
    return rest.startsWith("/") ? rest : `/${rest}`;
  } catch {
    return undefined;
  }
}

/** The path of an origin-form target, as sent ("//evil/mcp" is that path, not the path "/mcp" of a host "evil"). */
function pathOf(target: string): string {
  if (!target.startsWith("/")) return "";
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/**
 * The allow-list entries as the checks compare them (the WHATWG URL parser's host name: lower-cased,
 * IDNA-mapped, IPv6 compressed), or a RangeError naming the first that is no bare host name: a port,
 * a scheme or a path would never match, and the server would refuse every client without saying why.
 * @example checkAllowList("allowedHosts", ["MCP.Example.com", "[FD00:0::1]"]) // ["mcp.example.com", "[fd00::1]"]
 */
export function checkAllowList(option: "allowedHosts" | "allowedOrigins", entries: readonly string[] | undefined): string[] {
  return (entries ?? []).map((entry) => {
    if (option === "allowedOrigins" && /^[a-z][a-z0-9+.-]*:\/\/\*$/i.test(entry)) {
      // Every origin of a web scheme is every site: a list of one would switch the check off.
      if (/^(?:https?|wss?):/i.test(entry)) throw new RangeError(`${option}: ${JSON.stringify(entry)} would admit every web page; name the sites (e.g. "app.example.com").`);
      return entry.toLowerCase();
    }
    const hostname = /^(\[[0-9a-f:.]+\]|[^\s/:@?#[\]]+)$/i.test(entry) ? hostnameOf(entry) : undefined;
    if (hostname === undefined) {
      throw new RangeError(`${option}: ${JSON.stringify(entry)} is not a host name; give the name alone, without scheme, port or path (e.g. "mcp.example.com").`);
    }
    // A wildcard would be compared as a name: it would let in nobody but a Host header of "*".
    if (hostname.includes("*")) {
      throw new RangeError(`${option}: ${JSON.stringify(entry)} is a pattern; names are compared whole, so list each host name (e.g. "mcp.example.com").`);
    }
    return hostname;
  });
}

function hostnameOf(name: string): string | undefined {
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Host and Origin must each come on one line at most, and be what they name: a host and port (RFC
 * 9110 §7.2), an origin (scheme, host, port). The checks after this one read each as a URL, where
 * "attacker.example@localhost" is localhost with a user name: let through, it then broke building
 * the request (a 500) instead of being refused.
 */
function checkSingleLines(req: GuardedRequest, res: GuardedResponse): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name !== "host" && name !== "origin") continue;
    if (seen.has(name)) {
      reply(res, 400, -32600, `Bad request: the ${req.rawHeaders[i]} header is sent more than once.`);
      return false;
    }
    seen.add(name);
    const value = req.rawHeaders[i + 1]!;
    if (name === "host" ? !HOST_SHAPE.test(value) : value !== "null" && !ORIGIN_SHAPE.test(value)) {
      reply(res, 400, -32600, `Bad request: the ${req.rawHeaders[i]} header is not ${name === "host" ? "a host name and port" : "an origin"}.`);
      return false;
    }
  }
  return true;
}

/** A host name, IPv4 address or bracketed IPv6 address, and an optional port: no user, path, query or space. */
const HOST_SHAPE = /^(?:\[[0-9A-Za-z:.%]*\]|[^\s@/\\?#[\]]*)(?::\d*)?$/;
/** scheme "://" host [":" port], as browsers send it. */
const ORIGIN_SHAPE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:\[[0-9A-Za-z:.%]*\]|[^\s@/\\?#[\]]*)(?::\d*)?$/;

/** A refused Host or Origin: 403 with the SDK's JSON-RPC error (-32000), as the SDK v2's Node guards answer it. */
function answerVerdict(res: GuardedResponse, verdict: ReturnType<HeaderCheck>): boolean {
  if (verdict.ok) return true;
  res.writeHead(403, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: verdict.message }, id: null }));
  return false;
}

/** A JSON-RPC error for a request that never reached the handler (its body is not read: id null), on a connection that then closes. */
function reply(res: GuardedResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
}
