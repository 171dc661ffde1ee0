// Tests of the MCP tool "issues.create", described in tools/issues.create.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("issues.create", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("creates an issue in WEB", async () => {
    const outcome = await session.tools.issuesCreate({ project: "WEB", title: "Add dark mode", labels: ["feature"], priority: 3 });
    if (outcome.isError) throw new Error(outcome.message);
    expect(outcome.output).toEqual({
      id: "WEB-2",
      project: "WEB",
      title: "Add dark mode",
      status: "open",
      labels: ["feature"],
    });
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "issues.create", arguments: {} });
    expect(result.isError).toBe(true);
  });
});
