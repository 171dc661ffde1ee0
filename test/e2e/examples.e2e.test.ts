// The two example projects, compiled with tsc and run as real servers: over stdio (the SDK's
// StdioClientTransport spawns dist/src/stdio.js) and over Streamable HTTP (dist/src/http.js on
// 127.0.0.1, port 0), each driven by the SDK Client through the generated ToolsClient in both
// protocol eras: 2026-07-28 (versionNegotiation auto) and 2025-11-25 (the SDK's default). And the
// ToolsClient's own connectStdio and connectHttp, whose close() ends the server or the connection.
import { join } from "node:path";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolArgumentsError as TrackerArgumentsError, ToolsClient as TrackerClient } from "../../examples/tracker/src/generated/client.js";
import { TOOL_ENTRIES as TRACKER_ENTRIES } from "../../examples/tracker/src/generated/tools.js";
import { ToolArgumentsError as WeatherArgumentsError, ToolsClient as WeatherClient } from "../../examples/weather/src/generated/client.js";
import { TOOL_ENTRIES as WEATHER_ENTRIES } from "../../examples/weather/src/generated/tools.js";
import { connectHttp, connectStdio, ERAS, protocolErrorOf, recordingFetch, rejectionOf, UNGUARDED, type ConnectedClient, type SentRequest } from "../support/e2e-clients.js";
import { compileProject, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { REPO_ROOT } from "../support/spec-paths.js";

type Transport = "stdio" | "http";
const TRANSPORTS: readonly Transport[] = ["stdio", "http"];

const exampleDir = (name: string) => join(REPO_ROOT, "examples", name);
const entry = (name: string, transport: Transport) => join(exampleDir(name), "dist", "src", transport === "stdio" ? "stdio.js" : "http.js");

/** One connected client, with what it sent (the fetch log is empty over stdio). */
interface Session {
  readonly connected: ConnectedClient;
  readonly transport: Transport;
  readonly requests: SentRequest[];
}

beforeAll(async () => {
  // Both examples compile with their own tsconfig into examples/<name>/dist (git-ignored).
  await Promise.all([compileProject(join(exampleDir("weather"), "tsconfig.json")), compileProject(join(exampleDir("tracker"), "tsconfig.json"))]);
});

/**
 * Runs `cases` once per transport and era against the example `name`. An HTTP server is started
 * once per example and serves both eras; each stdio session spawns its own server.
 */
function describeExample(name: string, cases: (session: () => Session, transport: Transport) => void): void {
  for (const transport of TRANSPORTS) {
    describe(`${name} over ${transport}`, () => {
      let server: ServedChild | undefined;
      beforeAll(async () => {
        if (transport === "http") server = await startHttpChild(entry(name, "http"));
      });
      afterAll(async () => {
        if (server !== undefined) await stopChild(server.child);
      });

      for (const era of ERAS) {
        describe(`era ${era}`, () => {
          let session: Session | undefined;
          beforeAll(async () => {
            const recorder = recordingFetch();
            const connected = transport === "stdio" ? await connectStdio(era, entry(name, "stdio")) : await connectHttp(era, server!.url, recorder.fetch);
            session = { connected, transport, requests: recorder.sent };
          });
          afterAll(async () => {
            await session?.connected.close();
          });
          const current = () => {
            if (session === undefined) throw new Error("no session: connecting failed");
            return session;
          };

          it(`negotiates the ${era === "modern" ? "2026-07-28" : "2025-11-25"} era`, () => {
            expect(current().connected.client.getProtocolEra()).toBe(era);
          });
          cases(current, transport);
        });
      }
    });
  }
}

/**
 * A descriptor as a 2025-era client receives it. 2025-11-25 requires an object outputSchema, so the
 * SDK's server advertises a non-object one wrapped as `{ result }`, with same-document `$ref`s moved
 * under the new root (SEP-2106); everything else travels unchanged.
 */
function asLegacyClientSeesIt(descriptor: Readonly<Record<string, unknown>>): unknown {
  const outputSchema = descriptor["outputSchema"] as Record<string, unknown> | undefined;
  if (outputSchema === undefined || outputSchema["type"] === "object") return descriptor;
  const moveRefs = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(moveRefs);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `#/properties/result${value.slice(1)}` : moveRefs(value)]),
    );
  };
  return { ...descriptor, outputSchema: { type: "object", properties: { result: moveRefs(outputSchema) }, required: ["result"] } };
}

