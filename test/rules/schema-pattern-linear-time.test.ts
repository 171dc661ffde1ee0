import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import type { RuleSeverity } from "../../src/validate/define-rule.js";
import { schemaPatternLinearTime } from "../../src/validate/rules/schema-pattern-linear-time.js";
import { schemaValid } from "../../src/validate/rules/schema-valid.js";
import { runRules } from "../../src/validate/run-rules.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaPatternLinearTime;

/** Rule ids and messages for one tool with `pattern`, both rules at the given severities. */
function reportsWith(pattern: string, linearTime: RuleSeverity, extra: object = {}) {
  const rules = [schemaValid, rule];
  const settings = new Map(loadConfig(undefined, rules, {}).value!.rules);
  settings.set(rule.id, { severity: linearTime, options: {} });
  const tool = { file: "t.json", wire: toolWith({ ...extra, type: "object", properties: { p: { type: "string", pattern } } }), authoring: undefined, mounts: [] };
  return runRules({ tools: [tool], rules, settings, docs: new Map(), schemas: new SchemaCompiler() }).map((d) => `${d.ruleId} ${d.severity} ${d.pointer}: ${d.message}`);
}

describeRule(rule, () => {
  it("reports no pattern of the corpus (T-REF-5)", () => {
    expect(corpusReports(rule)).toEqual([]);
  });

  it("leaves invalid patterns to schema-valid (T-REF-5)", () => {
    expect(reportsWith("(?=a", "error")).toEqual(['schema-valid error /inputSchema/properties/p/pattern: Pattern "(?=a" is not a valid regular expression: Unterminated group.']);
  });

  it("is deprecated and off; turned on, it still reports a pattern re2js cannot run as written, which now builds (T-REF-5)", () => {
    expect(rule.defaultSeverity).toBe("off");
    expect(rule.deprecated?.replacedBy).toBe("schema-pattern-bounded-time");
    const lookahead = "^(?=.*\\d)\\w+$";
    expect(reportsWith(lookahead, "warning")).toEqual([
      "schema-pattern-linear-time warning /inputSchema/properties/p/pattern: Pattern /^(?=.*\\d)\\w+$/ uses a lookahead (?=.*\\d) at character 2, which re2js, the linear-time regex engine the generated validators run patterns on, cannot run.",
    ]);
    expect(reportsWith(lookahead, "off")).toEqual([]);
  });
});
