// `mcp-gen proxy --listen` when an HTTP client stops reading: a 2025-era session's tools/call with a
// progress token, whose response stream the client never reads, while the server floods progress
// (test/fixtures/proxy/progress-flood-server.mjs, on stdio). As on stdio, the stream past its
// high-water mark pauses the server, so the proxy's memory stays bounded; and since other clients
// share the proxy, a stream that does not drain within 10 s is ended, its request cancelled at the
// server, and the others go on.
import { readFileSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { body, listenToFloodServer, modernMeta, post } from "../support/listen-client.js";
import { stopAll, until } from "../support/proxy-harness.js";

afterAll(() => stopAll());

const META = modernMeta("other");

/** Peak resident set size of a live process, in MB, from /proc (Linux). */
function peakRssMB(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
}

describe("--listen: a client that never reads its response stream while the server floods it", () => {
  it("pauses the server (memory stays bounded), then ends that stream once it did not drain for 10 s, cancels its request, and serves the others", async () => {
    const { run, url } = await listenToFloodServer({ FLOOD_MB: "400" });
    const init = await post(url, { id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "slow", version: "1" } } });
    const session = { "mcp-session-id": String(init.headers["mcp-session-id"]), "mcp-protocol-version": "2025-11-25" };
    await body(init);
    await body(await post(url, { method: "notifications/initialized" }, session));
    expect(await body(await post(url, { id: 2, method: "tools/list" }, session))).toContain('"echo"');
    const flooded = await post(url, { id: 3, method: "tools/call", params: { name: "echo", arguments: { text: "x" }, _meta: { progressToken: 7 } } }, session);
    expect(flooded.headers["content-type"]).toMatch(/text\/event-stream/);
    flooded.pause();
    flooded.on("error", () => undefined);
    // The server writes until the proxy stops reading it: then it waits, as on stdio.
    const megabytes = () => Math.max(0, ...[...run.stderr().matchAll(/flooded (\d+) MB/g)].map((m) => Number(m[1])));
    await until(
      () => megabytes() >= 1,
      () => `the flood: ${run.stderr()}`,
    );
    for (let still = 0, last = -1; still < 4; await new Promise((resolve) => setTimeout(resolve, 250))) {
      still = megabytes() === last ? still + 1 : 0;
      last = megabytes();
    }
    expect(run.stderr()).not.toContain("flood done");
    expect(megabytes()).toBeLessThan(200);
    expect(peakRssMB(run.child.pid!)).toBeLessThan(150);
    // Another client (a 2026-07-28 request stands alone) waits while the server is paused, until the
    // stalled stream is ended (the message below says why it was; the test's timeout stops a hang).
    const other = await body(await post(url, { id: 1, method: "ping", params: { _meta: META } }, { "mcp-protocol-version": "2026-07-28", "mcp-method": "ping" }));
    expect(JSON.parse(other)).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(run.stderr()).toMatch(/an HTTP client's response stream did not drain within 10 s while the server waited for it \(the client does not read it\); the proxy ended that stream/);
    // Its request was cancelled at the server (under the proxy's id), which stopped flooding.
    expect(run.stderr()).toMatch(/cancelled \d+/);
    expect(run.stderr()).not.toContain("flood done");
    expect(peakRssMB(run.child.pid!)).toBeLessThan(150);
    run.child.kill("SIGTERM");
  }, 60_000);

  it("keeps at most 16 MB (16 million characters) of messages for no request while the session has no GET stream, and hands them to the stream that opens", async () => {
    const { run, url } = await listenToFloodServer({ LOG_MB: "300" });
    const init = await post(url, { id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "late", version: "1" } } });
    const session = { "mcp-session-id": String(init.headers["mcp-session-id"]), "mcp-protocol-version": "2025-11-25" };
    await body(init);
    // Answered 202 at once: no stream is open when the server's 300 log messages of 1 MB come.
    await body(await post(url, { method: "notifications/initialized" }, session));
    await until(
      () => run.stderr().includes("logged 300 MB"),
      () => `the log flood: ${run.stderr()}`,
    );
    // The proxy has read them all once a ping after them is answered (the server answers in order).
    expect(await body(await post(url, { id: 2, method: "ping" }, session))).toContain('"result"');
    expect(peakRssMB(run.child.pid!)).toBeLessThan(150);
    const stream = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(url, { headers: { accept: "text/event-stream", ...session } }, resolve)
        .on("error", reject)
        .end(),
    );
    let events = 0;
    stream.on("data", (chunk: Buffer) => void (events += chunk.toString("latin1").split("event: message").length - 1));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stream.destroy();
    expect(events).toBeGreaterThan(0);
    expect(events).toBeLessThanOrEqual(16);
    run.child.kill("SIGTERM");
  }, 60_000);
});
