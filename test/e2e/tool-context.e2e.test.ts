// The portable handler context (runtime/tool-context.ts) in a generated SDK v2 server: a throwaway
// project whose hand-written handlers use ctx.progress, ctx.signal, ctx.answer, ctx.ask and
// ctx.state, type-checked by tsc (including what must NOT compile), then driven by real SDK Clients
// in process and over stdio, and by raw JSON-RPC for what a client could repair: tampered, expired
// and foreign requestState must be refused with -32602 (T-MRTR-7, T-MRTR-8).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client, StreamableHTTPClientTransport, type CallToolResult, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ERAS, type Era } from "../support/e2e-clients.js";
import { startRecordingServer } from "../support/e2e-http.js";
import { buildCompiledProject, type CompiledProject } from "../support/e2e-project.js";
import { modernMeta, postLegacy, postModern, sessionStatus, type FetchHandler } from "../support/raw-mcp.js";

const TOOLS = {
  "tools/count.json": {
    name: "count",
    description: "Counts to steps, reporting progress at each step.",
    inputSchema: { type: "object", properties: { steps: { type: "integer", minimum: 1, maximum: 10 } }, required: ["steps"], additionalProperties: false },
    outputSchema: { type: "object", properties: { counted: { type: "integer" } }, required: ["counted"], additionalProperties: false },
  },
  "tools/wait.json": {
    name: "wait",
    description: "Waits until the call is cancelled or times out.",
    inputSchema: { type: "object", additionalProperties: false },
  },
  "tools/transfer.json": {
    name: "transfer",
    description: "Moves money after asking how much, then asking for confirmation.",
    inputSchema: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } }, required: ["from", "to"], additionalProperties: false },
    outputSchema: { type: "object", properties: { transferred: { type: "integer" } }, required: ["transferred"], additionalProperties: false },
    "x-mcp-gen": {
      inputRequests: {
        amount: { message: "How much?", requestedSchema: { type: "object", properties: { amount: { type: "integer", minimum: 1, maximum: 1000 } }, required: ["amount"] } },
        confirm: { message: "Move the money now?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] } },
      },
    },
  },
};

const HANDLERS = {
  "src/handlers/count.ts": `import type { ToolHandlers } from "../generated/server.js";

export const count: ToolHandlers["count"] = async ({ steps }, ctx) => {
  for (let step = 1; step <= steps; step++) {
    await ctx.progress(step, steps, \`step \${step} of \${steps}\`);
    await ctx.progress(step - 0.5, steps); // does not increase: never sent (T-CANCEL-8)
  }
  if (steps > 100) {
    // @ts-expect-error count declares no input requests, so there is nothing to read
    ctx.answer("confirm");
  }
  return { counted: steps };
};
`,
  "src/handlers/wait.ts": `import type { ToolHandlers } from "../generated/server.js";

/** What the handler saw, for the test to read (same module instance: the test imports it from dist). */
export const events: string[] = [];

export const wait: ToolHandlers["wait"] = (_args, ctx) =>
  new Promise((resolve) => {
    events.push("started");
    ctx.signal.addEventListener("abort", () => {
      const reason: unknown = ctx.signal.reason;
      events.push(\`aborted: \${reason instanceof Error ? reason.message : String(reason)}\`);
      resolve("stopped");
    }, { once: true });
  });
`,
  "src/handlers/transfer.ts": `import { ToolError, type ToolHandlers } from "../generated/server.js";

/** Round 1 asks how much; round 2 asks for confirmation, carrying the amount as state; round 3 moves it. */
export const transfer: ToolHandlers["transfer"] = async ({ from, to }, ctx) => {
  const held = ctx.state<{ amount: number }>();
  if (held === undefined) {
    const amount = ctx.answer("amount");
    if (amount.kind === "missing") return ctx.ask({ amount: { message: \`How much from \${from} to \${to}?\` } });
    if (amount.kind !== "accepted") throw new ToolError(amount.kind === "invalid" ? amount.message : \`The amount was \${amount.kind}.\`);
    const euros: number = amount.content.amount;
    return ctx.ask({ confirm: {} }, { state: { amount: euros } });
  }
  const confirm = ctx.answer("confirm");
  if (confirm.kind === "missing") return ctx.ask({ confirm: {} }, { state: held });
  if (from === "never") {
    // @ts-expect-error transfer has no input request called "pin"
    return ctx.ask({ pin: {} });
  }
  return { transferred: confirm.kind === "accepted" && confirm.content.confirm ? held.amount : 0 };
};
`,
  "src/stdio.ts": `import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createToolServerFactory, handlers, randomRequestStateKey } from "./generated/index.js";

// One process serves every round over stdio, so a key of this process is enough.
serveStdio(createToolServerFactory(handlers, { requestState: { key: randomRequestStateKey() } }));
`,
};

