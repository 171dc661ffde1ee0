// The client half of generated code for SDK v2, copied verbatim into every project (depends only on
// @modelcontextprotocol/client). Typed tool calls over the SDK Client: arguments are validated before
// sending, the compiled descriptor travels as `toolDefinition` (no prior tools/list needed),
// x-mcp-header parameters become Mcp-Param-* headers with the spec's value encoding, `isError` is
// checked, and structuredContent is validated before it is typed. The live tool list is cached by the
// SDK per its ttlMs and checked with mcp-gen's own x-mcp-header validator. Every tools/list answer is
// compared with the lock's hashes (pin-guard.ts), and a call to a tool that differs is refused before
// it is sent. Results are data: nothing is ever evaluated.
import {
  Client,
  ProtocolError,
  StreamableHTTPClientTransport,
  type CacheableRequestOptions,
  type CallToolRequestOptions,
  type CallToolResult,
  type ClientOptions,
  type Implementation,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type ListToolsResult,
  type Tool,
} from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { findHeaderParams, MCP_PARAM_PREFIX, type HeaderParam } from "./header-annotations.js";
import { encodeHeaderValue } from "./header-encoding.js";
import type { ToolDescriptor } from "./tool-table.js";
import { describeValidationError, type CheckedValue, type CompiledValidator } from "./validation-messages.js";
import { stdioParameters, type StdioServer } from "./stdio-server.js";
import { PinGuard, reattachOnConnect } from "./pin-guard.js";
import type { DriftPolicy, ToolPin } from "./tool-pins.js";

export type { Client, ContentBlock } from "@modelcontextprotocol/client";
export type { StdioServer } from "./stdio-server.js";
export { checkNewConnection, type PinGuard } from "./pin-guard.js";
export { ToolDriftError, type DriftPolicy, type ToolDrift, type ToolPart, type ToolPin } from "./tool-pins.js";

/** Options of one typed call (timeout, signal, progress callback, extra headers). */
export type CallOptions = CallToolRequestOptions;

/** Options of `listTools()`: `cacheMode: "refresh"` skips a list that is still fresh. */
export type ListToolsOptions = CacheableRequestOptions;

