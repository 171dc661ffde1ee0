// Tests of the MCP tool "issues.get", described in tools/issues.get.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("issues.get", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("gets WEB-1", async () => {
    const outcome = await session.tools.issuesGet({ id: "WEB-1" });
    if (outcome.isError) throw new Error(outcome.message);
    expect(outcome.output).toEqual({
      id: "WEB-1",
      project: "WEB",
      title: "Fix the login page",
      status: "open",
      labels: ["bug"],
    });
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "issues.get", arguments: {} });
    expect(result.isError).toBe(true);
  });
});
