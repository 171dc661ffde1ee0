// One connection to a running MCP server, over stdio (a child process this starts) or Streamable
// HTTP, through the official SDK v2 Client with version negotiation on `auto`, so 2026-07-28 and
// 2025-era servers both answer. The only network and process code in mcp-gen. Owns the server
// process and everything it starts: close() always ends them. A line or an answer that no working
// server sends ends the exchange the moment it arrives, not at the timeout.
import { Client, ProtocolError, SdkError, SdkErrorCode, SdkHttpError, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import type { JsonValue } from "../model/json.js";
import type { LiveOptions } from "./live-options.js";
import type { LiveProblem, LiveResult } from "./live-problem.js";
import { RawRecorder } from "./raw-recorder.js";
import { publicUrl } from "./public-url.js";
import { excerpt, ServerProcessTransport, type StdoutNoise } from "./server-process.js";
import { cutText } from "../diff/cut-text.js";

/**
 * How to reach a server. `label`: how messages name it. `written`: the command words or the URL as
 * the user wrote them, before a client config's variables were filled in (for the lock's record of
 * the server, which must hold no value the environment gave); absent, `command`/`args` or `url`.
 */
export type LiveTarget =
  | {
      readonly kind: "stdio";
      readonly command: string;
      readonly args: readonly string[];
      readonly cwd: string;
      readonly env: Readonly<Record<string, string>>;
      readonly label?: string;
      readonly written?: readonly string[];
    }
  | { readonly kind: "http"; readonly url: URL; readonly headers: Readonly<Record<string, string>>; readonly label?: string; readonly written?: string };

export interface ServerInfo {
  readonly name: string | undefined;
  readonly version: string | undefined;
  /** "modern" (2026-07-28 and later) or "legacy" (2025 revisions). */
  readonly era: string | undefined;
}

/** When the whole exchange must be over, and a signal that fires then. */
export interface Deadline {
  readonly at: number;
  /** The whole budget, for messages. */
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
}

/** Accepts any result: the raw answer is read from the transport, not from the SDK's parse. */
const ANY_RESULT = { "~standard": { version: 1 as const, vendor: "mcp-gen", validate: (value: unknown) => ({ value }) } };

/** Most characters of a server's stderr kept for error messages. */
const STDERR_TAIL = 2000;

/** Everything one connection attempt set up, and what it saw. */
interface Wire {
  readonly transport: Transport;
  readonly recorder: RawRecorder;
  readonly errors: Error[];
  /** The first line or answer no working server sends; aborts `signal`. */
  fault: LiveProblem | undefined;
  /** The deadline's signal, also aborted by a fault. */
  readonly signal: AbortSignal;
  stderr: string;
}

export class LiveConnection {
  private constructor(
    private readonly client: Client,
    private readonly wire: Wire,
    private readonly target: LiveTarget,
  ) {}

  /** Starts or reaches the server and negotiates the protocol era. */
  static async open(target: LiveTarget, deadline: Deadline, options: Pick<LiveOptions, "clientInfo">): Promise<LiveResult<LiveConnection>> {
    const first = await LiveConnection.connect(target, deadline, options, "auto");
    // A 2025 server that exits on the era probe (servers on SDKs that end on any request before
    // `initialize` do) connects with the 2025 handshake alone, in a fresh process.
    if (!first.ok && first.closedInProbe) return strip(await LiveConnection.connect(target, deadline, options, "legacy"));
    return strip(first);
  }

  private static async connect(
    target: LiveTarget,
    deadline: Deadline,
    options: Pick<LiveOptions, "clientInfo">,
    mode: "auto" | "legacy",
  ): Promise<LiveResult<LiveConnection> & { readonly closedInProbe?: boolean }> {
    // Aborted by the deadline or by the first fault, whichever comes first.
    const faults = new AbortController();
    if (deadline.signal.aborted) faults.abort();
    else deadline.signal.addEventListener("abort", () => faults.abort(), { once: true });
    const wire = { errors: [], fault: undefined, stderr: "", signal: faults.signal } as unknown as Wire;
    const onfault = (problem: LiveProblem) => {
      if (wire.fault !== undefined) return;
      wire.fault = problem;
      faults.abort();
    };
    const transport = makeTransport(target, (chunk) => void (wire.stderr = (wire.stderr + chunk).slice(-STDERR_TAIL)), onfault);
    Object.assign(wire, { transport, recorder: new RawRecorder(transport, onfault) });
    const budget = remaining(deadline);
    const negotiation = mode === "auto" ? { mode, probe: { timeoutMs: Math.max(1000, Math.floor(budget / 2)) } } : { mode };
    const client = new Client({ ...options.clientInfo }, { versionNegotiation: negotiation });
    client.onerror = (error) => void wire.errors.push(error);
    try {
      await client.connect(transport, { timeout: budget, signal: wire.signal });
    } catch (e) {
      await closeQuietly(client, transport);
      const closedInProbe =
        mode === "auto" && target.kind === "stdio" && e instanceof SdkError && e.code === SdkErrorCode.EraNegotiationFailed && /closed during the server\/discover probe/.test(e.message);
      return { ok: false, problem: failure(wire, e, "the connection handshake", target, deadline.timeoutMs), closedInProbe };
    }
    return { ok: true, value: new LiveConnection(client, wire, target) };
  }

  get server(): ServerInfo {
    const info = this.client.getServerVersion();
    return { name: info?.name, version: info?.version, era: this.client.getProtocolEra() };
  }

  /** One tools/list page, as the server sent its `result`. */
  async listToolsPage(cursor: string | undefined, deadline: Deadline): Promise<LiveResult<JsonValue | undefined>> {
    const budget = remaining(deadline);
    try {
      await this.client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, ANY_RESULT, { timeout: budget, signal: this.wire.signal });
    } catch (e) {
      return { ok: false, problem: failure(this.wire, e, "tools/list", this.target, deadline.timeoutMs) };
    }
    return { ok: true, value: this.wire.recorder.takeLast() };
  }

  /** Closes the connection and ends the server and what it started, within a few seconds whatever they do. */
  async close(): Promise<void> {
    await closeQuietly(this.client, this.wire.transport);
  }
}

