// `target: sdk-v1`: the tracker example built for @modelcontextprotocol/sdk 1.x (MCP 2025-11-25) from
// the same descriptors, the same handler files and the same scaffold tests, copied to a temp folder
// where the config gains two lines (`target: sdk-v1`, and `runtime: vendored`: the runtime is copied
// into the project, so this is also the vendored mode end to end) and the stdio entry imports the v1
// SDK's transport (the HTTP entry, the generated `serveHttp`, is the example's own). It type-checks under tsc --strict, its own vitest scaffolds pass, and its servers,
// started over stdio and over Streamable HTTP on 127.0.0.1, are driven by the SDK v1 Client through
// the generated typed client. `ctx.ask` works there although 2025-11-25 has no input_required: the v1
// runtime asks the client itself (elicitation/create) and runs the handler again.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { Client as V2Client, StreamableHTTPClientTransport as V2HttpTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, McpError, type CallToolResult, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handlers as trackerHandlers } from "../../examples/tracker/src/generated/handlers.js";
import { createToolHttpHandler as v2TrackerHttpHandler } from "../../examples/tracker/src/generated/server.js";
import { compileProject, runNode, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { UNGUARDED } from "../support/e2e-clients.js";
import { attack, expectVerdict, GUARD_CASES } from "../support/http-guard-attacks.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { sessionStatus, type FetchHandler } from "../support/raw-mcp.js";
import { runInProcess } from "../support/temp-project.js";

const TRACKER = join(REPO_ROOT, "examples", "tracker");
const VITEST = join(REPO_ROOT, "node_modules", "vitest", "vitest.mjs");
/** What the project keeps from the example, byte for byte. */
const KEPT = ["tools", "schemas", "src/handlers", "src/store.ts", "src/http.ts", "test/tools", "package.json", "tsconfig.json"];

/** What a compiled v1 project's src/generated/index.js exports, as far as these tests use it. */
interface V1Module {
  readonly ToolsClient: new (client: Client, options?: { readonly onDrift?: "throw" | "warn" | "ignore" }) => Readonly<Record<string, (args: unknown) => Promise<Outcome>>>;
  readonly ToolArgumentsError: new (...args: never[]) => Error;
  readonly handlers: unknown;
  readonly createToolHttpHandler: (
    handlers: unknown,
    options?: { handlerOptions?: { sessionIdleMs?: number; maxSessions?: number } },
  ) => { fetch(request: Request): Promise<Response>; close(): Promise<void> };
}

type Outcome = { readonly isError: false; readonly output: unknown; readonly result: CallToolResult } | { readonly isError: true; readonly message: string; readonly result: CallToolResult };

/** What the config gains. */
const V1_LINES = "target: sdk-v1\nruntime: vendored\n";

let root = "";
let generated: V1Module;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-gen-sdk-v1-"));
  for (const path of KEPT) cpSync(join(TRACKER, path), join(root, path), { recursive: true });
  writeFileSync(join(root, "mcp-gen.config.yaml"), `${readFileSync(join(TRACKER, "mcp-gen.config.yaml"), "utf8")}${V1_LINES}`);
  // The example's own lock, written by its sdk-v2 build: what `verify` holds this build's server to.
  cpSync(join(TRACKER, "mcp-tools.lock.json"), join(root, "tracker.lock.json"));
  cpSync(join(REPO_ROOT, "test", "fixtures", "sdk-v1-entries", "stdio.ts"), join(root, "src", "stdio.ts"));
  const build = await runInProcess(root, ["build"]);
  if (build.code !== 0) throw new Error(`mcp-gen build failed (exit ${build.code}):\n${build.stdout}${build.stderr}`);
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  await compileProject(join(root, "tsconfig.json"));
  generated = (await import(pathToFileURL(join(root, "dist", "src", "generated", "index.js")).href)) as V1Module;
}, 180_000);

afterAll(() => {
  if (root !== "") rmSync(root, { recursive: true, force: true });
});

