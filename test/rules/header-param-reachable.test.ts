import { join } from "node:path";
import { expect, it } from "vitest";
import { headerParamReachable } from "../../src/validate/rules/header-param-reachable.js";
import { describeHeaderVectors } from "../support/header-vectors.js";
import { describeRule, RULE_FIXTURES, runRuleOn } from "../support/rule-harness.js";

describeRule(headerParamReachable, () => {
  describeHeaderVectors(headerParamReachable, ["not-statically-reachable"]);

  it("reports an annotation in a $ref'd file there, reached through $ref on the wire (T-HDR-9)", async () => {
    const { diagnostics } = await runRuleOn(headerParamReachable, join(RULE_FIXTURES, headerParamReachable.id), "across-files");
    expect(diagnostics.map((d) => [d.file, d.line, d.column, d.pointer, d.message])).toEqual([
      [
        "schemas/region.yaml",
        3,
        1,
        "/inputSchema/$defs/region/x-mcp-header",
        'Tool "ref_to_file" reads this file as JSON Schema 2020-12 in its inputSchema: x-mcp-header "Region" is reached through "$ref", but a mirrored parameter must be reached from the root through "properties" alone.',
      ],
    ]);
  });
});
