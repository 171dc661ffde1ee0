// The sdk-v1 server asks a handler's input requests over the session (elicitation/create) and hands
// the answers back keyed as asked (runtime/v1/server-runtime.ts). A form keyed "__proto__" (mcp-gen
// refuses that key, a table written by hand may hold it) is answered like any other: the answer is
// an own member of the responses, not their prototype.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { createServerFactory } from "../../packages/runtime/src/v1/server-runtime.js";
import type { ToolContext } from "../../packages/runtime/src/tool-context.js";
import { buildToolTable, type ToolEntry } from "../../packages/runtime/src/tool-table.js";
import type { CompiledValidator } from "../../packages/runtime/src/validation-messages.js";

const accept: CompiledValidator = Object.assign(() => true, { errors: null });

const OPTIONS = {
  serverInfo: { name: "v1-input-requests", version: "1.0.0" },
  cacheHint: { ttlMs: 0, cacheScope: "public" as const },
  limits: { maxArgumentDepth: 64, maxStringLength: 1024, callTimeoutMs: 0 },
};

const FORM = { message: "Sure?", requestedSchema: { type: "object" as const, properties: { ok: { type: "boolean" } } }, validate: accept };

it("hands the handler the answer to a form keyed __proto__", async () => {
  const entry: ToolEntry = {
    name: "confirm",
    descriptor: { name: "confirm", inputSchema: { type: "object" } },
    validateInput: accept,
    validateOutput: undefined,
    headers: [],
    inputRequests: Object.fromEntries([["__proto__", FORM]]),
  };
  const handler = (_args: unknown, ctx: ToolContext<Record<string, { ok?: boolean }>>) => {
    const answer = ctx.answer("__proto__");
    if (answer.kind === "missing") return ctx.ask(Object.fromEntries([["__proto__", {}]]));
    return answer.kind === "accepted" ? `ok: ${String(answer.content.ok)}` : answer.kind;
  };
  const server = createServerFactory(buildToolTable([entry], 0, "v1"), { confirm: handler } as never, OPTIONS)();
  const client = new Client({ name: "test", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { ok: true } }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    expect(await client.callTool({ name: "confirm", arguments: {} })).toMatchObject({ content: [{ type: "text", text: "ok: true" }] });
  } finally {
    await client.close();
  }
});
