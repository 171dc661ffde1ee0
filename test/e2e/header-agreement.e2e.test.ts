// No request is served whose Mcp-Method, Mcp-Name or Mcp-Param-* headers disagree with its body, in
// either protocol era and on both targets: raw POSTs over real HTTP on 127.0.0.1 to generated
// servers (SDK v2 stateless and with 2025 sessions, SDK v1), through the SDK's Node adapter with the
// generated duplicateMcpHeaderValidation() in front. A proxy or WAF that routes on those headers
// must not be bypassed by a client that claims the 2025 era, sends a header twice, or mirrors an
// integer past 2^53 that JSON.parse rounds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRpcOf, postRaw, startRecordingServer, type RawResponse, type RecordingServer } from "../support/e2e-http.js";
import { buildCompiledProject, type CompiledProject, type GeneratedHttpHandler } from "../support/e2e-project.js";

const TOOLS = {
  "tools/region_lookup.json": JSON.stringify({
    name: "region_lookup",
    description: "Looks up a region.",
    inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, count: { type: "integer", "x-mcp-header": "Count" } } },
  }),
  "tools/other.json": JSON.stringify({ name: "other", description: "Another tool.", inputSchema: { type: "object", properties: { region: { type: "string" } } } }),
};

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const JSON_HEADERS: [string, string][] = [
  ["content-type", "application/json"],
  ["accept", "application/json, text/event-stream"],
];

type Target = "sdk-v2 stateless" | "sdk-v2 sessions" | "sdk-v1";

interface Served {
  readonly server: RecordingServer;
  readonly handler: GeneratedHttpHandler;
  /** Arguments each handler call received, in order. */
  readonly calls: unknown[];
}

const projects: CompiledProject[] = [];
const served = new Map<Target, Served>();

async function serve(project: CompiledProject, options: object): Promise<Served> {
  const generated = (await project.importGenerated()) as Awaited<ReturnType<CompiledProject["importGenerated"]>> & { duplicateMcpHeaderValidation: () => Parameters<typeof startRecordingServer>[1] };
  const calls: unknown[] = [];
  const record = (args: unknown) => (calls.push(args), "ran");
  const handler = generated.createToolHttpHandler({ region_lookup: record, other: record }, options);
  return { server: await startRecordingServer(handler, generated.duplicateMcpHeaderValidation()), handler, calls };
}

beforeAll(async () => {
  const [v2, v1] = await Promise.all([
    buildCompiledProject({ ...TOOLS, "mcp-gen.config.yaml": "server:\n  name: agreement\n  version: 1.0.0\n" }),
    buildCompiledProject({ ...TOOLS, "mcp-gen.config.yaml": "target: sdk-v1\nserver:\n  name: agreement\n  version: 1.0.0\n" }),
  ]);
  projects.push(v2, v1);
  served.set("sdk-v2 stateless", await serve(v2, {}));
  served.set("sdk-v2 sessions", await serve(v2, { handlerOptions: { legacy: "sessions" } }));
  served.set("sdk-v1", await serve(v1, {}));
}, 240_000);

afterAll(async () => {
  for (const { server, handler } of served.values()) {
    await server.close();
    await handler.close();
  }
  for (const project of projects) project.remove();
});

/** A 2025-era session: initialize (and initialized); the header lines its later requests carry. */
async function legacySession(url: URL, protocolHeader: boolean): Promise<[string, string][]> {
  const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } } };
  const opened = await postRaw(url, JSON_HEADERS, JSON.stringify(initialize));
  expect(opened.status, opened.body).toBe(200);
  const session = opened.headers["mcp-session-id"];
  const lines: [string, string][] = [...JSON_HEADERS, ...(typeof session === "string" ? [["mcp-session-id", session] as [string, string]] : [])];
  if (protocolHeader) lines.push(["MCP-Protocol-Version", "2025-11-25"]);
  const initialized = await postRaw(url, lines, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  expect(initialized.status).toBe(202);
  return lines;
}

function callBody(name: string, args: Record<string, unknown>, meta?: object): string {
  return JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { ...(meta ? { _meta: meta } : {}), name, arguments: args } });
}

function expectRefused(response: RawResponse, code: number, calls: readonly unknown[]): void {
  expect({ status: response.status, code: jsonRpcOf(response).error?.code }, response.body).toEqual({ status: 400, code });
  expect(calls).toEqual([]);
}

