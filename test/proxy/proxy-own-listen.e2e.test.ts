// The proxy's own 2026-07-28 subscription to tool list changes. A server tells of a change only on a
// subscriptions/listen stream; a host that opens none would have its calls checked against a list
// that no longer holds. The proxy (in a process of its own) holds a subscription of its own, over
// stdio and over --url HTTP, with the host on stdio or on HTTP (--listen), and shows the host nothing
// of it. The server is the official SDK v2's (test/fixtures/live/drifting-server.mjs: its tool drift
// changes echo and tells the subscribers, or a 2025-era client unasked) or the wire-level pin server
// (test/fixtures/proxy/pin-server.mjs) for what the SDK never does: a server without
// subscriptions/listen, one that ends the subscription or breaks its stream. The host is raw JSON
// lines on stdio, or the SDK v2 client over HTTP. The 2025 era, where list_changed comes unasked and
// the proxy opens nothing, is here too: a host that never lists again still has the call refused. So is
// a 2025-era host (the SDK v2 client, on stdio or --listen) before an SDK v2 HTTP server that serves it
// without a session and so never tells it of a change: the proxy asks the server with a server/discover
// of its own, holds its own subscription, and tells the host once; a server of the 2025 era alone (the
// pin server, the SDK v1 without sessions) is left as before.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { ADD, callsFile, callsIn, ECHO, exited, pinnedProject, pinServer, PIN_SERVER, proxyCli, rawLines, startProcess, stopAll, until } from "../support/proxy-harness.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  stopAll();
});

const DRIFTING = join(REPO_ROOT, "test", "fixtures", "live", "drifting-server.mjs");
const ARRAY_OUTPUT = join(REPO_ROOT, "test", "fixtures", "proxy", "array-output-server.mjs");
const V1_STATELESS = join(REPO_ROOT, "test", "fixtures", "proxy", "v1-stateless-server.mjs");
const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "h", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

/** The drifting server's tools as it lists them before drift is called. */
const CALLS: JsonObject = {
  name: "calls",
  description: "How many times each tool was called.",
  inputSchema: { type: "object", properties: {} },
  outputSchema: { type: "object", properties: { calls: { type: "integer" }, drift: { type: "integer" }, echo: { type: "integer" } }, required: ["calls", "drift", "echo"] },
};
const DRIFT: JsonObject = { name: "drift", description: "Changes the description of echo.", inputSchema: { type: "object", properties: {} } };
const DRIFTING_ECHO: JsonObject = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } };
const NAMES: JsonObject = { name: "names", description: "Lists the names it knows.", inputSchema: { type: "object", properties: {} }, outputSchema: { type: "array", items: { type: "string" } } };

type Run = ReturnType<typeof startProcess>;

/** A 2026-07-28 host of raw lines on a started proxy: `call` sends a tools/call and waits for its answer. */
function host(run: Run) {
  const raw = rawLines(run);
  let next = 1;
  const request = async (method: string, params: JsonObject = {}) => {
    const id = next++;
    raw.send({ id, method, params: { ...params, _meta: META } });
    return raw.answer(id);
  };
  return { ...raw, request, call: (name: string, args: JsonObject = {}) => request("tools/call", { name, arguments: args }), sentIds: () => next - 1 };
}

/** Whether anything of the proxy's own subscription reached the host: an acknowledgment, a list_changed, an id it never sent. */
function leaks(lines: readonly JsonObject[], hostIds: number, hostListen?: number): JsonObject[] {
  return lines.filter((m) => {
    if (m.method === undefined) return typeof m.id !== "number" || m.id < 1 || m.id > hostIds;
    const meta = (m.params as JsonObject | undefined)?._meta as JsonObject | undefined;
    return m.method !== "notifications/message" && (hostListen === undefined || meta?.[SUBSCRIPTION_ID] !== hostListen);
  });
}

