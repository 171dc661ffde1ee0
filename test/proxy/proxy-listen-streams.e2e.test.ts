// `mcp-gen proxy --listen` with two clients: a message for a 2025-era session's request whose stream
// that client closed must never go out on another client's stream (a 2026-07-28 request's, which stands
// alone). The server (test/fixtures/proxy/progress-flood-server.mjs) floods each call with progress.
import { afterAll, describe, expect, it } from "vitest";
import { body, listenToFloodServer, modernMeta, post } from "../support/listen-client.js";
import { stopAll } from "../support/proxy-harness.js";

afterAll(() => stopAll());

const META = modernMeta("modern");

describe("--listen: a 2025-era client closes its call's stream while another client's call streams", () => {
  it("puts none of the closed call's progress on the other client's stream", async () => {
    const { run, url } = await listenToFloodServer({ FLOOD_MB: "24" });
    const init = await post(url, { id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "legacy", version: "1" } } });
    const session = { "mcp-session-id": String(init.headers["mcp-session-id"]), "mcp-protocol-version": "2025-11-25" };
    await body(init);
    await body(await post(url, { method: "notifications/initialized" }, session));
    expect(await body(await post(url, { id: 2, method: "tools/list" }, session))).toContain('"echo"');
    // The modern client's call streams its own progress (token "mine") until its answer.
    const modern = await post(
      url,
      { id: 1, method: "tools/call", params: { name: "echo", arguments: { text: "b" }, _meta: { ...META, progressToken: "mine" } } },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "echo" },
    );
    const modernBody = body(modern);
    // The legacy client's call (token 7): it reads the headers and closes the stream; its server call goes on.
    const legacy = await post(url, { id: 3, method: "tools/call", params: { name: "echo", arguments: { text: "a" }, _meta: { progressToken: 7 } } }, session);
    expect(legacy.headers["content-type"]).toMatch(/text\/event-stream/);
    legacy.destroy();
    const events = (await modernBody).split("\n\n").filter((event) => event.includes("data: "));
    const tokens = new Set(events.map((event) => JSON.parse(event.slice(event.indexOf("data: ") + 6)) as { params?: { progressToken?: unknown } }).map((message) => message.params?.progressToken));
    expect(events.length).toBeGreaterThan(100);
    expect([...tokens]).toEqual(["mine", undefined]);
    run.child.kill("SIGTERM");
  }, 60_000);
});
