// `mcp-gen proxy --url` in front of a 2025-era Streamable HTTP server that loses its sessions (a
// restart, an expiry): the server answers the old Mcp-Session-Id with HTTP 404, and the proxy MUST
// start a new session with a new InitializeRequest (basic/transports/streamable-http.mdx § Session
// Management, 2025-03-26 and later; no CHECKLIST id: the digest covers 2026-07-28, which has no
// sessions). The host keeps its own session; the new one's tools are checked against the lock again
// before any call reaches it. The server is a real SDK v2 server (session-tools-server.mjs) whose
// /restart drops every session as a restarted process would. A 404 whose body answers the request
// under its own id (a method the server lacks) is that answer, and no lost session.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { join } from "node:path";
import { startHttp, stopServers } from "../live/servers.js";
import { ADD, callsFile, ECHO, exited, PIN_SERVER, pinnedProject, proxyCli, rawLines, startProcess, stopAll, until } from "../support/proxy-harness.js";

afterAll(async () => {
  await stopServers();
  stopAll();
});

const SESSION_SERVER = join(REPO_ROOT, "test", "fixtures", "proxy", "session-tools-server.mjs");
const CALLS_TOOL = { name: "calls", description: "How many times echo was called.", inputSchema: { type: "object", properties: {} } };
const DRIFT_TOOL = { name: "drift", description: "Changes the description of echo.", inputSchema: { type: "object", properties: {} } };
const ECHO_TOOL = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } };

type Answer = { result?: { tools?: { name: string }[]; content?: { text: string }[] }; error?: { code: number; message: string; data?: { tool?: string; status?: string } } };

/** The session server on a free port, the proxy (host on stdio) in front of it, the host's session started and its tools listed. */
async function connected() {
  const server = startProcess(process.execPath, [SESSION_SERVER]);
  await until(
    () => /listening on/.test(server.stderr()),
    () => server.stderr(),
  );
  const url = /listening on (\S+)/.exec(server.stderr())![1]!;
  const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([CALLS_TOOL, DRIFT_TOOL, ECHO_TOOL]), "--url", url]);
  const wire = rawLines(run);
  wire.send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "claude", version: "1" } } });
  expect(await wire.answer(1)).toMatchObject({ result: { protocolVersion: "2025-11-25" } });
  wire.send({ method: "notifications/initialized" });
  await until(
    () => server.stderr().includes("GET stream open 1"),
    () => `the first session's GET stream: ${server.stderr()}`,
  );
  wire.send({ id: 2, method: "tools/list", params: {} });
  expect(names((await wire.answer(2)) as Answer)).toEqual(["calls", "drift", "echo"]);
  let nextId = 3;
  const ask = async (method: string, params: object) => {
    const id = nextId++;
    wire.send({ id, method, params });
    return (await wire.answer(id)) as Answer;
  };
  const echoCalls = async () => (JSON.parse((await ask("tools/call", { name: "calls", arguments: {} })).result!.content![0]!.text) as { echo: number }).echo;
  /** Drops every session at the server, as a restart does; `query`: what the sessions after it get. */
  const restart = async (query = "") => {
    await post(new URL(`/restart${query}`, url));
    await until(
      () => server.stderr().includes("restarted"),
      () => server.stderr(),
    );
  };
  const initializedSince = (mark: number) =>
    [
      ...server
        .stderr()
        .slice(mark)
        .matchAll(/session \d+ initialized by (\S+)/g),
    ].map((m) => m[1]);
  const listChanged = () => wire.lines().filter((m) => m.method === "notifications/tools/list_changed").length;
  const end = async () => {
    run.child.stdin!.end();
    await exited(run.child);
    server.child.kill("SIGTERM");
  };
  return { server, run, ask, echoCalls, restart, initializedSince, listChanged, end };
}

const names = (answer: Answer) => (answer.result?.tools ?? []).map((tool) => tool.name);

