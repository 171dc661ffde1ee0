import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { expect, it } from "vitest";
import { schemaProtoProperty } from "../../src/validate/rules/schema-proto-property.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(schemaProtoProperty, () => {
  it("reports what the official SDK v2 server does: a top-level __proto__ argument never reaches the tools/call handler, a nested one does", async () => {
    const seen: string[][] = [];
    const handler = createMcpHandler(() => {
      const server = new Server({ name: "proto", version: "1.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler("tools/call", (request) => {
        const args = request.params.arguments ?? {};
        seen.push([...Object.keys(args), ...Object.keys((args["record"] ?? {}) as object)]);
        return { content: [] };
      });
      return server;
    });
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" } };
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"p","arguments":{"__proto__":"x","record":{"__proto__":"y"}},"_meta":${JSON.stringify(meta)}}}`;
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "p" };
    const response = await handler.fetch(new Request("http://in-process.invalid/mcp", { method: "POST", body, headers }));
    expect(response.status).toBe(200);
    expect(seen).toEqual([["record", "__proto__"]]);
  });
});
