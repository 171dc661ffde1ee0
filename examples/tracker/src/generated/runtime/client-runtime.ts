// Copied by mcp-gen from its runtime (client-runtime.ts).
// Do not edit: `mcp-gen build` rewrites this file and `mcp-gen check` reports hand edits.
// The client half of generated code, copied verbatim into every project (depends only on
// @modelcontextprotocol/client). Typed tool calls over the SDK Client: arguments are validated before
// sending, the compiled descriptor travels as `toolDefinition` (so the SDK mirrors x-mcp-header
// parameters into Mcp-Param-* headers without a prior tools/list), `isError` is checked, and
// structuredContent is validated before it is typed. Results are data: nothing is ever evaluated.
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolRequestOptions,
  type CallToolResult,
  type ClientOptions,
  type Implementation,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type Tool,
} from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import type { ToolDescriptor } from "./tool-table.js";
import { describeValidationError, type CompiledValidator } from "./validation-messages.js";

/** One tool as the generated client knows it (a ToolEntry fits). */
export interface ClientToolEntry {
  readonly name: string;
  readonly descriptor: ToolDescriptor;
  readonly validateInput: CompiledValidator;
  readonly validateOutput: CompiledValidator | undefined;
}

/** What a call returned: the typed output, or the tool's own error message (for the model to read). */
export type ToolOutcome<O> =
  | { readonly isError: false; readonly output: O; readonly result: CallToolResult }
  | { readonly isError: true; readonly message: string; readonly result: CallToolResult };

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

/** Validates, calls, checks: the body of every generated client method. */
export async function callTypedTool<O>(client: Client, entry: ClientToolEntry, args: unknown, options?: CallToolRequestOptions): Promise<ToolOutcome<O>> {
  if (!entry.validateInput(args)) {
    throw new ToolArgumentsError(`Invalid arguments for tool ${entry.name}: ${describeValidationError(entry.validateInput)}`);
  }
  const result = (await client.callTool({ name: entry.name, arguments: args as Record<string, unknown> }, { ...options, toolDefinition: entry.descriptor as Tool })) as CallToolResult;
  if (result.isError === true) return { isError: true, message: errorText(result), result };
  if (entry.validateOutput === undefined) return { isError: false, output: result.content as unknown as O, result };
  if (result.structuredContent === undefined) throw new ToolOutputError(`Tool ${entry.name} returned no structuredContent, but its outputSchema requires one.`);
  if (!entry.validateOutput(result.structuredContent)) {
    throw new ToolOutputError(`Tool ${entry.name} returned output that does not match its outputSchema: ${describeValidationError(entry.validateOutput)}`);
  }
  return { isError: false, output: result.structuredContent as O, result };
}

/**
 * A `ClientOptions.jsonSchemaValidator` that answers with the precompiled validators of known
 * descriptors, so the SDK never compiles these schemas at run time. Other schemas (elicitation
 * forms, tools this build does not know) go to `fallback`: the SDK's own ajv validator by default,
 * which builds its engines only when first needed.
 */
export function precompiledValidators(entries: readonly ClientToolEntry[], fallback: jsonSchemaValidator = new AjvJsonSchemaValidator()): jsonSchemaValidator {
  const byJson = new Map<string, CompiledValidator>();
  for (const entry of entries) {
    byJson.set(JSON.stringify(entry.descriptor.inputSchema), entry.validateInput);
    if (entry.descriptor.outputSchema !== undefined && entry.validateOutput !== undefined) byJson.set(JSON.stringify(entry.descriptor.outputSchema), entry.validateOutput);
  }
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const validate = byJson.get(JSON.stringify(schema));
      if (validate === undefined) return fallback.getValidator<T>(schema);
      return (input: unknown) =>
        validate(input) ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: describeValidationError(validate) };
    },
  };
}

export interface ConnectOptions {
  readonly clientInfo?: Implementation;
  /** More SDK client options; `versionNegotiation` defaults to auto (2026-07-28 when the server speaks it). */
  readonly clientOptions?: ClientOptions;
}

const DEFAULT_INFO: Implementation = { name: "mcp-gen-client", version: "1.0.0" };

/** Connects an SDK Client over Streamable HTTP, negotiating the newest era the server speaks. */
export async function connectHttpClient(url: string | URL, options: ConnectOptions = {}, fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>): Promise<Client> {
  const client = new Client(options.clientInfo ?? DEFAULT_INFO, { versionNegotiation: { mode: "auto" }, ...options.clientOptions });
  const transport = new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : {});
  await client.connect(transport);
  return client;
}
