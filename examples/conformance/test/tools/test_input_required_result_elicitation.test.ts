// Tests of the MCP tool "test_input_required_result_elicitation", described in
// tools/test_input_required_result_elicitation.yaml: the client fulfils the input_required round.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_elicitation", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks for the user's name, then greets them", async () => {
    const asked: string[] = [];
    session = await connect({
      elicit: (params) => {
        asked.push(params.message);
        return { action: "accept", content: { name: "Alice" } };
      },
    });
    const result = await session.client.callTool({ name: "test_input_required_result_elicitation", arguments: {} });
    expect(asked).toEqual(["What is your name?"]);
    expect(firstText(result)).toBe("Hello, Alice!");
  });

  it("greets anyone who declines", async () => {
    session = await connect({ elicit: () => ({ action: "decline" }) });
    const result = await session.client.callTool({ name: "test_input_required_result_elicitation", arguments: {} });
    expect(firstText(result)).toBe("Hello, whoever you are!");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_elicitation", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
