// The proxy with HTTP on either side, on 127.0.0.1. `--url`: a host on stdio reaches a Streamable
// HTTP server (answers as event streams, a 2025 session id and GET stream, a 2026-07-28 listen
// stream), the MCP headers written from each body, Mcp-Param-* included, so the generated tracker
// server's header checks pass. `--listen`: hosts on HTTP reach a stdio server, with the same DNS
// rebinding and repeated-header guards the generated servers have.
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client, StreamableHTTPClientTransport, type VersionNegotiationMode } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttp, stopServers, TRACKER } from "../live/servers.js";
import { compileTracker } from "../live/tracker.js";
import { ADD, callsFile, callsIn, ECHO, exited, pinnedProject, PIN_SERVER, pinServer, proxyCli, rawLines, startProcess, stopAll, until } from "../support/proxy-harness.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const clients: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await stopServers();
  stopAll();
});

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

/** An SDK v2 host on stdio, through `mcp-gen proxy --url`. */
async function throughUrl(project: string, url: URL, mode: VersionNegotiationMode, options: { listChanged?: (tools: readonly { name: string }[]) => void } = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [await proxyCli(), "proxy", "--cwd", project, "--url", url.href], stderr: "pipe" });
  const client = new Client(
    { name: "claude-code", version: "2.0.0" },
    {
      capabilities: {},
      versionNegotiation: { mode },
      ...(options.listChanged ? { listChanged: { tools: { onChanged: (_error: unknown, tools: readonly { name: string }[] | null) => options.listChanged!(tools ?? []) } } } : {}),
    },
  );
  clients.push(client);
  await client.connect(transport);
  return client;
}

