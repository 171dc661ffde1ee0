// The generated server's run-time bounds (hardening issue): request size, argument depth, string length
// and call time are configurable and each answers with a clear error, not a crash or a hang.
import { describe, expect, it } from "vitest";
import { createToolHttpHandler, type ToolHandlers } from "../../examples/weather/src/generated/server.js";
import { handlers } from "../../examples/weather/src/generated/handlers.js";
import { modernMeta, MODERN, postRaw } from "../support/raw-mcp.js";

const HEADERS = { "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "get_weather" };
const limits = { maxArgumentDepth: 8, maxStringLength: 100, callTimeoutMs: 0 };

function call(args: unknown) {
  return { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_weather", arguments: args, _meta: modernMeta() } };
}

describe("generated server limits", () => {
  it("refuses a body larger than maxRequestBytes with 413 before parsing it", async () => {
    const handler = createToolHttpHandler(handlers, { maxRequestBytes: 1000 });
    const reply = await postRaw(handler, call({ city: "x".repeat(5000) }), HEADERS);
    expect(reply.status).toBe(413);
    expect(reply.message.error?.message).toMatch(/larger than 1000 bytes/);
    await handler.close();
  });

  it("answers arguments nested deeper than maxArgumentDepth with a tool error that says so", async () => {
    const handler = createToolHttpHandler(handlers, { limits });
    let deep: unknown = "x";
    for (let i = 0; i < 20; i++) deep = { d: deep };
    const reply = await postRaw(handler, call({ city: "Lisbon", extra: deep }), HEADERS);
    const result = reply.message.result as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/nest more than 8 levels/);
    await handler.close();
  });

  it("answers a string longer than maxStringLength with a tool error that says so", async () => {
    const handler = createToolHttpHandler(handlers, { limits });
    const reply = await postRaw(handler, call({ city: "y".repeat(101) }), HEADERS);
    const result = reply.message.result as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/101 characters long, more than the 100 allowed/);
    await handler.close();
  });

  it("ends a call that runs past callTimeoutMs with a tool error, and aborts the handler's signal", async () => {
    let aborted = false;
    const slow: ToolHandlers = {
      get_weather: (_args, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener("abort", () => {
            aborted = true;
            resolve({ city: "late", temperature: 0, conditions: "late" });
          });
        }),
    };
    const handler = createToolHttpHandler(slow, { limits: { ...limits, callTimeoutMs: 100 } });
    const reply = await postRaw(handler, call({ city: "Lisbon" }), HEADERS);
    const result = reply.message.result as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/did not finish within 100 ms/);
    expect(aborted).toBe(true);
    await handler.close();
  });
});
