// fetchLiveTools against a real (fake) server process, over stdio and over HTTP on 127.0.0.1: the
// raw tool objects as sent, pages followed to the end, and every bad answer turned into one clear
// problem (the CLI's exit 2) instead of a crash or a hang.
import { afterEach, describe, expect, it } from "vitest";
import { fetchLiveTools } from "../../src/live/fetch-live-tools.js";
import type { LiveTarget } from "../../src/live/live-connection.js";
import { fakeHttp, fakeStdio, stopServers } from "./servers.js";

afterEach(stopServers);

const options = { timeoutMs: 2500, maxPages: 20, clientVersion: "0.0.0-test" };

const transports: [string, (mode: string) => LiveTarget | Promise<LiveTarget>][] = [["stdio", fakeStdio], ["http", fakeHttp]];

describe.each(transports)("over %s", (_, target) => {
  it("returns every tool exactly as sent, fields the SDK does not know included", async () => {
    const result = await fetchLiveTools(await target("ok"), options);
    expect(result).toMatchObject({ ok: true, value: { server: { name: "fake", version: "1.0.0", era: "legacy" }, pages: 1 } });
    if (result.ok) expect(result.value.tools[1]).toEqual({
      name: "add", title: "Add", description: "Adds two numbers.", inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
      annotations: { readOnlyHint: true }, "x-vendor-extension": { rank: 1 },
    });
  });

  it("follows nextCursor to the last page", async () => {
    const result = await fetchLiveTools(await target("paged"), options);
    expect(result.ok && result.value.tools.map((t) => t.name)).toEqual(["echo", "add", "last"]);
    expect(result.ok && result.value.pages).toBe(3);
  });

  it("keeps a page whose schema the SDK's own parse would refuse", async () => {
    const result = await fetchLiveTools(await target("sdk-refuses"), options);
    expect(result.ok && result.value.tools[1]).toEqual({ name: "odd", inputSchema: { type: "array", items: { type: "string" } } });
  });

  it.each([
    ["invalid-tool", "bad-tool", 'Tool 1 on page 1 of tools/list is the string "add", not an object.'],
    ["no-name", "bad-tool", "Tool 1 on page 1 of tools/list has no name."],
    ["endless", "too-many-pages", "The server's tools/list did not end within 20 pages."],
    ["cursor-loop", "cursor-loop", 'The server sent the nextCursor "again" twice; its tools/list would never end.'],
    ["duplicate", "duplicate-name", 'The server listed the tool "echo" twice (page 1, item 0 and page 2, item 1); tool names must be unique.'],
    ["rpc-error", "rpc-error", "The server answered tools/list with JSON-RPC error -32603: Internal error: database unavailable"],
  ])("%s → %s", async (mode, kind, message) => {
    expect(await fetchLiveTools(await target(mode), options)).toEqual({ ok: false, problem: { kind, message } });
  });

  it("a server that never answers tools/list times out", async () => {
    const result = await fetchLiveTools(await target("hang"), options);
    expect(result).toMatchObject({ ok: false, problem: { kind: "timeout" } });
    if (!result.ok) expect(result.problem.message).toMatch(/^The server did not answer tools\/list within the 2500 ms timeout\./);
  });
});

describe("bad answers that look different per transport", () => {
  it("non-JSON over HTTP is named; over stdio the SDK skips the line, so it is a timeout", async () => {
    expect(await fetchLiveTools(await fakeHttp("non-json"), options)).toMatchObject({ ok: false, problem: { kind: "bad-response", message: expect.stringMatching(/^The server's answer to tools\/list is not JSON: /) } });
    expect(await fetchLiveTools(fakeStdio("non-json"), options)).toMatchObject({ ok: false, problem: { kind: "timeout", message: expect.stringContaining("Lines it writes to stdout that are not JSON are ignored.") } });
  });

  it("JSON that is no JSON-RPC message is named on both", async () => {
    expect(await fetchLiveTools(await fakeHttp("not-jsonrpc"), options)).toEqual({ ok: false, problem: { kind: "bad-response", message: "The server's answer to tools/list is JSON but not a JSON-RPC message." } });
    expect(await fetchLiveTools(fakeStdio("not-jsonrpc"), options)).toMatchObject({ ok: false, problem: { kind: "timeout", message: expect.stringContaining("It did send a message that is not JSON-RPC.") } });
  });

  it("a stdio server that crashes is reported with the end of its stderr", async () => {
    expect(await fetchLiveTools(fakeStdio("crash"), options)).toEqual({
      ok: false, problem: { kind: "closed", message: "The server exited or closed the connection before answering tools/list.", stderr: "fake server: something broke while listing tools" },
    });
    expect(await fetchLiveTools(fakeStdio("exit-on-start"), options)).toEqual({
      ok: false, problem: { kind: "closed", message: "The server exited or closed the connection before answering the connection handshake.", stderr: "fake server: missing configuration, exiting" },
    });
  });

  it("an HTTP server that drops the connection is reported", async () => {
    expect(await fetchLiveTools(await fakeHttp("crash"), options)).toMatchObject({ ok: false, problem: { kind: "connect-failed", message: expect.stringContaining("failed during tools/list") } });
  });

  it("a program that does not exist, and a port nobody listens on", async () => {
    expect(await fetchLiveTools({ kind: "stdio", command: "mcp-gen-no-such-program", args: [], cwd: process.cwd(), env: {} }, options)).toEqual({
      ok: false, problem: { kind: "start-failed", message: 'Could not start "mcp-gen-no-such-program": no such program.' },
    });
    const url = await fakeHttp("ok").then((t) => (t.kind === "http" ? t.url : undefined));
    await stopServers();
    expect(await fetchLiveTools({ kind: "http", url: url!, headers: {} }, options)).toEqual({
      ok: false, problem: { kind: "connect-failed", message: `Could not connect to ${url!.href}: the connection was refused.` },
    });
  });
});
