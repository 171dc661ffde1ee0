// The shape of a validation rule and the metadata checks every rule passes when the registry loads.
import type { Severity } from "../model/diagnostic.js";
import type { RunMemo } from "../model/run-memo.js";
import type { ResolvedTool, StringPart } from "../model/source.js";
import type { SchemaCompiler } from "../compile/schema-compiler.js";

export type RuleSeverity = Severity | "off";

/**
 * What ignoring a rule breaks (docs/rules.md, the principle above the table): a client that follows the
 * spec, the official SDK, the code mcp-gen generates, or the safety of the server and its users.
 */
export type Breakage = "client" | "sdk" | "generated-code" | "safety";

export const BREAKAGE_TEXT: Readonly<Record<Breakage, string>> = {
  client: "a conforming client",
  sdk: "the official SDK",
  "generated-code": "the generated code",
  safety: "safety",
};

/** What a rule says about one place: the pointer is into the wire descriptor (or `/x-mcp-gen/...`). */
export interface RuleReport {
  readonly pointer: string;
  readonly message: string;
  readonly hint?: string;
  /** Point at the member's key instead of its value (for example an unknown field name). */
  readonly target?: "key" | "value";
  /**
   * The part of the string at `pointer` (or of the key, with `target` "key") the finding is about, in
   * UTF-16 code units: the diagnostic points at it where the file's text maps to it exactly, else at
   * the whole string.
   */
  readonly part?: StringPart;
  /** A milder severity for this one report (for example an info-level note); the configured severity still caps it. */
  readonly severity?: Severity;
}

export interface RuleContext<Options> {
  readonly options: Options;
  /** Compiles and meta-validates schemas; caches within one run. */
  readonly schemas: SchemaCompiler;
  /** What this run remembers for the rules (each tool's texts, header analyses, tool names). */
  readonly memo: RunMemo;
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
  /**
   * An error exactly when ignoring the rule breaks something (`breaks`); a MUST of the spec that
   * nothing enforces is a warning; anything else is a warning or a note.
   */
  readonly defaultSeverity: RuleSeverity;
  /** What a report of this rule breaks when it is ignored; present exactly when the default is error. */
  readonly breaks?: readonly Breakage[];
  /** The rule checks a MUST or MUST NOT of MCP 2026-07-28 or its schema: `preset: strict` makes it an error. */
  readonly must: boolean;
  /** Its reports are a heuristic's findings, for a person to judge: they are not errors unless they break something. */
  readonly heuristic?: boolean;
  /** Why the default is what it is, in a sentence or two that docs/rules.md shows beside it. */
  readonly why: string;
  /**
   * mcp-gen cannot generate working code past a report of this rule (it would fail, or write code
   * that does not compile), so no configuration lowers it below error.
   */
  readonly required?: boolean;
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
   * reports depend on the tool and the set of names only, so they hold for an unchanged tool while
   * the set of names is the same (ProjectInput.checked).
   */
  checkInProject?(tool: ResolvedTool, project: ProjectNames, report: (r: RuleReport) => void, context: RuleContext<Options>): void;
}

// biome-ignore lint/suspicious/noExplicitAny: a rule of any options type; unknown would make each rule's check reject its own options.
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
  problems.push(...levelProblems(rule));
  for (const id of rule.checklist) if (!/^T-[A-Z]+-\d+$/.test(id)) problems.push(`checklist id ${id} is malformed`);
  if (problems.length > 0) throw new Error(`Rule ${rule.id}: ${problems.join("; ")}`);
  return rule;
}

/** The default severity follows the principle docs/rules.md states, and says why. */
function levelProblems(rule: AnyRule): string[] {
  const problems: string[] = [];
  const breaks = (rule.breaks ?? []).length > 0;
  if ((rule.defaultSeverity === "error") !== breaks) problems.push("a rule is an error by default exactly when it names what ignoring it breaks");
  if (rule.must && !breaks && rule.defaultSeverity !== "warning") problems.push("a MUST that nothing enforces is a warning by default");
  if (rule.required && !rule.breaks?.includes("generated-code")) problems.push("only a rule that breaks the generated code is required");
  if (!/^[A-Z`"].*\.$/s.test(rule.why) || rule.why.includes("\n")) problems.push("why is one or two sentences ending in a period");
  return problems;
}
