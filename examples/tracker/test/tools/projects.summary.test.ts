// Tests of the MCP tool "projects.summary", described in tools/projects.summary.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("projects.summary", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("example 1", async () => {
    const outcome = await session.tools.projectsSummary({ project: "WEB" });
    if (outcome.isError) throw new Error(outcome.message);
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "projects.summary", arguments: {} });
    expect(result.isError).toBe(true);
  });
});
