// The client half of generated code for `target: sdk-v1`, copied verbatim into every such project
// (depends only on @modelcontextprotocol/sdk 1.x, MCP 2025-11-25). The same typed calls as the SDK
// v2 target: arguments validated before sending, `isError` checked, structuredContent unwrapped where
// 2025-11-25 wraps it (SEP-2106) and validated before it is typed. 2025-11-25 has no Mcp-Param-*
// headers and no cache hints, so there is nothing to mirror and nothing to cache.
import { Client, type ClientOptions } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode, McpError, type CallToolResult, type Implementation, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import type { ToolDescriptor } from "../tool-table.js";
import { describeValidationError, type CheckedValue, type CompiledValidator } from "../validation-messages.js";
import { needsLegacyWrap, unwrapLegacyResult, wrapOutputSchema } from "./legacy-projection.js";
import { stdioParameters, type StdioServer } from "../stdio-server.js";
import { PinGuard, reattachOnConnect } from "../pin-guard.js";
import type { DriftPolicy, ToolPin } from "../tool-pins.js";

export type { Client } from "@modelcontextprotocol/sdk/client/index.js";
export type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";
export type { StdioServer } from "../stdio-server.js";
export { checkNewConnection, type PinGuard } from "../pin-guard.js";
export { ToolDriftError, type DriftPolicy, type ToolDrift, type ToolPart, type ToolPin } from "../tool-pins.js";

/** Options of one typed call (timeout, signal, progress callback). */
export type CallOptions = RequestOptions;

/** Options of `listTools()` (timeout, signal). */
export type ListToolsOptions = RequestOptions;

/** One tool as the generated client knows it (a ToolEntry fits). */
export interface ClientToolEntry {
  readonly name: string;
  readonly descriptor: ToolDescriptor;
  readonly validateInput: CompiledValidator;
  readonly validateOutput: CompiledValidator | undefined;
}

/** What a call returned: the typed output, or the tool's own error message (for the model to read). */
export type ToolOutcome<O> = { readonly isError: false; readonly output: O; readonly result: CallToolResult } | { readonly isError: true; readonly message: string; readonly result: CallToolResult };

/** The arguments failed the tool's inputSchema; nothing was sent. */
export class ToolArgumentsError extends Error {
  override readonly name = "ToolArgumentsError";
}

/** The server answered with a result that breaks the tool's outputSchema. */
export class ToolOutputError extends Error {
  override readonly name = "ToolOutputError";
}

function errorText(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

/**
 * Validates, calls, checks: the body of every generated client method. With a `guard`, a tool whose
 * listing differs from the lock is refused after the arguments are checked and before anything is sent.
 */
export async function callTypedTool<O>(client: Client, entry: ClientToolEntry, args: unknown, options?: CallOptions, guard?: PinGuard): Promise<ToolOutcome<O>> {
  if (!entry.validateInput(args)) {
    throw new ToolArgumentsError(
      `Invalid arguments for tool ${entry.name}: ${describeValidationError(entry.validateInput, { root: "the arguments", value: args, schema: entry.descriptor.inputSchema })}`,
    );
  }
  // The guard holds the request back at the transport until the pin is judged (a current listing,
  // then the tool's verdict): the call's own timeout and signal bound that wait, as they do the call.
  guard?.attach();
  const result = (await client.callTool({ name: entry.name, arguments: args as Record<string, unknown> }, undefined, options)) as CallToolResult;
  if (result.isError === true) return { isError: true, message: errorText(result), result };
  if (entry.validateOutput === undefined) return { isError: false, output: result.content as unknown as O, result };
  const structured = needsLegacyWrap(entry.descriptor.outputSchema) ? unwrapLegacyResult(result.structuredContent) : result.structuredContent;
  if (structured === undefined) throw new ToolOutputError(`Tool ${entry.name} returned no structuredContent, but its outputSchema requires one.`);
  if (!entry.validateOutput(structured)) {
    throw new ToolOutputError(
      `Tool ${entry.name} returned output that does not match its outputSchema: ${describeValidationError(entry.validateOutput, { root: "the result", value: structured, schema: entry.descriptor.outputSchema })}`,
    );
  }
  return { isError: false, output: structured as O, result };
}

/** A tool left out of the live list, and why (never on 2025-11-25: see listLiveTools). */
export interface RefusedTool {
  readonly name: string;
  readonly reason: string;
}

export interface ListedTools {
  readonly tools: readonly Tool[];
  readonly refused: readonly RefusedTool[];
}

/** Pages one listing may take, against a server whose nextCursor never ends. */
const MAX_PAGES = 1000;

/**
 * Every page of tools/list, walked by cursor until one has no nextCursor (an empty-string cursor is a
 * cursor, and a cursor is opaque). If a cursor stops working mid-walk, the walk starts over once. Nothing is left out: x-mcp-header only matters for 2026-07-28 Streamable HTTP.
 */
export async function listLiveTools(client: Client, options: ListToolsOptions | undefined, _warn: (key: string, message: string) => void): Promise<ListedTools> {
  try {
    return { tools: await walkPages(client, options), refused: [] };
  } catch (error) {
    if (!(error instanceof McpError) || error.code !== ErrorCode.InvalidParams) throw error;
    return { tools: await walkPages(client, options), refused: [] };
  }
}

async function walkPages(client: Client, options: ListToolsOptions | undefined): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
    tools.push(...page.tools);
    cursor = page.nextCursor;
    if (++pages >= MAX_PAGES && cursor !== undefined) throw new Error(`tools/list did not end within ${MAX_PAGES} pages.`);
  } while (cursor !== undefined);
  return tools;
}