async function proxyStdio(project: string, server: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<Run> {
  return startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--", ...server], env);
}

/** A server on 127.0.0.1 (it prints "listening on <url>"): its URL, and its stderr. */
async function httpServer(server: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<{ url: string; stderr: () => string }> {
  const upstream = startProcess(process.execPath, server, env);
  const where = () => /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(upstream.stderr())?.[1];
  await until(
    () => where() !== undefined,
    () => `the server to listen: ${upstream.stderr()}`,
  );
  return { url: where()!, stderr: upstream.stderr };
}

/** A server on 127.0.0.1, and the proxy in front of it with --url. */
async function proxyHttp(project: string, server: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<Run> {
  return startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--url", (await httpServer(server, env)).url]);
}

/** `mcp-gen proxy --listen 127.0.0.1:0` before a stdio server (`server` its argv) or a --url one (`url`), once it says where it listens. */
async function proxyListening(project: string, server: { readonly argv: readonly string[] } | { readonly url: string }): Promise<{ run: Run; url: URL }> {
  const upstream = "url" in server ? ["--url", server.url] : ["--", ...server.argv];
  const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--listen", "127.0.0.1:0", ...upstream]);
  const where = () => /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(run.stderr())?.[1];
  await until(
    () => where() !== undefined,
    () => `the proxy to listen: ${run.stderr()}`,
  );
  return { run, url: new URL(where()!) };
}

/**
 * An SDK v2 host on Streamable HTTP (`mode` auto: a 2026-07-28 one, as the server offers it; legacy:
 * a 2025-11-25 one) that asks for no list changes; `methods()` are the methods of every message it
 * POSTed, so a test can tell it never subscribed nor listed again.
 */
async function httpHost(url: URL, mode: "auto" | "legacy" = "auto"): Promise<{ client: Client; methods: () => string[] }> {
  const methods: string[] = [];
  const recording = (input: string | URL, init?: RequestInit) => {
    if (init?.method === "POST" && typeof init.body === "string") {
      const body = JSON.parse(init.body) as JsonObject | JsonObject[];
      for (const message of Array.isArray(body) ? body : [body]) if (typeof message.method === "string") methods.push(message.method);
    }
    return fetch(input, init);
  };
  const client = new Client({ name: "claude-code", version: "2" }, { capabilities: {}, versionNegotiation: { mode } });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: recording }));
  return { client, methods: () => [...methods] };
}

/** Waits until the proxy has listed the tools again and reported echo's drift on stderr. */
async function driftReported(run: Run): Promise<void> {
  await until(
    () => /echo/.test(run.stderr()) && /changed/i.test(run.stderr()),
    () => `the proxy to report echo's drift; stderr: ${run.stderr()}`,
  );
}

/** Ends the host's input: the proxy ends the server and exits by itself. */
async function endsCleanly(run: Run): Promise<void> {
  run.child.stdin!.end();
  const end = await exited(run.child);
  expect(end.signal).toBeNull();
}

