// A 2026-07-28 subscription the host ends while the server still has something under way for it,
// with the proxy in a process of its own and the pin server of test/fixtures/proxy/ (which keeps
// writing to a subscription it was told is cancelled, as a server does whose notice crossed the
// cancellation). A list_changed under the ended subscription reaches no host, but the proxy still
// lists the tools again before the next call, and says nothing of the race on stderr.
import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { ADD, callsFile, callsIn, ECHO, pinnedProject, pinServer, proxyCli, startProcess, stopAll } from "../support/proxy-harness.js";

afterAll(stopAll);

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "h", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
const LISTEN = { method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: META } };

/** Waits until `ready()` holds, failing with `what` after 20 s. */
async function until(ready: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a list_changed the server sends under a subscription the host has just cancelled (stdio)", () => {
  it("is not passed on nor reported, and the next call is checked against a new listing: a drifted tool is refused", async () => {
    const calls = callsFile();
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO, ADD]), "--", ...pinServer("drift-later,log-lists")], { PIN_CALLS: calls });
    const lines = () =>
      run
        .stdout()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as JsonObject);
    const send = (message: object) => run.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    const answer = async (id: number) => {
      await until(
        () => lines().some((m) => m.id === id),
        () => `the answer to ${id}; stderr: ${run.stderr()}`,
      );
      return lines().find((m) => m.id === id)!;
    };
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
    expect(callsIn(calls).filter((line) => line.startsWith("list "))).toHaveLength(2);
    expect(lines().filter((m) => m.method === "notifications/tools/list_changed")).toEqual([]);
    expect(run.stderr()).not.toContain("subscription the proxy never opened");
    run.child.stdin!.end();
  }, 60_000);
});