describe("--url: the server on Streamable HTTP, the host on stdio", () => {
  it("tells the host it could not reach the server without the URL, whose query may hold a key; stderr has it whole", async () => {
    // A port nothing listens on: taken, then freed.
    const { createServer } = await import("node:net");
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    await new Promise((resolve) => taken.close(resolve));
    const url = `http://127.0.0.1:${port}/mcp?key=QUERY-SECRET`;
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--url", url]);
    const wire = rawLines(run);
    wire.send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "h", version: "1" } } });
    const answer = (await wire.answer(1)) as { error?: { code: number; message: string } };
    expect(answer.error?.code).toBe(-32603);
    expect(answer.error?.message).toContain("could not reach the server: ");
    expect(run.stdout()).not.toContain("QUERY-SECRET");
    expect(run.stderr()).toContain(`could not reach the server at ${url}`);
    run.child.stdin!.end();
    await exited(run.child);
  });

  it("withholds a drifted tool from a 2025-era host, passes list_changed from the session's GET stream only after re-listing", async () => {
    const calls = callsFile();
    const url = await startHttpServer(["--http", "drift-later"], calls);
    const transport = new StdioV1({ command: process.execPath, args: [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--url", url.href], stderr: "pipe" });
    const client = new ClientV1({ name: "claude-desktop", version: "1" }, { capabilities: {} });
    clients.push(client);
    await client.connect(transport);
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    expect(names((await client.listTools()).tools)).toEqual(["echo", "add"]);
    expect((await client.callTool({ name: "add", arguments: { a: 2, b: 2 } })).content).toEqual([{ type: "text", text: "4" }]);
    await changed;
    await expect(client.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toMatchObject({ code: -31001 });
    expect(callsIn(calls)).toEqual(["add"]);
  });

  it("does the same for a 2026-07-28 host whose list_changed comes on a subscriptions/listen event stream", async () => {
    const calls = callsFile();
    const url = await startHttpServer(["--http", "drift-later"], calls);
    let relisted!: (tools: readonly { name: string }[]) => void;
    const changed = new Promise<readonly { name: string }[]>((resolve) => (relisted = resolve));
    const client = await throughUrl(pinnedProject([ECHO, ADD]), url, "auto", { listChanged: (tools) => relisted(tools) });
    expect(client.getProtocolEra()).toBe("modern");
    expect(names((await client.listTools()).tools)).toEqual(["echo", "add"]);
    await client.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    expect(names(await changed)).toEqual(["add"]);
    await expect(client.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toMatchObject({ code: -31001 });
    expect(callsIn(calls)).toEqual(["add"]);
  });

  it("decides a call after the host initializes again (a reconnect, a new session at the server) on a listing made since", async () => {
    // cloaked: honest to a client named "mcp-gen", echo changed for any other.
    const calls = callsFile();
    const url = await startHttpServer(["--http", "cloaked"], calls);
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--url", url.href]);
    const wire = rawLines(run);
    const initialize = (id: number, name: string) => ({ id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } } });
    wire.send(initialize(1, "mcp-gen"));
    await wire.answer(1);
    wire.send({ method: "notifications/initialized" });
    wire.send({ id: 2, method: "tools/list", params: {} });
    expect(names(((await wire.answer(2)) as { result: { tools: { name: string }[] } }).result.tools)).toEqual(["echo", "add"]);
    wire.send(initialize(3, "claude"));
    await wire.answer(3);
    wire.send({ method: "notifications/initialized" });
    wire.send({ id: 4, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } });
    expect(await wire.answer(4)).toMatchObject({ error: { code: -31001, data: { tool: "echo", status: "changed" } } });
    expect(callsIn(calls)).toEqual([]);
    run.child.stdin!.end();
    await exited(run.child);
  });

  it("gives a stdio host the message it checked as one line, whatever line breaks the server's JSON holds", async () => {
    // One answer with no tools, holding on a line of its own a whole answer that lists the drifted
    // echo: written out as received, a line-splitting host (the SDK's) would read that line instead.
    const smuggling = await throughUrl(pinnedProject([ECHO, ADD]), await startHttpServer(["--http", "smuggle"], callsFile()), "legacy");
    expect((await smuggling.listTools(undefined, { timeout: 20_000 })).tools).toEqual([]);
    // An honest server that indents its JSON: every answer arrives, none is lost in pieces.
    const pretty = await throughUrl(pinnedProject([ECHO, ADD]), await startHttpServer(["--http", "pretty"], callsFile()), "auto");
    expect(names((await pretty.listTools(undefined, { timeout: 20_000 })).tools)).toEqual(["echo", "add"]);
    expect((await pretty.callTool({ name: "add", arguments: { a: 1, b: 2 } }, { timeout: 20_000 })).content).toEqual([{ type: "text", text: "3" }]);
  });

  describe("a server mcp-gen generated, which checks every MCP header against the body", () => {
    beforeAll(compileTracker, 180_000);

    it("gets MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-Project written from a 2026-07-28 body", async () => {
      const url = await startHttp(join(TRACKER, "dist/src/http.js"), ["0"]);
      const client = await throughUrl(TRACKER, url, "auto");
      expect(client.getProtocolEra()).toBe("modern");
      const listed = names((await client.listTools()).tools);
      expect(listed).toContain("issues.list");
      // Without Mcp-Param-Project the server answers 400 HeaderMismatch.
      const result = await client.callTool({ name: "issues.list", arguments: { project: "WEB" } });
      expect(result.isError).not.toBe(true);
      expect(Array.isArray(result.structuredContent) || typeof result.structuredContent === "object").toBe(true);
    });
  });
});

