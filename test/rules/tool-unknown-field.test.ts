import { expect, it } from "vitest";
import { toolUnknownField } from "../../src/validate/rules/tool-unknown-field.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const hints = (tool: unknown) => analyzeTools([tool], [toolUnknownField]).analysis.diagnostics.map((d) => [d.message.split(" is ")[0], d.hint]);

describeRule(toolUnknownField, () => {
  it("does not suggest a field the tool already has (T-DESC-4)", () => {
    expect(hints({ name: "t", description: "d", descriptions: "more", inputSchema: { type: "object" } })).toEqual([
      ['Field "descriptions"', 'Remove it, or move the data into "_meta" under a reverse-DNS key such as "com.example/descriptions".'],
    ]);
  });

  it("maps input_schema, the snake-case spelling of other tool formats, to inputSchema (T-DESC-2)", () => {
    expect(hints({ name: "t", description: "d", input_schema: { type: "object" } })).toEqual([['Field "input_schema"', 'Rename it to "inputSchema".']]);
  });

  it("reports nothing for the fields of the spec's own Tool example (T-DESC-1..8)", () => {
    const tool = {
      name: "get_weather",
      title: "Weather Information Provider",
      description: "Get current weather information for a location",
      inputSchema: { type: "object", properties: { location: { type: "string" } }, required: ["location"] },
      icons: [{ src: "https://example.com/weather-icon.png", mimeType: "image/png", sizes: ["48x48"] }],
    };
    expect(hints(tool)).toEqual([]);
  });
});
