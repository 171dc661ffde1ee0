// Tests of the MCP tool "test_multiple_content_types", described in tools/test_multiple_content_types.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("test_multiple_content_types", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("accepts arguments derived from its inputSchema", async () => {
    const outcome = await session.tools.testMultipleContentTypes({});
    if (outcome.isError) throw new Error(outcome.message);
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "test_multiple_content_types", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
