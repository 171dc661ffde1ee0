// The shape of a validation rule and the metadata checks every rule passes when the registry loads.
import type { Severity } from "../model/diagnostic.js";
import type { ResolvedTool } from "../model/source.js";
import type { SchemaCompiler } from "./schema-compiler.js";

export type RuleSeverity = Severity | "off";

/** What a rule says about one place: the pointer is into the wire descriptor (or `/x-mcp-gen/...`). */
export interface RuleReport {
  readonly pointer: string;
  readonly message: string;
  readonly hint?: string;
  /** Point at the member's key instead of its value (for example an unknown field name). */
  readonly target?: "key" | "value";
  /** Overrides the configured severity for this one report (for example an info-level note). */
  readonly severity?: Severity;
}

export interface RuleContext<Options> {
  readonly options: Options;
  /** Compiles and meta-validates schemas; caches within one run. */
  readonly schemas: SchemaCompiler;
  /**
   * The severity another rule runs at in this run ("off" when it does not run), for a rule that
   * leaves a problem to a more precise rule while that one reports it as an error.
   */
  readonly severityOf?: (ruleId: string) => RuleSeverity;
}

/** All a checkInProject rule may know of the other tools: their names. */
export interface ProjectNames {
  readonly names: ReadonlySet<string>;
}

export interface RuleOptionsSpec<Options> {
  readonly defaults: Options;
  /** JSON Schema for the options object in mcp-gen.config.yaml. */
  readonly schema: Readonly<Record<string, unknown>>;
}

export interface Rule<Options = Record<string, never>> {
  readonly id: string;
  /** One sentence ending in a period. */
  readonly summary: string;
  /** One paragraph: what is checked, why it matters, what to do. */
  readonly description: string;
  readonly defaultSeverity: RuleSeverity;
  /** The mcp-gen version that introduced the rule. */
  readonly since: string;
  /** Where the requirement comes from, in words. */
  readonly spec: string;
  /** CHECKLIST.md ids the rule enforces. */
  readonly checklist: readonly string[];
  readonly options?: RuleOptionsSpec<Options>;
  readonly deprecated?: { readonly replacedBy: string };
  /**
   * True when the rule compiles the tool's own schemas (context.schemas.check or
   * generatedValidator): a build compiles every schema first, on worker threads, and runs these
   * rules after the others.
   */
  readonly compilesSchemas?: boolean;
  /** Checks one tool. */
  check?(tool: ResolvedTool, report: (r: RuleReport) => void, context: RuleContext<Options>): void;
  /** Checks the whole project at once (uniqueness across files and the like). */
  checkProject?(tools: readonly ResolvedTool[], report: (tool: ResolvedTool, r: RuleReport) => void, context: RuleContext<Options>): void;
  /**
   * Checks one tool against the names of every tool of the project, and nothing else of them: its
   * reports depend on the tool and the set of names only, so an incremental build keeps them for an
   * unchanged tool while the set of names is the same.
   */
  checkInProject?(tool: ResolvedTool, project: ProjectNames, report: (r: RuleReport) => void, context: RuleContext<Options>): void;
}

export type AnyRule = Rule<any>;

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Declares a rule; throws (a bug in mcp-gen, not user input) when its metadata is malformed. */
export function defineRule<Options = Record<string, never>>(rule: Rule<Options>): Rule<Options> {
  const problems: string[] = [];
  if (!KEBAB.test(rule.id)) problems.push("id must be kebab-case");
  if (!/^[A-Za-z`"].*[^.]\.$/s.test(rule.summary) || /\.\s+[A-Z]/.test(rule.summary.slice(0, -1))) {
    problems.push("summary must be one sentence ending in a period");
  }
  if (rule.description.trim().length < 40 || rule.description.includes("\n\n")) problems.push("description must be one paragraph");
  if (!rule.check && !rule.checkProject && !rule.checkInProject) problems.push("a rule needs check, checkProject or checkInProject");
  if (rule.deprecated && !KEBAB.test(rule.deprecated.replacedBy)) problems.push("a deprecated rule names its replacement");
  for (const id of rule.checklist) if (!/^T-[A-Z]+-\d+$/.test(id)) problems.push(`checklist id ${id} is malformed`);
  if (problems.length > 0) throw new Error(`Rule ${rule.id}: ${problems.join("; ")}`);
  return rule;
}