describe("a 2026-07-28 server that changes a tool after connect, to a host with no subscription", () => {
  it("stdio (SDK v2 server): the call is allowed before the change and refused after, and the host sees nothing of the proxy's subscription", async () => {
    const run = await proxyStdio(pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]), [process.execPath, DRIFTING]);
    const h = host(run);
    await h.request("server/discover");
    expect(((await h.request("tools/list")).result as JsonObject).tools).toEqual([CALLS, DRIFT, DRIFTING_ECHO]);
    expect((await h.call("echo", { text: "before" })).result).toMatchObject({ content: [{ type: "text", text: "before" }] });
    // The server changes echo and tells its subscribers before it answers: on stdio the proxy reads the notice first.
    await h.call("drift");
    expect((await h.call("echo", { text: "after" })).error).toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect((await h.call("calls")).result).toMatchObject({ structuredContent: { echo: 1, drift: 1 } });
    expect(leaks(h.lines(), h.sentIds())).toEqual([]);
    expect(run.stderr()).not.toMatch(/subscription the proxy never opened|did not keep a subscription/);
    await endsCleanly(run);
  }, 60_000);

  it("HTTP (--url, SDK v2 server): the call is allowed before the change and refused after", async () => {
    const run = await proxyHttp(pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]), [DRIFTING, "--http"]);
    const h = host(run);
    await h.request("server/discover");
    await h.request("tools/list");
    expect((await h.call("echo", { text: "before" })).result).toMatchObject({ content: [{ type: "text", text: "before" }] });
    await h.call("drift");
    // The notice comes on the subscription's own stream, which may reach the proxy after drift's answer.
    await driftReported(run);
    expect((await h.call("echo", { text: "after" })).error).toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect((await h.call("calls")).result).toMatchObject({ structuredContent: { echo: 1, drift: 1 } });
    expect(leaks(h.lines(), h.sentIds())).toEqual([]);
    await endsCleanly(run);
  }, 60_000);

  it("stdio: a host with its own subscription gets its acknowledgment and one list_changed, under its own id, and nothing of the proxy's", async () => {
    const run = await proxyStdio(pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]), [process.execPath, DRIFTING]);
    const h = host(run);
    await h.request("server/discover");
    const listenId = 100;
    h.send({ id: listenId, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: META } });
    await until(
      () => h.lines().some((m) => m.method === "notifications/subscriptions/acknowledged"),
      () => `the host's acknowledgment; stderr: ${run.stderr()}`,
    );
    await h.request("tools/list");
    await h.call("drift");
    expect((await h.call("echo", { text: "after" })).error).toMatchObject({ code: -31001 });
    await h.request("ping");
    const subscriptionMessages = h.lines().filter((m) => m.method !== undefined && m.method !== "notifications/message");
    expect(subscriptionMessages.map((m) => [m.method, (m.params as JsonObject)._meta])).toEqual([
      ["notifications/subscriptions/acknowledged", { [SUBSCRIPTION_ID]: listenId }],
      ["notifications/tools/list_changed", { [SUBSCRIPTION_ID]: listenId }],
    ]);
    expect(leaks(h.lines(), h.sentIds(), listenId)).toEqual([]);
    await endsCleanly(run);
  }, 60_000);

  it.each([
    ["stdio", "ends the subscription (its result)", "listen-ends", false],
    ["HTTP (--url)", "ends the subscription (its result, then the stream's end)", "listen-ends", true],
    ["HTTP (--url)", "breaks the connection of the subscription's stream", "listen-drops", true],
  ] as const)(
    "%s: a server that %s has it opened again, and a change told on the new one is caught",
    async (_transport, _what, mode, http) => {
      const calls = callsFile();
      const project = pinnedProject([ECHO, ADD]);
      const run = http
        ? await proxyHttp(project, [PIN_SERVER, "--http", `drift-later,${mode}`], { PIN_CALLS: calls })
        : await proxyStdio(project, pinServer(`drift-later,${mode}`), { PIN_CALLS: calls });
      const h = host(run);
      await h.request("server/discover");
      await h.request("tools/list");
      await until(
        () => callsIn(calls).filter((line) => line.startsWith("listen ")).length === 1,
        () => `the proxy's subscription; calls: ${callsIn(calls).join(" | ")}; stderr: ${run.stderr()}`,
      );
      // The call of echo ends the proxy's subscription.
      expect((await h.call("echo", { text: "a" })).result).toBeDefined();
      await until(
        () => callsIn(calls).filter((line) => line.startsWith("listen ")).length === 2,
        () => `a second subscription; calls: ${callsIn(calls).join(" | ")}; stderr: ${run.stderr()}`,
      );
      // The call of add changes echo, and the server tells the subscription open now (and no one else).
      await h.call("add", { a: 1, b: 2 });
      await driftReported(run);
      expect((await h.call("echo", { text: "b" })).error).toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
      expect(callsIn(calls).filter((line) => !line.startsWith("listen "))).toEqual(["echo", "add"]);
      expect(leaks(h.lines(), h.sentIds())).toEqual([]);
      expect(run.stderr()).not.toMatch(/subscription|could not reach|broke off/);
      await endsCleanly(run);
    },
    60_000,
  );
});

