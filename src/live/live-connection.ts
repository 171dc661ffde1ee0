// One connection to a running MCP server, over stdio (a child process this starts) or Streamable
// HTTP, through the official SDK v2 Client with version negotiation on `auto`, so 2026-07-28 and
// 2025-era servers both answer. The only network and process code in mcp-gen. Owns the child
// process: close() always ends it.
import { Client, ProtocolError, SdkError, SdkErrorCode, SdkHttpError, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { JsonValue } from "../model/json.js";
import type { LiveProblem, LiveResult } from "./live-problem.js";
import { RawRecorder } from "./raw-recorder.js";

export type LiveTarget =
  | { readonly kind: "stdio"; readonly command: string; readonly args: readonly string[]; readonly cwd: string; readonly env: Readonly<Record<string, string>> }
  | { readonly kind: "http"; readonly url: URL; readonly headers: Readonly<Record<string, string>> };

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

export class LiveConnection {
  private constructor(
    private readonly client: Client,
    private readonly recorder: RawRecorder,
    private readonly stderr: () => string,
    private readonly transportErrors: readonly Error[],
  ) {}

  /** Starts or reaches the server and negotiates the protocol era. */
  static async open(target: LiveTarget, deadline: Deadline, clientVersion: string): Promise<LiveResult<LiveConnection>> {
    let tail = "";
    const transport = makeTransport(target, (chunk) => {
      tail = (tail + chunk).slice(-STDERR_TAIL);
    });
    const budget = remaining(deadline);
    const client = new Client({ name: "mcp-gen", version: clientVersion }, { versionNegotiation: { mode: "auto", probe: { timeoutMs: Math.max(1000, Math.floor(budget / 2)) } } });
    const errors: Error[] = [];
    client.onerror = (error) => void errors.push(error);
    try {
      await client.connect(transport, { timeout: budget, signal: deadline.signal });
    } catch (e) {
      await closeQuietly(client);
      return { ok: false, problem: withStderr(describeFailure(e, "the connection handshake", target, deadline.timeoutMs, errors), tail) };
    }
    return { ok: true, value: new LiveConnection(client, new RawRecorder(transport), () => tail, errors) };
  }

  get server(): ServerInfo {
    const info = this.client.getServerVersion();
    return { name: info?.name, version: info?.version, era: this.client.getProtocolEra() };
  }

  /** One tools/list page, as the server sent its `result`. */
  async listToolsPage(cursor: string | undefined, deadline: Deadline, target: LiveTarget): Promise<LiveResult<JsonValue | undefined>> {
    const budget = remaining(deadline);
    try {
      await this.client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, ANY_RESULT, { timeout: budget, signal: deadline.signal });
    } catch (e) {
      return { ok: false, problem: withStderr(describeFailure(e, "tools/list", target, deadline.timeoutMs, this.transportErrors), this.stderr()) };
    }
    return { ok: true, value: this.recorder.takeLast() };
  }

  /** Closes the connection and ends the server process, within a few seconds whatever it does. */
  async close(): Promise<void> {
    await closeQuietly(this.client);
  }
}

function makeTransport(target: LiveTarget, onStderr: (chunk: string) => void): Transport {
  if (target.kind === "http") {
    return new StreamableHTTPClientTransport(target.url, { requestInit: { headers: { ...target.headers } } });
  }
  // The SDK's own StdioClientTransport, not a subclass or wrapper: only it gets the disposable
  // sibling process for the era probe, so a 2025 server that exits on an unknown first request
  // still connects.
  const transport = new StdioClientTransport({ command: target.command, args: [...target.args], cwd: target.cwd, env: { ...target.env }, stderr: "pipe" });
  transport.stderr?.on("data", (chunk: Buffer) => onStderr(chunk.toString("utf8")));
  return transport;
}

function remaining(deadline: Deadline): number {
  return Math.max(1, deadline.at - Date.now());
}

async function closeQuietly(client: Client): Promise<void> {
  const timer = new Promise<void>((resolve) => setTimeout(resolve, 6000).unref());
  await Promise.race([client.close().catch(() => undefined), timer]);
}

function withStderr(problem: LiveProblem, tail: string): LiveProblem {
  const text = tail.trim();
  return text === "" ? problem : { ...problem, stderr: text };
}

/** Turns whatever the SDK threw into one sentence about what the server did. */
function describeFailure(e: unknown, what: string, target: LiveTarget, timeoutMs: number, transportErrors: readonly Error[]): LiveProblem {
  const where = target.kind === "http" ? target.url.href : JSON.stringify(target.command);
  // The transport reports a line that is JSON but no JSON-RPC message (a schema error) and goes on.
  const notJsonRpc = transportErrors.some(isEnvelopeError) ? " It did send a message that is not JSON-RPC." : "";
  const timeout = (): LiveProblem => ({
    kind: "timeout",
    message: `The server did not answer ${what} within the ${timeoutMs} ms timeout.${notJsonRpc}${target.kind === "stdio" && notJsonRpc === "" ? " (Lines it writes to stdout that are not JSON are ignored.)" : ""}`,
  });
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
const SYSTEM_CODES = new Set(["ENOENT", "EACCES", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

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
  return rest.length > 0 ? `${first} (${rest.join("; ")})` : first ?? "unknown error";
}

function firstLine(text: string): string {
  const line = text.split("\n")[0]!.trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

