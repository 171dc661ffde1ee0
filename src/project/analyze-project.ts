// Loaded project files + config → resolved tools and every diagnostic, sorted. The pure heart of
// validate, build and check: the CLI reads the files, this decides what they mean.
import { sortDiagnostics, type Diagnostic } from "../model/diagnostic.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import type { Config } from "../config/config.js";
import type { ProjectFile } from "../resolve/project-file.js";
import { resolveTool } from "../resolve/resolve-tool.js";
import { isToollessValue, schemaFilesAsDescriptors } from "./schema-files-as-descriptors.js";
import type { AnyRule } from "../validate/define-rule.js";
import { ALL_RULES } from "../validate/rules/index.js";
import { runRules, runRulesByTool } from "../validate/run-rules.js";
import { isTooLargeToCompile, SchemaCompiler, type SchemaPrior } from "../compile/schema-compiler.js";
import { toolNames, toolSchemas } from "../validate/walk.js";
import { sha256Hex } from "../lock/sha256.js";
import type { Dialect } from "../model/dialect.js";
import { RunMemo } from "../model/run-memo.js";
import type { JsonValue } from "../model/json.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import type { PatternPlan, PatternVerdict } from "../compile/linear-pattern/pattern-plan.js";

export interface ProjectInput {
  /** Descriptor files in path order; each is "ok" when it parsed. */
  readonly descriptors: readonly string[];
  /** Every file read: descriptors and the files their `$ref`s name. */
  readonly files: ReadonlyMap<string, ProjectFile>;
  /** Diagnostics from reading and parsing (size, encoding, syntax). */
  readonly loadDiagnostics: readonly Diagnostic[];
  readonly config: Config;
  readonly rules?: readonly AnyRule[];
  /**
   * Tools resolved and checked already, from the very texts of their descriptors and of every file
   * those name (the caller vouches for that): they are taken as they are, with what was found then,
   * and only the project rules look at them again. Their descriptors are among `descriptors`.
   */
  readonly checked?: readonly CheckedTool[];
  /** What is known already of some schemas (whether they are valid, their validators): those are not compiled again. */
  readonly knownSchemas?: SchemaPrior;
  /** What the run remembers (see RunMemo); a fresh one when absent. */
  readonly memo?: RunMemo;
  /** Where the time goes (MCP_GEN_PHASES); NO_CLOCK when absent. */
  readonly clock?: PhaseClock;
  /**
   * The ReDoS checker's verdicts on the patterns that need one (pattern-plan.ts), by pattern, as
   * withPatternVerdicts (src/pattern-check/) finds them; without one, such a pattern is refused.
   */
  readonly patternVerdicts?: ReadonlyMap<string, PatternVerdict>;
  /**
   * Which tools' test scaffolds a build may write, told every tool of the project: only their
   * inputSchemas get scaffold samples worked out where they are compiled (running a validator costs
   * V8 a full compile of its code). A scaffold of another tool still gets its samples, from
   * SchemaCompiler.samples when it asks. Every tool, when absent.
   */
  readonly scaffoldsWritten?: (tools: readonly ResolvedTool[]) => (tool: ResolvedTool) => boolean;
}

/**
 * How the project's patterns run: the checker's verdicts, and in a `generate: client` project an
 * uncertified pattern left out of its validator rather than refused.
 * @example patternPlan(input).leaveOutUncertified === (input.config.generate === "client")
 */
export function patternPlan(input: Pick<ProjectInput, "config" | "patternVerdicts">): PatternPlan {
  return { verdicts: input.patternVerdicts ?? new Map(), leaveOutUncertified: input.config.generate === "client" };
}

/** A tool resolved and checked already, and what was found then. */
export interface CheckedTool {
  /** Its wire descriptor (with members in any order), its mounts, and no authoring block. */
  readonly tool: ResolvedTool;
  /** Its resolve and per-tool rule diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  /** Its checkInProject diagnostics, and the namesKey of the project's tools they were found among. */
  readonly inProject?: { readonly names: string; readonly diagnostics: readonly Diagnostic[] };
  /** The patterns of its wire descriptor that need a certificate (patternsToCertify), when known. */
  readonly certify?: readonly string[];
  /**
   * The ReDoS checker's verdicts on those patterns when it was checked (verdictsKey): the tool is
   * taken as it was only while they are the same (withPatternVerdicts).
   */
  readonly verdicts?: string;
}

/**
 * What identifies the set of tool names of a project (checkInProject rules see nothing else of the
 * other tools): the SHA-256 of the distinct names, sorted, as a JSON array.
 */
