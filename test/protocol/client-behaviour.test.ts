// The generated client against a server that misbehaves: results are untrusted data, validated before
// they are typed and never evaluated; local failures are told apart from the server's errors. The
// weather example's generated server runs in-process, with a fetch wrapper that tampers with answers.
import { Client, ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { ToolOutputError, ToolsClient } from "../../examples/weather/src/generated/client.js";
import { createToolHttpHandler, type ToolHandlers } from "../../examples/weather/src/generated/server.js";
import { handlers } from "../../examples/weather/src/generated/handlers.js";

type Tamper = (message: Record<string, unknown>) => Record<string, unknown>;

async function connect(tamper: Tamper = (m) => m, serverHandlers: ToolHandlers = handlers) {
  const handler = createToolHttpHandler(serverHandlers);
  const fetch = async (url: string | URL, init?: RequestInit) => {
    const response = await handler.fetch(new Request(url, init));
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("application/json")) return response;
    const message = tamper(JSON.parse(await response.text()) as Record<string, unknown>);
    return new Response(JSON.stringify(message), { status: response.status, headers: response.headers });
  };
  const client = new Client({ name: "tests", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), { fetch }));
  return { client, tools: new ToolsClient(client), close: async () => (await client.close(), await handler.close()) };
}

function onCall(edit: (result: Record<string, unknown>) => void): Tamper {
  return (message) => {
    const result = message.result as Record<string, unknown> | undefined;
    if (result && "structuredContent" in result) edit(result);
    return message;
  };
}

describe("generated client against a misbehaving server", () => {
  it("validates structuredContent before typing it and refuses output that breaks outputSchema (T-CALL-5, T-SEC-7)", async () => {
    const session = await connect(onCall((result) => void ((result.structuredContent as Record<string, unknown>).temperature = "warm")));
    await expect(session.tools.getWeather({ city: "Lisbon" })).rejects.toBeInstanceOf(ToolOutputError);
    await session.close();
  });

  it("treats text as data: code in a result is returned, never run (T-SEC-7)", async () => {
    const payload = "'); globalThis.__pwned = true; ('";
    const session = await connect(onCall((result) => void ((result.structuredContent as Record<string, unknown>).conditions = payload)));
    const outcome = await session.tools.getWeather({ city: "Lisbon" });
    expect(outcome.isError ? undefined : outcome.output.conditions).toBe(payload);
    expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
    await session.close();
  });

  it("refuses a result with an unknown resultType (T-META-15, T-CALL-2)", async () => {
    const session = await connect(onCall((result) => void (result.resultType = "weird")));
    await expect(session.tools.getWeather({ city: "Lisbon" })).rejects.toThrow();
    await session.close();
  });

  it("passes the tool's own error message on for the model to read (T-ERR-6)", async () => {
    const session = await connect();
    const outcome = await session.tools.getWeather({ city: "Atlantis" });
    expect(outcome).toMatchObject({ isError: true });
    expect(outcome.isError ? outcome.message : "").toContain("Atlantis");
    await session.close();
  });

  it("times out a call that takes too long, with a local error that is not the server's (T-CANCEL-6, T-ERR-12)", async () => {
    const slow: ToolHandlers = { get_weather: (_args, ctx) => new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("aborted")))) };
    const session = await connect(undefined, slow);
    const error = await session.tools.getWeather({ city: "Lisbon" }, { timeout: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof ProtocolError && [-32602, -32603, -32020].includes(error.code)).toBe(false);
    await session.close();
  });
});
