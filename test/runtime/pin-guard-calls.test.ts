// Every path a refused call could take through the generated client (runtime pin-guard.ts), against a
// raw JSON-RPC server that changes its tool `echo` when told to (test/fixtures/live/call-paths-server.mjs,
// which logs each tools/call it gets). SDK v2's Client in both eras and SDK v1's, over stdio,
// connected and watched as the generated client does it (onDrift "throw"):
// - a second list_changed arriving while the guard re-lists after the first: the typed call waits for
//   a listing that is current, not only for the one the first notice started;
// - a server that sends list_changed before every answer: the call is refused after MAX_WAITED_LISTINGS;
// - a call made on the SDK Client itself (client.callTool, client.request): judged as a typed call is,
//   a tool not in the lock refused too; after a reconnect as well.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import * as v2 from "../../packages/runtime/src/client-runtime.js";
import { MAX_WAITED_LISTINGS, type PinGuard } from "../../packages/runtime/src/pin-guard.js";
import { hashTool } from "../../packages/runtime/src/tool-hash.js";
import { ToolDriftError, type ToolPin } from "../../packages/runtime/src/tool-pins.js";
import * as v1 from "../../packages/runtime/src/v1/client-runtime.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const SERVER = join(REPO_ROOT, "test/fixtures/live/call-paths-server.mjs");
const ECHO = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object" as const, properties: { text: { type: "string" } }, required: ["text"] } };
const ADD = { name: "add", description: "Adds two numbers.", inputSchema: { type: "object" as const, properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } };
const PINS: readonly ToolPin[] = [ECHO, ADD].map((tool) => ({ name: tool.name, ...hashTool(tool) }));
const entry = (descriptor: typeof ECHO | typeof ADD) => ({ name: descriptor.name, descriptor, validateInput: () => true, validateOutput: undefined, headers: [] });

const folder = mkdtempSync(join(tmpdir(), "mcp-gen-call-paths-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((client) => client.close().catch(() => undefined)));
});

/** What a test does with one connection, whichever SDK makes it. */
interface Connection {
  readonly guard: PinGuard;
  /** A typed call, as generated code makes it. */
  typed(name: "echo" | "add"): Promise<unknown>;
  /** client.callTool on the SDK Client itself. */
  raw(name: string): Promise<unknown>;
  /** client.request({ method: "tools/call" }) on the SDK Client itself. */
  request(name: string): Promise<unknown>;
  /** client.callTool with a request timeout, and a typed call with one. */
  rawTimed(name: string, timeout: number): Promise<unknown>;
  typedTimed(name: "echo" | "add", timeout: number): Promise<unknown>;
  /** client.callTool with a tool name that is not a string. */
  rawName(name: unknown): Promise<unknown>;
  /** Closes the connection and starts connecting the same Client to a server that starts with `echo` changed, without waiting. */
  startReconnectDrifted(): Promise<{ readonly connecting: Promise<void> }>;
  drift(params: Record<string, boolean>): Promise<void>;
  /** Closes the connection and connects the same Client to a server that starts with `echo` changed. */
  reconnectDrifted(): Promise<void>;
  /** The tools/call requests the servers got, by name. */
  calls(): string[];
}

let serial = 0;

async function connectV2(legacy: boolean): Promise<Connection> {
  const log = join(folder, `calls-${serial++}.log`);
  writeFileSync(log, "");
  const server = (drifted: boolean) => ({ command: process.execPath, args: [SERVER, "--log", log, ...(legacy ? ["--legacy"] : []), ...(drifted ? ["--drifted"] : [])], stderr: "ignore" as const });
  const client = await v2.connectStdioClient(server(false), { clientOptions: v2.withToolWatch({}, "throw") });
  closing.push(client);
  const guard = v2.watchTools(client, PINS, "throw", () => undefined);
  await v2.checkNewConnection(guard, () => client.close());
  expect(client.getProtocolEra()).toBe(legacy ? "legacy" : "modern");
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  return {
    guard,
    typed: (name) => v2.callTypedTool(client, entry(name === "echo" ? ECHO : ADD), {}, undefined, guard),
    raw: (name) => client.callTool({ name, arguments: {} }),
    request: (name) => client.request({ method: "tools/call", params: { name, arguments: {} } }),
    rawTimed: (name, timeout) => client.callTool({ name, arguments: {} }, { timeout }),
    typedTimed: (name, timeout) => v2.callTypedTool(client, entry(name === "echo" ? ECHO : ADD), {}, { timeout }, guard),
    rawName: (name) => client.callTool({ name: name as string, arguments: {} }),
    startReconnectDrifted: async () => {
      await client.close();
      return { connecting: client.connect(new StdioClientTransport(server(true))) };
    },
    drift: (params) => client.notification({ method: "x/drift", params } as never),
    reconnectDrifted: async () => {
      await client.close();
      await client.connect(new StdioClientTransport(server(true)));
    },
    calls: () => readFileSync(log, "utf8").split("\n").filter(Boolean),
  };
}