describe("--listen: the host on Streamable HTTP, the server on stdio", () => {
  it.each(["auto", "legacy"] as const)("serves a %s-era SDK v2 host, withholding the drifted tool and refusing its call", async (mode) => {
    const calls = callsFile();
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("drift"), calls);
    const client = new Client({ name: "claude-code", version: "2" }, { capabilities: {}, versionNegotiation: { mode } });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(url));
    expect(client.getProtocolEra()).toBe(mode === "auto" ? "modern" : "legacy");
    expect(names((await client.listTools()).tools)).toEqual(["add"]);
    await expect(client.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toMatchObject({ code: -31001 });
    expect((await client.callTool({ name: "add", arguments: { a: 3, b: 4 } })).content).toEqual([{ type: "text", text: "7" }]);
    expect(callsIn(calls)).toEqual(["add"]);
  });

  it("refuses what the generated servers refuse: a foreign Host or Origin (DNS rebinding), an Mcp-* header sent twice", async () => {
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("honest"), callsFile());
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: {} });
    expect((await raw(url, [["Host", "evil.example"]], body)).status).toBe(403);
    expect((await raw(url, [["Origin", "http://evil.example"]], body)).status).toBe(403);
    expect(
      (
        await raw(
          url,
          [
            ["Mcp-Method", "ping"],
            ["Mcp-Method", "tools/call"],
          ],
          body,
        )
      ).status,
    ).toBe(400);
    expect((await raw(url, [], body)).status).toBe(200);
  });

  it("never loads Node's fetch (undici): sessions, answers, refusals and a body past the bound all on node:http", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-gen-probe-"));
    const probe = join(dir, "probe.cjs");
    const out = join(dir, "modules.json");
    // The proxy's own signal handlers end it by the signal's default action (no exit event): the list is written on SIGUSR2.
    writeFileSync(probe, `process.on("SIGUSR2", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`);
    const { url, run } = await listening(pinnedProject([ECHO, ADD]), pinServer("drift"), callsFile(), { NODE_OPTIONS: `--require ${probe}` });
    const client = new Client({ name: "claude-code", version: "2" }, { capabilities: {}, versionNegotiation: { mode: "legacy" } });
    clients.push(client);
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    expect(names((await client.listTools()).tools)).toEqual(["add"]);
    expect((await client.callTool({ name: "add", arguments: { a: 1, b: 2 } })).content).toEqual([{ type: "text", text: "3" }]);
    await transport.terminateSession();
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: {} });
    expect((await raw(url, [["Host", "evil.example"]], body)).status).toBe(403);
    const tooLarge = await raw(url, [["Content-Length", String(10 * 1024 * 1024 + 1)]], body);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text)).toMatchObject({ id: null, error: { code: -32600 } });
    run.child.kill("SIGUSR2");
    while (!existsSync(out)) await new Promise((resolve) => setTimeout(resolve, 20));
    run.child.kill("SIGTERM");
    await exited(run.child);
    const modules = JSON.parse(readFileSync(out, "utf8")) as string[];
    expect(modules).toContain("NativeModule http");
    expect(modules.filter((name) => /undici/.test(name))).toEqual([]);
  });

  it("gives the stdio server a POST body written over several lines as one line: the request it checked, nothing hidden in it", async () => {
    const calls = callsFile();
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("honest"), calls);
    const ping = await raw(url, [], JSON.stringify({ jsonrpc: "2.0", id: 5, method: "ping", params: {} }, null, 2));
    expect(ping.status).toBe(200);
    expect(JSON.parse(ping.text)).toEqual({ jsonrpc: "2.0", id: 5, result: {} });
    // A call of a tool no lock pins, on a line of its own inside a ping's _meta.
    const hidden = JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "exfiltrate", arguments: {} } });
    const carrier = await raw(url, [], `{"jsonrpc":"2.0","id":6,"method":"ping","params":{"_meta":\n${hidden}\n}}`);
    expect(JSON.parse(carrier.text)).toEqual({ jsonrpc: "2.0", id: 6, result: {} });
    expect(callsIn(calls)).toEqual([]);
  });

  it("drops the answer to a request whose stream the host closed, never putting it on another request's stream", async () => {
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("crossed"), callsFile());
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "h", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
    const headers = (method: string, name?: string) => [["MCP-Protocol-Version", "2026-07-28"], ["Mcp-Method", method], ...(name ? [["Mcp-Name", name] as const] : [])] as const;
    // One host lists (answered 1 s late); another calls echo under the id "1" and closes its stream
    // (2026-07-28: cancels). The server answers that call with a drifted tools list; an SDK host
    // reads ids with Number(), so on the list's stream "1" would be taken for the list's answer.
    const listed = raw(url, headers("tools/list"), JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const call = JSON.stringify({ jsonrpc: "2.0", id: "1", method: "tools/call", params: { name: "echo", arguments: { text: "x" }, _meta: meta } });
    await abandoned(url, headers("tools/call", "echo"), call, 150);
    const { text } = await listed;
    expect(text).not.toContain("id_rsa");
    expect(JSON.parse(text)).toMatchObject({ id: 1, result: { tools: [ECHO, ADD] } });
  });

  it("serves one 2025-era session at a time: a second initialize replaces the first, whose id then gets 404", async () => {
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("honest"), callsFile());
    const initialize = (id: number) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: `host-${id}`, version: "1" } } });
    const ping = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping", params: {} });
    const first = await raw(url, [], initialize(1));
    expect(first.sessionId).toBeDefined();
    expect((await raw(url, [["Mcp-Session-Id", first.sessionId!]], ping(2))).status).toBe(200);
    const second = await raw(url, [], initialize(3));
    expect(second.sessionId).toBeDefined();
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await raw(url, [["Mcp-Session-Id", first.sessionId!]], ping(4))).status).toBe(404);
    expect((await raw(url, [["Mcp-Session-Id", second.sessionId!]], ping(5))).status).toBe(200);
  });

  it("closes the GET stream of a session a new initialize replaced: the new session's client gets its own, and the list_changed goes there alone", async () => {
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("drift-later"), callsFile());
    const told: string[] = [];
    const errors: string[] = [];
    const connect = async (name: string) => {
      const client = new Client({ name, version: "1" }, { capabilities: {}, versionNegotiation: { mode: "legacy" }, listChanged: { tools: { onChanged: () => void told.push(name) } } });
      client.onerror = (error) => void errors.push(`${name}: ${String(error)}`);
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(url));
      return client;
    };
    const first = await connect("first");
    await first.listTools();
    // A second host replaces the first one's session (which keeps its GET stream open), then changes echo at the server.
    const second = await connect("second");
    await second.listTools();
    await second.callTool({ name: "add", arguments: { a: 1, b: 2 } });
    await until(
      () => told.includes("second"),
      () => `the second host's list_changed; told: ${JSON.stringify(told)}; errors: ${JSON.stringify(errors)}`,
    );
    expect(told).toEqual(["second"]);
    expect(errors.filter((error) => error.startsWith("second"))).toEqual([]);
    await expect(second.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toMatchObject({ code: -31001 });
  });

  it("cancels at the server what a 2025-era session still has in flight when a new initialize replaces it, and tells its stream", async () => {
    const calls = callsFile();
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("honest,hang"), calls);
    const initialize = (id: number) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: `host-${id}`, version: "1" } } });
    const first = await raw(url, [], initialize(1));
    const session = [["Mcp-Session-Id", first.sessionId!]] as const;
    await raw(url, session, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }));
    // echo hangs at the server: its stream stays open.
    const hung = raw(url, session, JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } }));
    while (!callsIn(calls).some((line) => line.startsWith("hang "))) await new Promise((resolve) => setTimeout(resolve, 20));
    await raw(url, [], initialize(4));
    const { text } = await hung;
    const answer = JSON.parse(
      text
        .replace(/^(?:event: message\n)?data: /m, "")
        .trim()
        .split("\n")[0]!,
    ) as { id: number; error: { code: number; message: string } };
    expect(answer).toMatchObject({ id: 3, error: { code: -32603 } });
    expect(answer.error.message).toContain("the session ended");
    const cancelled = callsIn(calls).filter((line) => line.startsWith("cancelled "));
    expect(cancelled).toHaveLength(1);
    const hangId = (
      JSON.parse(
        callsIn(calls)
          .find((line) => line.startsWith("hang "))!
          .slice(5),
      ) as { id: number }
    ).id;
    expect((JSON.parse(cancelled[0]!.slice(10)) as { requestId: number }).requestId).toBe(hangId);
  });

  it("decides a call of a session that replaced another on a listing made for it, not on the session before's", async () => {
    // cloaked: honest to a client named "mcp-gen", echo changed for any other.
    const calls = callsFile();
    const { url } = await listening(pinnedProject([ECHO, ADD]), pinServer("cloaked"), calls);
    const initialize = (id: number, name: string) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } } });
    const first = await raw(url, [], initialize(1, "mcp-gen"));
    const listed = await raw(url, [["Mcp-Session-Id", first.sessionId!]], JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }));
    expect(names((JSON.parse(listed.text) as { result: { tools: { name: string }[] } }).result.tools)).toEqual(["echo", "add"]);
    // Another client replaces the session and calls echo before it lists: the server offers it echo changed.
    const second = await raw(url, [], initialize(3, "claude"));
    const called = await raw(url, [["Mcp-Session-Id", second.sessionId!]], JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } }));
    expect(JSON.parse(called.text)).toMatchObject({ id: 4, error: { code: -31001, data: { tool: "echo", status: "changed" } } });
    expect(callsIn(calls)).toEqual([]);
  });

  it("listens on loopback only", async () => {
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO]), "--listen", "0.0.0.0:0", "--", ...pinServer("honest")]);
    expect((await exited(run.child)).code).toBe(2);
    expect(run.stderr()).toContain("the proxy offers its HTTP endpoint to this machine only");
  });
});

