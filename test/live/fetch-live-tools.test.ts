// fetchLiveTools against a real (fake) server process, over stdio and over HTTP on 127.0.0.1: the
// raw tool objects as sent, pages followed to the end, and every bad answer turned into one clear
// problem (the CLI's exit 2) instead of a crash or a hang.
import { afterEach, describe, expect, it } from "vitest";
import { fetchLiveTools } from "../../src/live/fetch-live-tools.js";
import type { LiveTarget } from "../../src/live/live-connection.js";
import { fakeHttp, fakeStdio, stopServers } from "./servers.js";

afterEach(stopServers);

const options = { timeoutMs: 2500, maxPages: 20, clientInfo: { name: "mcp-gen", version: "0.0.0-test" }, maxDepth: 256 };
/** A budget no test reaches: a problem reported at once cannot pass as a timeout. */
const slow = { ...options, timeoutMs: 600_000 };

const transports: [string, (mode: string) => LiveTarget | Promise<LiveTarget>][] = [
  ["stdio", fakeStdio],
  ["http", fakeHttp],
];

describe.each(transports)("over %s", (_, target) => {
  it("returns every tool exactly as sent, fields the SDK does not know included", async () => {
    const result = await fetchLiveTools(await target("ok"), options);
    expect(result).toMatchObject({ ok: true, value: { server: { name: "fake", version: "1.0.0", era: "legacy" }, pages: 1 } });
    if (result.ok)
      expect(result.value.tools[1]).toEqual({
        name: "add",
        title: "Add",
        description: "Adds two numbers.",
        inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
        annotations: { readOnlyHint: true },
        "x-vendor-extension": { rank: 1 },
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
    ["cursor-loop", "cursor-loop", 'The server sent the nextCursor "p2" on page 1 and again on page 3, after other pages; its tools/list would go round forever.'],
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
  it("non-JSON over HTTP is named; over stdio a log line is skipped, as clients do, and shown with the timeout", async () => {
    expect(await fetchLiveTools(await fakeHttp("non-json"), options)).toMatchObject({
      ok: false,
      problem: { kind: "bad-response", message: expect.stringMatching(/^The server's answer to tools\/list is not JSON: /) },
    });
    expect(await fetchLiveTools(fakeStdio("non-json"), options)).toEqual({
      ok: false,
      problem: { kind: "timeout", message: 'The server did not answer tools/list within the 2500 ms timeout. (It wrote a line to stdout that is not JSON, which clients ignore: "this is not JSON".)' },
    });
  });

  it("a line of JSON cut short is named as soon as it arrives, on both", async () => {
    expect(await fetchLiveTools(fakeStdio("truncated"), slow)).toEqual({
      ok: false,
      problem: { kind: "bad-response", message: 'The server sent a line that is not complete JSON: "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{\\"tools"' },
    });
    expect(await fetchLiveTools(await fakeHttp("truncated"), slow)).toMatchObject({
      ok: false,
      problem: { kind: "bad-response", message: expect.stringMatching(/^The server's answer to tools\/list is not JSON: /) },
    });
  });

  it("an answer to an id never asked is named as soon as it arrives, on both", async () => {
    for (const target of [fakeStdio("wrong-id"), await fakeHttp("wrong-id")]) {
      expect(await fetchLiveTools(target, slow)).toEqual({ ok: false, problem: { kind: "bad-response", message: expect.stringMatching(/^The server sent an answer to an id never asked: \d+\.$/) } });
    }
  });

  it("a 2025 server that exits on the era probe connects with the 2025 handshake in a fresh process", async () => {
    expect(await fetchLiveTools(fakeStdio("exit-on-discover"), options)).toMatchObject({ ok: true, value: { server: { name: "fake", era: "legacy" } } });
  });

  it("a tool nested 100,000 levels deep is refused with a message, over both", async () => {
    for (const target of [fakeStdio("deep-meta"), await fakeHttp("deep-meta")]) {
      expect(await fetchLiveTools(target, options)).toEqual({
        ok: false,
        problem: {
          kind: "bad-tool",
          message: 'The tool "deep" on page 1 of tools/list nests objects and arrays more than 256 levels deep, deeper than mcp-gen reads a tool (load.maxDepth, at most 1000).',
        },
      });
    }
  });

  it("JSON that is no JSON-RPC message is named on both", async () => {
    expect(await fetchLiveTools(await fakeHttp("not-jsonrpc"), options)).toEqual({
      ok: false,
      problem: { kind: "bad-response", message: "The server's answer to tools/list is JSON but not a JSON-RPC message." },
    });
    expect(await fetchLiveTools(fakeStdio("not-jsonrpc"), options)).toMatchObject({
      ok: false,
      problem: { kind: "timeout", message: expect.stringContaining("It did send a message that is not JSON-RPC.") },
    });
  });

  it("a stdio server that crashes is reported with the end of its stderr", async () => {
    expect(await fetchLiveTools(fakeStdio("crash"), options)).toEqual({
      ok: false,
      problem: { kind: "closed", message: "The server exited or closed the connection before answering tools/list.", stderr: "fake server: something broke while listing tools" },
    });
    expect(await fetchLiveTools(fakeStdio("exit-on-start"), options)).toEqual({
      ok: false,
      problem: { kind: "closed", message: "The server exited or closed the connection before answering the connection handshake.", stderr: "fake server: missing configuration, exiting" },
    });
  });

  it("an HTTP server that drops the connection is reported", async () => {
    expect(await fetchLiveTools(await fakeHttp("crash"), options)).toMatchObject({ ok: false, problem: { kind: "connect-failed", message: expect.stringContaining("failed during tools/list") } });
  });

  it("a program that does not exist, and a port nobody listens on", async () => {
    expect(await fetchLiveTools({ kind: "stdio", command: "mcp-gen-no-such-program", args: [], cwd: process.cwd(), env: {} }, options)).toEqual({
      ok: false,
      problem: { kind: "start-failed", message: 'Could not start "mcp-gen-no-such-program": no such program.' },
    });
    const url = await fakeHttp("ok").then((t) => (t.kind === "http" ? t.url : undefined));
    await stopServers();
    expect(await fetchLiveTools({ kind: "http", url: url!, headers: {} }, options)).toEqual({
      ok: false,
      problem: { kind: "connect-failed", message: `Could not connect to ${url!.href}: the connection was refused.` },
    });
  });
});
