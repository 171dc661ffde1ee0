// Tests of the MCP tool "test_input_required_result_capabilities", described in
// tools/test_input_required_result_capabilities.yaml: what it asks for follows what the client declared.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_capabilities", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks a client with elicitation for a form", async () => {
    session = await connect({ elicit: () => ({ action: "accept", content: { name: "Alice" } }), sample: () => "never asked" });
    const result = await session.client.callTool({ name: "test_input_required_result_capabilities", arguments: {} });
    expect(firstText(result)).toBe("Hello, Alice!");
  });

  it("asks a client with sampling only for an LLM answer", async () => {
    session = await connect({ sample: () => "Bob" });
    const result = await session.client.callTool({ name: "test_input_required_result_capabilities", arguments: {} });
    expect(firstText(result)).toBe("The LLM suggests: Bob");
  });

  it("answers a client that declared neither with a tool error", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_capabilities", arguments: {} });
    expect(result.isError).toBe(true);
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_capabilities", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