/** One tool as the generated client knows it (a ToolEntry fits). */
export interface ClientToolEntry {
  readonly name: string;
  readonly descriptor: ToolDescriptor;
  readonly validateInput: CompiledValidator;
  readonly validateOutput: CompiledValidator | undefined;
  /** Parameters mirrored into Mcp-Param-* headers (x-mcp-header). */
  readonly headers: readonly HeaderParam[];
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
export async function callTypedTool<O>(client: Client, entry: ClientToolEntry, args: unknown, options?: CallToolRequestOptions, guard?: PinGuard): Promise<ToolOutcome<O>> {
  if (!entry.validateInput(args)) {
    throw new ToolArgumentsError(
      `Invalid arguments for tool ${entry.name}: ${describeValidationError(entry.validateInput, { root: "the arguments", value: args, schema: entry.descriptor.inputSchema })}`,
    );
  }
  const mirrored = mirrorHeaders(entry, args);
  // The guard holds the request back at the transport until the pin is judged (a current listing,
  // then the tool's verdict): the call's own timeout and signal bound that wait, as they do the call.
  guard?.attach();
  const era = client.getProtocolEra();
  // 2025-era requests carry no Mcp-Param-* headers; the SDK mirrors nothing for them either.
  const headers = era === "modern" ? mirrored : undefined;
  const wrapped = era === "legacy" && isWrappedForLegacy(entry.descriptor);
  const toolDefinition = definitionForSdk(entry, headers !== undefined);
  const sendOptions: CallToolRequestOptions = headers === undefined ? { ...options, toolDefinition } : { ...options, headers: { ...options?.headers, ...headers }, toolDefinition };
  const result = (await client.callTool({ name: entry.name, arguments: args as Record<string, unknown> }, sendOptions)) as CallToolResult;
  if (result.isError === true) return { isError: true, message: errorText(result), result };
  if (entry.validateOutput === undefined) return { isError: false, output: result.content as unknown as O, result };
  const structured = wrapped ? unwrapLegacyResult(result.structuredContent) : result.structuredContent;
  if (structured === undefined) throw new ToolOutputError(`Tool ${entry.name} returned no structuredContent, but its outputSchema requires one.`);
  if (!entry.validateOutput(structured)) {
    throw new ToolOutputError(
      `Tool ${entry.name} returned output that does not match its outputSchema: ${describeValidationError(entry.validateOutput, { root: "the result", value: structured, schema: entry.descriptor.outputSchema })}`,
    );
  }
  return { isError: false, output: structured as O, result };
}

/**
 * True when a 2025-era server wraps this tool's structured results: 2025-11-25 requires an object
 * outputSchema, so a non-object one is advertised as `{ type: "object", properties: { result } }`
 * and results arrive as `{ result: value }` (SEP-2106; the SDK's server does this projection).
 */
function isWrappedForLegacy(descriptor: ToolDescriptor): boolean {
  return descriptor.outputSchema !== undefined && descriptor.outputSchema["type"] !== "object";
}

function unwrapLegacyResult(structured: unknown): unknown {
  if (structured === null || typeof structured !== "object" || Array.isArray(structured) || !Object.hasOwn(structured, "result")) return undefined;
  return (structured as { result: unknown }).result;
}

/**
 * The Mcp-Param-* headers of one call (one per x-mcp-header parameter the arguments hold), undefined for a tool without mirrored
 * parameters. The SDK would mirror them itself, but 2.4.0 sends a TAB unencoded (a control
 * character must be Base64-encoded), leaves out the header of an integer outside ±(2^53-1) that the body still carries, and
 * writes U+FFFD for a lone surrogate: each call then fails as a HeaderMismatch at a server that checks
 * headers strictly. A value with no faithful header form is refused here, before anything is sent.
 */
function mirrorHeaders(entry: ClientToolEntry, args: unknown): Record<string, string> | undefined {
  if (entry.headers.length === 0) return undefined;
  const headers: Record<string, string> = {};
  for (const param of entry.headers) {
    const value = valueAtPath(args, param.path);
    if (value === undefined || value === null) continue;
    const encoded = typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? encodeHeaderValue(value) : undefined;
    if (encoded === undefined || !encoded.ok) {
      const why = encoded === undefined ? "Only strings, integers and booleans can be mirrored." : encoded.reason;
      throw new ToolArgumentsError(`Invalid arguments for tool ${entry.name}: ${param.path.join(".")} is mirrored into the Mcp-Param-${param.name} header. ${why}`);
    }
    headers[MCP_PARAM_PREFIX + param.name] = encoded.value;
  }
  return headers;
}

function valueAtPath(args: unknown, path: readonly string[]): unknown {
  let current = args;
  for (const key of path) {
    if (current === null || typeof current !== "object" || Array.isArray(current) || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const sdkDefinitions = new WeakMap<ClientToolEntry, { plain: Tool; withoutHeaders: Tool }>();

/**
 * The descriptor handed to the SDK as `toolDefinition`, built once per tool. It has no outputSchema:
 * this module validates structured results itself, with the precompiled validator (so a bad result
 * is always a ToolOutputError, checked once, and a 2025-era `{ result }` wrapper is unwrapped first).
 * When this module mirrors the headers itself, the x-mcp-header keywords are left out too, so the SDK
 * does not mirror them a second time.
 */
function definitionForSdk(entry: ClientToolEntry, mirrorsHeaders: boolean): Tool {
  let cached = sdkDefinitions.get(entry);
  if (cached === undefined) {
    const plain = structuredClone(entry.descriptor) as Tool;
    delete plain.outputSchema;
    const withoutHeaders = structuredClone(plain);
    for (const param of entry.headers) {
      let schema: unknown = withoutHeaders.inputSchema;
      for (const key of param.path) schema = (schema as { properties?: Record<string, unknown> } | undefined)?.properties?.[key];
      if (schema !== null && typeof schema === "object") delete (schema as Record<string, unknown>)["x-mcp-header"];
    }
    cached = { plain, withoutHeaders };
    sdkDefinitions.set(entry, cached);
  }
  return mirrorsHeaders ? cached.withoutHeaders : cached.plain;
}

/**
 * A `ClientOptions.jsonSchemaValidator` that answers with the precompiled validators of known
 * descriptors, so the SDK never compiles these schemas at run time. Other schemas (elicitation
 * forms, tools this build does not know) go to `fallback`: the SDK's own ajv validator by default,
 * which builds its engines only when first needed.
 */
export function precompiledValidators(entries: readonly ClientToolEntry[], fallback: jsonSchemaValidator = new AjvJsonSchemaValidator()): jsonSchemaValidator {
  const byJson = new Map<string, { readonly validate: CompiledValidator; readonly checked: CheckedValue }>();
  for (const entry of entries) {
    byJson.set(JSON.stringify(entry.descriptor.inputSchema), { validate: entry.validateInput, checked: { root: "the arguments", schema: entry.descriptor.inputSchema } });
    if (entry.descriptor.outputSchema !== undefined && entry.validateOutput !== undefined)
      byJson.set(JSON.stringify(entry.descriptor.outputSchema), { validate: entry.validateOutput, checked: { root: "the result", schema: entry.descriptor.outputSchema } });
  }
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const known = byJson.get(JSON.stringify(schema));
      if (known === undefined) return fallback.getValidator<T>(schema);
      const { validate, checked } = known;
      return (input: unknown) =>
        validate(input) ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: describeValidationError(validate, { ...checked, value: input }) };
    },
  };
}

export interface ConnectOptions {
  readonly clientInfo?: Implementation;
  /** More SDK client options; `versionNegotiation` defaults to auto (2026-07-28 when the server speaks it). */
  readonly clientOptions?: ClientOptions;
}

const DEFAULT_INFO: Implementation = { name: "mcp-gen-client", version: "1.0.0" };

/**
 * Starts a stdio server and connects an SDK Client to it, negotiating the newest era the server
 * speaks. The stdio transport is loaded only here, so the client runs where there are no child
 * processes (browsers, edge runtimes) as long as this is not called.
 */
export async function connectStdioClient(server: StdioServer, options: ConnectOptions = {}): Promise<Client> {
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  const client = new Client(options.clientInfo ?? DEFAULT_INFO, { versionNegotiation: { mode: "auto" }, ...options.clientOptions });
  const transport = new StdioClientTransport(stdioParameters(server));
  await client.connect(transport);
  return client;
}

/** Connects an SDK Client over Streamable HTTP, negotiating the newest era the server speaks. */
export async function connectHttpClient(url: string | URL, options: ConnectOptions = {}, fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>): Promise<Client> {
  const client = new Client(options.clientInfo ?? DEFAULT_INFO, { versionNegotiation: { mode: "auto" }, ...options.clientOptions });
  const transport = new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : {});
  await client.connect(transport);
  return client;
}

