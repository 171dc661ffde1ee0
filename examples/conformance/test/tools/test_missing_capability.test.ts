// Tests of the MCP tool "test_missing_capability", described in tools/test_missing_capability.yaml.
import { afterEach, describe, expect, it } from "vitest";
import { connect, firstText, type Session } from "../connect.js";

describe("test_missing_capability", () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("runs for a client that declared sampling", async () => {
    session = await connect({ sample: () => "unused" });
    const result = await session.client.callTool({ name: "test_missing_capability", arguments: {} });
    expect(firstText(result)).toBe("Success: the client declared sampling.");
  });

  it("refuses a client without sampling with MissingRequiredClientCapabilityError (-32021)", async () => {
    session = await connect();
    await expect(session.client.callTool({ name: "test_missing_capability", arguments: {} })).rejects.toMatchObject({ code: -32021 });
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connect({ sample: () => "unused" });
    const result = await session.client.callTool({ name: "test_missing_capability", arguments: { mcp_gen_unexpected_argument: true } });
    expect(result.isError).toBe(true);
  });
});