for (const target of ["sdk-v2 stateless", "sdk-v2 sessions", "sdk-v1"] as const) {
  describe(`${target}: a 2025-era request`, () => {
    for (const protocolHeader of [false, true]) {
      const era = protocolHeader ? "MCP-Protocol-Version: 2025-11-25" : "no MCP-Protocol-Version";
      it(`(${era}) with Mcp-Name and Mcp-Param-Region that disagree with the body is refused, not run`, async () => {
        const { server, calls } = served.get(target)!;
        calls.length = 0;
        const session = await legacySession(server.url, protocolHeader);
        const body = callBody("region_lookup", { region: "us-west1" });
        expectRefused(await postRaw(server.url, [...session, ["Mcp-Name", "other"]], body), -32020, calls);
        expectRefused(await postRaw(server.url, [...session, ["Mcp-Param-Region", "eu-west1"]], body), -32020, calls);
        expectRefused(await postRaw(server.url, [...session, ["Mcp-Method", "tools/list"]], body), -32020, calls);
        // A header for an argument the body does not have matches nothing.
        expectRefused(await postRaw(server.url, [...session, ["Mcp-Param-Region", "eu-west1"]], callBody("region_lookup", {})), -32020, calls);
      });

      it(`(${era}) is served without headers, and with headers that agree`, async () => {
        const { server, calls } = served.get(target)!;
        calls.length = 0;
        const session = await legacySession(server.url, protocolHeader);
        const plain = await postRaw(server.url, session, callBody("region_lookup", { region: "us-west1" }));
        expect(jsonRpcOf(plain).error, plain.body).toBeUndefined();
        const agreeing = [...session, ["Mcp-Method", "tools/call"], ["Mcp-Name", "region_lookup"], ["Mcp-Param-Region", "=?base64?dXMtd2VzdDE=?="], ["Mcp-Param-Count", "3.0"]] as [string, string][];
        const mirrored = await postRaw(server.url, agreeing, callBody("region_lookup", { region: "us-west1", count: 3 }));
        expect(jsonRpcOf(mirrored).error, mirrored.body).toBeUndefined();
        expect(calls).toEqual([{ region: "us-west1" }, { region: "us-west1", count: 3 }]);
      });
    }

    it("with an Mcp-Param-Region sent on two lines is refused, although the lines join into the body's value", async () => {
      const { server, calls } = served.get(target)!;
      calls.length = 0;
      const session = await legacySession(server.url, true);
      const twice = [...session, ["Mcp-Param-Region", "eu-west1"], ["Mcp-Param-Region", "us-west1"]] as [string, string][];
      const response = await postRaw(server.url, twice, callBody("region_lookup", { region: "eu-west1, us-west1" }));
      expectRefused(response, -32020, calls);
      expect(jsonRpcOf(response).error?.message).toBe("Header mismatch: the Mcp-Param-Region header is sent more than once; an MCP header may appear on one line only.");
    });

    it("with a mirrored integer past 2^53-1 is refused, with its header or without", async () => {
      const { server, calls } = served.get(target)!;
      calls.length = 0;
      const session = await legacySession(server.url, true);
      // 9007199254740993 reads as 9007199254740992: the handler would get another number.
      const body = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"region_lookup","arguments":{"count":9007199254740993}}}';
      expectRefused(await postRaw(server.url, [...session, ["Mcp-Param-Count", "9007199254740993"]], body), -32602, calls);
      expectRefused(await postRaw(server.url, session, body), -32602, calls);
      const largest = await postRaw(server.url, [...session, ["Mcp-Param-Count", "9007199254740991"]], callBody("region_lookup", { count: 9007199254740991 }));
      expect(jsonRpcOf(largest).error, largest.body).toBeUndefined();
      expect(calls).toEqual([{ count: 9007199254740991 }]);
    });
  });
}

describe("sdk-v2: a 2026-07-28 request", () => {
  const modern = (extra: [string, string][]): [string, string][] => [...JSON_HEADERS, ["MCP-Protocol-Version", "2026-07-28"], ["Mcp-Method", "tools/call"], ["Mcp-Name", "region_lookup"], ...extra];

  it("with an Mcp-Param-Region sent on two lines is refused", async () => {
    const { server, calls } = served.get("sdk-v2 stateless")!;
    calls.length = 0;
    const response = await postRaw(
      server.url,
      modern([
        ["Mcp-Param-Region", "eu-west1"],
        ["Mcp-Param-Region", "us-west1"],
      ]),
      callBody("region_lookup", { region: "eu-west1, us-west1" }, MODERN_META),
    );
    expectRefused(response, -32020, calls);
  });

  it("with an integer header that names another number than the body is refused, though both read as one double", async () => {
    const { server, calls } = served.get("sdk-v2 stateless")!;
    calls.length = 0;
    const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":${JSON.stringify(MODERN_META)},"name":"region_lookup","arguments":{"count":9007199254740993}}}`;
    expectRefused(await postRaw(server.url, modern([["Mcp-Param-Count", "9007199254740993"]]), body), -32602, calls);
    const near = await postRaw(server.url, modern([["Mcp-Param-Count", "9007199254740990.9"]]), callBody("region_lookup", { count: 9007199254740991 }, MODERN_META));
    expectRefused(near, -32020, calls);
  });
});
