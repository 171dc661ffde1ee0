// Access control stays the server author's (T-SEC-2), with what it needs: the caller's verified
// credentials reach every handler. The HTTP entry takes them from your auth middleware.
import { describe, expect, it } from "vitest";
import { createToolHttpHandler, ToolError, type ToolHandlers } from "../../examples/weather/src/generated/server.js";
import { modernMeta, MODERN } from "../support/raw-mcp.js";

const handlers: ToolHandlers = {
  get_weather: ({ city }, ctx) => {
    const auth = ctx.sdk.http?.authInfo;
    if (!auth?.scopes.includes("weather:read")) throw new ToolError("This token may not read the weather.");
    return { city, temperature: 20, conditions: `for ${auth.clientId}` };
  },
};

async function call(authInfo?: { token: string; clientId: string; scopes: string[] }) {
  const handler = createToolHttpHandler(handlers);
  const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_weather", arguments: { city: "Oslo" }, _meta: modernMeta() } };
  const request = new Request("http://in-process.invalid/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "get_weather" },
    body: JSON.stringify(body),
  });
  const response = await handler.fetch(request, authInfo === undefined ? {} : { authInfo });
  await handler.close();
  return (await response.json()) as { result: { isError?: boolean; structuredContent?: { conditions: string } } };
}

describe("credentials reach the handler (T-SEC-2)", () => {
  it("a caller with the scope is served, named by its client id", async () => {
    const reply = await call({ token: "t", clientId: "app-1", scopes: ["weather:read"] });
    expect(reply.result.structuredContent?.conditions).toBe("for app-1");
  });

  it("a caller without it, or without credentials, gets a tool error", async () => {
    expect((await call({ token: "t", clientId: "app-2", scopes: [] })).result.isError).toBe(true);
    expect((await call()).result.isError).toBe(true);
  });
});