describe("--url: a 2025-era server that lost the session answers 404, and the proxy starts a new one", () => {
  it("sends the call that got 404 once more on a new session started with the host's initialize, and tells the host to list again", async () => {
    const { server, run, ask, echoCalls, restart, initializedSince, listChanged, end } = await connected();
    expect((await ask("tools/call", { name: "echo", arguments: { text: "before" } })).result?.content).toEqual([{ type: "text", text: "before" }]);
    const mark = server.stderr().length;
    await restart();
    // The call carries the old session id: 404, a new session, the tools listed and checked on it, the call sent again.
    expect((await ask("tools/call", { name: "echo", arguments: { text: "after" } })).result?.content).toEqual([{ type: "text", text: "after" }]);
    expect(initializedSince(mark)).toEqual(["claude"]);
    await until(
      () => listChanged() === 1,
      () => `a list_changed for the host; stderr: ${run.stderr()}`,
    );
    expect(names(await ask("tools/list", {}))).toEqual(["calls", "drift", "echo"]);
    expect(await echoCalls()).toBe(2);
    // The new session's own GET stream is open: what the server tells that session reaches the host.
    await until(
      () => /GET stream open [2-9]/.test(server.stderr()),
      () => `the new session's GET stream: ${server.stderr()}`,
    );
    const told = run
      .stderr()
      .split("\n")
      .filter((line) => /no longer knows the session/.test(line));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/HTTP 404.*started a new session/);
    await end();
  });

  it("refuses a tool the server changed across the restart: the call that got 404 is checked against the new session's tools, never sent", async () => {
    const { ask, echoCalls, restart, run, listChanged, end } = await connected();
    expect((await ask("tools/call", { name: "echo", arguments: { text: "before" } })).result?.content).toEqual([{ type: "text", text: "before" }]);
    await restart("?echo=drifted");
    expect(await ask("tools/call", { name: "echo", arguments: { text: "after" } })).toMatchObject({ error: { code: -31001, data: { tool: "echo", status: "changed" } } });
    expect(await echoCalls()).toBe(1);
    await until(
      () => listChanged() === 1,
      () => `a list_changed for the host; stderr: ${run.stderr()}`,
    );
    expect(names(await ask("tools/list", {}))).toEqual(["calls", "drift"]);
    expect(run.stderr()).toMatch(/withheld the tool "echo": its description changed/);
    await end();
  });

  it('takes the SDK\'s own 404 (-32001 "Session not found", id null) for a lost session as well: a new session, the call sent again on it', async () => {
    const { server, run, ask, restart, initializedSince, listChanged, end } = await connected();
    const mark = server.stderr().length;
    // The old session ids are answered by the SDK's closed transports, not by an empty 404.
    await restart("?answer=sdk");
    expect((await ask("tools/call", { name: "echo", arguments: { text: "after" } })).result?.content).toEqual([{ type: "text", text: "after" }]);
    expect(initializedSince(mark)).toEqual(["claude"]);
    await until(
      () => listChanged() === 1,
      () => `a list_changed for the host; stderr: ${run.stderr()}`,
    );
    await end();
  });

  it("passes on a 404 whose body answers the request under its own id (-32601, a method the server lacks): the session holds, nothing is listed again", async () => {
    const { server, run, ask, echoCalls, initializedSince, listChanged, end } = await connected();
    const mark = server.stderr().length;
    expect(await ask("resources/list", {})).toEqual({ jsonrpc: "2.0", id: 3, error: { code: -32601, message: "Method not found" } });
    expect(server.stderr()).toContain("resources/list answered 404");
    // The verdicts of the host's listing still hold: the call goes at once, on the same session.
    expect((await ask("tools/call", { name: "echo", arguments: { text: "x" } })).result?.content).toEqual([{ type: "text", text: "x" }]);
    expect(await echoCalls()).toBe(1);
    expect(initializedSince(mark)).toEqual([]);
    expect(listChanged()).toBe(0);
    expect(run.stderr()).not.toMatch(/no longer knows the session|could not list/);
    await end();
  });

  it.each([
    ["at once (its notifications/initialized gets 404)", "forget", /and a new session could not be started; the request was not sent again/],
    ["after its notifications/initialized (its tools/list gets 404)", "forget-late", /the tools of the new session could not be listed and checked or do not show "echo"; the call was not sent again/],
  ])("does not loop on a server that loses every new session %s: a bounded number of tries, then an error that says so", async (_, mode, why) => {
    const { server, run, ask, restart, initializedSince, end } = await connected();
    const mark = server.stderr().length;
    await restart(`?sessions=${mode}`);
    const first = await ask("tools/call", { name: "echo", arguments: { text: "x" } });
    expect(first.error?.code).toBe(-32603);
    expect(first.error?.message).toMatch(/the server no longer knows the session \(HTTP 404: it restarted, or the session expired\)/);
    expect(first.error?.message).toMatch(why);
    // Each later request tries once more, up to the bound; then the proxy stops starting sessions.
    for (let i = 0; i < 4; i++) expect((await ask("ping", {})).error?.code).toBe(-32603);
    await until(
      () => /stopped starting new sessions/.test(run.stderr()),
      () => `the proxy to give up; stderr: ${run.stderr()}`,
    );
    const tries = initializedSince(mark).length;
    expect(tries).toBe(3);
    expect((await ask("ping", {})).error?.message).toMatch(/new session/);
    expect(initializedSince(mark)).toHaveLength(tries);
    expect(run.child.exitCode).toBe(null);
    await end();
  });
});

