// Tests of the MCP tool "test_sampling", described in tools/test_sampling.yaml. It sends sampling/createMessage in the middle of
// the call, which only 2025-era clients accept; the conformance test (test/conformance) runs the
// 2025-era scenario against the HTTP server.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_sampling", () => {
  let session: Session;
  beforeEach(async () => {
    session = await connect({ elicit: () => ({ action: "accept", content: {} }), sample: () => "Paris" });
  });
  afterEach(async () => {
    await session.close();
  });

  it("answers a 2026-07-28 caller with a tool error that points to input_required", async () => {
    const result = await session.client.callTool({ name: "test_sampling", arguments: { prompt: "What is the capital of France?" } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/needs a 2025-era client.*inputRequired/s);
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "test_sampling", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
