// In-process sessions for the tool tests: the generated HTTP handler, configured like src/http.ts,
// and a real SDK Client on MCP 2026-07-28 (or 2025-11-25) that declares and answers only what the
// test gives it: elicitation forms, sampling, roots. On 2026-07-28 the Client fulfils input_required
// results through these answers and retries by itself.
import { Client, StreamableHTTPClientTransport, type ClientCapabilities, type CreateMessageResult, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/client";
import { createToolHttpHandler, handlers, randomRequestStateKey } from "../src/generated/index.js";

export interface Answers {
  readonly elicit?: (params: ElicitRequest["params"]) => ElicitResult;
  readonly sample?: (prompt: string) => string;
  readonly roots?: readonly string[];
}

export interface Session {
  readonly client: Client;
  close(): Promise<void>;
}

export async function connect(answers: Answers = {}, era: "2026-07-28" | "2025-11-25" = "2026-07-28"): Promise<Session> {
  const handler = createToolHttpHandler(handlers, { requestState: { key: randomRequestStateKey() }, serverOptions: { capabilities: { logging: {} } } });
  const transport = new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) });
  const capabilities: ClientCapabilities = {
    ...(answers.elicit ? { elicitation: { form: {} } } : {}),
    ...(answers.sample ? { sampling: {} } : {}),
    ...(answers.roots ? { roots: {} } : {}),
  };
  const client = new Client({ name: "conformance-example-tests", version: "1.0.0" }, { capabilities, ...(era === "2026-07-28" ? { versionNegotiation: { mode: "auto" } } : {}) });
  const { elicit, sample, roots } = answers;
  if (elicit) client.setRequestHandler("elicitation/create", (request) => elicit(request.params));
  if (sample) client.setRequestHandler("sampling/createMessage", (request): CreateMessageResult => {
    const first = request.params.messages[0]?.content;
    const prompt = first !== undefined && !Array.isArray(first) && first.type === "text" ? first.text : "";
    return { role: "assistant", content: { type: "text", text: sample(prompt) }, model: "test-model", stopReason: "endTurn" };
  });
  if (roots) client.setRequestHandler("roots/list", () => ({ roots: roots.map((uri) => ({ uri })) }));
  await client.connect(transport);
  return {
    client,
    async close() {
      await client.close();
      await handler.close();
    },
  };
}

/** The text of a result's first content block. */
export function firstText(result: { content?: unknown }): string | undefined {
  const first = (result.content as readonly { type: string; text?: string }[] | undefined)?.[0];
  return first?.type === "text" ? first.text : undefined;
}