interface ErrorReport {
  readonly tool: string;
  readonly errorId: string;
  readonly error: unknown;
}

interface ContextModule {
  readonly handlers: Readonly<Record<string, (args: never, ctx: never) => unknown>>;
  readonly SERVER_DEFAULTS: { readonly limits: Readonly<Record<string, number>> };
  createToolHttpHandler(handlers: unknown, options?: object): FetchHandler & { close(): Promise<void> };
}

const KEY = "an example key of at least 32 bytes, shared by every replica";

let project: CompiledProject;
let generated: ContextModule;
let waitEvents: string[];

beforeAll(async () => {
  const files: Record<string, string> = { ...HANDLERS, "mcp-gen.config.yaml": "server:\n  name: context-demo\n  version: 1.0.0\n" };
  for (const [path, tool] of Object.entries(TOOLS)) files[path] = JSON.stringify(tool, null, 2);
  project = await buildCompiledProject(files);
  generated = (await project.importGenerated()) as unknown as ContextModule;
  waitEvents = ((await import(pathToFileURL(join(project.root, "dist", "src", "handlers", "wait.js")).href)) as { events: string[] }).events;
}, 180_000);

afterAll(() => project?.remove());

/** A client connected in process; it declares form elicitation and answers from `answers`, in order. */
async function connect(era: Era, handler: FetchHandler, answers: ElicitResult[] = []): Promise<{ client: Client; asked: ElicitRequest["params"][] }> {
  const client = new Client({ name: "context-e2e", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, ...(era === "modern" ? { versionNegotiation: { mode: "auto" as const } } : {}) });
  const asked: ElicitRequest["params"][] = [];
  client.setRequestHandler("elicitation/create", (request) => {
    asked.push(request.params);
    const answer = answers.shift();
    if (answer === undefined) throw new Error("no answer left");
    return answer;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
  expect(client.getProtocolEra()).toBe(era);
  return { client, asked };
}

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

for (const era of ERAS) {
  describe(`ctx.progress and ctx.signal, era ${era}`, () => {
    let handler: ReturnType<ContextModule["createToolHttpHandler"]>;
    let client: Client;
    beforeAll(async () => {
      handler = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY }, limits: { ...generated.SERVER_DEFAULTS.limits, callTimeoutMs: 0 } });
      ({ client } = await connect(era, handler));
    });
    afterAll(async () => {
      await client?.close();
      await handler?.close();
    });

    it("sends notifications/progress for a request with a progressToken, only increasing values (T-CANCEL-8)", async () => {
      const seen: unknown[] = [];
      const result = (await client.callTool({ name: "count", arguments: { steps: 3 } }, { onprogress: (progress) => void seen.push(progress) })) as CallToolResult;
      expect(result.structuredContent).toEqual({ counted: 3 });
      expect(seen).toEqual([1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${step} of 3` })));
    });

    it("without a progressToken ctx.progress sends nothing and the call still completes", async () => {
      const result = (await client.callTool({ name: "count", arguments: { steps: 2 } })) as CallToolResult;
      expect(result.structuredContent).toEqual({ counted: 2 });
    });

    it.skipIf(era === "legacy")("ctx.signal aborts when the client cancels the call (T-CANCEL-1, T-CANCEL-3)", async () => {
      // 2025-era: the SDK client cancels with notifications/cancelled, a separate POST, which the SDK's
      // per-request 2025 serving hands to a new Server that knows nothing of the call (SDK limitation).
      const before = waitEvents.length;
      const controller = new AbortController();
      const call = client.callTool({ name: "wait", arguments: {} }, { signal: controller.signal });
      await vi.waitFor(() => expect(waitEvents.slice(before)).toContain("started"));
      controller.abort(new Error("user pressed stop"));
      await expect(call).rejects.toThrow();
      await vi.waitFor(() => expect(waitEvents.slice(before).some((event) => event.startsWith("aborted"))).toBe(true));
    });
  });
}

describe("ctx.progress over stdio (raw JSON lines)", () => {
  it("every call's notifications reach the wire, increasing, each before its own response (T-CANCEL-8)", async () => {
    // Raw, because the SDK v2 Client drops progress notifications over stdio after the first call
    // (an SDK client bug: the server below sends them all).
    const child = spawn(process.execPath, [join(project.root, "dist", "src", "stdio.js")], { stdio: ["pipe", "pipe", "ignore"] });
    try {
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (out += chunk));
      for (const id of [1, 2, 3]) {
        const params = { name: "count", arguments: { steps: 3 }, _meta: { progressToken: `token-${id}`, ...modernMeta() } };
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params })}\n`);
      }
      const lines = () =>
        out
          .split("\n")
          .filter((line) => line !== "")
          .map((line) => JSON.parse(line) as { id?: number; method?: string; params?: { progressToken: string; progress: number } });
      await vi.waitFor(() => expect(lines().filter((message) => message.id !== undefined)).toHaveLength(3), { timeout: 10_000 });
      for (const id of [1, 2, 3]) {
        const messages = lines();
        const answeredAt = messages.findIndex((message) => message.id === id);
        const progress = messages.map((message, index) => ({ message, index })).filter(({ message }) => message.params?.progressToken === `token-${id}`);
        expect(progress.map(({ message }) => message.params!.progress)).toEqual([1, 2, 3]);
        expect(progress.every(({ index }) => index < answeredAt)).toBe(true);
      }
    } finally {
      child.kill();
    }
  });
});

