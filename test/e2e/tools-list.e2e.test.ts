// tools/list of a generated SDK v2 server, driven by raw JSON-RPC in process (so no client can tidy
// anything) and by the generated client: config-driven pages and opaque cursors (server.pageSize),
// cache hints from config (server.ttlMs, server.cacheScope) on 2026-07-28 results only, the same list
// for every connection, and the exact bytes next to the spec's ListToolsResult examples. Then the
// generated client's listTools(): the SDK Client's ttlMs cache, a walk that starts over when a cursor
// stops working, and tools whose LIVE x-mcp-header annotations are invalid left out with a warning.
import { readFileSync } from "node:fs";
import { Client, ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ERAS, type Era } from "../support/e2e-clients.js";
import { buildCompiledProject, descriptorFiles, type CompiledProject } from "../support/e2e-project.js";
import { postLegacy, postModern, postRaw, type FetchHandler, type RawReply } from "../support/raw-mcp.js";
import { specPath } from "../support/spec-paths.js";

const readJson = (path: string) => JSON.parse(readFileSync(specPath(path), "utf8")) as Record<string, unknown>;
const EXAMPLE_RESULT = readJson("2026-07-28/examples/ListToolsResult/tools-list-with-cursor-and-ttl.json");
const EXAMPLE_RESPONSE = readJson("2026-07-28/examples/ListToolsResultResponse/list-tools-result-response.json");
const EXAMPLE_REQUEST = readJson("2026-07-28/examples/ListToolsRequest/list-tools-request.json");
const EXAMPLE_TOOL = (EXAMPLE_RESULT["tools"] as Record<string, unknown>[])[0]!;

/** Sorted by name, one per page: the spec example's tool comes first. */
const TOOLS = [
  EXAMPLE_TOOL,
  {
    name: "get_weather_alerts",
    description: "Weather alerts for a region.",
    inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } }, required: ["region"], additionalProperties: false },
  },
  {
    name: "set_units",
    description: "Choose metric or imperial units.",
    inputSchema: { type: "object", properties: { units: { type: "string", enum: ["metric", "imperial"] } }, required: ["units"], additionalProperties: false },
  },
];
const NAMES = TOOLS.map((tool) => tool.name as string);
const CONFIG = "server:\n  name: list-demo\n  version: 1.0.0\n  pageSize: 1\n  ttlMs: 300000\n  cacheScope: public\n";

interface ListModule {
  readonly TOOL_ENTRIES: readonly { readonly descriptor: Record<string, unknown> }[];
  createToolHttpHandler(handlers: unknown, options?: object): FetchHandler & { close(): Promise<void> };
  readonly ToolsClient: new (
    client: Client,
    options?: { warn?: (message: string) => void; onDrift?: "throw" | "warn" | "ignore" },
  ) => {
    listTools(options?: object): Promise<{ tools: { name: string }[]; refused: { name: string; reason: string }[] }>;
    setUnits(args: { units: string }): Promise<{ isError: boolean }>;
  };
}

let project: CompiledProject;
let generated: ListModule;
const handlers = Object.fromEntries(NAMES.map((name) => [name, () => `${name} ran`]));

beforeAll(async () => {
  project = await buildCompiledProject({ "mcp-gen.config.yaml": CONFIG, ...descriptorFiles(TOOLS as { name: string }[]) });
  generated = (await project.importGenerated()) as unknown as ListModule;
}, 180_000);
afterAll(() => project?.remove());

/** Every page of tools/list, raw: the replies in order. */
async function walk(post: (cursor: string | undefined, id: number) => Promise<RawReply>): Promise<RawReply[]> {
  const replies: RawReply[] = [];
  let cursor: string | undefined;
  do {
    const reply = await post(cursor, replies.length + 1);
    expect(reply.message.error, reply.text).toBeUndefined();
    replies.push(reply);
    cursor = reply.message.result?.["nextCursor"] as string | undefined;
  } while (cursor !== undefined && replies.length < 10);
  return replies;
}

