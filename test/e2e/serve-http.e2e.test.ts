// The generated `serveHttp` (SDK v2 target, the tracker example's generated code, in this process):
// what its options widen and what they cannot switch off. The guards themselves, attacked with raw
// requests, are in init-http.e2e.test.ts (SDK v2) and sdk-v1-target.e2e.test.ts (SDK v1).
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { handlers, serveHttp } from "../../examples/tracker/src/generated/index.js";
import { INITIALIZE } from "../support/http-guard-attacks.js";
import { exchange } from "../support/raw-http.js";

const post = (url: URL, headers: readonly string[], path = url.pathname) =>
  exchange(url, [`POST ${path} HTTP/1.1`, ...headers, "Content-Type: application/json", "Accept: application/json, text/event-stream", `Content-Length: ${INITIALIZE.length}`], INITIALIZE);

describe("serveHttp", () => {
  it("listens on 127.0.0.1 at /mcp by default, on the port the system picks for port 0, until closed", async () => {
    const serving = await serveHttp(handlers, { port: 0 });
    try {
      expect(serving.url.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(serving.server.address()).toMatchObject({ address: "127.0.0.1", port: Number(serving.url.port) });
      expect((await post(serving.url, [`Host: ${serving.url.host}`])).status).toBe(200);
    } finally {
      await serving.close();
    }
    expect(serving.server.listening).toBe(false);
  });

  it("lets the hosts and origins the options name through, and keeps refusing every other", async () => {
    const serving = await serveHttp(handlers, { port: 0, path: "/tools", allowedHosts: ["MCP.example.com"], allowedOrigins: ["app.example.com"] });
    try {
      const statusOf = async (headers: readonly string[], path?: string) => (await post(serving.url, headers, path)).status;
      expect(await statusOf(["Host: mcp.example.com"])).toBe(200);
      expect(await statusOf(["Host: mcp.example.com:443", "Origin: https://app.example.com"])).toBe(200);
      expect(await statusOf(["Host: localhost"])).toBe(200);
      expect(await statusOf(["Host: other.example.com"])).toBe(403);
      expect(await statusOf(["Host: mcp.example.com", "Origin: https://attacker.example"])).toBe(403);
      expect(await statusOf(["Host: mcp.example.com"], "/mcp")).toBe(404);
    } finally {
      await serving.close();
    }
  });

  it("takes a smaller header limit, and refuses an allow-list entry that could never match", async () => {
    const serving = await serveHttp(handlers, { port: 0, maxHeaderBytes: 4096 });
    try {
      expect((await post(serving.url, [`Host: ${serving.url.host}`, `X-Padding: ${"a".repeat(5000)}`])).status).toBe(431);
      expect((await post(serving.url, [`Host: ${serving.url.host}`, `X-Padding: ${"a".repeat(2000)}`])).status).toBe(200);
    } finally {
      await serving.close();
    }
    await expect(serveHttp(handlers, { port: 0, allowedOrigins: ["https://app.example.com"] })).rejects.toThrow(
      'allowedOrigins: "https://app.example.com" is not a host name; give the name alone, without scheme, port or path (e.g. "mcp.example.com").',
    );
  });

  it("takes an absolute-form request target for its own host, refuses one for another, and a path option without its slash", async () => {
    const serving = await serveHttp(handlers, { port: 0 });
    try {
      expect((await post(serving.url, [`Host: ${serving.url.host}`], serving.url.href)).status).toBe(200);
      expect((await post(serving.url, [`Host: ${serving.url.host}`], "http://evil.example/mcp")).status).toBe(400);
      expect((await post(serving.url, [`Host: ${serving.url.host}`], "//evil/mcp")).status).toBe(404);
    } finally {
      await serving.close();
    }
    await expect(serveHttp(handlers, { port: 0, path: "mcp" })).rejects.toThrow('path: "mcp" is not a path');
  });

  it("answers a body declared past the limit with 413 before inviting it (Expect: 100-continue)", async () => {
    const serving = await serveHttp(handlers, { port: 0 }, { maxRequestBytes: 100 });
    try {
      const headers = [`POST /mcp HTTP/1.1`, `Host: ${serving.url.host}`, "Content-Type: application/json", "Accept: application/json, text/event-stream", "Expect: 100-continue"];
      // No body is sent: only a refusal can come back (a 100 would wait for the body).
      const refused = await exchange(serving.url, [...headers, "Content-Length: 5000000"]);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: -32600 } });
      // A refused Host is refused before any 100 as well.
      expect((await exchange(serving.url, [...headers.slice(0, 1), "Host: attacker.example", ...headers.slice(2), "Content-Length: 10"])).status).toBe(403);
    } finally {
      await serving.close();
    }
  });

  it("rejects when it cannot listen, and passes the handler's body limit on", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(serveHttp(handlers, { port })).rejects.toThrow("EADDRINUSE");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const serving = await serveHttp(handlers, { port: 0 }, { maxRequestBytes: 100 });
    try {
      expect((await post(serving.url, [`Host: ${serving.url.host}`])).status).toBe(413);
    } finally {
      await serving.close();
    }
  });
});
