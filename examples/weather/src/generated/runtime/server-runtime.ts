// Copied by mcp-gen from its runtime (server-runtime.ts).
// Do not edit: `mcp-gen build` rewrites this file and `mcp-gen check` reports hand edits.
// The server half of generated code, copied verbatim into every project (depends only on
// @modelcontextprotocol/server). In: a tool table built once at module load, and the user's typed
// handlers. Out: an SDK server factory whose per-request cost does not grow with the number of tools.
// tools/list serves precomputed pages; tools/call validates with precompiled validators, runs the
// handler, checks the result against outputSchema, and never sends a stack trace.
import {
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolRequest,
  type CallToolResult,
  type ContentBlock,
  type Implementation,
  type InputRequiredResult,
  type ListToolsRequest,
  type ListToolsResult,
  type ServerContext,
  type ServerOptions,
  type Tool,
} from "@modelcontextprotocol/server";
import type { ToolEntry, ToolTable } from "./tool-table.js";
import { checkArgumentLimits, describeValidationError } from "./validation-messages.js";

/** Throw from a handler to answer with a tool execution error (`isError: true`) the model can read. */
export class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(message: string, readonly content?: readonly ContentBlock[]) {
    super(message);
  }
}

/** Thrown by generated handler stubs until the handler is written. */
export class ToolNotImplementedError extends ToolError {
  constructor(tool: string) {
    super(`Tool ${tool} is not implemented yet: write its handler (generated as a stub by mcp-gen).`);
  }
}

const FULL_RESULT: unique symbol = Symbol.for("mcp-gen.fullResult");

/** A complete CallToolResult returned as is (use `toolResult()` to build one). */
export type FullToolResult<R> = Omit<CallToolResult, "structuredContent"> & { structuredContent?: R; readonly [FULL_RESULT]: true };

/** Marks a complete result, for handlers that want to set content blocks, `_meta` or `isError` themselves. */
export function toolResult<R>(result: Omit<CallToolResult, "structuredContent"> & { structuredContent?: R }): FullToolResult<R> {
  return Object.assign({ ...result }, { [FULL_RESULT]: true as const });
}

/** Content of a tool without outputSchema: text, or content blocks. */
export type ToolContent = string | readonly ContentBlock[];

export type ToolContext = ServerContext;
export type HandlerReturn<R> = R | FullToolResult<R> | InputRequiredResult;
export type ToolHandler<A, R> = (args: A, ctx: ToolContext) => HandlerReturn<R> | Promise<HandlerReturn<R>>;

export interface ServerLimits {
  readonly maxArgumentDepth: number;
  readonly maxStringLength: number;
  /** 0 means no limit. */
  readonly callTimeoutMs: number;
}

export interface ServerRuntimeOptions {
  readonly serverInfo: Implementation;
  readonly cacheHint: { readonly ttlMs: number; readonly cacheScope: "public" | "private" };
  readonly limits: ServerLimits;
  /** More SDK server options (instructions, requestState.verify, ...); `capabilities.tools` is always set. */
  readonly serverOptions?: ServerOptions;
  /**
   * Told about failures that are not sent to the client in full: unexpected handler exceptions and
   * results that break outputSchema. Defaults to one line on stderr (stdout belongs to stdio).
   */
  readonly onError?: (report: { readonly tool: string; readonly errorId: string; readonly error: unknown; readonly kind: "handler-exception" | "invalid-output" }) => void;
}

function defaultOnError(report: Parameters<NonNullable<ServerRuntimeOptions["onError"]>>[0]): void {
  const detail = report.error instanceof Error ? report.error.stack ?? report.error.message : String(report.error);
  console.error(`[mcp-gen] ${report.kind} in tool ${report.tool} (error id ${report.errorId}): ${detail}`);
}

function textResult(text: string, isError = false): CallToolResult {
  return isError ? { content: [{ type: "text", text }], isError: true } : { content: [{ type: "text", text }] };
}

function errorId(): string {
  return crypto.randomUUID().slice(0, 8);
}

