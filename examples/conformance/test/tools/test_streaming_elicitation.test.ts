// Tests of the MCP tool "test_streaming_elicitation", described in tools/test_streaming_elicitation.yaml: the client fulfils
// the input_required rounds.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_streaming_elicitation", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks for a confirmation with an input_required result", async () => {
    session = await connect({ elicit: () => ({ action: "accept", content: { ok: true } }) });
    const result = await session.client.callTool({ name: "test_streaming_elicitation", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toBe("Going on.");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_streaming_elicitation", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