async function connectV1(): Promise<Connection> {
  const log = join(folder, `calls-${serial++}.log`);
  writeFileSync(log, "");
  const server = (drifted: boolean) => ({ command: process.execPath, args: [SERVER, "--log", log, "--legacy", ...(drifted ? ["--drifted"] : [])], stderr: "ignore" as const });
  const client = await v1.connectStdioClient(server(false));
  closing.push(client);
  const guard = v1.watchTools(client, PINS, "throw", () => undefined);
  await v1.checkNewConnection(guard, () => client.close());
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const { CallToolResultSchema } = await import("@modelcontextprotocol/sdk/types.js");
  return {
    guard,
    typed: (name) => v1.callTypedTool(client, entry(name === "echo" ? ECHO : ADD), {}, undefined, guard),
    raw: (name) => client.callTool({ name, arguments: {} }),
    request: (name) => client.request({ method: "tools/call", params: { name, arguments: {} } }, CallToolResultSchema),
    rawTimed: (name, timeout) => client.callTool({ name, arguments: {} }, undefined, { timeout }),
    typedTimed: (name, timeout) => v1.callTypedTool(client, entry(name === "echo" ? ECHO : ADD), {}, { timeout }, guard),
    rawName: (name) => client.callTool({ name: name as string, arguments: {} }),
    startReconnectDrifted: async () => {
      await client.close();
      return { connecting: client.connect(new StdioClientTransport(server(true))) };
    },
    drift: (params) => client.notification({ method: "x/drift", params } as never),
    reconnectDrifted: async () => {
      await client.close();
      await client.connect(new StdioClientTransport(server(true)));
    },
    calls: () => readFileSync(log, "utf8").split("\n").filter(Boolean),
  };
}

const CONNECTIONS = [
  { sdk: "SDK v2, 2026-07-28", connect: () => connectV2(false) },
  { sdk: "SDK v2, 2025 era", connect: () => connectV2(true) },
  { sdk: "SDK v1", connect: () => connectV1() },
] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "sent",
    (error: unknown) => (error instanceof ToolDriftError ? `refused: ${error.drift.map((d) => `${d.name} ${d.kind}`).join(", ")}` : `failed: ${String(error)}`),
  );

describe.each(CONNECTIONS)("calls the pin guard refuses ($sdk)", ({ connect }) => {
  it("waits through a second list_changed that comes while it re-lists", async () => {
    const connection = await connect();
    await connection.drift({ notify: true, slowRelist: true });
    // The re-listing the first notice started is under way (answered 300 ms late, right after a second notice).
    await wait(100);
    expect(await outcome(connection.typed("echo"))).toBe("refused: echo changed");
    expect(await outcome(connection.raw("echo"))).toBe("refused: echo changed");
    expect(await outcome(connection.typed("add"))).toBe("sent");
    expect(connection.calls()).toEqual(["add"]);
  });

  it("refuses a call when list_changed comes before every answer", async () => {
    const connection = await connect();
    await connection.drift({ notify: true, storm: true });
    await wait(100);
    const thrown = await connection.typed("add").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(ToolDriftError);
    expect((thrown as Error).message).toContain(`changed again while each of ${MAX_WAITED_LISTINGS} listings was under way`);
    expect(connection.calls()).toEqual([]);
  });

  it("judges calls made on the SDK Client itself, and refuses a tool not in the lock", async () => {
    const connection = await connect();
    expect(await outcome(connection.raw("echo"))).toBe("sent");
    await connection.drift({ notify: true });
    // The notice has come back (a call sent before it cannot know of the change).
    await wait(100);
    expect(await outcome(connection.raw("echo"))).toBe("refused: echo changed");
    expect(await outcome(connection.request("echo"))).toBe("refused: echo changed");
    expect(await outcome(connection.raw("shadow"))).toBe("refused: shadow unpinned");
    expect(await outcome(connection.raw("add"))).toBe("sent");
    expect(connection.calls()).toEqual(["echo", "add"]);
  });

  it("refuses a tool name that is not a string: it goes out as its JSON, not as the text it would be judged by", async () => {
    const connection = await connect();
    const crafted = { toString: () => "add", toJSON: () => "echo" };
    expect(await outcome(connection.rawName(crafted))).toBe("failed: TypeError: The call was not sent: a tool name must be a string.");
    expect(await outcome(connection.rawName(["add"]))).toBe("failed: TypeError: The call was not sent: a tool name must be a string.");
    expect(connection.calls()).toEqual([]);
  });

  it("never sends a call its caller gave up on while it waited for the listing (its timeout bounds the wait)", async () => {
    const connection = await connect();
    await connection.drift({ notify: true, slowRelist: true });
    await wait(50);
    expect(await outcome(connection.rawTimed("add", 100))).toMatch(/^failed: .*[Tt]imed out/);
    expect(await outcome(connection.typedTimed("add", 100))).toMatch(/^failed: .*[Tt]imed out/);
    // The listing has been answered since: the calls were not sent after all.
    await wait(600);
    expect(connection.calls()).toEqual([]);
    expect(await outcome(connection.raw("add"))).toBe("sent");
  });

  it("judges calls made while the Client connects again, before connect() resolves", async () => {
    const connection = await connect();
    const { connecting } = await connection.startReconnectDrifted();
    const early = [connection.raw("echo"), connection.raw("echo")].map(outcome);
    await connecting;
    for (const result of await Promise.all(early)) expect(result).not.toBe("sent");
    expect(connection.calls()).toEqual([]);
  });

  it("never sends a call its caller gave up on while the Client connected again", async () => {
    const connection = await connect();
    const { connecting } = await connection.startReconnectDrifted();
    const early = outcome(connection.rawTimed("add", 1));
    await connecting;
    expect(await early).not.toBe("sent");
    await wait(300);
    expect(connection.calls()).toEqual([]);
  });

  it("judges a call on the Client after it reconnects to a changed server", async () => {
    const connection = await connect();
    await connection.reconnectDrifted();
    // Nothing of the generated client has run since the reconnect: the call itself lists first.
    expect(await outcome(connection.raw("echo"))).toBe("refused: echo changed");
    expect(await outcome(connection.raw("add"))).toBe("sent");
    expect(connection.calls()).toEqual(["add"]);
  });
});