describe("a 2026-07-28 server without subscriptions to tool list changes", () => {
  it.each([
    ["stdio", "answers subscriptions/listen with an error", false],
    ["HTTP", "answers subscriptions/listen with an error", true],
  ] as const)(
    "%s: one that %s passes everything as before, with one line on stderr, and ends cleanly",
    async (_transport, _what, http) => {
      const calls = callsFile();
      const project = pinnedProject([ECHO, ADD]);
      const run = http ? await proxyHttp(project, [PIN_SERVER, "--http", "no-listen"], { PIN_CALLS: calls }) : await proxyStdio(project, pinServer("no-listen"), { PIN_CALLS: calls });
      const h = host(run);
      await h.request("server/discover");
      expect(((await h.request("tools/list")).result as JsonObject).tools).toEqual([ECHO, ADD]);
      expect((await h.call("echo", { text: "hi" })).result).toMatchObject({ content: [{ type: "text", text: "hi" }] });
      await until(
        () => run.stderr() !== "",
        () => "a line on stderr",
      );
      await h.request("ping");
      expect(run.stderr().trim().split("\n")).toEqual([
        expect.stringMatching(
          /^mcp-gen proxy: the server did not keep a subscription to tool list changes open for the proxy \(.*-32601.*\); the proxy checks the tools whenever the host lists them\.$/,
        ),
      ]);
      expect(leaks(h.lines(), h.sentIds())).toEqual([]);
      expect(callsIn(calls)).toEqual(["echo"]);
      await endsCleanly(run);
    },
    60_000,
  );

  it.each([
    ["stdio", false],
    ["HTTP (--url)", true],
  ] as const)(
    "%s: after the error, a change the server tells no one of is caught at the host's next listing",
    async (_transport, http) => {
      const calls = callsFile();
      const project = pinnedProject([ECHO, ADD]);
      const run = http
        ? await proxyHttp(project, [PIN_SERVER, "--http", "no-listen,drift-later"], { PIN_CALLS: calls })
        : await proxyStdio(project, pinServer("no-listen,drift-later"), { PIN_CALLS: calls });
      const h = host(run);
      await h.request("server/discover");
      expect(((await h.request("tools/list")).result as JsonObject).tools).toEqual([ECHO, ADD]);
      await until(
        () => /did not keep a subscription/.test(run.stderr()),
        () => `the line on stderr: ${run.stderr()}`,
      );
      // The call of add changes echo; no subscription is open, so the server tells no one.
      await h.call("add", { a: 1, b: 2 });
      expect(((await h.request("tools/list")).result as JsonObject).tools).toEqual([ADD]);
      expect((await h.call("echo", { text: "x" })).error).toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
      expect(callsIn(calls)).toEqual(["add"]);
      expect(leaks(h.lines(), h.sentIds())).toEqual([]);
      await endsCleanly(run);
    },
    60_000,
  );

  it.each([
    ["stdio", "after a server/discover that says so", true, false],
    ["stdio", "acknowledging the subscription without them", false, false],
    ["HTTP (--url)", "after a server/discover that says so", true, true],
    ["HTTP (--url)", "acknowledging the subscription without them", false, true],
  ] as const)(
    "%s (SDK v2 server without tools.listChanged), %s: passes everything as before, says nothing, and ends cleanly",
    async (_transport, _how, discover, http) => {
      const project = pinnedProject([NAMES]);
      const run = http ? await proxyHttp(project, [ARRAY_OUTPUT, "--http"]) : await proxyStdio(project, [process.execPath, ARRAY_OUTPUT]);
      const h = host(run);
      if (discover) await h.request("server/discover");
      expect(((await h.request("tools/list")).result as JsonObject).tools).toEqual([NAMES]);
      expect((await h.call("names")).result).toMatchObject({ structuredContent: ["ada", "grace"] });
      await h.request("ping");
      expect(run.stderr()).toBe("");
      expect(leaks(h.lines(), h.sentIds())).toEqual([]);
      await endsCleanly(run);
    },
    60_000,
  );
});

