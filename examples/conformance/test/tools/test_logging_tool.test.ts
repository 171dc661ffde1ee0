// Tests of the MCP tool "test_logging_tool", described in tools/test_logging_tool.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("test_logging_tool", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("accepts arguments derived from its inputSchema", async () => {
    const outcome = await session.tools.testLoggingTool({});
    if (outcome.isError) throw new Error(outcome.message);
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "test_logging_tool", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
