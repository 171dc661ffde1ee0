// In-process tests for SDK v2 projects, copied verbatim into every project: a real SDK Client talks
// to the generated HTTP handler through a fetch that calls it directly (the SDK's documented testing
// pattern: no port, no socket, no mock), negotiating MCP 2026-07-28.
import { Client, StreamableHTTPClientTransport, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/client";
import type { GeneratedHttpHandler } from "./http-runtime.js";

export type { Client } from "@modelcontextprotocol/client";

/** Answers one elicitation form the server asks for (an input_required round). */
export type ElicitHandler = (request: ElicitRequest["params"]) => ElicitResult | Promise<ElicitResult>;

/** Connects a Client to `handler`; with `onElicit` it declares form elicitation and answers with it. */
export async function connectInProcessClient(handler: GeneratedHttpHandler, onElicit?: ElicitHandler): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  const client = new Client({ name: "mcp-gen-tests", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, capabilities: onElicit ? { elicitation: { form: {} } } : {} });
  if (onElicit) client.setRequestHandler("elicitation/create", (request) => onElicit(request.params));
  await client.connect(transport);
  return client;
}
