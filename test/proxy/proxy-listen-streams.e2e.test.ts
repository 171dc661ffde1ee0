// `mcp-gen proxy --listen` with two clients: a message for a 2025-era session's request whose stream
// that client closed must never go out on another client's stream (a 2026-07-28 request's, which stands
// alone). The server (test/fixtures/proxy/progress-flood-server.mjs) floods each call with progress.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ECHO, pinnedProject, proxyCli, startProcess, stopAll, until } from "../support/proxy-harness.js";
import { REPO_ROOT } from "../support/spec-paths.js";

afterAll(() => stopAll());

const FLOOD_SERVER = join(REPO_ROOT, "test", "fixtures", "proxy", "progress-flood-server.mjs");
const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "modern", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };

function post(url: URL, message: object, headers: Readonly<Record<string, string>> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, resolve);
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", ...message }));
  });
}

async function body(response: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of response) text += chunk;
  return text;
}

describe("--listen: a 2025-era client closes its call's stream while another client's call streams", () => {
  it("puts none of the closed call's progress on the other client's stream", async () => {
    const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO]), "--listen", "127.0.0.1:0", "--", process.execPath, FLOOD_SERVER], { FLOOD_MB: "24" });
    await until(
      () => /listening on http/.test(run.stderr()),
      () => `the proxy to listen: ${run.stderr()}`,
    );
    const url = new URL(/listening on (\S+)/.exec(run.stderr())![1]!);
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
