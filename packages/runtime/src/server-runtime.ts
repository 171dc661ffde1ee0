// The server half of generated code for SDK v2, copied verbatim into every project (depends only on
// @modelcontextprotocol/server). In: a tool table built once at module load, and the user's typed
// handlers. Out: an SDK server factory whose per-request cost does not grow with the number of tools.
// tools/list serves precomputed pages; tools/call validates with precompiled validators, runs the
// handler with a portable ToolContext, checks the result against outputSchema, and never sends a
// stack trace.
import {
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
import { createRequestStateSeal, type RequestStateSeal } from "./request-state.js";
import { FULL_RESULT, handlerFor, logToStderr, refuseArguments, runHandler, ToolErrorBase, type AnyHandler, type CallSettings, type ErrorReport, type ServerLimits } from "./tool-call.js";
import { createToolContext, type InputRequired, type NoInputs, type RequestStateOptions, type ToolContext as PortableToolContext } from "./tool-context.js";
import type { ToolEntry, ToolTable } from "./tool-table.js";

export type { Server } from "@modelcontextprotocol/server";
export type { ServerLimits } from "./tool-call.js";
export type { AskOptions, AskRequests, InputAnswer, InputRequired, NoInputs, RequestStateOptions } from "./tool-context.js";
export { randomRequestStateKey } from "./tool-context.js";

/** Throw from a handler to answer with a tool execution error (`isError: true`) the model can read. */
export class ToolError extends ToolErrorBase {
  override readonly name: string = "ToolError";
  constructor(message: string, content?: readonly ContentBlock[]) {
    super(message, content);
  }
}

/** Thrown by generated handler stubs until the handler is written. */
export class ToolNotImplementedError extends ToolError {
  constructor(tool: string) {
    super(`Tool ${tool} is not implemented yet: write its handler (generated as a stub by mcp-gen).`);
  }
}

/** A complete CallToolResult returned as is (use `toolResult()` to build one). */
export type FullToolResult<R> = Omit<CallToolResult, "structuredContent"> & { structuredContent?: R; readonly [FULL_RESULT]: true };

/** Marks a complete result, for handlers that want to set content blocks, `_meta` or `isError` themselves. */
export function toolResult<R>(result: Omit<CallToolResult, "structuredContent"> & { structuredContent?: R }): FullToolResult<R> {
  return Object.assign({ ...result }, { [FULL_RESULT]: true as const });
}

/** Content of a tool without outputSchema: text, or content blocks. */
export type ToolContent = string | readonly ContentBlock[];

/** What a handler receives; `ctx.sdk` is the SDK v2 ServerContext. */
export type ToolContext<Inputs = NoInputs> = PortableToolContext<Inputs, ServerContext>;
/** The SDK's own input_required result is accepted too, for handlers written against the SDK directly. */
export type HandlerReturn<R> = R | FullToolResult<R> | InputRequired | InputRequiredResult;
export type ToolHandler<A, R, Inputs = NoInputs> = (args: A, ctx: ToolContext<Inputs>) => HandlerReturn<R> | Promise<HandlerReturn<R>>;

export interface ServerRuntimeOptions {
  readonly serverInfo: Implementation;
  readonly cacheHint: { readonly ttlMs: number; readonly cacheScope: "public" | "private" };
  readonly limits: ServerLimits;
  /**
   * The key that seals `ctx.ask(requests, { state })` (HMAC-SHA256, see request-state.ts): every
   * replica must get the same key. Without it, handlers cannot pass state and incoming requestState
   * is refused.
   */
  readonly requestState?: RequestStateOptions;
  /** More SDK server options (instructions, ...); `capabilities.tools`, cache hints and requestState are set here. */
  readonly serverOptions?: ServerOptions;
  /**
   * Told about failures that are not sent to the client in full: unexpected handler exceptions and
   * results that break outputSchema. Defaults to one line on stderr (stdout belongs to stdio).
   */
  readonly onError?: (report: ErrorReport) => void;
}

type Handlers = Readonly<Record<string, AnyHandler>>;

/** Installs tools/list and tools/call on a Server whose capabilities include `tools`. */
export function installTools(server: Server, table: ToolTable, handlers: Handlers, options: ServerRuntimeOptions, seal: RequestStateSeal): void {
  const settings: CallSettings = { limits: options.limits, onError: options.onError ?? logToStderr, isProtocolError: (error) => error instanceof ProtocolError };
  server.setRequestHandler("tools/list", (request: ListToolsRequest) => {
    const cursor = request.params?.cursor;
    const page = cursor === undefined ? 0 : table.cursors.get(cursor);
    // MCP 2026-07-28 server/utilities/pagination.mdx § Error Handling: an invalid cursor is -32602.
    if (page === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor: it does not come from this server's tool list.");
    return table.pages[page] as unknown as ListToolsResult;
  });
  server.setRequestHandler("tools/call", (request: CallToolRequest, ctx: ServerContext) => callTool(server, table, handlers, settings, seal, request, ctx));
}

async function callTool(
  server: Server,
  table: ToolTable,
  handlers: Handlers,
  settings: CallSettings,
  seal: RequestStateSeal,
  request: CallToolRequest,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const { name } = request.params;
  const entry = table.byName.get(name);
  const handler = entry === undefined ? undefined : handlerFor(handlers, name);
  if (entry === undefined || handler === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  const args: unknown = request.params.arguments ?? {};
  const refused = refuseArguments(entry, args, settings.limits);
  if (refused !== undefined) return refused as CallToolResult;
  const state = await openState(seal, ctx, name, args);
  const outcome = await runHandler(entry, handler, args, (signal) => contextFor(entry, ctx, signal, state, seal, args), [ctx.mcpReq.signal], settings);
  if (outcome.kind === "error") throw new ProtocolError(outcome.code, outcome.message);
  if (outcome.kind === "input-required") return outcome.result as InputRequiredResult;
  // 2025-era clients expect object structuredContent; the SDK wraps other values for them (SEP-2106).
  return server.projectCallToolResult(outcome.result as CallToolResult, (entry.descriptor as Tool).outputSchema) as CallToolResult;
}

/**
 * The verified state of this round. The SDK ran the codec (ServerOptions.requestState.verify) before
 * this handler, so a bad MAC or an expired state never gets here; a state sealed for another tool or
 * other arguments is refused the same way, with the SDK's message.
 */
async function openState(seal: RequestStateSeal, ctx: ServerContext, tool: string, args: unknown): Promise<unknown> {
  const payload = ctx.mcpReq.requestState();
  if (payload === undefined) return undefined;
  const opened = await seal.open(payload, tool, args);
  if (!opened.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", { reason: "invalid_request_state" });
  return opened.state;
}

function contextFor(entry: ToolEntry, ctx: ServerContext, signal: AbortSignal, state: unknown, seal: RequestStateSeal, args: unknown) {
  const token = ctx.mcpReq._meta?.progressToken;
  return createToolContext<ServerContext>({
    tool: entry.name,
    forms: entry.inputRequests,
    signal,
    sdk: ctx,
    inputResponses: ctx.mcpReq.inputResponses,
    state,
    sendProgress: token === undefined ? undefined : (update) => ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, ...update } }),
    sealState: (value) => seal.seal(value, entry.name, args, ctx),
  });
}

/**
 * The per-request factory `serveStdio` and `createMcpHandler` call. Everything expensive happened
 * when the table was built; each call makes one Server and installs two handlers.
 */
export function createServerFactory(table: ToolTable, handlers: Handlers, options: ServerRuntimeOptions): () => Server {
  const missing = table.entries.filter((e) => handlerFor(handlers, e.name) === undefined).map((e) => e.name);
  if (missing.length > 0) throw new Error(`mcp-gen: no handler for tool(s) ${missing.join(", ")}`);
  const seal = createRequestStateSeal(options.requestState);
  const serverOptions: ServerOptions = {
    ...options.serverOptions,
    capabilities: { ...options.serverOptions?.capabilities, tools: { listChanged: false } },
    // The SDK adds ttlMs and cacheScope to 2026-07-28 results and leaves them off 2025-era ones.
    cacheHints: { ...options.serverOptions?.cacheHints, "tools/list": { ...options.cacheHint } },
    // A tampered, expired or foreign requestState is refused with -32602 before any handler runs.
    requestState: { verify: (state, ctx) => seal.verify(state, ctx) },
  };
  return () => {
    const server = new Server(options.serverInfo, serverOptions);
    installTools(server, table, handlers, options, seal);
    return server;
  };
}