describe("ctx.signal when the HTTP request goes away", () => {
  it("a 2025-era request whose connection closes aborts the handler (T-CANCEL-1)", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers);
    try {
      const before = waitEvents.length;
      const connection = new AbortController();
      const reply = postLegacy(handler, 1, "tools/call", { name: "wait", arguments: {} }, connection.signal).catch((error: unknown) => error);
      await vi.waitFor(() => expect(waitEvents.slice(before)).toContain("started"));
      connection.abort(new Error("connection closed"));
      await vi.waitFor(() => expect(waitEvents.slice(before)).toEqual(["started", "aborted: Connection closed"]));
      await reply;
    } finally {
      await handler.close();
    }
  });
});

describe("ctx.signal on a call timeout", () => {
  it("aborts with the timeout, and the model reads a tool error", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { limits: { ...generated.SERVER_DEFAULTS.limits, callTimeoutMs: 50 } });
    const { client } = await connect("modern", handler);
    try {
      const before = waitEvents.length;
      const result = (await client.callTool({ name: "wait", arguments: {} })) as CallToolResult;
      expect(result).toMatchObject({ isError: true });
      expect(text(result)).toBe("Tool wait did not finish within 50 ms.");
      await vi.waitFor(() => expect(waitEvents.slice(before)).toEqual(["started", "aborted: Tool wait did not finish within 50 ms."]));
    } finally {
      await client.close();
      await handler.close();
    }
  });
});