/** tools/list, walked page by page through nextCursor and through the SDK's aggregating listTools. */
function listCases(session: () => Session, entries: readonly { readonly descriptor: Readonly<Record<string, unknown>> }[]): void {
  it("tools/list serves exactly the generated wire descriptors, in order, across every page (T-LIST-3, T-LIST-9)", async () => {
    const { client, era } = session().connected;
    const pages: Tool[] = [];
    let cursor: string | undefined;
    let pageCount = 0;
    do {
      const page = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } });
      pages.push(...page.tools);
      cursor = page.nextCursor;
      pageCount++;
    } while (cursor !== undefined && pageCount < 50);
    const expected = entries.map((e) => (era === "modern" ? e.descriptor : asLegacyClientSeesIt(e.descriptor)));
    expect(pages).toStrictEqual(expected);
    expect((await client.listTools()).tools).toStrictEqual(expected);
  });
}

function unknownToolCase(session: () => Session, followUp: () => Promise<unknown>): void {
  it("an unknown tool is a JSON-RPC error -32602, and the connection keeps working (T-ERR-1, T-ERR-2)", async () => {
    const error = await protocolErrorOf(session().connected.client.callTool({ name: "no_such_tool", arguments: {} }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain("no_such_tool");
    await expect(followUp()).resolves.toBeDefined();
  });
}

/** The typed client refuses bad arguments itself: nothing reaches the transport (or the HTTP wire). */
async function expectRefusedLocally(session: Session, call: () => Promise<unknown>, errorClass: new (...args: never[]) => Error, field: string): Promise<void> {
  const sent = session.connected.sentMethods.length;
  const posted = session.requests.length;
  const error = await rejectionOf(call());
  expect(error).toBeInstanceOf(errorClass);
  expect((error as Error).message).toContain(field);
  expect(session.connected.sentMethods.length).toBe(sent);
  expect(session.requests.length).toBe(posted);
}

function errorText(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

describeExample("weather", (session) => {
  const typed = () => new WeatherClient(session().connected.client, UNGUARDED);
  listCases(session, WEATHER_ENTRIES);

  it("a valid call returns the typed, schema-checked output (T-CALL-4, T-CALL-5)", async () => {
    const outcome = await typed().getWeather({ city: "Lisbon" });
    expect(outcome.isError).toBe(false);
    if (outcome.isError) return;
    expect(outcome.output).toStrictEqual({ city: "Lisbon", temperature: 21.5, conditions: "sunny" });
    expect(outcome.result.structuredContent).toStrictEqual(outcome.output);
  });

  it("invalid arguments sent past the typed client are a tool execution error naming the field (T-ERR-3, T-SEC-1)", async () => {
    const result = (await session().connected.client.callTool({ name: "get_weather", arguments: { city: "Lisbon", units: "kelvin" } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(errorText(result)).toBe('Invalid arguments for tool get_weather: units: must be one of "metric", "imperial"');
  });

  it("a ToolError from the handler is isError with the handler's message (T-ERR-3)", async () => {
    const outcome = await typed().getWeather({ city: "Atlantis" });
    expect(outcome).toMatchObject({ isError: true, message: 'No weather station knows "Atlantis". Try Lisbon, Paris or Oslo.' });
  });

  unknownToolCase(session, () => typed().getWeather({ city: "Oslo" }));

  it("the typed client throws ToolArgumentsError before sending anything", async () => {
    await expectRefusedLocally(session(), () => typed().getWeather({ city: "" }), WeatherArgumentsError, "city");
  });
});

describeExample("tracker", (session, transport) => {
  const typed = () => new TrackerClient(session().connected.client, UNGUARDED);
  listCases(session, TRACKER_ENTRIES);

  it("valid calls return typed output, including content for a tool without outputSchema (T-CALL-4, T-CALL-5)", async () => {
    const got = await typed().issuesGet({ id: "WEB-1" });
    expect(got).toMatchObject({ isError: false, output: { id: "WEB-1", project: "WEB", title: "Fix the login page", status: "open", labels: ["bug"] } });
    const created = await typed().issuesCreate({ project: "WEB", title: "Add dark mode", labels: ["feature"], priority: 2 });
    expect(created.isError).toBe(false);
    if (created.isError) return;
    expect(created.output).toMatchObject({ project: "WEB", title: "Add dark mode", status: "open", labels: ["feature"] });
    expect(created.output.id).toMatch(/^WEB-[0-9]+$/);
    // An array outputSchema: 2025-era results arrive wrapped as { result } and are unwrapped (SEP-2106).
    const listed = await typed().issuesList({ project: "WEB", status: "open" });
    expect(listed.isError).toBe(false);
    if (listed.isError) return;
    expect(listed.output.map((issue) => issue.id)).toContain(created.output.id);
    expect(listed.output.every((issue) => issue.project === "WEB" && issue.status === "open")).toBe(true);
    const summary = await typed().projectsSummary({ project: "WEB" });
    expect(summary.isError).toBe(false);
    if (summary.isError) return;
    expect(summary.output).toHaveLength(1);
    expect(summary.output[0]).toMatchObject({ type: "text", text: expect.stringMatching(/^WEB: [0-9]+ issues, [0-9]+ open\.$/) });
  });

  if (transport === "http") {
    it("x-mcp-header parameters travel as Mcp-Param-* headers in the 2026-07-28 era only (T-HTTP-9)", async () => {
      const { connected, requests } = session();
      const before = requests.length;
      await typed().issuesList({ project: "WEB" });
      const sent = requests.slice(before).filter((r) => r.method === "tools/call");
      expect(sent).toHaveLength(1);
      const mirrored = Object.entries(sent[0]!.headers).filter(([name]) => name.startsWith("mcp-param-"));
      expect(mirrored).toEqual(connected.era === "modern" ? [["mcp-param-project", "WEB"]] : []);
    });
  }

  it("invalid arguments sent past the typed client are a tool execution error naming the field (T-ERR-3, T-SEC-1)", async () => {
    const result = (await session().connected.client.callTool({ name: "issues.get", arguments: { id: "web one" } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(errorText(result)).toBe('Invalid arguments for tool issues.get: id: must match pattern "^[A-Z]+-[0-9]+$"');
  });

  it("a ToolError from the handler is isError with the handler's message (T-ERR-3)", async () => {
    const outcome = await typed().issuesGet({ id: "WEB-999" });
    expect(outcome).toMatchObject({ isError: true, message: "There is no issue WEB-999. Use issues.list to find its key." });
  });

  unknownToolCase(session, () => typed().issuesGet({ id: "WEB-1" }));

  it("the typed client throws ToolArgumentsError before sending anything", async () => {
    await expectRefusedLocally(session(), () => typed().issuesCreate({ project: "web", title: "lower-case project" }), TrackerArgumentsError, "project");
  });

  it("issues.delete asks for confirmation through input_required (T-MRTR-1, T-MRTR-12, T-MRTR-16)", async () => {
    const { connected, transport } = session();
    const created = await typed().issuesCreate({ project: "OPS", title: "Delete me" });
    if (created.isError) throw new Error(created.message);
    const id = created.output.id;
    const deleted = await typed().issuesDelete({ id });
    if (connected.era === "legacy" && transport === "http") {
      // SDK limitation (2.4.0): createMcpHandler serves 2025-era HTTP clients per request, with no
      // session and no channel for server-to-client requests, so the legacy shim cannot send
      // elicitation/create. The SDK turns the input_required result into a tool error instead.
      expect(connected.elicitations.asked).toEqual([]);
      expect(deleted.isError).toBe(true);
      if (!deleted.isError) return;
      expect(deleted.message).toContain("Cannot request input 'confirm' (elicitation/create)");
      expect(deleted.message).toContain("per-request legacy serving cannot receive server-to-client requests");
      expect((await typed().issuesGet({ id })).isError).toBe(false);
      return;
    }
    expect(connected.elicitations.asked).toHaveLength(1);
    expect(connected.elicitations.asked[0]).toMatchObject({ message: `Delete ${id} for good?` });
    expect(deleted).toMatchObject({ isError: false, output: { deleted: true } });
    expect((await typed().issuesGet({ id })).isError).toBe(true);
  });
});

/** Whether the process `pid` is still there (signal 0 tests for it and sends nothing). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("ToolsClient.close()", () => {
  it("over stdio ends the server connectStdio started, and a later call rejects", async () => {
    const tools = await WeatherClient.connectStdio({ command: process.execPath, args: [entry("weather", "stdio")], stderr: "ignore" });
    const pid = (tools.client.transport as { readonly pid?: number | null } | undefined)?.pid;
    expect(typeof pid).toBe("number");
    expect(await tools.getWeather({ city: "Lisbon" })).toMatchObject({ isError: false });
    await tools.close();
    await expect.poll(() => isRunning(pid!), { timeout: 5_000 }).toBe(false);
    await expect(tools.getWeather({ city: "Lisbon" })).rejects.toThrow("Not connected");
  });

  it("over HTTP ends the connection, and a later call rejects", async () => {
    const server = await startHttpChild(entry("weather", "http"));
    try {
      const tools = await WeatherClient.connectHttp(server.url);
      expect(await tools.getWeather({ city: "Lisbon" })).toMatchObject({ isError: false });
      await tools.close();
      expect(tools.client.transport).toBeUndefined();
      await expect(tools.getWeather({ city: "Lisbon" })).rejects.toThrow("Not connected");
    } finally {
      await stopChild(server.child);
    }
  });
});
