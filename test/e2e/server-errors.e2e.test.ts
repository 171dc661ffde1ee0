// What the generated server does when a handler misbehaves, seen by a real SDK Client over the
// Streamable HTTP client transport whose fetch calls the generated handler in process, in both eras:
// output that breaks outputSchema is never sent (the client gets JSON-RPC -32603 naming the tool,
// the onError hook gets the details), and an unexpected exception becomes a generic tool error with
// an error id, without the exception's text, stack or file paths.
import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers as trackerHandlers } from "../../examples/tracker/src/generated/handlers.js";
import { createToolHttpHandler as trackerHttpHandler, type ToolHandlers as TrackerHandlers } from "../../examples/tracker/src/generated/server.js";
import { createToolHttpHandler as weatherHttpHandler, ToolError, type ToolHandlers as WeatherHandlers } from "../../examples/weather/src/generated/server.js";
import { ERAS, protocolErrorOf, type Era } from "../support/e2e-clients.js";

interface ErrorReport {
  readonly tool: string;
  readonly errorId: string;
  readonly error: unknown;
  readonly kind: "handler-exception" | "invalid-output";
}

/** Text that must never reach a client: it only exists inside the misbehaving handlers. */
const SECRET = "hunter2-do-not-leak";
const STACK_PATH = "/srv/app/src/handlers/get_weather.ts";

const weatherHandlers: WeatherHandlers = {
  get_weather: ({ city }) => {
    if (city === "Glitch") return { city, temperature: SECRET as unknown as number, conditions: "sunny" };
    if (city === "Crash") {
      const error = new Error(`connection refused for user admin password ${SECRET}`);
      error.stack = `Error: ${error.message}\n    at getWeather (${STACK_PATH}:12:7)`;
      throw error;
    }
    if (city === "Nowhere") throw new ToolError(`No weather station knows "${city}".`);
    return { city, temperature: 20, conditions: "clear" };
  },
};

const brokenTrackerHandlers: TrackerHandlers = {
  ...trackerHandlers,
  // An array outputSchema: the 2025-era projection must not wrap (and so send) a result that breaks it.
  "issues.list": () => [{ id: "WEB-1", project: "WEB", title: SECRET, status: "stuck", labels: [] }] as never,
};

/** An in-process server: its fetch, the reports its onError got, and every response body it sent. */
interface InProcess {
  readonly fetch: (url: string | URL, init?: RequestInit) => Promise<Response>;
  readonly reports: ErrorReport[];
  readonly bodies: Promise<string>[];
  close(): Promise<void>;
}

function inProcess(make: (onError: (report: ErrorReport) => void) => { fetch(request: Request): Promise<Response>; close(): Promise<void> }): InProcess {
  const reports: ErrorReport[] = [];
  const bodies: Promise<string>[] = [];
  const handler = make((report) => void reports.push(report));
  return {
    reports,
    bodies,
    async fetch(url, init) {
      const response = await handler.fetch(new Request(url, init));
      bodies.push(response.clone().text());
      return response;
    },
    close: () => handler.close(),
  };
}

async function connect(era: Era, server: InProcess): Promise<Client> {
  const client = new Client({ name: "mcp-gen-e2e", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: server.fetch }));
  return client;
}

async function sentSoFar(server: InProcess): Promise<string> {
  return (await Promise.all(server.bodies)).join("\n");
}

for (const era of ERAS) {
  describe(`generated server errors, era ${era}`, () => {
    let weather: InProcess;
    let tracker: InProcess;
    let weatherClient: Client;
    let trackerClient: Client;

    beforeAll(async () => {
      weather = inProcess((onError) => weatherHttpHandler(weatherHandlers, { onError }));
      tracker = inProcess((onError) => trackerHttpHandler(brokenTrackerHandlers, { onError }));
      weatherClient = await connect(era, weather);
      trackerClient = await connect(era, tracker);
      expect(weatherClient.getProtocolEra()).toBe(era);
    });
    afterAll(async () => {
      await Promise.allSettled([weatherClient?.close(), trackerClient?.close()]);
      await Promise.allSettled([weather?.close(), tracker?.close()]);
    });

    it("output that breaks outputSchema is never sent: JSON-RPC -32603 naming the tool, details to onError (T-CALL-4, T-ERR-1)", async () => {
      const before = weather.reports.length;
      const error = await protocolErrorOf(weatherClient.callTool({ name: "get_weather", arguments: { city: "Glitch" } }));
      expect(error.code).toBe(-32603);
      expect(error.message).toContain("Tool get_weather produced a result that does not match its outputSchema");
      const reports = weather.reports.slice(before);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ tool: "get_weather", kind: "invalid-output" });
      expect(String((reports[0]!.error as Error).message)).toContain("temperature");
      expect(error.message).toContain(`(error id ${reports[0]!.errorId})`);
      expect(await sentSoFar(weather)).not.toContain(SECRET);
    });

    it("a non-object outputSchema gets the same treatment: an array result that breaks its items schema (T-CALL-4)", async () => {
      const before = tracker.reports.length;
      const error = await protocolErrorOf(trackerClient.callTool({ name: "issues.list", arguments: { project: "WEB" } }));
      expect(error.code).toBe(-32603);
      expect(error.message).toContain("Tool issues.list produced a result that does not match its outputSchema");
      expect(tracker.reports.slice(before)).toMatchObject([{ tool: "issues.list", kind: "invalid-output" }]);
      expect(await sentSoFar(tracker)).not.toContain(SECRET);
    });

    it("a plain Error from a handler is a generic tool error with an error id, and nothing of the exception leaks (T-SEC-4, T-ERR-3)", async () => {
      const before = weather.reports.length;
      const result = (await weatherClient.callTool({ name: "get_weather", arguments: { city: "Crash" } })) as CallToolResult;
      expect(result.isError).toBe(true);
      const reports = weather.reports.slice(before);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ tool: "get_weather", kind: "handler-exception" });
      expect(reports[0]!.error).toBeInstanceOf(Error);
      expect(result.content).toStrictEqual([{ type: "text", text: `Tool get_weather failed unexpectedly (error id ${reports[0]!.errorId}).` }]);
      expect(reports[0]!.errorId).toMatch(/^[0-9a-f]{8}$/);
      const wire = await sentSoFar(weather);
      for (const leak of [SECRET, "password", STACK_PATH, "/srv/", "at getWeather", "connection refused"]) expect(wire).not.toContain(leak);
    });

    it("a ToolError still reaches the client as is, and valid output is sent (controls for the cases above)", async () => {
      const failed = (await weatherClient.callTool({ name: "get_weather", arguments: { city: "Nowhere" } })) as CallToolResult;
      expect(failed).toMatchObject({ isError: true, content: [{ type: "text", text: 'No weather station knows "Nowhere".' }] });
      const ok = (await weatherClient.callTool({ name: "get_weather", arguments: { city: "Rome" } })) as CallToolResult;
      expect(ok.isError ?? false).toBe(false);
      expect(ok.structuredContent).toStrictEqual({ city: "Rome", temperature: 20, conditions: "clear" });
      // The recorded bodies are what went over the wire, so the "never sent" checks above can fail.
      expect(await sentSoFar(weather)).toContain('No weather station knows \\"Nowhere\\".');
      expect(await sentSoFar(weather)).toContain('"city":"Rome"');
    });
  });
}