describe("ctx.ask, ctx.answer and ctx.state across rounds", () => {
  it("the SDK client answers each form and the handler carries the amount as state (T-MRTR-1, T-MRTR-12, T-MRTR-13)", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY } });
    const { client, asked } = await connect("modern", handler, [
      { action: "accept", content: { amount: 40 } },
      { action: "accept", content: { confirm: true } },
    ]);
    try {
      const result = (await client.callTool({ name: "transfer", arguments: { from: "A", to: "B" } })) as CallToolResult;
      expect(result.structuredContent).toEqual({ transferred: 40 });
      expect(asked.map((params) => params.message)).toEqual(["How much from A to B?", "Move the money now?"]);
      expect(asked[0]).toEqual({ mode: "form", message: "How much from A to B?", requestedSchema: TOOLS["tools/transfer.json"]["x-mcp-gen"].inputRequests.amount.requestedSchema });
    } finally {
      await client.close();
      await handler.close();
    }
  });

  it("an answer that breaks the form reaches the handler as invalid, with the validator's message", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY } });
    const { client } = await connect("modern", handler, [{ action: "accept", content: { amount: 5000 } }]);
    try {
      const result = (await client.callTool({ name: "transfer", arguments: { from: "A", to: "B" } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('The answer to "amount" does not match its form: amount: must be <= 1000.');
    } finally {
      await client.close();
      await handler.close();
    }
  });

  it("works the same for a 2025-era client over stdio, through the SDK's legacy shim (state sealed and verified in process)", async () => {
    const client = new Client({ name: "context-e2e", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const answers: ElicitResult[] = [
      { action: "accept", content: { amount: 7 } },
      { action: "accept", content: { confirm: true } },
    ];
    client.setRequestHandler("elicitation/create", () => answers.shift() ?? { action: "cancel" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(project.root, "dist", "src", "stdio.js")], stderr: "pipe" }));
    try {
      expect(client.getProtocolEra()).toBe("legacy");
      const result = (await client.callTool({ name: "transfer", arguments: { from: "A", to: "B" } })) as CallToolResult;
      expect(result.structuredContent).toEqual({ transferred: 7 });
      expect(answers).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('2025-era clients over HTTP with handlerOptions: { legacy: "sessions" }', () => {
  /** A 2025-era client (the SDK's default) on a real listener on 127.0.0.1, answering forms from `answers`. */
  async function legacyClient(url: URL, answers: ElicitResult[]): Promise<Client> {
    const client = new Client({ name: "context-e2e", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler("elicitation/create", () => answers.shift() ?? { action: "cancel" });
    await client.connect(new StreamableHTTPClientTransport(url));
    expect(client.getProtocolEra()).toBe("legacy");
    return client;
  }

  it("ctx.ask works for them as over stdio, and for 2026-07-28 clients on the same endpoint as before", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY }, handlerOptions: { legacy: "sessions" } });
    const server = await startRecordingServer(handler);
    const answers: ElicitResult[] = [
      { action: "accept", content: { amount: 7 } },
      { action: "accept", content: { confirm: true } },
    ];
    const client = await legacyClient(server.url, answers);
    try {
      const result = (await client.callTool({ name: "transfer", arguments: { from: "A", to: "B" } })) as CallToolResult;
      expect(result.structuredContent).toEqual({ transferred: 7 });
      expect(answers).toEqual([]);
      // The session lives on the endpoint: its requests carry Mcp-Session-Id.
      expect(server.received.some((request) => request.rawHeaders.some(([name]) => name.toLowerCase() === "mcp-session-id"))).toBe(true);
      const { client: modern } = await connect("modern", handler, [
        { action: "accept", content: { amount: 40 } },
        { action: "accept", content: { confirm: true } },
      ]);
      expect(((await modern.callTool({ name: "transfer", arguments: { from: "A", to: "B" } })) as CallToolResult).structuredContent).toEqual({ transferred: 40 });
      await modern.close();
    } finally {
      await client.close();
      await server.close();
      await handler.close();
    }
  });

  it("served statelessly (the default), the same call ends with a tool error: the SDK has no way to ask them", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY } });
    const server = await startRecordingServer(handler);
    const client = await legacyClient(server.url, [{ action: "accept", content: { amount: 7 } }]);
    try {
      const result = (await client.callTool({ name: "transfer", arguments: { from: "A", to: "B" } })) as CallToolResult;
      expect(result.isError).toBe(true);
    } finally {
      await client.close();
      await server.close();
      await handler.close();
    }
  });

  const statusOf = (handler: FetchHandler, client: Client) => sessionStatus(handler, (client.transport as StreamableHTTPClientTransport).sessionId!);

  it("keeps at most maxSessions sessions, closing the least recently used: its client gets 404", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { handlerOptions: { legacy: "sessions", maxSessions: 2 } });
    try {
      const [first, second] = [(await connect("legacy", handler)).client, (await connect("legacy", handler)).client];
      expect(await statusOf(handler, first)).toBe(200);
      const third = (await connect("legacy", handler)).client;
      expect(await statusOf(handler, second)).toBe(404);
      expect(await statusOf(handler, first)).toBe(200);
      expect(await statusOf(handler, third)).toBe(200);
    } finally {
      await handler.close();
    }
  });

  it("closes a session idle for longer than sessionIdleMs: its client gets 404, a new one works", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const handler = generated.createToolHttpHandler(generated.handlers, { handlerOptions: { legacy: "sessions", sessionIdleMs: 60_000 } });
    try {
      const idle = (await connect("legacy", handler)).client;
      const busy = (await connect("legacy", handler)).client;
      vi.setSystemTime(Date.now() + 40_000);
      expect(await statusOf(handler, busy)).toBe(200);
      vi.setSystemTime(Date.now() + 40_000);
      expect(await statusOf(handler, busy)).toBe(200);
      expect(await statusOf(handler, idle)).toBe(404);
      expect((await (await connect("legacy", handler)).client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
      await handler.close();
    }
  });

  it('legacy: "reject" serves 2026-07-28 clients only: a 2025 initialize gets -32022', async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { handlerOptions: { legacy: "reject" } });
    try {
      const reply = await postLegacy(handler, 1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } });
      expect(reply.message.error).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"] } });
      const { client } = await connect("modern", handler);
      expect((await client.listTools()).tools.length).toBe(3);
      await client.close();
    } finally {
      await handler.close();
    }
  });
});