/**
 * A `ClientOptions.jsonSchemaValidator` that answers with the precompiled validators of known
 * descriptors, as listed over 2025-11-25 (wrapped output schemas included), so the SDK never
 * compiles these schemas at run time. Other schemas go to `fallback` (the SDK's ajv validator).
 */
export function precompiledValidators(entries: readonly ClientToolEntry[], fallback: jsonSchemaValidator = new AjvJsonSchemaValidator()): jsonSchemaValidator {
  /** Each known schema's check: undefined when the value passes, else why not. */
  const byJson = new Map<string, (input: unknown) => string | undefined>();
  const check = (validate: CompiledValidator, checked: CheckedValue) => (input: unknown) => (validate(input) ? undefined : describeValidationError(validate, { ...checked, value: input }));
  for (const entry of entries) {
    byJson.set(JSON.stringify(entry.descriptor.inputSchema), check(entry.validateInput, { root: "the arguments", schema: entry.descriptor.inputSchema }));
    const output = entry.descriptor.outputSchema;
    const validate = entry.validateOutput;
    if (output === undefined || validate === undefined) continue;
    const checkResult = check(validate, { root: "the result", schema: output });
    if (!needsLegacyWrap(output)) byJson.set(JSON.stringify(output), checkResult);
    else byJson.set(JSON.stringify(wrapOutputSchema(output)), (value) => (unwrapLegacyResult(value) === undefined ? "result: is required" : checkResult(unwrapLegacyResult(value))));
  }
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const problem = byJson.get(JSON.stringify(schema));
      if (problem === undefined) return fallback.getValidator<T>(schema);
      return (input: unknown) => {
        const why = problem(input);
        return why === undefined ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: why };
      };
    },
  };
}

export interface ConnectOptions {
  readonly clientInfo?: Implementation;
  /** More SDK client options. */
  readonly clientOptions?: ClientOptions;
}

const DEFAULT_INFO: Implementation = { name: "mcp-gen-client", version: "1.0.0" };

/**
 * Starts a stdio server and connects an SDK v1 Client to it (MCP 2025-11-25). The stdio transport is
 * loaded only here, so the client runs where there are no child processes as long as this is not called.
 */
export async function connectStdioClient(server: StdioServer, options: ConnectOptions = {}): Promise<Client> {
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const client = new Client(options.clientInfo ?? DEFAULT_INFO, options.clientOptions);
  const transport = new StdioClientTransport(stdioParameters(server));
  await client.connect(transport);
  return client;
}

/** Connects an SDK v1 Client over Streamable HTTP (MCP 2025-11-25). */
export async function connectHttpClient(url: string | URL, options: ConnectOptions = {}, fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>): Promise<Client> {
  const client = new Client(options.clientInfo ?? DEFAULT_INFO, options.clientOptions);
  const transport = new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : {});
  await client.connect(transport);
  return client;
}

/** A guard over `client`'s connection that compares every tools/list answer with `pins`. */
export function watchTools(client: Client, pins: readonly ToolPin[], policy: DriftPolicy, warn: (message: string) => void): PinGuard {
  const guard = new PinGuard({ pins, policy, warn, transport: () => client.transport, list: () => walkPages(client, undefined) });
  reattachOnConnect(client, guard);
  return guard;
}

/** The client options as given: a 2025-11-25 server sends list_changed unasked, and the guard sees it. */
export function withToolWatch(options: ClientOptions, _policy: DriftPolicy): ClientOptions {
  return options;
}

/** listLiveTools, judged against the lock: with policy "throw", a list that differs is a ToolDriftError. */
export async function listPinnedTools(client: Client, guard: PinGuard, options: ListToolsOptions | undefined, warn: (key: string, message: string) => void): Promise<ListedTools> {
  const mark = guard.pagesJudged;
  const listed = await listLiveTools(client, options, warn);
  // Every call fetches the list, so the walk above was judged; a server that lists nothing is judged here.
  if (!guard.current) await guard.check();
  guard.assertUnchanged();
  // The answer itself, should it be a page the server sent for a listing a list_changed made stale.
  guard.assertListed(
    listed.tools.map((tool) => tool.name),
    mark,
  );
  return listed;
}
