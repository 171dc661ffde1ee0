// The server half of generated code for `target: sdk-v1`, copied verbatim into every such project
// (depends only on @modelcontextprotocol/sdk 1.x, which speaks MCP 2025-11-25). Same table, same
// handlers, same ToolContext as the SDK v2 runtime: tools/list serves the precomputed pages (with
// non-object output schemas projected for 2025-11-25), tools/call validates, runs the handler and
// checks its output. 2025-11-25 has no input_required: when a handler returns `ctx.ask(...)`, this
// runtime asks the client itself (elicitation/create, related to the call) and runs the handler again
// with the answers, so handlers are the same on both targets.
import { Server, type ServerOptions } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ContentBlock,
  type ElicitRequestFormParams,
  type Implementation,
  type ListToolsResult,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { FULL_RESULT, handlerFor, logToStderr, refuseArguments, runHandler, textResult, ToolErrorBase, type AnyHandler, type CallSettings, type ErrorReport, type ServerLimits } from "../tool-call.js";
import { createToolContext, type InputRequired, type NoInputs, type RequestStateOptions, type ToolContext as PortableToolContext } from "../tool-context.js";
import type { ToolEntry, ToolListPage, ToolTable } from "../tool-table.js";
import { legacyDescriptor, legacyResult } from "./legacy-projection.js";

export type { Server } from "@modelcontextprotocol/sdk/server/index.js";
export type { ServerLimits } from "../tool-call.js";
export type { AskOptions, AskRequests, InputAnswer, InputRequired, NoInputs, RequestStateOptions } from "../tool-context.js";
export { randomRequestStateKey } from "../tool-context.js";

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

/** The SDK v1 handler context (`ctx.sdk`). */
export type SdkContext = RequestHandlerExtra<ServerRequest, ServerNotification>;
export type ToolContext<Inputs = NoInputs> = PortableToolContext<Inputs, SdkContext>;
export type HandlerReturn<R> = R | FullToolResult<R> | InputRequired;
export type ToolHandler<A, R, Inputs = NoInputs> = (args: A, ctx: ToolContext<Inputs>) => HandlerReturn<R> | Promise<HandlerReturn<R>>;

export interface ServerRuntimeOptions {
  readonly serverInfo: Implementation;
  /** Cache hints are a 2026-07-28 feature: 2025-11-25 lists carry none, so this is unused on SDK v1. */
  readonly cacheHint: { readonly ttlMs: number; readonly cacheScope: "public" | "private" };
  readonly limits: ServerLimits;
  /**
   * Accepted for the same server code on both targets, and unused here: on SDK v1 the state of
   * `ctx.ask` never leaves the process (the runtime runs every round itself), so nothing is sealed.
   */
  readonly requestState?: RequestStateOptions;
  /** More SDK server options (instructions, ...); `capabilities.tools` is always set. */
  readonly serverOptions?: ServerOptions;
  /** Told about failures that are not sent to the client in full; one line on stderr by default. */
  readonly onError?: (report: ErrorReport) => void;
}

/** Input requests one call may make before it must finish (the SDK v2 legacy shim's cap is similar). */
const MAX_ROUNDS = 8;

/**
 * The answers are validated by `ctx.answer` with the precompiled validator of each form, which tells
 * the handler `invalid` instead of failing the call; the SDK's own check (ajv compiled at run time)
 * is skipped for the forms this server sends.
 */
const CHECKED_BY_CONTEXT: jsonSchemaValidator = { getValidator: () => (input: unknown) => ({ valid: true, data: input as never, errorMessage: undefined }) };

type Handlers = Readonly<Record<string, AnyHandler>>;

/** Installs tools/list and tools/call on a Server whose capabilities include `tools`. */
export function installTools(server: Server, table: ToolTable, pages: readonly ToolListPage[], handlers: Handlers, options: ServerRuntimeOptions): void {
  const settings: CallSettings = { limits: options.limits, onError: options.onError ?? logToStderr, isProtocolError: (error) => error instanceof McpError };
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const cursor = request.params?.cursor;
    const page = cursor === undefined ? 0 : table.cursors.get(cursor);
    if (page === undefined) throw new McpError(ErrorCode.InvalidParams, "Invalid cursor: it does not come from this server's tool list.");
    return pages[page] as unknown as ListToolsResult;
  });
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => callTool(server, table, handlers, settings, request.params, extra));
}

