// Tests of the MCP tool "test_elicitation_sep1330_enums", described in tools/test_elicitation_sep1330_enums.yaml. It sends elicitation/create in the middle of
// the call, which only 2025-era clients accept; the conformance test (test/conformance) runs the
// 2025-era scenario against the HTTP server.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_elicitation_sep1330_enums", () => {
  let session: Session;
  beforeEach(async () => {
    session = await connect({ elicit: () => ({ action: "accept", content: {} }), sample: () => "Paris" });
  });
  afterEach(async () => {
    await session.close();
  });

  it("answers a 2026-07-28 caller with a tool error that points to input_required", async () => {
    const result = await session.client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/needs a 2025-era client.*inputRequired/s);
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "test_elicitation_sep1330_enums", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
