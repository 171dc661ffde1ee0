// Tests of the MCP tool "issues.delete", described in tools/issues.delete.yaml. Created by mcp-gen,
// then extended by hand with the input_required round trip.
import { afterEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("issues.delete", () => {
  let session: InProcessSession | undefined;
  afterEach(async () => {
    await session?.close();
  });

  it("keeps the issue when the user declines", async () => {
    session = await connectInProcess({ onElicit: () => ({ action: "accept", content: { confirm: false } }) });
    const outcome = await session.tools.issuesDelete({ id: "WEB-1" });
    expect(outcome).toMatchObject({ isError: false, output: { deleted: false } });
  });

  it("asks for confirmation, then deletes", async () => {
    const asked: string[] = [];
    session = await connectInProcess({
      onElicit: (request) => {
        asked.push(request.message);
        return { action: "accept", content: { confirm: true } };
      },
    });
    const outcome = await session.tools.issuesDelete({ id: "WEB-1" });
    expect(asked).toEqual(["Delete WEB-1 for good?"]);
    expect(outcome).toMatchObject({ isError: false, output: { deleted: true } });
  });

  it("rejects arguments that break inputSchema", async () => {
    session = await connectInProcess();
    const result = await session.client.callTool({ name: "issues.delete", arguments: { id: "not a key" } });
    expect(result.isError).toBe(true);
  });
});