function strip<T>(result: LiveResult<T> & { readonly closedInProbe?: boolean }): LiveResult<T> {
  return result.ok ? { ok: true, value: result.value } : { ok: false, problem: result.problem };
}

function makeTransport(target: LiveTarget, onStderr: (chunk: string) => void, onfault: (problem: LiveProblem) => void): Transport {
  if (target.kind === "http") {
    return new StreamableHTTPClientTransport(target.url, { requestInit: { headers: { ...target.headers } } });
  }
  const transport = new ServerProcessTransport({ command: target.command, args: target.args, cwd: target.cwd, env: target.env, onStderr });
  transport.onfault = onfault;
  return transport;
}

/** A fault seen on the wire explains any failure it caused; otherwise the SDK's error is described. */
function failure(wire: Wire, e: unknown, what: string, target: LiveTarget, timeoutMs: number): LiveProblem {
  const noise = wire.transport instanceof ServerProcessTransport ? wire.transport.noise : undefined;
  const problem = wire.fault ?? describeFailure(e, what, target, timeoutMs, wire.errors, noise);
  return withStderr(problem, wire.stderr);
}

function remaining(deadline: Deadline): number {
  return Math.max(1, deadline.at - Date.now());
}

/** Closes the client, then the transport whatever the client did (closing twice is harmless). */
async function closeQuietly(client: Client, transport: Transport): Promise<void> {
  const timer = new Promise<void>((resolve) => setTimeout(resolve, 6000).unref());
  await Promise.race([client.close().catch(() => undefined), timer]);
  await transport.close().catch(() => undefined);
}

function withStderr(problem: LiveProblem, tail: string): LiveProblem {
  const text = tail.trim();
  return text === "" ? problem : { ...problem, stderr: text };
}

