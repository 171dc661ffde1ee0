// Tests of the MCP tool "get_weather", described in tools/get_weather.yaml.
// Created once by mcp-gen; this file is yours: mcp-gen never overwrites it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../../src/generated/testing.js";

describe("get_weather", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("Lisbon in metric units", async () => {
    const outcome = await session.tools.getWeather({ city: "Lisbon" });
    if (outcome.isError) throw new Error(outcome.message);
    expect(outcome.output).toEqual({ city: "Lisbon", temperature: 21.5, conditions: "sunny" });
  });

  it("rejects arguments that break inputSchema", async () => {
    const result = await session.client.callTool({ name: "get_weather", arguments: {} });
    expect(result.isError).toBe(true);
  });
});
