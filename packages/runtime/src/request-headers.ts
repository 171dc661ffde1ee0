// The header fields of a Streamable HTTP request, as the header checks read them: names lower-cased,
// values trimmed of optional whitespace, and an MCP header that comes on more than one line refused.
// Two lines of one field are joined into one value (RFC 9110 §5.3) that neither an intermediary nor
// the client meant: a proxy that routes on the first Mcp-Param-Region line must not see the server
// run the call with "eu-west1, us-west1". A web-standard Request has joined them already, so Node
// servers check the raw lines first (`duplicateMcpHeaderValidation`). Dependency-free.

/** Header names compare case-insensitively (values do not); Node's `req.headers` fits as it is. */
export type RequestHeaders = ReadonlyMap<string, string> | Readonly<Record<string, string | readonly string[] | undefined>>;

/** A JSON-RPC error, with the header it is about. */
export interface HeaderError {
  readonly code: number;
  readonly message: string;
  readonly data: { readonly header: string };
}

/** HeaderMismatch (MCP 2026-07-28 basic/transports/streamable-http.mdx § Server Validation). */
export const HEADER_MISMATCH = -32020;

export type NormalizedHeaders = { readonly ok: true; readonly map: ReadonlyMap<string, string>; readonly names: ReadonlyMap<string, string> } | { readonly ok: false; readonly error: HeaderError };

/**
 * Lower-cased names (with each name as it was sent, in `names`) and values trimmed of optional
 * whitespace, which HTTP strips anyway (RFC 9110 §5.5). A repeated `Mcp-*` field (an
 * array value, or two names that differ in case) is refused; other repeated fields are joined with
 * ", " as RFC 9110 combines them. Example: `normalizeHeaders({ "Mcp-Name": [" a", "b"] })` refuses Mcp-Name.
 */
export function normalizeHeaders(headers: RequestHeaders): NormalizedHeaders {
  const entries: [string, string | readonly string[] | undefined][] =
    headers instanceof Map
      ? [...(headers as ReadonlyMap<string, string>).entries()]
      : Object.keys(headers).map((name) => [name, (headers as Readonly<Record<string, string | readonly string[] | undefined>>)[name]]);
  const map = new Map<string, string>();
  const names = new Map<string, string>();
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    const values = typeof value === "string" ? [value] : value;
    const key = name.toLowerCase();
    const previous = map.get(key);
    if (isMcpHeader(key) && (values.length > 1 || previous !== undefined)) return { ok: false, error: repeatedHeaderError(name) };
    const text = values.map((v) => v.replace(/^[ \t]+|[ \t]+$/g, "")).join(", ");
    map.set(key, previous === undefined ? text : `${previous}, ${text}`);
    if (!names.has(key)) names.set(key, name);
  }
  return { ok: true, map, names };
}

/** Whether a header name (any case) is one of MCP's: `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Param-*`... */
export function isMcpHeader(name: string): boolean {
  return name.length > 4 && name.slice(0, 4).toLowerCase() === "mcp-";
}

/**
 * The first MCP header name that occurs on more than one line of a raw header list (Node's
 * `req.rawHeaders`: name, value, name, value...), as it was sent the second time; undefined when none.
 */
export function repeatedMcpHeader(rawHeaders: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (!isMcpHeader(name)) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return undefined;
}

export function repeatedHeaderError(header: string): HeaderError {
  return { code: HEADER_MISMATCH, message: `Header mismatch: the ${header} header is sent more than once; an MCP header may appear on one line only.`, data: { header } };
}

/** The parts of Node's IncomingMessage and ServerResponse the check uses (no dependency on @types/node). */
export interface NodeRequestLike {
  readonly rawHeaders: readonly string[];
}
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

/**
 * A check for Node's HTTP server, in the style of the SDK's `localhostHostValidation()`: call it on
 * each request before `toNodeHandler(handler)`; it answers 400 with `-32020` and returns false when
 * an MCP header comes on more than one line, which the handler could not see any more.
 * @example if (!checkHost(req, res) || !checkHeaders(req, res)) return; void listener(req, res);
 */
export function duplicateMcpHeaderValidation(): (req: NodeRequestLike, res: NodeResponseLike) => boolean {
  return (req, res) => {
    const header = repeatedMcpHeader(req.rawHeaders);
    if (header === undefined) return true;
    // The body is not read: its id is unknown (JSON-RPC: null), and Node discards the rest of it.
    res.writeHead(400, { "content-type": "application/json", connection: "close" });
    res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: repeatedHeaderError(header) }));
    return false;
  };
}
