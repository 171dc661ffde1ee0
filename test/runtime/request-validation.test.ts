// The guard generated servers export for a Node server wired by hand, `mcpRequestValidation`, on both
// targets (packages/runtime/src/http-runtime.ts with the SDK v2's Host and Origin checks;
// v1/host-origin.ts with the runtime's port of them): its options widen what passes as serveHttp's do,
// a bad allow-list entry throws before anything is served, and both targets give each request below
// the same answer. Raw attacks on a listening server: test/e2e/http-wired-by-hand.e2e.test.ts.
import { describe, expect, it } from "vitest";
import { mcpRequestValidation as v2Validation } from "../../packages/runtime/src/http-runtime.js";
import type { GuardedRequest, RequestValidationOptions } from "../../packages/runtime/src/request-validation.js";
import { mcpRequestValidation as v1Validation } from "../../packages/runtime/src/v1/host-origin.js";

interface Answer {
  readonly passed: boolean;
  readonly status?: number;
  readonly body?: unknown;
}

/** The guard's verdict on a request of `lines` (name, value pairs) to `url`, and what it answered. */
function answer(validation: typeof v2Validation, options: RequestValidationOptions, url: string, rawHeaders: readonly string[]): Answer {
  const headers: Record<string, string> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] ??= rawHeaders[i + 1]!;
  const req: GuardedRequest = { rawHeaders, headers, url };
  let status: number | undefined;
  let body: unknown;
  const res = {
    writeHead: (code: number) => void (status = code),
    end: (text: string) => void (body = JSON.parse(text)),
  };
  const passed = validation(options)(req, res);
  return passed ? { passed } : { passed, status: status!, body };
}

const TARGETS = [
  ["sdk-v2", v2Validation],
  ["sdk-v1", v1Validation],
] as const;

const WIDENED: RequestValidationOptions = { path: "/tools", allowedHosts: ["MCP.example.com"], allowedOrigins: ["app.example.com"] };

