// The MCP request headers a generated client puts on the wire in the 2026-07-28 era, read by a real
// HTTP listener on 127.0.0.1 that records them and then serves the request with the generated
// server: Mcp-Method, Mcp-Name and the Mcp-Param-* mirrors of x-mcp-header parameters, with the
// value encoding of the spec's header-encoding.json vectors. The tracker example covers a real
// project; a throwaway project, built and compiled here, carries one parameter per vector header.
import { type Client, ProtocolError, SdkError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers as trackerHandlers } from "../../examples/tracker/src/generated/handlers.js";
import { ToolArgumentsError, ToolsClient as TrackerClient } from "../../examples/tracker/src/generated/client.js";
import { createToolHttpHandler as trackerHttpHandler } from "../../examples/tracker/src/generated/server.js";
import { loadVectors, type EncodingCase, type VectorFile } from "../runtime/spec-vectors.js";
import { connectHttp, ERAS, protocolErrorOf, rejectionOf, UNGUARDED, type ConnectedClient } from "../support/e2e-clients.js";
import { mcpHeaders, startRecordingServer, type RecordingServer } from "../support/e2e-http.js";
import { buildCompiledProject, descriptorFiles, type CompiledProject, type GeneratedModule, type ToolOutcomeLike } from "../support/e2e-project.js";

const ENCODING = loadVectors<VectorFile<EncodingCase & { clientError?: string }>>("header-encoding.json").cases;