const modernPage =
  (handler: FetchHandler, capabilities: object = {}) =>
  (cursor: string | undefined, id: number) =>
    postModern(handler, id, "tools/list", cursor === undefined ? {} : { cursor }, capabilities);
const legacyPage = (handler: FetchHandler) => (cursor: string | undefined, id: number) => postLegacy(handler, id, "tools/list", cursor === undefined ? {} : { cursor });

describe("tools/list on the wire (raw JSON-RPC)", () => {
  let handler: ReturnType<ListModule["createToolHttpHandler"]>;
  beforeAll(() => {
    handler = generated.createToolHttpHandler(handlers);
  });
  afterAll(async () => {
    await handler?.close();
  });

  it("the first page is the spec's ListToolsResult example, cursor aside, and the tool's bytes are the example's (T-LIST-2, T-CACHE-1)", async () => {
    const reply = await postRaw(handler, EXAMPLE_REQUEST, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" });
    expect(reply.status).toBe(200);
    const { _meta, nextCursor, ...rest } = reply.message.result!;
    expect(typeof nextCursor).toBe("string");
    expect({ ...rest, nextCursor: "next-page-cursor" }).toStrictEqual(EXAMPLE_RESULT);
    // The SDK adds serverInfo to every 2026-07-28 result (T-DISC-4 style self-description).
    expect(_meta).toStrictEqual({ "io.modelcontextprotocol/serverInfo": { name: "list-demo", version: "1.0.0" } });
    // Byte for byte: the tool as the example writes it, member order included.
    expect(reply.text).toContain(`"tools":${JSON.stringify(EXAMPLE_RESULT["tools"])}`);
    // The members of the result object come in the SDK's order (tools and nextCursor first, then the
    // SDK's resultType, cache hints and _meta), not the example's; JSON objects are unordered (RFC 8259 § 4).
    expect(reply.text).toBe(
      `{"result":{"tools":${JSON.stringify(EXAMPLE_RESULT["tools"])},"nextCursor":${JSON.stringify(nextCursor)},"resultType":"complete","ttlMs":300000,"cacheScope":"public",` +
        `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"list-demo","version":"1.0.0"}}},"jsonrpc":"2.0","id":"list-tools-example"}`,
    );
  });

  it("with ttlMs overridden at run time, the whole response is the spec's ListToolsResultResponse example, cursor and _meta aside", async () => {
    const hourly = generated.createToolHttpHandler(handlers, { cacheHint: { ttlMs: 3_600_000, cacheScope: "public" } });
    try {
      const reply = await postRaw(hourly, EXAMPLE_REQUEST, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" });
      const { _meta: _ignored, ...result } = reply.message.result!;
      expect({ jsonrpc: "2.0", id: reply.message.id, result: { ...result, nextCursor: "next-page-cursor" } }).toStrictEqual(EXAMPLE_RESPONSE);
    } finally {
      await hourly.close();
    }
  });

  it("pages follow server.pageSize, every page carries the same cache hints, and a missing nextCursor ends the list (T-LIST-6, T-LIST-7, T-LIST-9, T-CACHE-3)", async () => {
    const replies = await walk(modernPage(handler));
    expect(replies.map((reply) => (reply.message.result!["tools"] as { name: string }[]).map((tool) => tool.name))).toEqual(NAMES.map((name) => [name]));
    for (const reply of replies) expect(reply.message.result).toMatchObject({ resultType: "complete", ttlMs: 300_000, cacheScope: "public" });
    expect(replies.at(-1)!.message.result).not.toHaveProperty("nextCursor");
    expect(replies.flatMap((reply) => reply.message.result!["tools"] as unknown[])).toStrictEqual(generated.TOOL_ENTRIES.map((entry) => entry.descriptor));
  });

  it("cursors are stable: the same cursor gives the same page, byte for byte, again and again (T-LIST-5)", async () => {
    const first = await walk(modernPage(handler));
    const second = await walk(modernPage(handler));
    expect(second.map((reply) => reply.text)).toEqual(first.map((reply) => reply.text));
  });

  it("an invalid cursor is JSON-RPC -32602, in both eras and through the SDK client (T-LIST-5)", async () => {
    const [, second] = await walk(modernPage(handler));
    const good = second!.message.result!["nextCursor"] as string;
    const foreign = btoa("0123456789abcdef:1").replace(/=+$/, "");
    for (const cursor of [`${good}x`, good.slice(0, -1), "", "next-page-cursor", foreign]) {
      for (const reply of [await postModern(handler, 7, "tools/list", { cursor }), await postLegacy(handler, 7, "tools/list", { cursor })]) {
        expect(reply.message.error, `cursor ${JSON.stringify(cursor)}`).toMatchObject({ code: -32602, message: "Invalid cursor: it does not come from this server's tool list." });
      }
    }
    for (const era of ERAS) {
      const client = await connect(era, handler);
      try {
        const error = await client.listTools({ cursor: "bogus" }).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(ProtocolError);
        expect((error as ProtocolError).code).toBe(-32602);
      } finally {
        await client.close();
      }
    }
  });

  it("2025-era results carry no cache hints and no resultType, and page with the same cursors (T-LIST-9)", async () => {
    const modern = await walk(modernPage(handler));
    const legacy = await walk(legacyPage(handler));
    expect(legacy.map((reply) => Object.keys(reply.message.result!).sort())).toEqual([["nextCursor", "tools"], ["nextCursor", "tools"], ["tools"]]);
    expect(legacy.map((reply) => reply.message.result!["nextCursor"])).toEqual(modern.map((reply) => reply.message.result!["nextCursor"]));
    expect(legacy.map((reply) => reply.message.result!["tools"])).toStrictEqual(modern.map((reply) => reply.message.result!["tools"]));
  });

  it("the list never depends on the connection, the client or earlier calls (T-CAP-4)", async () => {
    const strip = (reply: RawReply) => reply.text.replace(/"id":\d+\}$/, "");
    const baseline = (await walk(modernPage(handler))).map(strip);
    await postModern(handler, 1, "tools/call", { name: "set_units", arguments: { units: "imperial" } });
    const other = generated.createToolHttpHandler(handlers);
    try {
      for (const capabilities of [{}, { elicitation: { form: {} } }, { roots: {}, sampling: {} }]) {
        expect((await walk(modernPage(other, capabilities))).map(strip)).toEqual(baseline);
        expect((await walk(modernPage(handler, capabilities))).map(strip)).toEqual(baseline);
      }
      const sessions = await Promise.all([connect("modern", handler), connect("modern", other)]);
      const lists = await Promise.all(sessions.map((client) => client.listTools()));
      expect(lists[1]).toStrictEqual(lists[0]);
      await Promise.all(sessions.map((client) => client.close()));
    } finally {
      await other.close();
    }
  });

  it("cacheScope and ttlMs from the options reach the wire: a private list (T-CACHE-5)", async () => {
    const scoped = generated.createToolHttpHandler(handlers, { cacheHint: { ttlMs: 0, cacheScope: "private" } });
    try {
      for (const reply of await walk(modernPage(scoped))) expect(reply.message.result).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    } finally {
      await scoped.close();
    }
  });
});

/** A 2026-07-28 or 2025-11-25 SDK Client over `fetch`, in process. */
async function connect(era: Era, target: FetchHandler, fetchImpl?: (url: string | URL, init?: RequestInit) => Promise<Response>): Promise<Client> {
  const client = new Client({ name: "list-e2e", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), { fetch: fetchImpl ?? ((url, init) => target.fetch(new Request(url, init))) }));
  expect(client.getProtocolEra()).toBe(era);
  return client;
}