describe.each(TARGETS)("mcpRequestValidation (%s)", (_target, validation) => {
  it("lets a loopback request on /mcp through by default, and nothing on another path", () => {
    expect(answer(validation, {}, "/mcp", ["Host", "127.0.0.1:3000"])).toEqual({ passed: true });
    expect(answer(validation, {}, "/mcp?x=1", ["Host", "localhost"])).toEqual({ passed: true });
    expect(answer(validation, {}, "/tools", ["Host", "localhost"])).toMatchObject({ passed: false, status: 404 });
  });

  it("takes serveHttp's path and allow-lists", () => {
    expect(answer(validation, WIDENED, "/tools", ["Host", "mcp.example.com:443", "Origin", "https://app.example.com"])).toEqual({ passed: true });
    expect(answer(validation, WIDENED, "/mcp", ["Host", "mcp.example.com"])).toEqual({
      passed: false,
      status: 404,
      body: { jsonrpc: "2.0", id: null, error: { code: -32601, message: "Not found: this server answers MCP requests at /tools." } },
    });
    expect(answer(validation, WIDENED, "/tools", ["Host", "other.example.com"])).toEqual({
      passed: false,
      status: 403,
      body: { jsonrpc: "2.0", error: { code: -32000, message: "Invalid Host: other.example.com" }, id: null },
    });
    expect(answer(validation, WIDENED, "/tools", ["Host", "localhost", "Origin", "https://other.example.com"])).toMatchObject({ passed: false, status: 403 });
  });

  it("refuses an allow-list entry that is no bare host name when it is made, not when a request comes", () => {
    expect(() => validation({ allowedHosts: ["mcp.example.com:443"] })).toThrow(RangeError);
    expect(() => validation({ allowedOrigins: ["https://app.example.com"] })).toThrow(/allowedOrigins: "https:\/\/app.example.com" is not a host name/);
    // A wildcard would be compared as a name: it would let nobody in but a Host header of "*".
    expect(() => validation({ allowedHosts: ["*"] })).toThrow(/allowedHosts: "\*" is a pattern/);
    expect(() => validation({ allowedHosts: ["*.example.com"] })).toThrow(RangeError);
    expect(() => validation({ allowedOrigins: ["*"] })).toThrow(RangeError);
    expect(() => validation({ allowedOrigins: ["chrome-extension://*"] })).not.toThrow();
    for (const entry of ["http://*", "https://*", "HTTPS://*"]) expect(() => validation({ allowedOrigins: [entry] }), entry).toThrow(/would admit every web page/);
  });

  it("refuses a path option without its leading slash, or with a query, when it is made", () => {
    expect(() => validation({ path: "mcp" })).toThrow(/path: "mcp" is not a path/);
    expect(() => validation({ path: "/mcp?x=1" })).toThrow(RangeError);
    expect(() => validation({ path: "" })).toThrow(RangeError);
    expect(() => validation({ path: "/" })).not.toThrow();
    // Paths a URL does not keep as given: no request could name them.
    for (const path of ["/mcé", "/mcp/../x", "/mcp\\x", "/mcp\u0000", "/./mcp"]) expect(() => validation({ path }), path).toThrow(RangeError);
    expect(() => validation({ path: "/mcp/v1" })).not.toThrow();
  });

  it("takes an absolute-form request target for the Host it names, in origin form, and refuses one for another host", () => {
    const req: GuardedRequest = { rawHeaders: ["Host", "127.0.0.1:3000"], headers: { host: "127.0.0.1:3000" }, url: "http://127.0.0.1:3000/mcp?x=1" };
    const res = { writeHead: () => undefined, end: () => undefined };
    expect(validation({})(req, res)).toBe(true);
    expect(req.url).toBe("/mcp?x=1");
    expect(answer(validation, {}, "http://evil.example/mcp", ["Host", "127.0.0.1:3000"])).toMatchObject({ passed: false, status: 400 });
    expect(answer(validation, {}, "http://evil.example:3000/mcp", ["Host", "localhost:3000"])).toMatchObject({ passed: false, status: 400 });
    expect(answer(validation, {}, "http://u:p@127.0.0.1:3000/mcp", ["Host", "127.0.0.1:3000"])).toMatchObject({ passed: false, status: 400 });
    // "//evil/mcp" is the path "//evil/mcp" (an empty first segment), not the path "/mcp" of a host "evil".
    expect(answer(validation, {}, "//evil/mcp", ["Host", "127.0.0.1"])).toMatchObject({ passed: false, status: 404 });
    expect(answer(validation, {}, "*", ["Host", "127.0.0.1"])).toMatchObject({ passed: false, status: 404 });
    // A default port written on one side only is the same authority.
    expect(answer(validation, {}, "https://127.0.0.1:443/mcp", ["Host", "127.0.0.1:443"])).toEqual({ passed: true });
    expect(answer(validation, {}, "http://127.0.0.1/mcp", ["Host", "127.0.0.1:80"])).toEqual({ passed: true });
    // Its path is read as sent, as an origin-form target's: dot segments are a path of their own.
    expect(answer(validation, {}, "http://127.0.0.1/x/../mcp", ["Host", "127.0.0.1"])).toMatchObject({ passed: false, status: 404 });
    expect(answer(validation, {}, "/x/../mcp", ["Host", "127.0.0.1"])).toMatchObject({ passed: false, status: 404 });
  });
});

/** Requests each check refuses (and some it lets through), as name/value header lines. */
const REQUESTS: readonly (readonly [string, readonly string[]])[] = [
  ["/mcp", ["Host", "localhost", "Host", "attacker.example"]],
  ["/mcp", ["Host", "attacker.example@localhost"]],
  ["/mcp", ["Host", "attacker.example"]],
  ["/mcp", []],
  ["/mcp", ["Host", "localhost", "Origin", "null"]],
  ["/mcp", ["Host", "localhost", "Origin", "http://localhost", "Origin", "https://attacker.example"]],
  ["/mcp", ["Host", "localhost", "Origin", "http://attacker.example@localhost"]],
  ["/mcp", ["Host", "localhost", "Origin", "https://attacker.example"]],
  ["/mcp", ["Host", "localhost", "Origin", "http://localhost:5173"]],
  ["/mcp", ["Host", "localhost", "Mcp-Method", "initialize", "mcp-method", "tools/call"]],
  ["/admin", ["Host", "[::1]:9"]],
  ["/tools", ["Host", "mcp.example.com", "Origin", "https://app.example.com"]],
];

describe("both targets' mcpRequestValidation", () => {
  it.each(REQUESTS)("give %s %j the same answer", (url, rawHeaders) => {
    for (const options of [{}, WIDENED]) expect(answer(v1Validation, options, url, rawHeaders)).toEqual(answer(v2Validation, options, url, rawHeaders));
  });
});