describe("tracker: Mcp-Method, Mcp-Name and Mcp-Param-* on the wire (T-HDR-10, T-HTTP-8, T-HTTP-9, T-HDR-14)", () => {
  let server: RecordingServer;
  let modern: ConnectedClient;
  let legacy: ConnectedClient;
  let handler: ReturnType<typeof trackerHttpHandler>;

  beforeAll(async () => {
    handler = trackerHttpHandler(trackerHandlers);
    server = await startRecordingServer(handler);
    modern = await connectHttp("modern", server.url);
    legacy = await connectHttp("legacy", server.url);
  });
  afterAll(async () => {
    await Promise.allSettled([modern?.close(), legacy?.close()]);
    await server?.close();
    await handler?.close();
  });

  const lastHeaders = () => mcpHeaders(server.received.at(-1)!);

  it("issues.create with both mirrored parameters sends exactly the standard and Mcp-Param headers", async () => {
    expect(modern.client.getProtocolEra()).toBe("modern");
    const outcome = await new TrackerClient(modern.client, UNGUARDED).issuesCreate({ project: "WEB", title: "Header check", priority: 2 });
    expect(outcome.isError).toBe(false);
    expect(lastHeaders()).toStrictEqual({
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "issues.create",
      "mcp-param-project": "WEB",
      "mcp-param-priority": "2",
    });
  });

  it("an absent optional parameter sends no header (T-HDR-14)", async () => {
    await new TrackerClient(modern.client, UNGUARDED).issuesCreate({ project: "OPS", title: "No priority" });
    expect(lastHeaders()).toStrictEqual({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "issues.create", "mcp-param-project": "OPS" });
  });

  it("tools/list carries Mcp-Method and no Mcp-Name (T-HTTP-3, T-HTTP-8)", async () => {
    await modern.client.request({ method: "tools/list", params: {} });
    expect(lastHeaders()).toStrictEqual({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" });
  });

  it("a 2025-era client sends no Mcp-Param-* headers, and the call still succeeds (T-HTTP-9 applies to 2026-07-28 only)", async () => {
    expect(legacy.client.getProtocolEra()).toBe("legacy");
    const outcome = await new TrackerClient(legacy.client, UNGUARDED).issuesCreate({ project: "WEB", title: "Legacy", priority: 5 });
    expect(outcome.isError).toBe(false);
    expect(Object.keys(lastHeaders()).filter((name) => name.startsWith("mcp-param-"))).toEqual([]);
  });

  it("an integer mirrored parameter outside the schema's range is refused before sending (T-SEC-1, client side)", async () => {
    const count = server.received.length;
    const error = await rejectionOf(new TrackerClient(modern.client, UNGUARDED).issuesCreate({ project: "WEB", title: "x", priority: 9 }));
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect(server.received.length).toBe(count);
  });
});

// One string, integer or boolean property per header name the vectors use, plus a nested one.
const PARAMS: Readonly<Record<string, { property: string; type: "string" | "integer" | "boolean" }>> = {
  Region: { property: "region", type: "string" },
  Greeting: { property: "greeting", type: "string" },
  Text: { property: "text", type: "string" },
  Val: { property: "val", type: "string" },
  Mode: { property: "mode", type: "string" },
  Name: { property: "label", type: "string" },
  Count: { property: "count", type: "integer" },
  Offset: { property: "offset", type: "integer" },
  Id: { property: "ident", type: "integer" },
  Flag: { property: "flag", type: "boolean" },
};

const MIRROR_TOOL = {
  name: "mirror",
  title: "Mirror",
  description: "Echo the arguments; every parameter is mirrored into a header.",
  inputSchema: {
    type: "object",
    properties: {
      ...Object.fromEntries(Object.entries(PARAMS).map(([header, p]) => [p.property, { type: p.type, "x-mcp-header": header }])),
      where: { type: "object", properties: { zone: { type: "string", "x-mcp-header": "Zone" } } },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  icons: [{ src: "https://example.com/mirror.png", mimeType: "image/png", sizes: ["48x48"] }],
  _meta: { "com.example/owner": "e2e" },
};
const METEO_TOOL = { name: "météo", description: "A tool name outside the header-safe set.", inputSchema: { type: "object", properties: {}, additionalProperties: false } };
const SPACED_TOOL = { name: "my tool", description: "A tool name with an interior space.", inputSchema: { type: "object", properties: {}, additionalProperties: false } };

// Generated method names of the throwaway project's ToolsClient.
const METHOD = { mirror: "mirror", météo: "mTO", "my tool": "myTool" } as const;

describe("header-encoding.json through a generated client and server (T-ENC-1..8, T-HTTP-9, T-HDR-7, T-HDR-14, T-NAME-8)", () => {
  let project: CompiledProject;
  let generated: GeneratedModule;
  let server: RecordingServer;
  let handler: ReturnType<GeneratedModule["createToolHttpHandler"]>;
  let modern: ConnectedClient;

  beforeAll(async () => {
    project = await buildCompiledProject({
      "mcp-gen.config.yaml": "server:\n  name: mirror\n  version: 1.0.0\n  pageSize: 2\nrules:\n  tool-name-syntax: warning\n",
      ...descriptorFiles([MIRROR_TOOL, METEO_TOOL, SPACED_TOOL]),
    });
    generated = await project.importGenerated();
    handler = generated.createToolHttpHandler({
      mirror: (args: unknown) => JSON.stringify(args),
      météo: () => "météo ok",
      "my tool": () => "my tool ok",
    });
    server = await startRecordingServer(handler);
    modern = await connectHttp("modern", server.url);
  });
  afterAll(async () => {
    await modern?.close();
    await server?.close();
    await handler?.close();
    project?.remove();
  });

  const typed = (name: keyof typeof METHOD) => {
    const client = new generated.ToolsClient(modern.client, UNGUARDED);
    const method = client[METHOD[name]];
    if (typeof method !== "function") throw new Error(`The generated ToolsClient has no method ${METHOD[name]} for tool ${name}.`);
    return (args: unknown) => method.call(client, args) as Promise<ToolOutcomeLike>;
  };
  const lastHeaders = () => mcpHeaders(server.received.at(-1)!);
  const paramHeaders = () => Object.fromEntries(Object.entries(lastHeaders()).filter(([name]) => name.startsWith("mcp-param-")));

  it("uses the 2026-07-28 era", () => {
    expect(modern.client.getProtocolEra()).toBe("modern");
  });

  for (const c of ENCODING.filter((c) => c.target === "Mcp-Param")) {
    const param = PARAMS[c.headerName.slice("Mcp-Param-".length)]!;
    if (c.expectedHeaderValue === null) {
      it(`${c.id} (T-HDR-7) ${c.schemaType} ${JSON.stringify(c.value)} is refused before anything is sent: ${c.reason}`, async () => {
        const count = server.received.length;
        const error = await rejectionOf(typed("mirror")({ [param.property]: c.value }));
        expect(error).toBeInstanceOf(generated.ToolArgumentsError);
        expect((error as Error).message).toContain(`Mcp-Param-${c.headerName.slice("Mcp-Param-".length)}`);
        expect(server.received.length).toBe(count);
      });
      continue;
    }
    it(`${c.id} ${c.schemaType} ${JSON.stringify(c.value)} → ${c.headerName}: ${JSON.stringify(c.expectedHeaderValue)} (${c.reason})`, async () => {
      const outcome = await typed("mirror")({ [param.property]: c.value });
      expect(paramHeaders()).toStrictEqual({ [c.headerName.toLowerCase()]: c.expectedHeaderValue });
      expect(lastHeaders()["mcp-name"]).toBe("mirror");
      // The server decoded the header, found it equal to the body and ran the handler (T-ENC-7).
      expect(outcome).toMatchObject({ isError: false, output: [{ type: "text", text: JSON.stringify({ [param.property]: c.value }) }] });
    });
  }

  it("a nested parameter is mirrored from its exact properties path, and only when present (T-HDR-14)", async () => {
    await typed("mirror")({ where: { zone: "eu-west4" }, flag: false });
    expect(paramHeaders()).toStrictEqual({ "mcp-param-zone": "eu-west4", "mcp-param-flag": "false" });
    await typed("mirror")({ where: {} });
    expect(paramHeaders()).toStrictEqual({});
  });

  it("a lone surrogate has no header form and is refused before sending (T-HDR-7 reading, header-encoding.ts)", async () => {
    const count = server.received.length;
    expect(await rejectionOf(typed("mirror")({ text: "\ud800" }))).toBeInstanceOf(generated.ToolArgumentsError);
    expect(server.received.length).toBe(count);
  });

  // Mcp-Name (T-ENC-6, T-HTTP-8): names this project serves go through the typed client; the others
  // through the raw client, where the server's -32602 for an unknown tool (not -32020) shows that it
  // decoded the header and found it equal to params.name.
  const served: Readonly<Record<string, keyof typeof METHOD>> = { météo: "météo", "my tool": "my tool" };
  for (const c of ENCODING.filter((c) => c.target === "Mcp-Name")) {
    const name = String(c.value);
    it(`${c.id} Mcp-Name for ${JSON.stringify(name)} is ${JSON.stringify(c.expectedHeaderValue)} (${c.reason})`, async () => {
      if (name.includes("://")) {
        // resources/read mirrors params.uri; this server has no resources and answers 404 / -32601 (T-HTTP-6).
        const error = await rejectionOf(modern.client.readResource({ uri: name }));
        expect(error).toBeInstanceOf(SdkError);
        expect(String((error as Error).message)).toContain("-32601");
        expect(lastHeaders()).toMatchObject({ "mcp-method": "resources/read", "mcp-name": c.expectedHeaderValue });
        return;
      }
      const tool = served[name];
      if (tool !== undefined) {
        expect(await typed(tool)({})).toMatchObject({ isError: false, output: [{ type: "text", text: `${name} ok` }] });
      } else {
        const error = await protocolErrorOf(modern.client.callTool({ name, arguments: {} }));
        expect(error).toBeInstanceOf(ProtocolError);
        expect(error.code).toBe(-32602);
      }
      expect(lastHeaders()).toMatchObject({ "mcp-method": "tools/call", "mcp-name": c.expectedHeaderValue });
    });
  }

  for (const era of ERAS) {
    it(`tools/list pages follow nextCursor and match the generated descriptors, era ${era} (T-LIST-5, T-LIST-8, T-LIST-9)`, async () => {
      const connected = era === "modern" ? modern : await connectHttp(era, server.url);
      try {
        const client: Client = connected.client;
        const first = await client.request({ method: "tools/list", params: {} });
        expect(first.tools).toHaveLength(2);
        expect(first.nextCursor).toEqual(expect.any(String));
        const second = await client.request({ method: "tools/list", params: { cursor: first.nextCursor! } });
        expect(second.nextCursor).toBeUndefined();
        expect([...first.tools, ...second.tools]).toStrictEqual(generated.TOOL_ENTRIES.map((e) => e.descriptor));
        expect((await client.listTools()).tools).toStrictEqual(generated.TOOL_ENTRIES.map((e) => e.descriptor));
        const bad = await protocolErrorOf(client.request({ method: "tools/list", params: { cursor: "bm90LWEtY3Vyc29y" } }));
        expect(bad.code).toBe(-32602);
      } finally {
        if (connected !== modern) await connected.close();
      }
    });
  }
});
