// ResolvedTool[] + rule settings → Diagnostic[]. Runs each enabled rule, gives it the options the
// user configured, and places every report in the file and line it is about. Rules never see
// severities or positions; a rule that throws is a bug in mcp-gen and is reported as one.
import type { Diagnostic, Severity } from "../model/diagnostic.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import { diagnosticInTool } from "../load/locate.js";
import type { AnyRule, RuleReport } from "./define-rule.js";
import { SchemaCompiler } from "./schema-compiler.js";

export interface RuleSetting {
  readonly severity: Severity | "off";
  readonly options: unknown;
}

/** Every registered rule's effective setting, keyed by rule id. */
export type RuleSettings = ReadonlyMap<string, RuleSetting>;

export interface RunRulesInput {
  readonly tools: readonly ResolvedTool[];
  readonly rules: readonly AnyRule[];
  readonly settings: RuleSettings;
  /** Every parsed file by project-relative path, to place reports. */
  readonly docs: ReadonlyMap<string, SourceDoc>;
  /** Shared with later stages so schemas are compiled once; a fresh one is made when absent. */
  readonly schemas?: SchemaCompiler;
}

/** @example runRules({ tools, rules: ALL_RULES, settings: defaultRuleSettings(ALL_RULES), docs }) */
export function runRules(input: RunRulesInput): Diagnostic[] {
  const schemas = input.schemas ?? new SchemaCompiler();
  const diagnostics: Diagnostic[] = [];
  for (const rule of input.rules) {
    const setting = input.settings.get(rule.id) ?? { severity: rule.defaultSeverity, options: rule.options?.defaults };
    if (setting.severity === "off") continue;
    const severity = setting.severity;
    const context = { options: setting.options ?? rule.options?.defaults ?? {}, schemas };
    const place = (tool: ResolvedTool, r: RuleReport) =>
      diagnostics.push(diagnosticInTool(tool, input.docs, r.pointer, {
        ruleId: rule.id,
        severity: r.severity ?? severity,
        message: r.message,
        ...(r.hint !== undefined ? { hint: r.hint } : {}),
      }, r.target ?? "value"));
    for (const tool of input.tools) {
      if (!rule.check) break;
      guard(rule, tool, () => rule.check!(tool, (r) => place(tool, r), context), diagnostics);
    }
    if (rule.checkProject && input.tools.length > 0) {
      guard(rule, input.tools[0]!, () => rule.checkProject!(input.tools, place, context), diagnostics);
    }
  }
  return diagnostics;
}

function guard(rule: AnyRule, tool: ResolvedTool, run: () => void, diagnostics: Diagnostic[]): void {
  try {
    run();
  } catch (e) {
    diagnostics.push({
      ruleId: "internal-error",
      severity: "error",
      message: `Rule ${rule.id} failed on this file: ${e instanceof Error ? e.message : String(e)}.`,
      hint: "This is a bug in mcp-gen; please report it with this file. Turn the rule off in mcp-gen.config.yaml to continue.",
      file: tool.file,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      pointer: "",
    });
  }
}
