// `mcp-gen proxy --url` as an HTTP client, seen from the server's side: a small Streamable HTTP server
// in this file (2026-07-28 era, node:http on 127.0.0.1) counts the TCP connections the proxy opens
// and sees each response stream close; the host is raw JSON lines on the proxy's stdin. The proxy
// reuses one keep-alive connection for sequential calls (no per-call reconnects), closes the stream
// of a streamed call the host cancels, and never loads Node's fetch (undici: ~30 MB of its memory).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { ECHO, exited, pinnedProject, proxyCli, startProcess, stopAll } from "../support/proxy-harness.js";

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
/** A tool whose call answers with an event stream: one progress notification, then nothing until the client closes it. */
const SLOW: JsonObject = { name: "slow", description: "Waits until cancelled.", inputSchema: { type: "object", properties: {} } };

interface TestServer {
  readonly url: URL;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Resolves when the response stream of the `slow` call closes. */
  readonly slowClosed: Promise<void>;
}

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  stopAll();
});

async function startServer(): Promise<TestServer> {
  let connections = 0;
  let slowClosed!: () => void;
  const closed = new Promise<void>((resolve) => (slowClosed = resolve));
  const server = createServer((req, res) => void answer(req, res, slowClosed));
  server.on("connection", () => connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), connections: () => connections, slowClosed: closed };
}

async function answer(req: IncomingMessage, res: ServerResponse, slowClosed: () => void): Promise<void> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  const message = JSON.parse(body) as { id?: number | string; method?: string; params?: { name?: string; arguments?: { text?: string }; _meta?: { progressToken?: string } } };
  if (message.id === undefined) {
    res.writeHead(202).end();
    return;
  }
  const reply = (result: unknown) => JSON.stringify({ jsonrpc: "2.0", id: message.id, result });
  if (message.method === "tools/list") {
    res.writeHead(200, { "content-type": "application/json" }).end(reply({ tools: [ECHO, SLOW] }));
  } else if (message.method === "tools/call" && message.params?.name === "echo") {
    res.writeHead(200, { "content-type": "application/json" }).end(reply({ content: [{ type: "text", text: message.params.arguments?.text ?? "" }] }));
  } else if (message.method === "tools/call" && message.params?.name === "slow") {
    res.on("close", slowClosed);
    res.writeHead(200, { "content-type": "text/event-stream" });
    const progress = { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: message.params._meta?.progressToken ?? "p", progress: 1 } };
    res.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
  } else {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "no such method" } }));
  }
}

/** The proxy with a host of raw lines; `answer(id)` resolves with the message that answers request `id`. */
async function proxyTo(server: TestServer, env: Readonly<Record<string, string>> = {}) {
  const project = pinnedProject([ECHO, SLOW]);
  const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--url", server.url.href], env);
  const send = (message: object) => run.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const answer = async (id: number): Promise<JsonObject> => {
    for (;;) {
      const found = run
        .stdout()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as JsonObject)
        .find((message) => message.id === id);
      if (found) return found;
      if (run.child.exitCode !== null) throw new Error(`the proxy ended: ${run.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const request = (id: number, method: string, params: JsonObject = {}) => {
    send({ id, method, params: { ...params, _meta: { ...META, ...((params._meta as JsonObject | undefined) ?? {}) } } });
    return answer(id);
  };
  return { run, send, answer, request };
}

describe("proxy --url: the HTTP client the server meets", () => {
  it("sends sequential calls over one keep-alive connection: no per-call reconnects", async () => {
    const server = await startServer();
    const { run, request } = await proxyTo(server);
    expect(((await request(1, "tools/list")).result as { tools: unknown[] }).tools).toHaveLength(2);
    // The proxy's own subscriptions/listen (refused by this server) may go beside the first request, on a connection of its own.
    const opened = server.connections();
    expect(opened).toBeLessThanOrEqual(2);
    for (let id = 2; id < 22; id++) {
      expect((await request(id, "tools/call", { name: "echo", arguments: { text: `call ${id}` } })).result).toEqual({ content: [{ type: "text", text: `call ${id}` }] });
    }
    expect(server.connections()).toBe(opened);
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  });

  it("closes the event stream of a streamed call the host cancels", async () => {
    const server = await startServer();
    const { run, send, request } = await proxyTo(server);
    await request(1, "tools/list");
    send({ id: 2, method: "tools/call", params: { name: "slow", arguments: {}, _meta: { ...META, progressToken: "t" } } });
    // The progress notification came through: the stream is open, its headers long read.
    while (!run.stdout().includes("notifications/progress")) {
      if (run.child.exitCode !== null) throw new Error(`the proxy ended: ${run.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    send({ method: "notifications/cancelled", params: { requestId: 2, _meta: META } });
    await server.slowClosed;
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  });

  it("never loads Node's fetch (undici) for the whole run", async () => {
    const server = await startServer();
    const dir = mkdtempSync(join(tmpdir(), "mcp-gen-probe-"));
    const probe = join(dir, "probe.cjs");
    const out = join(dir, "modules.json");
    writeFileSync(probe, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`);
    const { run, request } = await proxyTo(server, { NODE_OPTIONS: `--require ${probe}` });
    await request(1, "tools/list");
    expect((await request(2, "tools/call", { name: "echo", arguments: { text: "x" } })).result).toEqual({ content: [{ type: "text", text: "x" }] });
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
    const modules = JSON.parse(readFileSync(out, "utf8")) as string[];
    expect(modules).toContain("NativeModule http");
    expect(modules.filter((name) => /undici/.test(name))).toEqual([]);
  });
});