/** A tool left out of the live list (its x-mcp-header annotations are invalid), and why. */
export interface RefusedTool {
  readonly name: string;
  readonly reason: string;
}

export interface ListedTools {
  /** The usable tools, in the server's order. */
  readonly tools: readonly Tool[];
  /** Tools left out because their x-mcp-header annotations are invalid. */
  readonly refused: readonly RefusedTool[];
}

const INVALID_PARAMS = -32602;

/**
 * Every page of the server's tools/list, through the SDK Client's cache: a list stays fresh for its
 * `ttlMs` from receipt (0, absent or negative: stale at once), is keyed by method and parameters,
 * shared across callers only when `cacheScope` is public, and dropped on list_changed; the SDK never
 * polls. If a cursor stops working mid-walk (the list changed between pages), the walk starts again
 * from the first page, once.
 *
 * On Streamable HTTP in the 2026-07-28 era a tool whose live x-mcp-header annotations are invalid is
 * left out and reported to `warn` with its name and the reason,
 * judged by the same validator mcp-gen uses on descriptors; other tools stay usable. The SDK drops
 * such tools by its own rules first; this check covers what mcp-gen rejects beyond them. Typed calls
 * are unaffected: they use the definitions compiled into the client.
 */
export async function listLiveTools(client: Client, options: ListToolsOptions | undefined, warn: (key: string, message: string) => void): Promise<ListedTools> {
  let listed: ListToolsResult;
  try {
    listed = await client.listTools(undefined, options);
  } catch (error) {
    if (!(error instanceof ProtocolError) || error.code !== INVALID_PARAMS) throw error;
    listed = await client.listTools(undefined, { ...options, cacheMode: "refresh" });
  }
  if (client.getProtocolEra() !== "modern" || !(client.transport instanceof StreamableHTTPClientTransport)) return { tools: listed.tools, refused: [] };
  const tools: Tool[] = [];
  const refused: RefusedTool[] = [];
  for (const tool of listed.tools) {
    const problems = findHeaderParams(tool.inputSchema).problems;
    if (problems.length === 0) {
      tools.push(tool);
      continue;
    }
    const reason = problems.map((problem) => problem.message).join(" ");
    refused.push({ name: tool.name, reason });
    warn(`${tool.name}\u0000${reason}`, `[mcp-gen] Leaving out tool ${JSON.stringify(tool.name)} from tools/list: ${reason}`);
  }
  return { tools, refused };
}

