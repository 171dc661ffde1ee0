// Tests of the MCP tool "test_input_required_result_sampling", described in tools/test_input_required_result_sampling.yaml: the client fulfils
// the input_required rounds.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_sampling", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks the client's LLM, then returns its answer", async () => {
    session = await connect({ sample: (prompt) => (prompt === "What is the capital of France?" ? "Paris." : "?") });
    const result = await session.client.callTool({ name: "test_input_required_result_sampling", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toBe("LLM answer: Paris.");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_sampling", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
