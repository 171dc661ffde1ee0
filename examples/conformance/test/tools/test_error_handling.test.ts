// Tests of the MCP tool "test_error_handling", described in tools/test_error_handling.yaml.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("test_error_handling", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("answers with a tool execution error the model can read", async () => {
    const outcome = await session.tools.testErrorHandling({});
    expect(outcome).toMatchObject({ isError: true, message: "This tool intentionally returns an error for testing" });
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "test_error_handling", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