describe("a 2025-11-25 server that changes a tool after connect, to a stdio host that never lists again", () => {
  it.each([
    ["stdio", [process.execPath, DRIFTING]],
    ["HTTP (--url, a session with its GET stream)", [DRIFTING, "--http-session"]],
  ] as const)(
    "%s (SDK v2 server): list_changed comes unasked; the call is refused after it, the host told once, and the proxy opens no subscription",
    async (_transport, server) => {
      const project = pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]);
      const upstream = server[0] === DRIFTING ? await httpServer(server) : undefined;
      const run = upstream ? startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--url", upstream.url]) : await proxyStdio(project, server);
      const h = rawLines(run);
      let next = 1;
      const request = (method: string, params: JsonObject = {}) => {
        const id = next++;
        h.send({ id, method, params });
        return h.answer(id);
      };
      const call = (name: string, args: JsonObject = {}) => request("tools/call", { name, arguments: args });
      expect((await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "h", version: "1" } })).result).toMatchObject({ protocolVersion: "2025-11-25" });
      h.send({ method: "notifications/initialized" });
      expect(((await request("tools/list")).result as JsonObject).tools).toEqual([CALLS, DRIFT, DRIFTING_ECHO]);
      expect((await call("echo", { text: "before" })).result).toMatchObject({ content: [{ type: "text", text: "before" }] });
      if (upstream) {
        await until(
          () => upstream.stderr().includes("GET stream open"),
          () => `the proxy's GET stream; server: ${upstream.stderr()}; proxy: ${run.stderr()}`,
        );
      }
      await call("drift");
      // On stdio the notice comes before drift's answer; over HTTP on the GET stream, maybe after it.
      await driftReported(run);
      expect((await call("echo", { text: "after" })).error).toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
      expect((await call("calls")).result).toMatchObject({ structuredContent: { calls: 1, drift: 1, echo: 1 } });
      const notices = h.lines().filter((m) => m.method !== undefined && m.method !== "notifications/message");
      expect(notices).toEqual([{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }]);
      expect(h.lines().filter((m) => m.method === undefined && (typeof m.id !== "number" || m.id < 1 || m.id >= next))).toEqual([]);
      expect(run.stderr()).not.toMatch(/subscription/);
      await endsCleanly(run);
    },
    60_000,
  );
});

describe("--listen: a host on HTTP that never subscribes nor lists again, before a server that changes a tool after connect", () => {
  it.each([
    ["2026-07-28", "a stdio server", "auto", [process.execPath, DRIFTING]],
    ["2026-07-28", "a --url HTTP server", "auto", [DRIFTING, "--http"]],
    ["2025-11-25", "a stdio server", "legacy", [process.execPath, DRIFTING]],
    ["2025-11-25", "a --url HTTP server with a session", "legacy", [DRIFTING, "--http-session"]],
  ] as const)(
    "%s, %s (SDK v2 on both sides): the call is allowed before the change and refused after",
    async (_era, _server, mode, server) => {
      const project = pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]);
      const upstream = server[0] === DRIFTING ? await httpServer(server) : undefined;
      const { run, url } = await proxyListening(project, upstream ? { url: upstream.url } : { argv: server });
      const { client, methods } = await httpHost(url, mode);
      expect(client.getProtocolEra()).toBe(mode === "auto" ? "modern" : "legacy");
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift", "echo"]);
      expect((await client.callTool({ name: "echo", arguments: { text: "before" } })).content).toEqual([{ type: "text", text: "before" }]);
      // A 2025-era server over HTTP tells of a change on the session's GET stream: once the proxy has opened it.
      if (upstream && mode === "legacy") {
        await until(
          () => upstream.stderr().includes("GET stream open"),
          () => `the proxy's GET stream; server: ${upstream.stderr()}; proxy: ${run.stderr()}`,
        );
      }
      await client.callTool({ name: "drift", arguments: {} });
      // Over --url the notice comes on a stream of its own, which may reach the proxy after drift's answer.
      await driftReported(run);
      await expect(client.callTool({ name: "echo", arguments: { text: "after" } })).rejects.toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
      expect((await client.callTool({ name: "calls", arguments: {} })).structuredContent).toEqual({ calls: 1, drift: 1, echo: 1 });
      expect(methods().filter((method) => method === "subscriptions/listen" || method === "tools/list")).toEqual(["tools/list"]);
      expect(run.stderr()).not.toMatch(/subscription/);
      await client.close();
      run.child.kill("SIGTERM");
      await exited(run.child);
    },
    60_000,
  );
  it("a 2026-07-28 host on a proxy that served a 2025-era session first (--url SDK v2 server): the call is refused after the change", async () => {
    // --listen serves a 2025-era session and 2026-07-28 hosts side by side; the SDK's server serves
    // the 2025-era one statelessly, so only a subscription hears of the change.
    const project = pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]);
    const upstream = await httpServer([DRIFTING, "--http"]);
    const { run, url } = await proxyListening(project, { url: upstream.url });
    const older = await httpHost(url, "legacy");
    expect(older.client.getProtocolEra()).toBe("legacy");
    const { client, methods } = await httpHost(url, "auto");
    expect(client.getProtocolEra()).toBe("modern");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift", "echo"]);
    expect((await client.callTool({ name: "echo", arguments: { text: "before" } })).content).toEqual([{ type: "text", text: "before" }]);
    await client.callTool({ name: "drift", arguments: {} });
    await driftReported(run);
    await expect(client.callTool({ name: "echo", arguments: { text: "after" } })).rejects.toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect((await client.callTool({ name: "calls", arguments: {} })).structuredContent).toEqual({ calls: 1, drift: 1, echo: 1 });
    expect([...older.methods(), ...methods()].filter((method) => method === "subscriptions/listen" || method === "tools/list")).toEqual(["tools/list"]);
    expect(run.stderr()).not.toMatch(/subscription/);
    await client.close();
    await older.client.close();
    run.child.kill("SIGTERM");
    await exited(run.child);
  }, 60_000);
});

