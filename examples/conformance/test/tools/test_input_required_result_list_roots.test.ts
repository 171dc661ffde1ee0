// Tests of the MCP tool "test_input_required_result_list_roots", described in tools/test_input_required_result_list_roots.yaml: the client fulfils
// the input_required rounds.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_input_required_result_list_roots", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("asks for the client's roots, then lists them", async () => {
    session = await connect({ roots: ["file:///work/a", "file:///work/b"] });
    const result = await session.client.callTool({ name: "test_input_required_result_list_roots", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toBe("Client roots: file:///work/a, file:///work/b");
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect();
    const result = await session.client.callTool({ name: "test_input_required_result_list_roots", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