type Rewrite = (message: { result?: Record<string, unknown>; error?: unknown }, params: Record<string, unknown>) => { result?: Record<string, unknown>; error?: unknown };

/**
 * A fetch in front of `target` that counts tools/list requests and lets a test rewrite their answers,
 * the way a different (or misbehaving) server would send them.
 */
function listingFetch(target: FetchHandler): { fetch: (url: string | URL, init?: RequestInit) => Promise<Response>; listed: number[]; rewrite: { apply?: Rewrite } } {
  const listed: number[] = [];
  const rewrite: { apply?: Rewrite } = {};
  return {
    listed,
    rewrite,
    async fetch(url, init) {
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string; params?: Record<string, unknown> }) : undefined;
      const response = await target.fetch(new Request(url, init));
      if (body?.method !== "tools/list") return response;
      listed.push(Date.now());
      if (rewrite.apply === undefined) return response;
      const type = response.headers.get("content-type") ?? "";
      const text = await response.text();
      const rewriteOne = (json: string) => JSON.stringify(rewrite.apply!(JSON.parse(json) as { result?: Record<string, unknown> }, body.params ?? {}));
      const out = type.includes("text/event-stream") ? text.replace(/^data: (.*)$/m, (_line, json: string) => `data: ${rewriteOne(json)}`) : rewriteOne(text);
      return new Response(out, { status: response.status, headers: response.headers });
    },
  };
}

