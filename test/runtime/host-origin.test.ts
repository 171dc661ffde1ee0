// The SDK v1 target's Host and Origin checks (packages/runtime/src/v1/host-origin.ts) are a port of
// the SDK v2's, which the SDK v2 target uses itself: on every header below, each pair gives the same
// verdict and the same message, so both targets let the same requests through and answer the rest
// alike. The loopback lists agree too.
import { localhostAllowedHostnames, localhostAllowedOrigins, validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { checkAllowList, LOOPBACK_NAMES } from "../../packages/runtime/src/node-serve.js";
import { checkHostHeader, checkOriginHeader, hostGuard } from "../../packages/runtime/src/v1/host-origin.js";

const ALLOWED = [...LOOPBACK_NAMES, "mcp.example.com", "[fd00::1]", "xn--mnchen-3ya.example"];
const ORIGINS = [...LOOPBACK_NAMES, "app.example.com", "chrome-extension://*"];

const HOSTS = [
  undefined,
  "",
  "localhost",
  "localhost:3000",
  "LOCALHOST:3000",
  "127.0.0.1",
  "127.0.0.1:0",
  "[::1]",
  "[::1]:8080",
  "::1",
  "localhost.",
  "localhost.attacker.example",
  "attacker.example:3000",
  "127.0.0.1.nip.io",
  "2130706433",
  "0x7f.1",
  "mcp.example.com",
  "MCP.Example.COM:443",
  "[fd00::1]:9",
  "[fd00:0::1]",
  "münchen.example",
  "user@localhost",
  "localhost/path",
  "local host",
  "[::1",
  "%zz",
  "a".repeat(300),
];

const ORIGIN_HEADERS = [
  undefined,
  "",
  "null",
  "http://localhost:5173",
  "https://127.0.0.1",
  "http://[::1]:3000",
  "https://attacker.example",
  "http://localhost.attacker.example",
  "https://app.example.com",
  "https://app.example.com:8443",
  "http://APP.example.com",
  "chrome-extension://abcdefghijklmnop",
  "moz-extension://abcdefghijklmnop",
  "file://",
  "file:///home/user/page.html",
  "localhost",
  "http://",
  "https://app.example.com.attacker.example",
  "http://user:pw@localhost",
];

describe("the SDK v1 target's Host check", () => {
  it("gives the SDK v2's verdict and message on every Host header", () => {
    for (const host of HOSTS) {
      const theirs = validateHostHeader(host, [...ALLOWED]);
      expect(checkHostHeader(host, ALLOWED), String(host)).toEqual(theirs.ok ? { ok: true } : { ok: false, message: theirs.message });
    }
  });

  it("answers a refused request 403 with the JSON-RPC error the SDK v2's Node guard sends", () => {
    const written: unknown[] = [];
    const res = { writeHead: (status: number, headers: Record<string, string>) => written.push(status, headers), end: (body: string) => written.push(JSON.parse(body)) };
    expect(hostGuard(ALLOWED)({ headers: { host: "attacker.example:3000" } }, res)).toBe(false);
    expect(written).toEqual([403, { "content-type": "application/json" }, { jsonrpc: "2.0", error: { code: -32000, message: "Invalid Host: attacker.example" }, id: null }]);
    expect(hostGuard(ALLOWED)({ headers: { host: "localhost:3000" } }, res)).toBe(true);
    expect(written).toHaveLength(3);
  });
});

describe("the SDK v1 target's Origin check", () => {
  it("gives the SDK v2's verdict and message on every Origin header", () => {
    for (const origin of ORIGIN_HEADERS) {
      const theirs = validateOriginHeader(origin, [...ORIGINS]);
      expect(checkOriginHeader(origin, ORIGINS), String(origin)).toEqual(theirs.ok ? { ok: true } : { ok: false, message: theirs.message });
    }
  });
});

describe("the allow-lists", () => {
  it("start from the SDK's loopback names", () => {
    expect(LOOPBACK_NAMES).toEqual(localhostAllowedHostnames());
    expect(LOOPBACK_NAMES).toEqual(localhostAllowedOrigins());
  });

  it("take bare host names, read as the checks read a header's, and refuse what would never match", () => {
    expect(checkAllowList("allowedHosts", ["MCP.example.com", "[FD00:0::1]", "10.0.0.5", "München.example"])).toEqual(["mcp.example.com", "[fd00::1]", "10.0.0.5", "xn--mnchen-3ya.example"]);
    expect(checkAllowList("allowedOrigins", ["app.example.com", "chrome-extension://*"])).toEqual(["app.example.com", "chrome-extension://*"]);
    expect(checkAllowList("allowedHosts", undefined)).toEqual([]);
    for (const [option, entry] of [
      ["allowedOrigins", "https://app.example.com"],
      ["allowedHosts", "mcp.example.com:443"],
      ["allowedHosts", "mcp.example.com/mcp"],
      ["allowedHosts", "chrome-extension://*"],
      ["allowedHosts", ""],
      ["allowedHosts", "::1"],
      ["allowedHosts", "[not-ipv6]"],
      ["allowedHosts", "%zz"],
    ] as const) {
      expect(() => checkAllowList(option, [entry]), entry).toThrow(`${option}: ${JSON.stringify(entry)} is not a host name`);
    }
  });
});