async function callTool(
  server: Server,
  table: ToolTable,
  handlers: Handlers,
  settings: CallSettings,
  params: { name: string; arguments?: Record<string, unknown> | undefined },
  extra: SdkContext,
): Promise<CallToolResult> {
  const entry = table.byName.get(params.name);
  const handler = entry === undefined ? undefined : handlerFor(handlers, params.name);
  if (entry === undefined || handler === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
  const args: unknown = params.arguments ?? {};
  const refused = refuseArguments(entry, args, settings.limits);
  if (refused !== undefined) return refused as CallToolResult;
  let responses: Record<string, unknown> | undefined;
  let state: unknown;
  for (let round = 1; ; round++) {
    const outcome = await runHandler(entry, handler, args, (signal) => contextFor(entry, extra, signal, responses, state), [extra.signal], settings);
    if (outcome.kind === "error") throw new McpError(outcome.code, outcome.message);
    if (outcome.kind === "complete") return legacyResult(outcome.result, entry.descriptor.outputSchema) as CallToolResult;
    if (round >= MAX_ROUNDS) return textResult(`Tool ${entry.name} asked for input ${MAX_ROUNDS} times without finishing.`, true) as CallToolResult;
    const answered = await elicitAll(server, extra, entry.name, outcome.result);
    if (typeof answered === "string") return textResult(answered, true) as CallToolResult;
    responses = answered;
    state = outcome.result.requestState === undefined ? undefined : (JSON.parse(outcome.result.requestState) as unknown);
  }
}

/**
 * Asks every form of one input_required result, in order, as elicitation/create requests related to
 * the call (so over Streamable HTTP they travel on the call's own response stream). Returns the
 * answers by key, or why they could not be asked (for a tool error the model can read).
 */
async function elicitAll(server: Server, extra: SdkContext, tool: string, asked: InputRequired): Promise<Record<string, unknown> | string> {
  const responses: [string, unknown][] = [];
  for (const [key, request] of Object.entries(asked.inputRequests ?? {})) {
    try {
      responses.push([key, await server.elicitInput(request.params as ElicitRequestFormParams, { relatedRequestId: extra.requestId, signal: extra.signal })]);
    } catch (error) {
      return `Tool ${tool} cannot ask for input "${key}" (elicitation/create): ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  // Own members only, "__proto__" included (an assignment would set the prototype instead).
  return Object.fromEntries(responses);
}

function contextFor(entry: ToolEntry, extra: SdkContext, signal: AbortSignal, responses: Record<string, unknown> | undefined, state: unknown) {
  const token = extra._meta?.progressToken;
  return createToolContext<SdkContext>({
    tool: entry.name,
    forms: entry.inputRequests,
    signal,
    sdk: extra,
    inputResponses: responses,
    state,
    sendProgress: token === undefined ? undefined : (update) => extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, ...update } }),
    // The state stays in this process: JSON keeps it to what the SDK v2 target can carry too.
    sealState: (value) => Promise.resolve(JSON.stringify(value)),
  });
}

/**
 * A factory of Servers, one per connection (`factory().connect(transport)`). The 2025-11-25 pages
 * are computed once, here; each call makes one Server and installs two handlers.
 */
export function createServerFactory(table: ToolTable, handlers: Handlers, options: ServerRuntimeOptions): () => Server {
  const missing = table.entries.filter((e) => handlerFor(handlers, e.name) === undefined).map((e) => e.name);
  if (missing.length > 0) throw new Error(`mcp-gen: no handler for tool(s) ${missing.join(", ")}`);
  const pages = table.pages.map((page) => Object.freeze({ ...page, tools: Object.freeze(page.tools.map((tool) => legacyDescriptor(tool))) }));
  const serverOptions: ServerOptions = {
    jsonSchemaValidator: CHECKED_BY_CONTEXT,
    ...options.serverOptions,
    capabilities: { ...options.serverOptions?.capabilities, tools: { listChanged: false } },
  };
  return () => {
    const server = new Server(options.serverInfo, serverOptions);
    installTools(server, table, pages, handlers, options);
    return server;
  };
}
