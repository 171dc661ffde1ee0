// Loaded project files + config → resolved tools and every diagnostic, sorted. The pure heart of
// validate, build and check: the CLI reads the files, this decides what they mean.
import { sortDiagnostics, type Diagnostic } from "../model/diagnostic.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import type { Config } from "../config/config.js";
import type { ProjectFile } from "../resolve/project-file.js";
import { resolveTool } from "../resolve/resolve-tool.js";
import type { AnyRule } from "../validate/define-rule.js";
import { ALL_RULES } from "../validate/rules/index.js";
import { runRules } from "../validate/run-rules.js";
import { SchemaCompiler } from "../validate/schema-compiler.js";

export interface ProjectInput {
  /** Descriptor files in path order; each is "ok" when it parsed. */
  readonly descriptors: readonly string[];
  /** Every file read: descriptors and the files their `$ref`s name. */
  readonly files: ReadonlyMap<string, ProjectFile>;
  /** Diagnostics from reading and parsing (size, encoding, syntax). */
  readonly loadDiagnostics: readonly Diagnostic[];
  readonly config: Config;
  readonly rules?: readonly AnyRule[];
}

export interface ProjectAnalysis {
  /** Tools that resolved, in descriptor path order. */
  readonly tools: readonly ResolvedTool[];
  readonly diagnostics: readonly Diagnostic[];
  readonly docs: ReadonlyMap<string, SourceDoc>;
  /** The compiler the rules used, for later stages to reuse its cache. */
  readonly schemas: SchemaCompiler;
}

/** @example analyzeProject({ descriptors: ["tools/a.yaml"], files, loadDiagnostics: [], config }) */
export function analyzeProject(input: ProjectInput): ProjectAnalysis {
  const docs = new Map<string, SourceDoc>();
  for (const [path, file] of input.files) if (file.status === "ok") docs.set(path, file.doc);
  const diagnostics: Diagnostic[] = [...input.loadDiagnostics];
  const tools: ResolvedTool[] = [];
  for (const path of input.descriptors) {
    const file = input.files.get(path);
    if (file?.status !== "ok") continue;
    const resolved = resolveTool(file.doc, input.files);
    diagnostics.push(...resolved.diagnostics);
    if (resolved.value) tools.push(resolved.value);
  }
  const schemas = new SchemaCompiler();
  diagnostics.push(...runRules({ tools, rules: input.rules ?? ALL_RULES, settings: input.config.rules, docs, schemas }));
  return { tools, diagnostics: sortDiagnostics(diagnostics), docs, schemas };
}
