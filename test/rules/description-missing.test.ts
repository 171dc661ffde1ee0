import { expect, it } from "vitest";
import { descriptionMissing } from "../../src/validate/rules/description-missing.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const messages = (tool: unknown) => analyzeTools([tool], [descriptionMissing]).analysis.diagnostics.map((d) => d.message);

describeRule(descriptionMissing, () => {
  it("leaves a description that is not a string to tool-shape (T-DESC-4)", () => {
    expect(messages({ name: "t", description: 42, inputSchema: { type: "object" } })).toEqual([]);
  });

  it("names the tool only when it has a name (T-DESC-1, T-DESC-4)", () => {
    expect(messages({ inputSchema: { type: "object" } })).toEqual(["The tool has no description, so the model has only its name and schema to decide when to call it."]);
  });
});
