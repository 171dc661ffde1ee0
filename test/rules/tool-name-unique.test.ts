import { join } from "node:path";
import { expect, it } from "vitest";
import { toolNameUnique } from "../../src/validate/rules/tool-name-unique.js";
import { describeRule, RULE_FIXTURES, runRuleOn } from "../support/rule-harness.js";

describeRule(toolNameUnique, () => {
  // What the rule's description (docs/rules.md) says it does.
  it("reports every descriptor that uses the name, each naming all the others", async () => {
    const { diagnostics, files } = await runRuleOn(toolNameUnique, join(RULE_FIXTURES, toolNameUnique.id), "invalid");
    expect(toolNameUnique.description).toContain("Every descriptor that uses the name is reported, each naming the others");
    expect(diagnostics.map((d) => d.file)).toEqual([...files].sort());
    for (const diagnostic of diagnostics) {
      for (const other of files.filter((file) => file !== diagnostic.file)) expect(diagnostic.message).toContain(other);
    }
  });
});