export function namesKey(tools: readonly ResolvedTool[]): string {
  return sha256Hex(JSON.stringify([...toolNames(tools)].sort()));
}

export interface ProjectAnalysis {
  /** Tools that resolved, in descriptor path order. */
  readonly tools: readonly ResolvedTool[];
  readonly diagnostics: readonly Diagnostic[];
  readonly docs: ReadonlyMap<string, SourceDoc>;
  /** The compiler the rules used, for later stages to reuse its cache. */
  readonly schemas: SchemaCompiler;
  /** What the run remembers (input.memo, or a fresh one), for later stages of the same run. */
  readonly memo: RunMemo;
  /** Each tool resolved and checked by this analysis, with its resolve and per-tool rule diagnostics. */
  readonly toolDiagnostics?: ReadonlyMap<ResolvedTool, readonly Diagnostic[]>;
  /** Every tool's checkInProject diagnostics (checked now, or known from `checked`), and the namesKey they hold for. */
  readonly inProject?: { readonly names: string; readonly diagnostics: ReadonlyMap<ResolvedTool, readonly Diagnostic[]> };
}

/** @example analyzeProject({ descriptors: ["tools/a.yaml"], files, loadDiagnostics: [], config }) */
export function analyzeProject(input: ProjectInput): ProjectAnalysis {
  const { docs, tools, diagnostics } = resolveProject({ ...input, checked: [] });
  const schemas = new SchemaCompiler(undefined, patternPlan(input));
  const memo = input.memo ?? new RunMemo();
  diagnostics.push(...runRules({ tools, rules: input.rules ?? ALL_RULES, settings: input.config.rules, docs, schemas, memo }));
  return { tools, diagnostics: sortDiagnostics(diagnostics), docs, schemas, memo };
}

/** A schema of a tool that the rules will compile, and its dialect. */
export interface SchemaRequest {
  readonly schema: JsonValue;
  readonly dialect: Dialect;
  /** An inputSchema: its scaffold arguments (SchemaCompiler.samples) are worked out too. */
  readonly samples: boolean;
}

/**
 * Compiles the given schemas into `schemas` (SchemaCompiler.check and compiled), for example on
 * worker threads; when it settles, the rules that compile schemas find them all compiled.
 */
export type Precompile = (requests: readonly SchemaRequest[], schemas: SchemaCompiler) => Promise<void>;

/**
 * analyzeProject, with every schema compiled by `precompile` while the rules that do not compile
 * schemas run, and the tools of `input.checked` taken as they are: the same tools and diagnostics.
 * `onResolved` is told the tools resolved afresh (and every tool) as soon as they are, so that work
 * that will follow a clean analysis can start meanwhile; a caller must not depend on it for anything
 * but speed.
 * @example await analyzeProjectWith(input, async (requests, schemas) => { for (const r of requests) schemas.check(r.schema, r.dialect); })
 */