/** Turns whatever the SDK threw into one sentence about what the server did. */
function describeFailure(e: unknown, what: string, target: LiveTarget, timeoutMs: number, transportErrors: readonly Error[], noise: StdoutNoise | undefined): LiveProblem {
  // A URL's user, password and query may be credentials: messages end up in CI logs.
  const where = target.label ?? (target.kind === "http" ? `${publicUrl(target.url.href)}${target.url.search ? "?…" : ""}` : JSON.stringify(target.command));
  // A line that is JSON but no JSON-RPC message is skipped, by the SDK's transports and ours.
  const notJsonRpc = noise?.notJsonRpc || transportErrors.some(isEnvelopeError) ? " It did send a message that is not JSON-RPC." : "";
  const ignored =
    noise?.text !== undefined
      ? ` (It wrote a line to stdout that is not JSON, which clients ignore: ${excerpt(noise.text)}.)`
      : target.kind === "stdio" && notJsonRpc === ""
        ? " (Lines it writes to stdout that are not JSON are ignored.)"
        : "";
  const timeout = (): LiveProblem => ({ kind: "timeout", message: `The server did not answer ${what} within the ${timeoutMs} ms timeout.${notJsonRpc}${ignored}` });
  if (e instanceof ProtocolError) return { kind: "rpc-error", message: `The server answered ${what} with JSON-RPC error ${e.code}: ${firstLine(e.message)}` };
  if (e instanceof SdkHttpError) return { kind: "connect-failed", message: `The server at ${where} answered ${what} with HTTP ${e.status}${e.statusText ? ` ${e.statusText}` : ""}.` };
  if (e instanceof SdkError) {
    if (e.code === SdkErrorCode.RequestTimeout) return timeout();
    if (e.code === SdkErrorCode.ConnectionClosed || e.code === SdkErrorCode.NotConnected) {
      return { kind: "closed", message: `The server ${target.kind === "stdio" ? "exited or " : ""}closed the connection before answering ${what}.${notJsonRpc}` };
    }
  }
  const error = e instanceof Error ? e : new Error(String(e));
  const code = causeCode(error);
  if (error.name === "AbortError" || error.name === "TimeoutError") return timeout();
  if (isEnvelopeError(error)) return { kind: "bad-response", message: `The server's answer to ${what} is JSON but not a JSON-RPC message.` };
  if (error.name === "SyntaxError") return { kind: "bad-response", message: `The server's answer to ${what} is not JSON: ${firstLine(error.message)}` };
  if (target.kind === "stdio" && (code === "ENOENT" || code === "EACCES")) {
    return { kind: "start-failed", message: `Could not start ${where}: ${code === "ENOENT" ? "no such program" : "permission denied"}.` };
  }
  if (code === "ECONNREFUSED") return { kind: "connect-failed", message: `Could not connect to ${where}: the connection was refused.` };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { kind: "connect-failed", message: `Could not connect to ${where}: the host name does not resolve.` };
  return { kind: "connect-failed", message: `Talking to the server at ${where} failed during ${what}: ${describeChain(error)}.` };
}

/** A zod error from the SDK's JSON-RPC envelope check: its message is the issue list as JSON. */
function isEnvelopeError(error: Error): boolean {
  return error.name === "ZodError" || error.message.trimStart().startsWith("[");
}

/** System error codes this reports in words; the SDK's own error codes are not among them. */
const SYSTEM_CODES: ReadonlySet<string> = new Set(["ENOENT", "EACCES", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/** The first system error code along the cause chain (the SDK wraps fetch, which wraps the socket). */
function causeCode(error: Error): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string" && SYSTEM_CODES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** "fetch failed (other side closed)": each distinct message along the cause chain. */
function describeChain(error: Error): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const line = firstLine(current.message);
    if (line !== "" && !messages.some((m) => m.includes(line))) messages.push(line);
    current = current.cause;
  }
  const [first, ...rest] = messages;
  return rest.length > 0 ? `${first} (${rest.join("; ")})` : (first ?? "unknown error");
}

function firstLine(text: string): string {
  const line = text.split("\n")[0]!.trim();
  return cutText(line, 300);
}