describe("requestState integrity on the wire (raw JSON-RPC, 2026-07-28)", () => {
  const FORMS = { elicitation: { form: {} } };
  const args = { from: "A", to: "B" };
  let handler: ReturnType<ContextModule["createToolHttpHandler"]>;
  let sealed: string;

  /** Round 2 of a transfer: the amount answered; returns the sealed state of the confirmation round. */
  async function stateAfterAmount(target: FetchHandler, amount: number): Promise<string> {
    const first = await postModern(target, 1, "tools/call", { name: "transfer", arguments: args }, FORMS);
    expect(first.message.result).toMatchObject({ resultType: "input_required", inputRequests: { amount: { method: "elicitation/create" } } });
    expect(first.message.result?.["requestState"]).toBeUndefined();
    const second = await postModern(target, 2, "tools/call", { name: "transfer", arguments: args, inputResponses: { amount: { action: "accept", content: { amount } } } }, FORMS);
    expect(second.message.result).toMatchObject({ resultType: "input_required", inputRequests: { confirm: { method: "elicitation/create" } } });
    return second.message.result!["requestState"] as string;
  }

  const confirmWith = (target: FetchHandler, state: string, callArgs: object = args) =>
    postModern(target, 3, "tools/call", { name: "transfer", arguments: callArgs, inputResponses: { confirm: { action: "accept", content: { confirm: true } } }, requestState: state }, FORMS);

  function expectRefused(reply: Awaited<ReturnType<typeof confirmWith>>): void {
    expect(reply.message.error).toEqual({ code: -32602, message: "Invalid or expired requestState", data: { reason: "invalid_request_state" } });
  }

  beforeAll(async () => {
    handler = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY } });
    sealed = await stateAfterAmount(handler, 40);
  });
  afterAll(async () => {
    await handler?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the state is sealed (signed, not encrypted: the amount is readable) and an intact state completes the call", async () => {
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed.split(".")[1]!, "base64url").toString("utf8")).toContain('"amount":40');
    expect((await confirmWith(handler, sealed)).message.result).toMatchObject({ structuredContent: { transferred: 40 } });
  });

  it("a state with one character changed is refused with -32602 (T-MRTR-7)", async () => {
    const [prefix, body, mac] = sealed.split(".") as [string, string, string];
    const forged = Buffer.from(Buffer.from(body, "base64url").toString("utf8").replace('"amount":40', '"amount":99'), "utf8").toString("base64url");
    expectRefused(await confirmWith(handler, `${prefix}.${forged}.${mac}`));
    // Every other last character of the MAC, including those that differ only in its pad bits.
    for (const last of ["A", "B", "C", "D", "Q", "w", "-", "_"].filter((c) => !mac.endsWith(c))) {
      expectRefused(await confirmWith(handler, `${prefix}.${body}.${mac.slice(0, -1)}${last}`));
    }
    const bodyLast = body.endsWith("A") ? "B" : String.fromCharCode(body.charCodeAt(body.length - 1) ^ 1);
    expectRefused(await confirmWith(handler, `${prefix}.${body.slice(0, -1)}${bodyLast}.${mac}`));
    expectRefused(await confirmWith(handler, "not a sealed state"));
  });

  it("a state sealed for other arguments, or by a server with another key, is refused (T-MRTR-8)", async () => {
    expectRefused(await confirmWith(handler, sealed, { from: "A", to: "C" }));
    const other = generated.createToolHttpHandler(generated.handlers, { requestState: { key: "another key of at least thirty-two bytes!!" } });
    try {
      expectRefused(await confirmWith(other, sealed));
      // Replicas that share the key accept each other's state: a plain load balancer is enough.
      const replica = generated.createToolHttpHandler(generated.handlers, { requestState: { key: KEY } });
      expect((await confirmWith(replica, sealed)).message.result).toMatchObject({ structuredContent: { transferred: 40 } });
      await replica.close();
    } finally {
      await other.close();
    }
  });

  it("an expired state is refused: the default lifetime is 600 s (T-MRTR-8)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const fresh = await stateAfterAmount(handler, 12);
    vi.setSystemTime(Date.now() + 599_000);
    expect((await confirmWith(handler, fresh)).message.result).toMatchObject({ structuredContent: { transferred: 12 } });
    vi.setSystemTime(Date.now() + 2_000);
    expectRefused(await confirmWith(handler, fresh));
  });

  it("without a key, a handler cannot pass state (a reported tool failure) and every incoming state is refused", async () => {
    const reports: ErrorReport[] = [];
    const keyless = generated.createToolHttpHandler(generated.handlers, { onError: (report: ErrorReport) => void reports.push(report) });
    try {
      const reply = await postModern(keyless, 2, "tools/call", { name: "transfer", arguments: args, inputResponses: { amount: { action: "accept", content: { amount: 3 } } } }, FORMS);
      expect(reply.message.result).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringMatching(/^Tool transfer failed unexpectedly \(error id [0-9a-f]{8}\)\.$/) }] });
      expect(reports).toHaveLength(1);
      expect(String((reports[0]!.error as Error).message)).toContain("the server has no requestState key");
      expectRefused(await confirmWith(keyless, sealed));
    } finally {
      await keyless.close();
    }
  });
});
