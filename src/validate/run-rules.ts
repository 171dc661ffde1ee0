// ResolvedTool[] + rule settings → Diagnostic[]. Runs each enabled rule, gives it the options the
// user configured, and places every report in the file and line it is about. Rules never see
// severities or positions; a rule that throws is a bug in mcp-gen and is reported as one.
import type { Diagnostic, Severity } from "../model/diagnostic.js";
import { RunMemo } from "../model/run-memo.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import { diagnosticInTool } from "../load/locate.js";
import type { AnyRule, ProjectNames, RuleReport } from "./define-rule.js";
import { SchemaCompiler } from "../compile/schema-compiler.js";
import { toolNames } from "./walk.js";

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
  /** What the run remembers (see RunMemo), shared with later stages; a fresh one when absent. */
  readonly memo?: RunMemo;
  /**
   * The tools whose per-tool checks run (default: all): the caller knows the others' reports
   * already. Project checks always see every tool: names are unique across all.
   */
  readonly checkTools?: ReadonlySet<ResolvedTool>;
  /**
   * The tools whose checkInProject checks run (default: all): the caller knows the others' reports
   * already (the tool and the set of tool names are the ones they were found with).
   */
  readonly checkInProjectTools?: ReadonlySet<ResolvedTool>;
  /**
   * Rules of the same run that this call leaves to another one (analyzeProjectWith runs the rules
   * that compile schemas in a second call): a rule's severityOf sees their settings too.
   */
  readonly peers?: readonly AnyRule[];
}

/** Diagnostics of runRules, by where they come from. */
export interface RuleDiagnostics {
  /** From the per-tool checks (and their internal errors), by tool. */
  readonly byTool: Map<ResolvedTool, Diagnostic[]>;
  /** From the project checks. */
  readonly project: Diagnostic[];
  /** From the checkInProject checks, by tool: every tool in checkInProjectTools has an entry. */
  readonly inProject: Map<ResolvedTool, Diagnostic[]>;
  /** All of them, in the order the rules reported them. */
  readonly all: Diagnostic[];
}

/** @example runRules({ tools, rules: ALL_RULES, settings: defaultRuleSettings(ALL_RULES), docs }) */
export function runRules(input: RunRulesInput): Diagnostic[] {
  return runRulesByTool(input).all;
}

/** runRules, with each per-tool diagnostic kept with its tool (for a caller that remembers them). */
export function runRulesByTool(input: RunRulesInput): RuleDiagnostics {
  const schemas = input.schemas ?? new SchemaCompiler();
  const memo = input.memo ?? new RunMemo();
  const byTool = new Map<ResolvedTool, Diagnostic[]>();
  const project: Diagnostic[] = [];
  const all: Diagnostic[] = [];
  const checked = input.checkTools ? input.tools.filter((tool) => input.checkTools!.has(tool)) : input.tools;
  for (const tool of checked) byTool.set(tool, []);
  const inProject = new Map<ResolvedTool, Diagnostic[]>();
  for (const tool of input.tools) if (input.checkInProjectTools?.has(tool) ?? true) inProject.set(tool, []);
  let projectNames: ProjectNames | undefined;
  const severityOf = (id: string): Severity | "off" => {
    const rule = input.rules.find((r) => r.id === id) ?? input.peers?.find((r) => r.id === id);
    return rule === undefined ? "off" : (input.settings.get(id)?.severity ?? rule.defaultSeverity);
  };
  for (const rule of input.rules) {
    const setting = input.settings.get(rule.id) ?? { severity: rule.defaultSeverity, options: rule.options?.defaults };
    if (setting.severity === "off") continue;
    const severity = setting.severity;
    const context = { options: setting.options ?? rule.options?.defaults ?? {}, schemas, memo, severityOf };
    const place = (into: Diagnostic[]) => (tool: ResolvedTool, r: RuleReport) => {
      const diagnostic = diagnosticInTool(
        tool,
        input.docs,
        r.pointer,
        {
          ruleId: rule.id,
          severity: r.severity === undefined ? severity : milder(r.severity, severity),
          message: r.message,
          ...(r.hint !== undefined ? { hint: r.hint } : {}),
        },
        r.target ?? "value",
        r.part,
      );
      into.push(diagnostic);
      all.push(diagnostic);
    };
    for (const tool of checked) {
      if (!rule.check) break;
      const into = byTool.get(tool)!;
      guard(rule, tool, () => rule.check!(tool, (r) => place(into)(tool, r), context), [into, all]);
    }
    if (rule.checkProject && input.tools.length > 0) {
      guard(rule, input.tools[0]!, () => rule.checkProject!(input.tools, place(project), context), [project, all]);
    }
    if (rule.checkInProject) {
      const names = (projectNames ??= { names: toolNames(input.tools) });
      for (const [tool, into] of inProject) guard(rule, tool, () => rule.checkInProject!(tool, names, (r) => place(into)(tool, r), context), [into, all]);
    }
  }
  return { byTool, project, inProject, all };
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** A report may be milder than its rule's setting (a note beside errors), never harsher than the user set it. */
function milder(a: Severity, b: Severity): Severity {
  return RANK[a] <= RANK[b] ? a : b;
}

function guard(rule: AnyRule, tool: ResolvedTool, run: () => void, lists: readonly Diagnostic[][]): void {
  try {
    run();
  } catch (e) {
    const internal: Diagnostic = {
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
    };
    for (const list of lists) list.push(internal);
  }
}
