// Tests of the MCP tool "test_input_required_result_request_state", described in tools/test_input_required_result_request_state.yaml: the client fulfils
// the input_required rounds.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_request_state", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("reads back the state it sealed in the first round", async () => {
    session = await connect({ elicit: () => ({ action: "accept", content: { ok: true } }) });
    const result = await session.client.callTool({ name: "test_input_required_result_request_state", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toBe("state-ok: the requestState came back verified; confirmed=true");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_request_state", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