describe("the generated client's listTools()", () => {
  let handler: ReturnType<ListModule["createToolHttpHandler"]>;
  beforeAll(() => {
    handler = generated.createToolHttpHandler(handlers);
  });
  afterAll(async () => {
    await handler?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** `onDrift: "ignore"` for a test whose server lists tools other than the client was built from. */
  async function typedClient(era: Era = "modern", ttl?: (result: Record<string, unknown>) => void, onDrift: "throw" | "ignore" = "throw") {
    const wire = listingFetch(handler);
    if (ttl !== undefined) wire.rewrite.apply = (message) => (message.result === undefined ? message : (ttl(message.result), message));
    const client = await connect(era, handler, wire.fetch);
    const warnings: string[] = [];
    return { client, wire, warnings, typed: new generated.ToolsClient(client, { warn: (message) => void warnings.push(message), onDrift }) };
  }

  it("serves a list from the SDK's cache while it is fresh: ttlMs from receipt, then fetches every page again (T-CACHE-6, T-CACHE-7, T-CACHE-13)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { client, wire, typed } = await typedClient();
    try {
      expect((await typed.listTools()).tools.map((tool) => tool.name)).toEqual(NAMES);
      expect(wire.listed).toHaveLength(3);
      vi.setSystemTime(Date.now() + 299_999);
      expect((await typed.listTools()).tools.map((tool) => tool.name)).toEqual(NAMES);
      expect(wire.listed).toHaveLength(3);
      vi.setSystemTime(Date.now() + 2);
      await typed.listTools();
      expect(wire.listed).toHaveLength(6);
      await typed.listTools({ cacheMode: "refresh" });
      expect(wire.listed).toHaveLength(9);
    } finally {
      await client.close();
    }
  });

  it("a ttlMs of 0 is stale at once: every call fetches (T-CACHE-6)", async () => {
    const { client, wire, typed } = await typedClient("modern", (result) => void (result["ttlMs"] = 0));
    try {
      await typed.listTools();
      await typed.listTools();
      expect(wire.listed).toHaveLength(6);
    } finally {
      await client.close();
    }
  });

  for (const [label, change] of [
    ["missing", (result: Record<string, unknown>) => void delete result["ttlMs"]],
    ["negative", (result: Record<string, unknown>) => void (result["ttlMs"] = -5_000)],
  ] as const) {
    it(`a ttlMs that is ${label} makes the SDK Client refuse the whole result as schema-invalid (stricter than T-CACHE-6: SDK behaviour)`, async () => {
      const { client, typed } = await typedClient("modern", change);
      try {
        await expect(typed.listTools()).rejects.toThrow(/Invalid result for tools\/list/);
      } finally {
        await client.close();
      }
    });
  }

  it("2025-era lists carry no hints, so every call fetches", async () => {
    const { client, wire, typed } = await typedClient("legacy");
    try {
      await typed.listTools();
      await typed.listTools();
      expect(wire.listed).toHaveLength(6);
    } finally {
      await client.close();
    }
  });

  it("when a cursor stops working mid-walk, it drops the partial list and walks again from the first page (T-CACHE-13)", async () => {
    const { client, wire, typed } = await typedClient();
    let failures = 1;
    wire.rewrite.apply = (message, params) => {
      if (params["cursor"] === undefined || failures-- <= 0) return message;
      const { result: _dropped, ...envelope } = message;
      return { ...envelope, error: { code: -32602, message: "Invalid cursor" } };
    };
    try {
      expect((await typed.listTools()).tools.map((tool) => tool.name)).toEqual(NAMES);
      // page 1, page 2 refused; then pages 1, 2 and 3 again.
      expect(wire.listed).toHaveLength(5);
    } finally {
      await client.close();
    }
  });

  it("leaves out a tool whose live x-mcp-header annotations are invalid, warns once naming it and why, and keeps the rest (T-HDR-11, T-HDR-12, T-LIST-10)", async () => {
    const { client, wire, typed, warnings } = await typedClient("modern", undefined, "ignore");
    // The live set_units now mirrors an integer whose maximum a double cannot hold (T-HDR-7): a rule
    // the SDK's own scan does not check, so this is mcp-gen's validator at work.
    wire.rewrite.apply = (message) => {
      for (const tool of (message.result?.["tools"] ?? []) as { name: string; inputSchema: { properties: Record<string, unknown> } }[]) {
        if (tool.name === "set_units") tool.inputSchema.properties["big"] = { type: "integer", maximum: 2 ** 60, "x-mcp-header": "Big" };
      }
      return message;
    };
    try {
      const listed = await typed.listTools({ cacheMode: "refresh" });
      expect(listed.tools.map((tool) => tool.name)).toEqual(["get_weather", "get_weather_alerts"]);
      expect(listed.refused).toEqual([{ name: "set_units", reason: 'x-mcp-header "Big" is on an integer whose maximum 1152921504606846976 lies outside the safe range -(2^53-1) to 2^53-1.' }]);
      await typed.listTools({ cacheMode: "refresh" });
      expect(warnings).toEqual([
        '[mcp-gen] Leaving out tool "set_units" from tools/list: x-mcp-header "Big" is on an integer whose maximum 1152921504606846976 lies outside the safe range -(2^53-1) to 2^53-1.',
      ]);
      // The typed method uses the definition compiled into the client, which is valid: it still works.
      expect(await typed.setUnits({ units: "metric" })).toMatchObject({ isError: false });
    } finally {
      await client.close();
    }
  });

  it("a tool the SDK itself refuses (an x-mcp-header that is not a token) is left out as well", async () => {
    const { client, wire, typed } = await typedClient("modern", undefined, "ignore");
    wire.rewrite.apply = (message) => {
      for (const tool of (message.result?.["tools"] ?? []) as { name: string; inputSchema: { properties: Record<string, Record<string, unknown>> } }[]) {
        if (tool.name === "get_weather_alerts") tool.inputSchema.properties["region"]!["x-mcp-header"] = "Bad Name";
      }
      return message;
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await typed.listTools()).tools.map((tool) => tool.name)).toEqual(["get_weather", "set_units"]);
    } finally {
      warn.mockRestore();
      await client.close();
    }
  });

  it("2025-era lists are not checked: x-mcp-header only matters to 2026-07-28 Streamable HTTP requests (T-HDR-13)", async () => {
    const { client, wire, typed, warnings } = await typedClient("legacy", undefined, "ignore");
    wire.rewrite.apply = (message) => {
      for (const tool of (message.result?.["tools"] ?? []) as { name: string; inputSchema: { properties: Record<string, unknown> } }[]) {
        if (tool.name === "set_units") tool.inputSchema.properties["big"] = { type: "integer", maximum: 2 ** 60, "x-mcp-header": "Big" };
      }
      return message;
    };
    try {
      expect((await typed.listTools()).tools.map((tool) => tool.name)).toEqual(NAMES);
      expect(warnings).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
