import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import type { PatternVerdict } from "../../src/compile/linear-pattern/pattern-plan.js";
import type { RuleSeverity } from "../../src/validate/define-rule.js";
import { schemaPatternBoundedTime } from "../../src/validate/rules/schema-pattern-bounded-time.js";
import { schemaValid } from "../../src/validate/rules/schema-valid.js";
import { runRules } from "../../src/validate/run-rules.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaPatternBoundedTime;

const EXPONENTIAL: PatternVerdict = { status: "vulnerable", complexity: "exponential", attack: "'a'.repeat(31) + '\\x00'" };

/** Rule ids, severities and messages for one tool with `pattern`, both rules at the given severities, with these verdicts. */
function reportsWith(pattern: string, severity: RuleSeverity, verdicts: ReadonlyMap<string, PatternVerdict> = new Map(), client = false, extra: object = {}) {
  const rules = [schemaValid, rule];
  const settings = new Map(loadConfig(undefined, rules, {}).value!.rules);
  settings.set(rule.id, { severity, options: {} });
  const tool = { file: "t.json", wire: toolWith({ ...extra, type: "object", properties: { p: { type: "string", pattern } } }), authoring: undefined, mounts: [] };
  const schemas = new SchemaCompiler(undefined, { verdicts, leaveOutUncertified: client });
  return runRules({ tools: [tool], rules, settings, docs: new Map(), schemas }).map((d) => `${d.ruleId} ${d.severity} ${d.pointer}: ${d.message}${d.hint ? ` | ${d.hint}` : ""}`);
}

describeRule(rule, () => {
  it("reports no pattern of the corpus (T-REF-5)", () => {
    expect(corpusReports(rule)).toEqual([]);
  });

  it("leaves invalid patterns to schema-valid (T-REF-5)", () => {
    expect(reportsWith("(?=a", "error")).toEqual([
      expect.stringMatching(/^schema-valid error \/inputSchema\/properties\/p\/pattern: Pattern "\(\?=a" is not a valid regular expression: Unterminated group\. \| /),
    ]);
  });

  it("accepts a lookahead pattern that splits, with no verdict at all (T-REF-5)", () => {
    expect(reportsWith("^(?=.*\\d)\\w+$", "error")).toEqual([]);
    expect(reportsWith("^(?!\\.)(?!.*\\.\\.)[\\w.]+$", "error")).toEqual([]);
  });

  it("names the attack string in the hint of a vulnerable pattern; lowered or off, schema-valid refuses the schema instead (T-REF-5)", () => {
    const pattern = "^(\\w+\\s?)*(?<!\\s)$";
    const verdicts = new Map([[pattern, EXPONENTIAL]]);
    expect(reportsWith(pattern, "error", verdicts)).toEqual([
      expect.stringMatching(
        /^schema-pattern-bounded-time error \/inputSchema\/properties\/p\/pattern: Pattern .* the ReDoS checker found it vulnerable: exponential time .* \| Attack string: 'a'\.repeat\(31\) \+ '\\x00'\. Rewrite/,
      ),
    ]);
    const refused = expect.stringMatching(
      /^schema-valid error \/inputSchema: inputSchema does not compile: pattern .* found it vulnerable \(exponential; attack string 'a'\.repeat\(31\) \+ '\\x00'\), so no generated validator runs it\./,
    );
    expect(reportsWith(pattern, "warning", verdicts)).toEqual([refused, expect.stringMatching(/^schema-pattern-bounded-time warning /)]);
    expect(reportsWith(pattern, "off", verdicts)).toEqual([refused]);
    // An $async schema is compiled as written, by the other engine: the same refusal.
    expect(reportsWith(pattern, "off", verdicts, false, { $async: true })).toEqual([refused]);
  });

  it("refuses a pattern the checker did not decide, or was not asked about (T-REF-5)", () => {
    const pattern = "^(['\"]).*\\1$";
    expect(reportsWith(pattern, "error", new Map([[pattern, { status: "undecided", reason: "the checker did not finish within 30 s" }]]))).toEqual([
      expect.stringMatching(/error .*could not certify it \(the checker did not finish within 30 s\)\./),
    ]);
    expect(reportsWith(pattern, "error")).toEqual([expect.stringMatching(/error .*the ReDoS checker has not checked it/)]);
    expect(reportsWith(pattern, "error", new Map([[pattern, { status: "safe" }]]))).toEqual([]);
  });

  it("is a warning in a generate: client project, which leaves the pattern out of the validator (T-REF-5)", () => {
    const pattern = "^(\\w+\\s?)*(?<!\\s)$";
    expect(reportsWith(pattern, "error", new Map([[pattern, EXPONENTIAL]]), true)).toEqual([
      expect.stringMatching(
        /^schema-pattern-bounded-time warning .*found it vulnerable: exponential time in the length of the input: in this generate: client project the generated validator leaves this pattern out and does not check it\. \| Attack string: /,
      ),
    ]);
  });
});
