// Tests of the MCP tool "test_input_required_result_multiple_inputs", described in tools/test_input_required_result_multiple_inputs.yaml: the client fulfils
// the input_required rounds.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_multiple_inputs", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks for a name, an LLM greeting and the roots in one round", async () => {
    session = await connect({ elicit: () => ({ action: "accept", content: { name: "Alice" } }), sample: () => "Hi", roots: ["file:///work"] });
    const result = await session.client.callTool({ name: "test_input_required_result_multiple_inputs", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toBe("Hi Alice; roots: file:///work");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_multiple_inputs", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