/**
 * A guard over `client`'s connection that compares every tools/list answer with `pins`. Its own
 * listings bypass the SDK's cache.
 */
export function watchTools(client: Client, pins: readonly ToolPin[], policy: DriftPolicy, warn: (message: string) => void): PinGuard {
  const guard = new PinGuard({ pins, policy, warn, transport: () => client.transport, list: () => client.listTools(undefined, { cacheMode: "refresh" }) });
  reattachOnConnect(client, guard);
  return guard;
}

/**
 * Client options that have a 2026-07-28 connection told when the tool list changes: the SDK opens a
 * subscriptions/listen stream for it (a 2025-era server sends list_changed unasked). The guard fetches
 * the list itself, so the SDK's own refresh is off. A caller's own `listChanged.tools` is kept.
 */
export function withToolWatch(options: ClientOptions, policy: DriftPolicy): ClientOptions {
  if (policy === "ignore" || options.listChanged?.tools !== undefined) return options;
  return { ...options, listChanged: { ...options.listChanged, tools: { autoRefresh: false, onChanged: () => undefined } } };
}

/** listLiveTools, judged against the lock: with policy "throw", a list that differs is a ToolDriftError. */
export async function listPinnedTools(client: Client, guard: PinGuard, options: ListToolsOptions | undefined, warn: (key: string, message: string) => void): Promise<ListedTools> {
  const mark = guard.pagesJudged;
  // A list the SDK cached before the guard watched this connection (or before list_changed) has not
  // been judged; one cached after a page that held a changed tool may be that page.
  const listed = await listLiveTools(client, guard.current && !guard.sawDrift ? options : { ...options, cacheMode: "refresh" }, warn);
  // Nothing came over the wire: the SDK lists nothing from a server without the tools capability.
  if (!guard.current) await guard.check();
  guard.assertUnchanged();
  // The answer itself, should it be a page the server sent for a listing a list_changed made stale.
  guard.assertListed(
    listed.tools.map((tool) => tool.name),
    mark,
  );
  return listed;
}
