import { expect, it } from "vitest";
import { annotationsContradiction } from "../../src/validate/rules/annotations-contradiction.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const pointers = (annotations: unknown) =>
  analyzeTools([{ name: "t", description: "d", inputSchema: { type: "object" }, annotations }], [annotationsContradiction]).analysis.diagnostics.map((d) => d.pointer);

describeRule(annotationsContradiction, () => {
  it("reports both contradictions of one tool (T-ANN-3)", () => {
    expect(pointers({ readOnlyHint: true, destructiveHint: true, idempotentHint: false })).toEqual(["/annotations/destructiveHint", "/annotations/idempotentHint"]);
  });

  it("leaves hints that are not booleans to tool-shape (T-ANN-1)", () => {
    expect(pointers({ readOnlyHint: "true", destructiveHint: true })).toEqual([]);
    expect(pointers({ readOnlyHint: true, destructiveHint: "true", idempotentHint: 0 })).toEqual([]);
  });

  it("does not apply the defaults of destructiveHint and idempotentHint to a read-only tool (T-ANN-3, T-ANN-6)", () => {
    expect(pointers({ readOnlyHint: true })).toEqual([]);
  });
});
