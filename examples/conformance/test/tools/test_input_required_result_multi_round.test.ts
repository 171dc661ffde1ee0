// Tests of the MCP tool "test_input_required_result_multi_round", described in tools/test_input_required_result_multi_round.yaml: the client fulfils
// the input_required rounds.
import { afterEach, describe, expect, it } from "vitest";
import type { ElicitResult } from "@modelcontextprotocol/client";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_multi_round", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks twice, carrying the first answer to the last round", async () => {
    session = await connect({ elicit: (params) => ({ action: "accept", content: params.message.startsWith("Step 1") ? { name: "Alice" } : { color: "blue" } }) as ElicitResult });
    const result = await session.client.callTool({ name: "test_input_required_result_multi_round", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toBe("Alice likes blue.");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_multi_round", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