export async function analyzeProjectWith(given: ProjectInput, precompile: Precompile, onResolved?: (fresh: readonly ResolvedTool[], all: readonly ResolvedTool[]) => void): Promise<ProjectAnalysis> {
  // A tool with neither name nor inputSchema is a schema file once a $ref names it: never taken as it was.
  const input = given.checked?.some((c) => isToollessValue(c.tool.wire)) ? { ...given, checked: given.checked.filter((c) => !isToollessValue(c.tool.wire)) } : given;
  const clock = input.clock ?? NO_CLOCK;
  const fresh = clock.time("resolve", () => resolveProject(input));
  const { docs, diagnostics } = fresh;
  const checked = input.checked ?? [];
  const tools = mergeByFile(
    fresh.tools,
    checked.map((c) => c.tool),
  );
  for (const c of checked) diagnostics.push(...c.diagnostics);
  const checkTools = new Set(fresh.tools);
  // A tool checked already keeps its checkInProject diagnostics while the project's tool names are the same.
  const names = namesKey(tools);
  const inProjectKnown = new Map(checked.filter((c) => c.inProject?.names === names).map((c) => [c.tool, c.inProject!.diagnostics]));
  for (const known of inProjectKnown.values()) diagnostics.push(...known);
  const schemas = new SchemaCompiler(input.knownSchemas, patternPlan(input), clock);
  const memo = input.memo ?? new RunMemo();
  const rules = input.rules ?? ALL_RULES;
  // Schemas known already need no thread: the rules get their answers without ajv.
  const compiling = clock.time("schemas", () =>
    precompile(
      compileRequests(fresh.tools, memo, input.scaffoldsWritten?.(tools)).filter((request) => !schemas.knowsFromPrior(request.schema, request.dialect)),
      schemas,
    ),
  );
  // Rejections are awaited below; this keeps an early one from counting as unhandled meanwhile.
  compiling.catch(() => undefined);
  clock.time("types", () => onResolved?.(fresh.tools, tools));
  const settings = input.config.rules;
  const checkInProjectTools = new Set(tools.filter((tool) => !inProjectKnown.has(tool)));
  const [plain, compilers] = [rules.filter((rule) => !rule.compilesSchemas), rules.filter((rule) => rule.compilesSchemas)];
  const first = clock.time("rules", () => runRulesByTool({ tools, rules: plain, peers: compilers, settings, docs, schemas, memo, checkTools, checkInProjectTools }));
  await clock.timeAsync("schemas", () => compiling);
  const second = clock.time("rules", () => runRulesByTool({ tools, rules: compilers, peers: plain, settings, docs, schemas, memo, checkTools, checkInProjectTools }));
  diagnostics.push(...first.all, ...second.all);
  const toolDiagnostics = new Map<ResolvedTool, Diagnostic[]>();
  for (const tool of fresh.tools) {
    toolDiagnostics.set(tool, [...(fresh.resolveDiagnostics.get(tool) ?? []), ...first.byTool.get(tool)!, ...second.byTool.get(tool)!]);
  }
  const inProject = new Map<ResolvedTool, readonly Diagnostic[]>(inProjectKnown);
  for (const tool of tools) if (!inProject.has(tool)) inProject.set(tool, [...(first.inProject.get(tool) ?? []), ...(second.inProject.get(tool) ?? [])]);
  return { tools, diagnostics: sortDiagnostics(diagnostics), docs, schemas, memo, toolDiagnostics, inProject: { names, diagnostics: inProject } };
}

/** Two lists of tools, each in descriptor path order, as one in that order. */
function mergeByFile(a: readonly ResolvedTool[], b: readonly ResolvedTool[]): ResolvedTool[] {
  if (b.length === 0) return [...a];
  return [...a, ...b].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : 0));
}

/**
 * Every schema the schema-valid rule compiles: each tool's inputSchema and outputSchema; scaffold
 * samples for the inputSchemas of the tools `scaffolded` names (all by default).
 */
function compileRequests(tools: readonly ResolvedTool[], memo: RunMemo, scaffolded: (tool: ResolvedTool) => boolean = () => true): SchemaRequest[] {
  const requests: SchemaRequest[] = [];
  for (const tool of tools) {
    const samples = scaffolded(tool);
    for (const { key, schema, dialect } of toolSchemas(tool)) {
      if (dialect !== undefined && !isTooLargeToCompile(schema, memo)) requests.push({ schema, dialect, samples: samples && key === "inputSchema" });
    }
  }
  return requests;
}

interface ResolvedProject {
  readonly docs: Map<string, SourceDoc>;
  readonly tools: ResolvedTool[];
  readonly diagnostics: Diagnostic[];
  readonly resolveDiagnostics: Map<ResolvedTool, readonly Diagnostic[]>;
}

/** Resolves every descriptor but those of the tools checked already. */
function resolveProject(input: ProjectInput): ResolvedProject {
  const docs = new Map<string, SourceDoc>();
  for (const [path, file] of input.files) if (file.status === "ok") docs.set(path, file.doc);
  const diagnostics: Diagnostic[] = [...input.loadDiagnostics];
  const tools: ResolvedTool[] = [];
  const resolveDiagnostics = new Map<ResolvedTool, readonly Diagnostic[]>();
  const checked = new Set((input.checked ?? []).map((c) => c.tool.file));
  const fresh = input.descriptors.filter((path) => !checked.has(path));
  // A schema file a $ref names, kept where the globs read descriptors: one finding, not a tool's.
  const schemaFiles = schemaFilesAsDescriptors(fresh, input.descriptors, input.files, input.config);
  diagnostics.push(...schemaFiles.values());
  for (const path of fresh) {
    const file = input.files.get(path);
    if (file?.status !== "ok" || schemaFiles.has(path)) continue;
    const resolved = resolveTool(file.doc, input.files);
    diagnostics.push(...resolved.diagnostics);
    if (resolved.value) {
      tools.push(resolved.value);
      resolveDiagnostics.set(resolved.value, resolved.diagnostics);
    }
  }
  return { docs, tools, diagnostics, resolveDiagnostics };
}