describe("the tracker built with target: sdk-v1", () => {
  it("keeps the example's handlers and tests unchanged: only the config's target and runtime lines differ", () => {
    for (const path of ["src/handlers", "test/tools"]) {
      const files = filesUnder(join(TRACKER, path));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(readFileSync(join(root, path, file), "utf8")).toBe(readFileSync(join(TRACKER, path, file), "utf8"));
    }
    const config = readFileSync(join(root, "mcp-gen.config.yaml"), "utf8");
    expect(config).toBe(`${readFileSync(join(TRACKER, "mcp-gen.config.yaml"), "utf8")}${V1_LINES}`);
  });

  it("copies only the runtime the target needs, and the generated code imports no SDK v2 package", () => {
    expect(filesUnder(join(root, "src", "generated", "runtime"))).toEqual([
      // validation-messages words a failed oneOf/anyOf from the checked value and schema.
      "alternatives-message.ts",
      "base64.ts",
      "field-path.ts",
      "find-annotation-sites.ts",
      "header-annotations.ts",
      "header-encoding.ts",
      "header-validation.ts",
      "http-body.ts",
      "node-serve.ts",
      // The tracker's schemas have patterns: its validators run them on re2js.
      "pattern-runtime.ts",
      // The client compares the server's tools with the lock's hashes.
      "pin-guard.ts",
      "quote-value.ts",
      "request-headers.ts",
      // mcpRequestValidation: the guard serveHttp uses, exported for servers wired by hand.
      "request-validation.ts",
      "schema-alternatives.ts",
      "session-pool.ts",
      "sha256.ts",
      "stdio-server.ts",
      "tool-call.ts",
      "tool-context.ts",
      "tool-hash.ts",
      "tool-pins.ts",
      "tool-table.ts",
      "utf8.ts",
      "v1/client-runtime.ts",
      "v1/host-origin.ts",
      "v1/http-runtime.ts",
      "v1/legacy-projection.ts",
      "v1/node-adapter.ts",
      "v1/node-runtime.ts",
      "v1/server-runtime.ts",
      "v1/testing-runtime.ts",
      "validation-messages.ts",
      "validator-runtime.ts",
    ]);
    const sdkImports = new Set<string>();
    for (const file of filesUnder(join(root, "src", "generated"))) {
      for (const match of readFileSync(join(root, "src", "generated", file), "utf8").matchAll(/from "(@modelcontextprotocol\/[^/"]+)/g)) sdkImports.add(match[1]!);
    }
    expect([...sdkImports]).toEqual(["@modelcontextprotocol/sdk"]);
    // Vendored: nothing imports the runtime package.
    for (const file of filesUnder(join(root, "src", "generated"))) expect(readFileSync(join(root, "src", "generated", file), "utf8"), file).not.toContain("@mcp-gen/runtime");
  });

  it("passes its own scaffold tests, run by vitest in the project (the issues.delete confirmation included)", async () => {
    const run = await runNode([VITEST, "run", "--root", root, "--dir", "test/tools"], root);
    const output = run.output.replace(/\u001b\[[0-9;]*m/g, "");
    expect(output).toMatch(/Test Files\s+5 passed \(5\)/);
    expect(output).toMatch(/Tests\s+11 passed \(11\)/);
    expect(run.code).toBe(0);
  }, 120_000);

  it("mcp-gen verify against its stdio server, which speaks 2025-11-25 only, matches the example's lock: an array outputSchema listed wrapped is no change", async () => {
    const verify = await runInProcess(root, ["verify", "--command", "node dist/src/stdio.js", "--lock", "tracker.lock.json"]);
    expect(verify.stdout).toBe('"tracker" 1.0.0 (legacy era) listed 5 tools on 1 page.\n\nAll 5 tools match tracker.lock.json.\n');
    expect(verify.code).toBe(0);
  });
});

