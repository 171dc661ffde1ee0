// Tests of the MCP tool "json_schema_2020_12_tool", described in tools/json_schema_2020_12_tool.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("json_schema_2020_12_tool", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "json_schema_2020_12_tool", arguments: { name: 42 } });
    expect(result.isError).toBe(true);
  });
});
