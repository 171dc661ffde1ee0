// Builds an in-memory project from wire Tool objects (for example a captured tools/list), one JSON
// descriptor file per tool, and analyses it without touching the disk.
import type { Config } from "../../src/config/config.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import type { JsonObject } from "../../src/model/json.js";
import type { ResolvedTool } from "../../src/model/source.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "../../src/load/limits.js";
import { loadDocument } from "../../src/load/load-document.js";
import { analyzeProject, type ProjectAnalysis } from "../../src/project/analyze-project.js";
import type { ProjectFile } from "../../src/resolve/project-file.js";
import type { AnyRule } from "../../src/validate/define-rule.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { runRules, type RuleSettings } from "../../src/validate/run-rules.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { RunMemo } from "../../src/model/run-memo.js";

export interface ToolsProject {
  readonly analysis: ProjectAnalysis;
  /** Descriptor path of each input tool, in input order. */
  readonly paths: readonly string[];
  readonly sources: ReadonlyMap<string, string>;
}

export interface AnalyzeToolsOptions {
  /** Loader limits to use instead of the defaults (for large generated inputs). */
  readonly load?: Partial<LoadLimits>;
  /** Options per rule id, merged over the rule's defaults. */
  readonly ruleOptions?: Readonly<Record<string, object>>;
  /**
   * Hands each tool to the rules as it is, without writing, parsing or resolving it: for hostile
   * inputs no loader accepts (a 10,000-level schema). Diagnostics then carry pointers but no lines,
   * and come in rule order, unsorted, so reports that differ only by pointer are all kept.
   */
  readonly skipLoad?: boolean;
}

export function descriptorPath(index: number, name: unknown): string {
  const safe = typeof name === "string" ? name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 80) : "unnamed";
  return `tools/${String(index).padStart(4, "0")}-${safe}.json`;
}

export function analyzeTools(tools: readonly unknown[], rules: readonly AnyRule[] = ALL_RULES, options: AnalyzeToolsOptions = {}): ToolsProject {
  const paths = tools.map((tool, i) => descriptorPath(i, (tool as { name?: unknown })?.name));
  const base = loadConfig(undefined, rules, {}).value!;
  const config = { ...base, rules: withRuleOptions(base.rules, options.ruleOptions ?? {}) };
  if (options.skipLoad) {
    const resolved: ResolvedTool[] = tools.map((tool, i) => ({
      file: paths[i]!,
      wire: tool as JsonObject,
      authoring: undefined,
      mounts: [{ wirePointer: "", file: paths[i]!, sourcePointer: "" }],
    }));
    const schemas = new SchemaCompiler();
    const memo = new RunMemo();
    const diagnostics = runRules({ tools: resolved, rules, settings: config.rules, docs: new Map(), schemas, memo });
    return { analysis: { tools: resolved, diagnostics, docs: new Map(), schemas, memo }, paths, sources: new Map() };
  }
  const texts = new Map(tools.map((tool, i) => [paths[i]!, JSON.stringify(tool, null, 2) + "\n"]));
  return { ...analyzeTexts(texts, rules, { ...options, config }), paths };
}

/**
 * Loads, resolves and validates descriptor texts (project-relative path → text) in memory, as
 * `mcp-gen validate` would the same files on disk. No $ref to another file resolves (nothing is read).
 */
export function analyzeTexts(texts: ReadonlyMap<string, string>, rules: readonly AnyRule[] = ALL_RULES, options: AnalyzeToolsOptions & { readonly config?: Config } = {}): Omit<ToolsProject, "paths"> {
  const config = options.config ?? loadConfig(undefined, rules, {}).value!;
  const files = new Map<string, ProjectFile>();
  const loadDiagnostics: Diagnostic[] = [];
  const limits = { ...DEFAULT_LOAD_LIMITS, ...options.load };
  for (const [path, text] of texts) {
    const loaded = loadDocument({ path, text }, limits);
    loadDiagnostics.push(...loaded.diagnostics);
    files.set(path, loaded.value ? { status: "ok", doc: loaded.value } : { status: "invalid" });
  }
  const analysis = analyzeProject({ descriptors: [...texts.keys()].sort(), files, loadDiagnostics, config, rules });
  return { analysis, sources: texts };
}

function withRuleOptions(settings: RuleSettings, options: Readonly<Record<string, object>>): RuleSettings {
  return new Map([...settings].map(([id, setting]) => [id, id in options ? { ...setting, options: { ...(setting.options as object), ...options[id] } } : setting]));
}