describe("--url: a server with a session per client, which tells a change to the session it happens in", () => {
  // Each initialize gets a session of its own at the server, with its own tools; drift changes echo in
  // the session it is called in and tells that session alone, on its GET stream.
  const SESSION_SERVER = join(REPO_ROOT, "test", "fixtures", "proxy", "session-tools-server.mjs");
  const CALLS_TOOL = { name: "calls", description: "How many times echo was called.", inputSchema: { type: "object", properties: {} } };
  const DRIFT_TOOL = { name: "drift", description: "Changes the description of echo.", inputSchema: { type: "object", properties: {} } };
  const PINNED = pinnedProject([CALLS_TOOL, DRIFT_TOOL, ECHO]);

  async function sessionServer(): Promise<{ url: string; stderr: () => string }> {
    const server = startProcess(process.execPath, [SESSION_SERVER]);
    await until(
      () => /listening on/.test(server.stderr()),
      () => server.stderr(),
    );
    return { url: /listening on (\S+)/.exec(server.stderr())![1]!, stderr: server.stderr };
  }

  const echoCalls = async (client: Client) => (JSON.parse(((await client.callTool({ name: "calls", arguments: {} })).content as { text: string }[])[0]!.text) as { echo: number }).echo;

  it("stdio host that initializes again: the new session's GET stream is opened (the one before closed, its session deleted), so its change is caught", async () => {
    const server = await sessionServer();
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", PINNED, "--url", server.url]);
    const wire = rawLines(run);
    const initialize = (id: number) => ({ id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "claude", version: "1" } } });
    wire.send(initialize(1));
    await wire.answer(1);
    wire.send({ method: "notifications/initialized" });
    await until(
      () => server.stderr().includes("GET stream open 1"),
      () => `the first session's GET stream: ${server.stderr()}`,
    );
    // The host connects again: the server gives it session 2, whose changes it tells session 2 only.
    wire.send(initialize(2));
    await wire.answer(2);
    wire.send({ method: "notifications/initialized" });
    await until(
      () => server.stderr().includes("GET stream open 2") && server.stderr().includes("session 1 deleted"),
      () => `the second session's GET stream, the first one deleted: ${server.stderr()}`,
    );
    wire.send({ id: 3, method: "tools/list", params: {} });
    expect(names(((await wire.answer(3)) as { result: { tools: { name: string }[] } }).result.tools)).toEqual(["calls", "drift", "echo"]);
    wire.send({ id: 4, method: "tools/call", params: { name: "drift", arguments: {} } });
    await wire.answer(4);
    await until(
      () => wire.lines().some((m) => m.method === "notifications/tools/list_changed"),
      () => `the list_changed of session 2; stderr: ${run.stderr()}`,
    );
    wire.send({ id: 5, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } });
    expect(await wire.answer(5)).toMatchObject({ error: { code: -31001, data: { tool: "echo", status: "changed" } } });
    run.child.stdin!.end();
    await exited(run.child);
  });

  it("--listen host (SDK v2 client, 2025-11-25) that reconnects: a change told to its new session is caught, and the changed tool's call refused", async () => {
    const server = await sessionServer();
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", PINNED, "--listen", "127.0.0.1:0", "--url", server.url]);
    await until(
      () => /listening on http/.test(run.stderr()),
      () => `the proxy to listen: ${run.stderr()}`,
    );
    const url = new URL(/listening on (\S+)/.exec(run.stderr())![1]!);
    const connect = async () => {
      const client = new Client({ name: "claude-code", version: "2" }, { capabilities: {}, versionNegotiation: { mode: "legacy" } });
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(url));
      return client;
    };
    const first = await connect();
    expect(names((await first.listTools()).tools)).toEqual(["calls", "drift", "echo"]);
    await until(
      () => server.stderr().includes("GET stream open 1"),
      () => server.stderr(),
    );
    await first.close();
    const second = await connect();
    await until(
      () => server.stderr().includes("GET stream open 2"),
      () => `the second session's GET stream: ${server.stderr()}`,
    );
    expect(names((await second.listTools()).tools)).toEqual(["calls", "drift", "echo"]);
    await second.callTool({ name: "drift", arguments: {} });
    await until(
      () => /withheld the tool "echo"/.test(run.stderr()),
      () => `the proxy to re-list on session 2's list_changed; stderr: ${run.stderr()}`,
    );
    await expect(second.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toMatchObject({ code: -31001 });
    expect(await echoCalls(second)).toBe(0);
  });
});

