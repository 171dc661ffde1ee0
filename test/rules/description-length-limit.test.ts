import { expect, it } from "vitest";
import type { RuleReport } from "../../src/validate/define-rule.js";
import { descriptionLengthLimit } from "../../src/validate/rules/description-length-limit.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { describeRule } from "../support/rule-harness.js";
import { RunMemo } from "../../src/model/run-memo.js";

function run(wire: Record<string, unknown>, maxLength: number): RuleReport[] {
  const reports: RuleReport[] = [];
  const tool = { file: "t.json", wire: wire as never, authoring: undefined, mounts: [] };
  descriptionLengthLimit.check!(tool, (r) => reports.push(r), { options: { maxLength }, schemas: new SchemaCompiler(), memo: new RunMemo() });
  return reports;
}

describeRule(descriptionLengthLimit, () => {
  it("defaults to 8,192 characters, above the longest text of the corpus (T-DESC-4)", () => {
    expect(descriptionLengthLimit.options!.defaults).toEqual({ maxLength: 8192 });
  });

  it("honours the maxLength option on every text (T-DESC-4)", () => {
    const wire = { name: "t", title: "12345", description: "1234", annotations: { title: "123456" }, inputSchema: { type: "object", description: "12345" } };
    expect(run(wire, 5).map((r) => [r.pointer, r.message])).toEqual([["/annotations/title", "annotations.title is 6 characters long, more than the limit of 5."]]);
  });

  it("counts code points, not UTF-16 units (T-DESC-4)", () => {
    expect(run({ name: "t", description: "\u{1f600}".repeat(3), inputSchema: { type: "object" } }, 3)).toEqual([]);
  });
});
