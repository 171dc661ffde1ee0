// Runs one rule alone over its fixture folder (STYLE §6): valid/ must give no report from the rule,
// every file of invalid/ must give at least one, and the text printer's output for invalid/ must
// equal expected.txt exactly.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { analyzeProject } from "../../src/project/analyze-project.js";
import { withPatternVerdicts } from "../../src/pattern-check/certify-patterns.js";
import { readProject } from "../../src/cli/read-project.js";
import { formatText } from "../../src/report/format-text.js";
import type { AnyRule } from "../../src/validate/define-rule.js";

export const RULE_FIXTURES = join(import.meta.dirname, "..", "fixtures", "rules");

/** Diagnostics of one folder of fixtures, analysed as one project with only `rule` enabled. */
export async function runRuleOn(rule: AnyRule, root: string, folder: string) {
  const base = loadConfig(undefined, [rule], {}).value!;
  const severity = rule.defaultSeverity === "off" ? "warning" : rule.defaultSeverity;
  const config = { ...base, tools: [`${folder}/*.{yaml,yml,json}`], rules: new Map([[rule.id, { severity, options: rule.options?.defaults ?? {} }]]) };
  const read = await readProject({ root, configPath: undefined, config });
  if (!read.ok) throw new Error("fixture project did not load");
  // With the ReDoS checker's verdicts, as validate and build have them (cached in node_modules/.cache).
  const analysis = analyzeProject({ ...(await withPatternVerdicts(read.input, root)), rules: [rule] });
  return { diagnostics: analysis.diagnostics, sources: read.sources, files: read.input.descriptors };
}

export function textOf(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, string>): string {
  return formatText(diagnostics, { sources, color: false });
}

/** The standard fixture tests for a rule; `more` adds the rule's own cases. */
export function describeRule(rule: AnyRule, more?: () => void): void {
  const root = join(RULE_FIXTURES, rule.id);
  const cites = rule.checklist.length > 0 ? ` (${rule.checklist.join(", ")})` : "";
  describe(rule.id, () => {
    it(`has valid and invalid fixtures`, () => {
      expect(existsSync(join(root, "valid")) && readdirSync(join(root, "valid")).length > 0).toBe(true);
      expect(existsSync(join(root, "invalid")) && readdirSync(join(root, "invalid")).length > 0).toBe(true);
    });
    it(`reports nothing on valid/${cites}`, async () => {
      const { diagnostics, sources } = await runRuleOn(rule, root, "valid");
      expect(textOf(diagnostics, sources)).toBe("No problems found.\n");
    });
    it(`reports every file of invalid/ exactly as expected.txt says${cites}`, async () => {
      const { diagnostics, sources, files } = await runRuleOn(rule, root, "invalid");
      for (const file of files) {
        expect(diagnostics.filter((d) => d.file === file && d.ruleId === rule.id).length, `${file} should trigger ${rule.id}`).toBeGreaterThan(0);
      }
      expect(
        diagnostics.filter((d) => d.ruleId !== rule.id),
        "fixtures must not trip load or resolve diagnostics",
      ).toEqual([]);
      await expect(textOf(diagnostics, sources)).toMatchFileSnapshot(join(root, "expected.txt"));
    });
    more?.();
  });
}