/** Starts the pin server over HTTP with a calls file. */
async function startHttpServer(args: readonly string[], calls: string): Promise<URL> {
  process.env.PIN_CALLS = calls;
  try {
    return await startHttp(PIN_SERVER, args);
  } finally {
    delete process.env.PIN_CALLS;
  }
}

/** `mcp-gen proxy --listen 127.0.0.1:0 -- server`, once it says where it listens. */
async function listening(project: string, server: readonly string[], calls: string, env: Readonly<Record<string, string>> = {}): Promise<{ url: URL; run: ReturnType<typeof startProcess> }> {
  const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--listen", "127.0.0.1:0", "--", ...server], { PIN_CALLS: calls, ...env });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(run.stderr());
    if (match) return { url: new URL(match[1]!), run };
    if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`the proxy did not listen: ${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A POST with header lines exactly as given (repeated ones too), as a browser or a rebinding page could send. */
/** A POST whose response the client closes after `ms`, whatever it got by then. */
function abandoned(url: URL, headers: readonly (readonly [string, string])[], body: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const lines: string[] = ["Content-Type", "application/json", "Accept", "application/json, text/event-stream", "Host", url.host];
    for (const [name, value] of headers) lines.push(name, value);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: lines, setHost: false }, (res) => void res.on("error", () => undefined).resume());
    req.on("error", () => undefined);
    req.end(body);
    setTimeout(() => {
      req.destroy();
      resolve();
    }, ms);
  });
}

function raw(url: URL, headers: readonly (readonly [string, string])[], body: string): Promise<{ status: number; text: string; sessionId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const lines: string[] = ["Content-Type", "application/json", "Accept", "application/json, text/event-stream"];
    if (!headers.some(([name]) => name.toLowerCase() === "host")) lines.push("Host", url.host);
    for (const [name, value] of headers) lines.push(name, value);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: lines, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk));
      const session = res.headers["mcp-session-id"];
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, sessionId: typeof session === "string" ? session : undefined }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
