// A 2026-07-28 subscription the host ends while the server still has something under way for it,
// with the proxy in a process of its own and the pin server of test/fixtures/proxy/ (which keeps
// writing to a subscription it was told is cancelled, as a server does whose notice crossed the
// cancellation). A list_changed under the ended subscription reaches no host, but the proxy still
// lists the tools again before the next call, and says nothing of the race on stderr. A list_changed
// held for a subscription whose stream then closes is dropped, never sent on another client's stream.
import { request as httpRequest, type ClientRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { ADD, callsFile, callsIn, ECHO, pinnedProject, pinServer, proxyCli, rawLines, startProcess, stopAll, until } from "../support/proxy-harness.js";

afterAll(stopAll);

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "h", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
const LISTEN = { method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: META } };

describe("a list_changed the server sends under a subscription the host has just cancelled (stdio)", () => {
  it("is not passed on nor reported, and the next call is checked against a new listing: a drifted tool is refused", async () => {
    const calls = callsFile();
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--", ...pinServer("drift-later,log-lists")], { PIN_CALLS: calls });
    const { lines, send, answer } = rawLines(run);
    send({ id: 1, method: "server/discover", params: { _meta: META } });
    await answer(1);
    send({ id: 2, ...LISTEN });
    send({ id: 3, method: "tools/list", params: { _meta: META } });
    expect((await answer(3)).result).toMatchObject({ tools: [ECHO, ADD] });
    // The host ends its subscription; then the call of add changes echo, and the server's notice goes
    // under the subscription it was told is over (on stdio, in the order written: after add's answer).
    send({ method: "notifications/cancelled", params: { requestId: 2, _meta: META } });
    send({ id: 4, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 }, _meta: META } });
    await answer(4);
    send({ id: 5, method: "ping", params: { _meta: META } });
    await answer(5);
    send({ id: 6, method: "tools/call", params: { name: "echo", arguments: { text: "x" }, _meta: META } });
    expect((await answer(6)).error).toMatchObject({ code: -31001, data: { tool: "echo", status: "changed" } });
    expect(callsIn(calls).filter((line) => !line.startsWith("list "))).toEqual(["add"]);
    // The host's one, then the proxy's: one for the notice under the ended subscription, and maybe one
    // more for the same change told on the proxy's own subscription.
    expect(callsIn(calls).filter((line) => line.startsWith("list ")).length).toBeGreaterThanOrEqual(2);
    expect(callsIn(calls).filter((line) => line.startsWith("list ")).length).toBeLessThanOrEqual(3);
    expect(lines().filter((m) => m.method === "notifications/tools/list_changed")).toEqual([]);
    expect(run.stderr()).not.toContain("subscription the proxy never opened");
    run.child.stdin!.end();
  }, 60_000);
});

/** One POST to the proxy whose response is read as it comes. */
interface Stream {
  text(): string;
  ended(): boolean;
  close(): void;
}

function post(url: URL, body: JsonObject, method: string, name?: string): Stream {
  let text = "";
  let ended = false;
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
    ...(name ? { "mcp-name": name } : {}),
  };
  const req: ClientRequest = httpRequest(url, { method: "POST", headers }, (res) => {
    res.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk));
    res.on("end", () => void (ended = true));
    res.on("error", () => undefined);
  });
  req.on("error", () => undefined);
  req.end(JSON.stringify({ jsonrpc: "2.0", ...body }));
  return { text: () => text, ended: () => ended, close: () => req.destroy() };
}

/** The JSON-RPC messages of an event stream (or a JSON body) read so far. */
function messages(stream: Stream): JsonObject[] {
  const text = stream.text();
  if (text.startsWith("{")) return [JSON.parse(text) as JsonObject];
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)) as JsonObject);
}

describe("--listen: a list_changed held for the proxy's re-listing, for a subscription whose stream then closes", () => {
  it("is dropped: another client's subscription under the same id gets its own notice only", async () => {
    const calls = callsFile();
    // The proxy's re-listing after the change is answered only once a cancellation reaches the server.
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--listen", "127.0.0.1:0", "--", ...pinServer("drift-later,late-list,log-lists")], {
      PIN_CALLS: calls,
    });
    const where = () => /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(run.stderr())?.[1];
    await until(
      () => where() !== undefined,
      () => `the proxy to listen: ${run.stderr()}`,
    );
    const url = new URL(where()!);
    const acknowledged = (stream: Stream) => messages(stream).some((m) => m.method === "notifications/subscriptions/acknowledged");
    // Two clients, each with its subscription under the id 1.
    const a = post(url, { id: 1, ...LISTEN }, "subscriptions/listen");
    await until(
      () => acknowledged(a),
      () => a.text(),
    );
    const b = post(url, { id: 1, ...LISTEN }, "subscriptions/listen");
    await until(
      () => acknowledged(b),
      () => b.text(),
    );
    const done = async (stream: Stream) => {
      await until(
        () => stream.ended(),
        () => stream.text(),
      );
      return messages(stream).at(-1)!;
    };
    expect((await done(post(url, { id: 2, method: "tools/list", params: { _meta: META } }, "tools/list"))).result).toMatchObject({ tools: [ECHO, ADD] });
    await done(post(url, { id: 3, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 }, _meta: META } }, "tools/call", "add"));
    // The server wrote its notices before this answer: the proxy holds both, its re-listing in flight.
    await done(post(url, { id: 4, method: "ping", params: { _meta: META } }, "ping"));
    const changed = (stream: Stream) => messages(stream).filter((m) => m.method === "notifications/tools/list_changed");
    expect([...changed(a), ...changed(b)]).toEqual([]);
    // Client a ends its subscription: the server hears of it, and answers the proxy's listing.
    a.close();
    await until(
      () => changed(b).length > 0,
      () => `b's list_changed: ${b.text()}`,
    );
    expect(changed(b)).toEqual([{ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": 1 } } }]);
    // The listing is checked: echo drifted and is refused.
    const echo = await done(post(url, { id: 5, method: "tools/call", params: { name: "echo", arguments: { text: "x" }, _meta: META } }, "tools/call", "echo"));
    expect(echo.error).toMatchObject({ code: -31001 });
    expect(changed(b)).toHaveLength(1);
    expect(callsIn(calls).filter((line) => !line.startsWith("list "))).toEqual(["add"]);
    b.close();
  }, 60_000);
});