/**
 * A 2025-era SDK v2 host on stdio, the proxy in a process of its own (`args` after `proxy`); `stderr`
 * is the proxy's, `notices` the host's list_changed notices, `received` every message it got.
 */
async function legacyStdioHost(args: readonly string[]): Promise<{ client: Client; stderr: () => string; notices: () => number; received: () => JsonObject[] }> {
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  const transport = new StdioClientTransport({ command: process.execPath, args: [await proxyCli(), "proxy", ...args], stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const client = new Client({ name: "claude-code", version: "2" }, { capabilities: { roots: {} }, versionNegotiation: { mode: "legacy" } });
  clients.push(client);
  let notices = 0;
  client.setNotificationHandler("notifications/tools/list_changed", () => void notices++);
  const received: JsonObject[] = [];
  await client.connect(transport);
  const inner = transport.onmessage;
  transport.onmessage = (message) => {
    received.push(message as JsonObject);
    inner?.(message);
  };
  return { client, stderr: () => stderr, notices: () => notices, received: () => [...received] };
}

describe("a 2025-era host before an SDK v2 HTTP server that serves it statelessly (createMcpHandler): the server never tells it of a change", () => {
  it("stdio host (SDK v2 client, 2025-11-25), --url server: the proxy's own subscription catches the change, the host is told once, and the call is refused", async () => {
    const project = pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]);
    const upstream = await httpServer([DRIFTING, "--http"]);
    const h = await legacyStdioHost(["--cwd", project, "--url", upstream.url]);
    expect(h.client.getProtocolEra()).toBe("legacy");
    expect((await h.client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift", "echo"]);
    expect((await h.client.callTool({ name: "echo", arguments: { text: "before" } })).content).toEqual([{ type: "text", text: "before" }]);
    await h.client.callTool({ name: "drift", arguments: {} });
    await until(
      () => h.notices() > 0,
      () => `a list_changed for the host; proxy: ${h.stderr()}`,
    );
    await expect(h.client.callTool({ name: "echo", arguments: { text: "after" } })).rejects.toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect((await h.client.callTool({ name: "calls", arguments: {} })).structuredContent).toEqual({ calls: 1, drift: 1, echo: 1 });
    expect(h.notices()).toBe(1);
    // Nothing of the proxy's subscription: no acknowledgment, no subscription id, no answer to an id the host never sent.
    expect(h.received().filter((m) => m.method !== undefined && m.method !== "notifications/message")).toEqual([{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }]);
    expect(h.stderr()).not.toMatch(/subscription/);
    await h.client.close();
  }, 60_000);

  it("--listen host (SDK v2 client, 2025-11-25), --url server: the call is refused after the change, and the host is told on its GET stream", async () => {
    const project = pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]);
    const upstream = await httpServer([DRIFTING, "--http"]);
    const { run, url } = await proxyListening(project, { url: upstream.url });
    const { client, methods } = await httpHost(url, "legacy");
    let notices = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void notices++);
    expect(client.getProtocolEra()).toBe("legacy");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift", "echo"]);
    expect((await client.callTool({ name: "echo", arguments: { text: "before" } })).content).toEqual([{ type: "text", text: "before" }]);
    await client.callTool({ name: "drift", arguments: {} });
    await until(
      () => notices > 0,
      () => `a list_changed for the host; proxy: ${run.stderr()}`,
    );
    await expect(client.callTool({ name: "echo", arguments: { text: "after" } })).rejects.toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect((await client.callTool({ name: "calls", arguments: {} })).structuredContent).toEqual({ calls: 1, drift: 1, echo: 1 });
    expect(notices).toBe(1);
    expect(methods().filter((method) => method === "subscriptions/listen" || method === "tools/list" || method === "server/discover")).toEqual(["tools/list"]);
    expect(run.stderr()).not.toMatch(/subscription/);
    await client.close();
    run.child.kill("SIGTERM");
    await exited(run.child);
  }, 60_000);

  it("stdio host (SDK v2 client, 2025-11-25), --url server of the 2025 era alone, without a session: as before, one server/discover of the proxy's, nothing said, the change caught at the host's next listing", async () => {
    const calls = callsFile();
    const project = pinnedProject([ECHO, ADD]);
    const upstream = await httpServer([PIN_SERVER, "--http", "stateless,legacy-only,drift-later"], { PIN_CALLS: calls });
    const h = await legacyStdioHost(["--cwd", project, "--url", upstream.url]);
    expect((await h.client.listTools()).tools.map((tool) => tool.name)).toEqual(["echo", "add"]);
    await until(
      () => callsIn(calls).includes("discover"),
      () => `the proxy's server/discover; calls: ${callsIn(calls).join(" | ")}; proxy: ${h.stderr()}`,
    );
    // The call of add changes echo, and the server tells no one: nothing can, as before.
    await h.client.callTool({ name: "add", arguments: { a: 1, b: 2 } });
    expect((await h.client.callTool({ name: "echo", arguments: { text: "unseen" } })).content).toEqual([{ type: "text", text: "unseen" }]);
    expect((await h.client.listTools()).tools.map((tool) => tool.name)).toEqual(["add"]);
    await expect(h.client.callTool({ name: "echo", arguments: { text: "after" } })).rejects.toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect(callsIn(calls)).toEqual(["discover", "add", "echo"]);
    expect(h.notices()).toBe(0);
    expect(h.stderr()).not.toMatch(/subscription|discover|could not/);
    await h.client.close();
  }, 60_000);

  it("stdio host (SDK v2 client, 2025-11-25), --url SDK v1 server without sessions (HTTP 400 to a 2026-07-28 request): as before, nothing said, the change caught at the host's next listing", async () => {
    const project = pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]);
    const upstream = await httpServer([V1_STATELESS]);
    const h = await legacyStdioHost(["--cwd", project, "--url", upstream.url]);
    expect((await h.client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift", "echo"]);
    await h.client.callTool({ name: "drift", arguments: {} });
    // Nothing tells of the change: the call passes, as before.
    expect((await h.client.callTool({ name: "echo", arguments: { text: "unseen" } })).content).toEqual([{ type: "text", text: "unseen" }]);
    expect((await h.client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift"]);
    await expect(h.client.callTool({ name: "echo", arguments: { text: "after" } })).rejects.toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect((await h.client.callTool({ name: "calls", arguments: {} })).structuredContent).toEqual({ calls: 1, drift: 1, echo: 1 });
    expect(h.notices()).toBe(0);
    // The drift the host's listing showed, and nothing of the proxy's server/discover.
    expect(h.stderr()).toMatch(/withheld the tool "echo"/);
    expect(h.stderr()).not.toMatch(/subscription|discover|answers no request|without answering|could not|HTTP/);
    await h.client.close();
  }, 60_000);

  it("a 2026-07-28 host (stdio), --url SDK v1 server without sessions: its server/discover gets the server's own refusal under its id, as it would from the server, and can fall back", async () => {
    const upstream = await httpServer([V1_STATELESS]);
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([CALLS, DRIFT, DRIFTING_ECHO]), "--url", upstream.url]);
    const h = host(run);
    // The SDK v1 answers HTTP 400 with an error under id null: the answer to this POST's request.
    expect(await h.request("server/discover")).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: expect.stringContaining("protocol version") } });
    h.send({ id: 2, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "h", version: "1" } } });
    expect(await h.answer(2)).toMatchObject({ result: { protocolVersion: "2025-11-25" } });
    expect(run.stderr()).not.toMatch(/answers no request|without answering/);
    await endsCleanly(run);
  });
});