/** Installs tools/list and tools/call on a Server whose capabilities include `tools`. */
export function installTools(server: Server, table: ToolTable, handlers: Readonly<Record<string, ToolHandler<never, unknown>>>, options: ServerRuntimeOptions): void {
  const onError = options.onError ?? defaultOnError;
  server.setRequestHandler("tools/list", (request: ListToolsRequest) => {
    const cursor = request.params?.cursor;
    const page = cursor === undefined ? 0 : table.cursors.get(cursor);
    if (page === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor: it does not come from this server's tool list.");
    return table.pages[page] as unknown as ListToolsResult;
  });
  server.setRequestHandler("tools/call", (request: CallToolRequest, ctx: ServerContext) => callTool(server, table, handlers, options, onError, request, ctx));
}

async function callTool(
  server: Server,
  table: ToolTable,
  handlers: Readonly<Record<string, ToolHandler<never, unknown>>>,
  options: ServerRuntimeOptions,
  onError: NonNullable<ServerRuntimeOptions["onError"]>,
  request: CallToolRequest,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const { name } = request.params;
  const entry = table.byName.get(name);
  const handler = entry === undefined ? undefined : handlers[name];
  if (entry === undefined || handler === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  const args: unknown = request.params.arguments ?? {};
  // MCP 2026-07-28 server/tools.mdx § Error Handling: invalid input is a tool execution error the
  // model can correct, not a protocol error.
  const tooBig = checkArgumentLimits(args, options.limits);
  if (tooBig !== undefined) return textResult(`Invalid arguments for tool ${name}: ${tooBig}`, true);
  if (!entry.validateInput(args)) return textResult(`Invalid arguments for tool ${name}: ${describeValidationError(entry.validateInput)}`, true);
  let out: unknown;
  try {
    out = await withTimeout(Promise.resolve(handler(args as never, ctx)), options.limits.callTimeoutMs, name);
  } catch (error) {
    if (error instanceof ToolError) return error.content ? { content: [...error.content], isError: true } : textResult(error.message, true);
    if (error instanceof ProtocolError) throw error;
    const id = errorId();
    onError({ tool: name, errorId: id, error, kind: "handler-exception" });
    return textResult(`Tool ${name} failed unexpectedly (error id ${id}).`, true);
  }
  if (isInputRequiredResult(out)) return out;
  const result = toCallToolResult(out, entry);
  if (entry.validateOutput !== undefined && result.isError !== true) {
    if (result.structuredContent === undefined || !entry.validateOutput(result.structuredContent)) {
      const id = errorId();
      const why = result.structuredContent === undefined ? "it has no structuredContent" : describeValidationError(entry.validateOutput);
      onError({ tool: name, errorId: id, error: new Error(`result does not match outputSchema: ${why}`), kind: "invalid-output" });
      // MCP 2026-07-28 server/tools.mdx § Output Schema: a server MUST send conforming results, so a
      // result that breaks the schema is a server bug, never forwarded.
      throw new ProtocolError(ProtocolErrorCode.InternalError, `Tool ${name} produced a result that does not match its outputSchema (error id ${id}).`);
    }
  }
  // 2025-era clients expect object structuredContent; the SDK wraps other values for them.
  return server.projectCallToolResult(result, (entry.descriptor as Tool).outputSchema) as CallToolResult;
}

/** Plain data becomes structuredContent plus its JSON as text (server/tools.mdx § Structured Content). */
function toCallToolResult(out: unknown, entry: ToolEntry): CallToolResult {
  if (out !== null && typeof out === "object" && (out as { [FULL_RESULT]?: unknown })[FULL_RESULT] === true) {
    const { [FULL_RESULT]: _brand, ...rest } = out as FullToolResult<unknown>;
    return rest as CallToolResult;
  }
  if (entry.validateOutput !== undefined) return { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out as CallToolResult["structuredContent"] };
  if (typeof out === "string") return textResult(out);
  if (Array.isArray(out)) return { content: [...(out as ContentBlock[])] };
  return textResult(JSON.stringify(out ?? null));
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, tool: string): Promise<T> {
  if (timeoutMs <= 0) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolError(`Tool ${tool} did not finish within ${timeoutMs} ms.`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The per-request factory `serveStdio` and `createMcpHandler` call. Everything expensive happened
 * when the table was built; each call makes one Server and installs two handlers.
 */
export function createServerFactory(table: ToolTable, handlers: Readonly<Record<string, ToolHandler<never, unknown>>>, options: ServerRuntimeOptions): () => Server {
  const missing = table.entries.filter((e) => handlers[e.name] === undefined).map((e) => e.name);
  if (missing.length > 0) throw new Error(`mcp-gen: no handler for tool(s) ${missing.join(", ")}`);
  const serverOptions: ServerOptions = {
    ...options.serverOptions,
    capabilities: { ...options.serverOptions?.capabilities, tools: { listChanged: false } },
    // The SDK adds ttlMs and cacheScope to 2026-07-28 results and leaves them off 2025-era ones.
    cacheHints: { ...options.serverOptions?.cacheHints, "tools/list": { ...options.cacheHint } },
  };
  return () => {
    const server = new Server(options.serverInfo, serverOptions);
    installTools(server, table, handlers, options);
    return server;
  };
}
