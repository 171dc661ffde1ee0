// The proxy's HTTP client for one Streamable HTTP server: node:http (node:https for an https URL,
// loaded only then) over ONE keep-alive Agent for the whole run, so sequential requests reuse one
// connection instead of opening a new one per call. Not Node's global `fetch`: it loads undici, about
// 30 MB of the proxy's resident memory and a slower path per request, for features a proxy to one
// origin does not use. Redirects are not followed (an answer 3xx is an error, as `redirect: "error"`
// was); no Accept-Encoding is sent, so bodies come uncompressed. Each request is an Exchange that
// can be aborted at any time: before the answer (the request is destroyed) or while its body is read
// (the body's stream is destroyed, and whoever reads it sees the end). Also the small readers of an
// answer every POST shares: its status, its media type, its body bounded in size, a failure in words.
import type { Agent, ClientRequest, IncomingMessage, OutgoingHttpHeaders, RequestOptions } from "node:http";

type RequestFn = (url: URL, options: RequestOptions, callback: (response: IncomingMessage) => void) => ClientRequest;

/** One request and its answer; abort() ends both, whatever stage they are at. */
export class Exchange {
  private request: ClientRequest | undefined;
  private response: IncomingMessage | undefined;
  private abortedFlag = false;

  get aborted(): boolean {
    return this.abortedFlag;
  }

  abort(): void {
    if (this.abortedFlag) return;
    this.abortedFlag = true;
    this.request?.destroy();
    this.response?.destroy();
  }

  attach(request: ClientRequest): void {
    this.request = request;
    if (this.abortedFlag) request.destroy();
  }

  answered(response: IncomingMessage): void {
    this.response = response;
    if (this.abortedFlag) response.destroy();
  }
}

export class HttpOrigin {
  private constructor(
    private readonly url: URL,
    private readonly agent: Agent,
    private readonly requestFn: RequestFn,
  ) {}

  /** @example const origin = await HttpOrigin.open(new URL("http://127.0.0.1:3000/mcp"), 257) */
  static async open(url: URL, maxSockets: number): Promise<HttpOrigin> {
    const module = url.protocol === "https:" ? await import("node:https") : await import("node:http");
    const agent = new module.Agent({ keepAlive: true, maxSockets, maxFreeSockets: Math.min(maxSockets, 16) });
    return new HttpOrigin(url, agent, module.request as RequestFn);
  }

  /**
   * Sends one request; resolves with the answer once its status line and headers are in (its body
   * still to be read, or dropped with `discard`), rejects when the server cannot be reached, when
   * it redirects, or when `exchange` was aborted.
   */
  send(method: string, headers: OutgoingHttpHeaders, body: string | undefined, exchange: Exchange): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      let request: ClientRequest;
      try {
        const payload = body === undefined ? undefined : Buffer.from(body, "utf8");
        const all = payload === undefined ? headers : { ...headers, "content-length": payload.byteLength };
        request = this.requestFn(this.url, { method, headers: all, agent: this.agent }, (response) => {
          // A body destroyed by abort() (or a connection cut) emits 'error': its reader sees the end instead.
          response.on("error", () => undefined);
          exchange.answered(response);
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            discard(response);
            reject(new Error(`unexpected redirect (HTTP ${status}); mcp-gen proxy follows none`));
            return;
          }
          resolve(response);
        });
        request.on("error", reject);
        exchange.attach(request);
        request.end(payload);
      } catch (error) {
        // A header value Node refuses (a control character in --header): no request was sent.
        reject(error);
      }
    });
  }

  /** Closes every connection, idle or not. */
  close(): void {
    this.agent.destroy();
  }
}

/** Reads and drops a body that is not needed, so that its connection goes back to the pool. */
export function discard(response: IncomingMessage): void {
  response.resume();
}

/** One response header as text: repeated ones joined as Node joins them, absent ones "". */
export function headerText(response: IncomingMessage, name: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

export const TOO_LARGE = Symbol("too large");

/** The body's text, or TOO_LARGE once it passes `maxBytes` (the rest is not read: the connection is dropped). */
export async function readBounded(response: IncomingMessage, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      return TOO_LARGE;
    }
    chunks.push(chunk);
  }
  if (!response.complete) throw new Error("the connection closed before the answer's end");
  return new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
}

export function isOk(response: IncomingMessage): boolean {
  const status = response.statusCode ?? 0;
  return status >= 200 && status < 300;
}

/** The media type of the answer, lower case, without parameters. */
export function contentType(response: IncomingMessage): string {
  return headerText(response, "content-type").split(";")[0]!.trim().toLowerCase();
}

/**
 * "connect ECONNREFUSED 127.0.0.1:1": each distinct message along the cause chain, and those of an
 * AggregateError (Node tries each address of a name in turn; its own message is empty), else its code.
 */
export function describeError(error: unknown): string {
  const messages: string[] = [];
  const note = (message: string) => {
    if (message !== "" && !messages.some((m) => m.includes(message))) messages.push(message);
  };
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    note(current.message);
    if (current instanceof AggregateError) for (const inner of current.errors) if (inner instanceof Error) note(inner.message);
    if (current.message === "" && typeof (current as NodeJS.ErrnoException).code === "string") note((current as NodeJS.ErrnoException).code!);
    current = current.cause;
  }
  const [first, ...rest] = messages;
  return rest.length > 0 ? `${first} (${rest.join("; ")})` : (first ?? String(error));
}
