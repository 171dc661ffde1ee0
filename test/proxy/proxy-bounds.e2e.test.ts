// What a server or host can make the proxy hold, with the proxy in a process of its own and the pin
// server of test/fixtures/proxy/. A server that floods list_changed while the proxy re-lists gets
// one notice to the host per re-listing, not one per notice.
import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { ADD, callsFile, callsIn, ECHO, pinnedProject, pinServer, proxyCli, startProcess, stopAll } from "../support/proxy-harness.js";

afterAll(stopAll);

/** Waits until `ready()` holds, failing with `what` after 20 s. */
async function until(ready: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a server that floods list_changed while the proxy re-lists", () => {
  it("gets one list_changed to the host per re-listing, and the host's other messages through, 200,000 notices or not", async () => {
    const calls = callsFile();
    const project = pinnedProject([ECHO, ADD]);
    // After the call of add: echo drifts, 200,000 list_changed at once, every tools/list 300 ms late.
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, "--", ...pinServer("drift-later,flood=200000,log-lists")], { PIN_CALLS: calls });
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
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    await answer(1);
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list", params: {} });
    expect((await answer(2)).result).toMatchObject({ tools: [ECHO, ADD] });
    send({ id: 3, method: "tools/call", params: { name: "add", arguments: { a: 1, b: 2 } } });
    await answer(3);
    const changed = () => lines().filter((m) => m.method === "notifications/tools/list_changed").length;
    await until(
      () => changed() > 0,
      () => `a list_changed; stderr: ${run.stderr()}`,
    );
    // Every notice came before the server's answer to the proxy's own list, which the host's
    // list_changed waits for: once one is out, all that will ever be are. A ping answered since says so.
    send({ id: 4, method: "ping" });
    await answer(4);
    expect(changed()).toBe(1);
    // The host's one, then the proxy's own: the first, and one more for the notices that came during it.
    expect(callsIn(calls).filter((line) => line.startsWith("list "))).toHaveLength(3);
    // And the list it checked holds: echo drifted and is refused.
    send({ id: 5, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } });
    expect((await answer(5)).error).toMatchObject({ code: -31001 });
    expect(callsIn(calls).filter((line) => !line.startsWith("list "))).toEqual(["add"]);
    run.child.stdin!.end();
  }, 120_000);
});
