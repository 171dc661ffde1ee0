// mcp-gen's library API: every stage of the command line, usable without it. The single barrel file
// (STYLE §7): anything not listed here is internal.
//
//   const read = await readProject({ root, configPath: undefined });
//   if (read.ok) {
//     const input = await withPatternVerdicts(read.input, root); // the ReDoS checker's verdicts
//     const analysis = analyzeProject(input);                // load, resolve, validate
//     const { emit, lock } = await buildProject({ ...});      // generated files + lock, in memory
//   }

// Shared types.
export type { Diagnostic, FileReader, Severity, StageResult } from "./model/diagnostic.js";
export { hasErrors, sortDiagnostics } from "./model/diagnostic.js";
export type { JsonArray, JsonObject, JsonPrimitive, JsonValue } from "./model/json.js";
export type { NodeSpan, ResolvedTool, SourceDoc, SourceFile, SourceMount, TextRange } from "./model/source.js";
export type { EmitOutput, GeneratedFile } from "./model/generated-file.js";
export type { LockedTool, LockFile, PartHashes, ToolPart } from "./model/lock.js";
export { SPEC_REVISION, TOOL_NAME_PATTERN } from "./model/spec.js";
export { STAGE_DIAGNOSTICS, type StageDiagnosticInfo } from "./model/stage-diagnostics.js";
export { MCP_GEN_VERSION } from "./model/version.js";

// Configuration.
export type { Config, ServerLimits, ServerSettings, Target } from "./config/config.js";
export { loadConfig, type ProjectDefaults } from "./config/load-config.js";
export { buildConfigSchema } from "./config/config-schema.js";
export { PRESETS, presetSeverity, type Preset } from "./config/preset.js";

// Loading and resolving (pure: texts in, values out).
export { decodeSource } from "./load/decode-source.js";
export { DEFAULT_LOAD_LIMITS, type LoadLimits } from "./load/limits.js";
export { loadDocument } from "./load/load-document.js";
export { diagnosticInTool, rangeOfPointer } from "./load/locate.js";
export { resolveTool, AUTHORING_KEY } from "./resolve/resolve-tool.js";
export type { ProjectFile } from "./resolve/project-file.js";

// Validation.
export { ALL_RULES } from "./validate/rules/index.js";
export { defineRule, type AnyRule, type Breakage, type Rule, type RuleContext, type RuleReport, type RuleSeverity } from "./validate/define-rule.js";
export { runRules, type RuleSetting, type RuleSettings, type RunRulesInput } from "./validate/run-rules.js";
export { SchemaCompiler } from "./compile/schema-compiler.js";
export { analyzeProject, type ProjectAnalysis, type ProjectInput } from "./project/analyze-project.js";
export { withPatternVerdicts } from "./pattern-check/certify-patterns.js";
export type { PatternVerdict } from "./compile/linear-pattern/pattern-plan.js";

// Code generation and the lock.
export { buildProject, type BuildInput, type BuildOutput } from "./project/build-project.js";
export { emitProject, type EmitInput, type RuntimeSource } from "./emit/emit-project.js";
export { assignToolNames, type ToolNames } from "./emit/names.js";
export { buildLock } from "./lock/build-lock.js";
export { renderLock } from "./lock/render-lock.js";
export { parseLock } from "./lock/parse-lock.js";
export { compareLock } from "./lock/compare-lock.js";
export { hashTool } from "./lock/hash-tool.js";
export { canonicalJson } from "./lock/canonical-json.js";

// Classifying changes between two sets of tools.
export { diffTools } from "./diff/diff-tools.js";

// Reports.
export { formatDiagnostics, type DiagnosticFormat } from "./report/format-diagnostics.js";

// Disk and process: reading a project, running the command line.
export { readProject, type ProjectLocation, type ReadProjectResult } from "./cli/read-project.js";
export { readProjectConfig, type ProjectConfig } from "./cli/read-config.js";
export { runCli } from "./cli/main.js";
export type { CliIo } from "./cli/io.js";
