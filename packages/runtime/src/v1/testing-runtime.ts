// In-process tests for `target: sdk-v1` projects, copied verbatim into every such project: a real SDK
// v1 Client talks to the generated HTTP handler through a fetch that calls it directly (no port, no
// socket, no mock), over MCP 2025-11-25 with a session, so elicitation requests reach the client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { GeneratedHttpHandler } from "./http-runtime.js";

export type { Client } from "@modelcontextprotocol/sdk/client/index.js";

/** Answers one elicitation form the server asks for (an input request of the handler). */
export type ElicitHandler = (request: ElicitRequest["params"]) => ElicitResult | Promise<ElicitResult>;

/** Connects a Client to `handler`; with `onElicit` it declares form elicitation and answers with it. */
export async function connectInProcessClient(handler: GeneratedHttpHandler, onElicit?: ElicitHandler): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  const client = new Client({ name: "mcp-gen-tests", version: "1.0.0" }, { capabilities: onElicit ? { elicitation: { form: {} } } : {} });
  if (onElicit) client.setRequestHandler(ElicitRequestSchema, (request) => onElicit(request.params));
  await client.connect(transport);
  return client;
}