describe("--url, 2026-07-28: no sessions, so a 404 is only the server's answer", () => {
  it("passes on HTTP 404 with -32601 (a method the server lacks, T-HTTP-6) as the answer, and starts no session", async () => {
    process.env.PIN_CALLS = callsFile();
    const url = await startHttp(PIN_SERVER, ["--http", "not-found-404"]).finally(() => delete process.env.PIN_CALLS);
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--url", url.href]);
    const wire = rawLines(run);
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "h", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
    wire.send({ id: 1, method: "prompts/list", params: { _meta: meta } });
    expect(await wire.answer(1)).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found: prompts/list" } });
    wire.send({ id: 2, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 }, _meta: meta } });
    expect(await wire.answer(2)).toMatchObject({ result: { content: [{ type: "text", text: "3" }] } });
    expect(run.stderr()).not.toMatch(/session/);
    run.child.stdin!.end();
    await exited(run.child);
  });
});

describe("--listen and --url: an SDK v2 host on HTTP through a server that restarts", () => {
  it("keeps the host's session: it is told to list again, sees the drifted tool withheld, and its call of it is refused", async () => {
    const server = startProcess(process.execPath, [SESSION_SERVER]);
    await until(
      () => /listening on/.test(server.stderr()),
      () => server.stderr(),
    );
    const upstream = /listening on (\S+)/.exec(server.stderr())![1]!;
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([CALLS_TOOL, DRIFT_TOOL, ECHO_TOOL]), "--listen", "127.0.0.1:0", "--url", upstream]);
    await until(
      () => /listening on http/.test(run.stderr()),
      () => `the proxy to listen: ${run.stderr()}`,
    );
    const told: string[][] = [];
    const client = new Client(
      { name: "claude-code", version: "2" },
      { capabilities: {}, versionNegotiation: { mode: "legacy" }, listChanged: { tools: { onChanged: (_error, tools) => void told.push((tools ?? []).map((tool) => tool.name)) } } },
    );
    const transport = new StreamableHTTPClientTransport(new URL(/listening on (\S+)/.exec(run.stderr())![1]!));
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["calls", "drift", "echo"]);
      await until(
        () => server.stderr().includes("GET stream open 1"),
        () => server.stderr(),
      );
      await post(new URL("/restart?echo=drifted", upstream));
      await expect(client.callTool({ name: "echo", arguments: { text: "x" } })).rejects.toMatchObject({ code: -31001 });
      await until(
        () => told.length > 0,
        () => `the host's list_changed; stderr: ${run.stderr()}`,
      );
      expect(told.at(-1)).toEqual(["calls", "drift"]);
      expect((await client.callTool({ name: "calls", arguments: {} })).content).toEqual([{ type: "text", text: JSON.stringify({ echo: 0 }) }]);
    } finally {
      await client.close();
      run.child.kill("SIGTERM");
      await exited(run.child);
      server.child.kill("SIGTERM");
    }
  });
});

/** An empty POST (the server's /restart), answered once the server is done. */
function post(url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST" }, (res) => {
      res.resume();
      res.on("end", () => resolve());
    });
    req.on("error", reject);
    req.end();
  });
}