describe("sessions of the sdk-v1 HTTP handler (clients that never send DELETE)", () => {
  /** An SDK v1 Client connected in-process to `handler`. */
  async function connect(handler: { fetch(request: Request): Promise<Response> }): Promise<Client> {
    const client = new Client({ name: "mcp-gen-e2e-v1", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    return client;
  }

  /** tools/list with `client`'s session: the HTTP status the handler answers. */
  const statusOf = (handler: FetchHandler, client: Client) => sessionStatus(handler, (client.transport as StreamableHTTPClientTransport).sessionId!);

  it("beyond maxSessions, a new session closes the least recently used one: its client gets 404", async () => {
    const handler = generated.createToolHttpHandler(generated.handlers, { handlerOptions: { maxSessions: 2 } });
    try {
      const first = await connect(handler);
      const second = await connect(handler);
      expect(await statusOf(handler, first)).toBe(200); // first is now the most recently used
      const third = await connect(handler);
      expect(await statusOf(handler, second)).toBe(404);
      expect(await statusOf(handler, first)).toBe(200);
      expect(await statusOf(handler, third)).toBe(200);
      expect((await first.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await handler.close();
    }
  });

  it("a session idle for longer than sessionIdleMs is closed: its client gets 404, a new one works", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const handler = generated.createToolHttpHandler(generated.handlers, { handlerOptions: { sessionIdleMs: 60_000 } });
    try {
      const idle = await connect(handler);
      const busy = await connect(handler);
      vi.setSystemTime(Date.now() + 40_000);
      expect(await statusOf(handler, busy)).toBe(200);
      vi.setSystemTime(Date.now() + 40_000);
      expect(await statusOf(handler, busy)).toBe(200);
      expect(await statusOf(handler, idle)).toBe(404);
      expect((await (await connect(handler)).listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
      await handler.close();
    }
  });
});

/** An SDK v1 Client that declares form elicitation and answers with `answer` (accept and confirm by default). */
function newClient(): { client: Client; asked: ElicitRequest["params"][]; answer: { next: ElicitResult } } {
  const client = new Client({ name: "mcp-gen-e2e-v1", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const asked: ElicitRequest["params"][] = [];
  const answer = { next: { action: "accept", content: { confirm: true } } as ElicitResult };
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params);
    return answer.next;
  });
  return { client, asked, answer };
}

/** tools/list as the SDK v2 target shows it to a 2025-era client (its legacy projection). */
async function v2LegacyList(): Promise<unknown> {
  const handler = v2TrackerHttpHandler(trackerHandlers);
  const client = new V2Client({ name: "mcp-gen-e2e", version: "1.0.0" });
  try {
    await client.connect(new V2HttpTransport(new URL("http://in-process.invalid/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    expect(client.getProtocolEra()).toBe("legacy");
    return (await client.listTools()).tools;
  } finally {
    await client.close();
    await handler.close();
  }
}

async function mcpErrorOf(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error("Expected an McpError, but the call resolved.");
}

for (const transport of ["stdio", "http"] as const) {
  describe(`the sdk-v1 tracker over ${transport}, driven by the SDK v1 Client`, () => {
    let served: ServedChild | undefined;
    let session: ReturnType<typeof newClient>;
    const typed = () => new generated.ToolsClient(session.client, UNGUARDED);

    beforeAll(async () => {
      session = newClient();
      if (transport === "stdio") {
        await session.client.connect(new StdioClientTransport({ command: process.execPath, args: [join(root, "dist", "src", "stdio.js")], stderr: "pipe" }));
      } else {
        served = await startHttpChild(join(root, "dist", "src", "http.js"));
        await session.client.connect(new StreamableHTTPClientTransport(served.url));
      }
    }, 60_000);
    afterAll(async () => {
      await session?.client.close();
      if (served !== undefined) await stopChild(served.child);
    });

    it("negotiates MCP 2025-11-25 and advertises tools", () => {
      expect(session.client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
      expect(session.client.getServerVersion()).toEqual({ name: "tracker", version: "1.0.0" });
    });

    it("tools/list is exactly what the SDK v2 target shows a 2025-era client, non-object outputSchema wrapped (T-LIST-3)", async () => {
      const listed = await typed().listTools!(undefined);
      const tools = (listed as unknown as { tools: unknown[]; refused: unknown[] }).tools;
      expect(tools).toStrictEqual(await v2LegacyList());
      expect((listed as unknown as { refused: unknown[] }).refused).toEqual([]);
    });

    it("typed calls return typed output, an array result unwrapped from its 2025-11-25 { result } (T-CALL-4, T-CALL-5)", async () => {
      expect(await typed().issuesGet!({ id: "WEB-1" })).toMatchObject({ isError: false, output: { id: "WEB-1", project: "WEB", status: "open" } });
      const created = await typed().issuesCreate!({ project: "OPS", title: "From SDK v1", labels: ["v1"] });
      expect(created).toMatchObject({ isError: false, output: { project: "OPS", title: "From SDK v1", labels: ["v1"] } });
      const listed = await typed().issuesList!({ project: "OPS" });
      expect(listed.isError).toBe(false);
      if (listed.isError) return;
      expect(Array.isArray(listed.output)).toBe(true);
      expect((listed.result.structuredContent as { result: unknown[] }).result).toEqual(listed.output);
      const summary = await typed().projectsSummary!({ project: "OPS" });
      expect(summary).toMatchObject({ isError: false, output: [{ type: "text", text: expect.stringMatching(/^OPS: \d+ issues?, \d+ open\.$/) }] });
    });

    it("invalid arguments are a tool execution error naming the field, not a JSON-RPC error (T-ERR-3, Appendix B.2)", async () => {
      const result = (await session.client.callTool({ name: "issues.get", arguments: { id: "web one" } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: 'Invalid arguments for tool issues.get: id: must match pattern "^[A-Z]+-[0-9]+$"' }]);
    });

    it("a ToolError is isError with the handler's message; an unknown tool is JSON-RPC -32602 (T-ERR-1, T-ERR-3)", async () => {
      expect(await typed().issuesGet!({ id: "WEB-999" })).toMatchObject({ isError: true, message: "There is no issue WEB-999. Use issues.list to find its key." });
      const error = await mcpErrorOf(session.client.callTool({ name: "no_such_tool", arguments: {} }));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain("no_such_tool");
    });

    it("the typed client refuses invalid arguments before sending anything", async () => {
      await expect(typed().issuesCreate!({ project: "web", title: "lower-case" })).rejects.toBeInstanceOf(generated.ToolArgumentsError);
    });

    it("ctx.ask is asked through elicitation/create and the handler runs again with the answer (T-MRTR-1, T-MRTR-12)", async () => {
      const created = await typed().issuesCreate!({ project: "OPS", title: "Delete me" });
      if (created.isError) throw new Error(created.message);
      const id = (created.output as { id: string }).id;
      const before = session.asked.length;
      session.answer.next = { action: "decline" };
      expect(await typed().issuesDelete!({ id })).toMatchObject({ isError: false, output: { deleted: false } });
      session.answer.next = { action: "accept", content: { confirm: true } };
      expect(await typed().issuesDelete!({ id })).toMatchObject({ isError: false, output: { deleted: true } });
      expect(session.asked.slice(before)).toEqual([
        { mode: "form", message: `Delete ${id} for good?`, requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "Delete the issue" } }, required: ["confirm"] } },
        { mode: "form", message: `Delete ${id} for good?`, requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "Delete the issue" } }, required: ["confirm"] } },
      ]);
      expect((await typed().issuesGet!({ id })).isError).toBe(true);
    });

    it("a client that declares no elicitation gets a tool error naming the input, and nothing is deleted (T-MRTR-5)", async () => {
      const bare = new Client({ name: "mcp-gen-e2e-v1-bare", version: "1.0.0" });
      await bare.connect(
        transport === "stdio" ? new StdioClientTransport({ command: process.execPath, args: [join(root, "dist", "src", "stdio.js")], stderr: "pipe" }) : new StreamableHTTPClientTransport(served!.url),
      );
      try {
        const outcome = await new generated.ToolsClient(bare).issuesDelete!({ id: "WEB-1" });
        expect(outcome).toMatchObject({ isError: true, message: 'Tool issues.delete cannot ask for input "confirm" (elicitation/create): Client does not support form elicitation.' });
      } finally {
        await bare.close();
      }
      expect((await typed().issuesGet!({ id: "WEB-1" })).isError).toBe(false);
    });

    it("an answer that breaks the form reaches the handler as invalid, and nothing is deleted", async () => {
      session.answer.next = { action: "accept", content: { confirm: "yes" } };
      const outcome = await typed().issuesDelete!({ id: "WEB-1" });
      session.answer.next = { action: "accept", content: { confirm: true } };
      expect(outcome).toMatchObject({ isError: true, message: 'The answer to "confirm" does not match its form: confirm: must be boolean. Nothing was deleted.' });
      expect((await typed().issuesGet!({ id: "WEB-1" })).isError).toBe(false);
    });
  });
}

describe("the sdk-v1 tracker's HTTP entry (the generated serveHttp), attacked with raw requests", () => {
  let served: ServedChild | undefined;
  beforeAll(async () => {
    served = await startHttpChild(join(root, "dist", "src", "http.js"));
  }, 60_000);
  afterAll(async () => {
    if (served !== undefined) await stopChild(served.child);
  });

  // The same table as the SDK v2 target's (test/e2e/init-http.e2e.test.ts): the runtime's own
  // adapter and Host/Origin checks refuse what the SDK v2's do, with the same answers.
  for (const guardCase of GUARD_CASES) {
    it(`answers ${guardCase.name} with ${guardCase.expected.status}`, async () => {
      expectVerdict(await attack(served!.url, guardCase), guardCase);
    });
  }
});
