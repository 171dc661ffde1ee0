// A validated project → every file a build writes and the lock that pins them. Pure: the CLI has
// read the inputs, templates and runtime sources, and decides what to write.
import type { Config } from "../config/config.js";
import type { EmitOutput } from "../model/generated-file.js";
import type { LockFile, ServerRecord } from "../model/lock.js";
import type { RunMemo } from "../model/run-memo.js";
import type { ResolvedTool } from "../model/source.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { emitProject, type AggregateLayouts, type ValidatorModuleRecord, type EmittedTool, type EmitReuse, type RuntimeSource, type TypesCompiler } from "../emit/emit-project.js";
import { hashTool, type ToolHash } from "../lock/hash-tool.js";
import type { TemplateSources } from "../emit/templates.js";
import { buildLock } from "../lock/build-lock.js";
import type { SchemaCompiler } from "../compile/schema-compiler.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";

export interface BuildInput {
  readonly tools: readonly ResolvedTool[];
  readonly config: Config;
  readonly templates: TemplateSources;
  readonly runtime: readonly RuntimeSource[];
  readonly schemas: SchemaCompiler;
  /** Project-relative path → hashFileText of every input file read (package.json's values come from the config). */
  readonly inputs: ReadonlyMap<string, string>;
  /** See EmitInput.compileTypes: where json-schema-to-typescript runs. */
  readonly compileTypes?: TypesCompiler;
  /** See EmitInput.existingScaffolds: scaffolds not to render. */
  readonly existingScaffolds?: ReadonlySet<string>;
  /** See EmitInput.reuse: output known already, taken as it is. */
  readonly reuse?: EmitReuse;
  /** Hashes of tools known already (hashTool of each is computed once either way). */
  readonly hashes?: ReadonlyMap<ResolvedTool, ToolHash>;
  /** See EmitInput.memo: the analysis's (ProjectAnalysis.memo). */
  readonly memo?: RunMemo;
  /** See EmitInput.clock; hashing tools counts to "hash". */
  readonly clock?: PhaseClock;
}

export interface BuildOutput extends GeneratedProject {
  readonly lock: LockFile;
}

/** A project's generated files, before the lock that pins them. */
export interface GeneratedProject {
  readonly emit: EmitOutput;
  /** Per tool name: what a later emit needs to reuse this one's output (see EmitReuse). */
  readonly tools: ReadonlyMap<string, EmittedTool>;
  /** hashTool of every tool. */
  readonly hashes: ReadonlyMap<ResolvedTool, ToolHash>;
  /** The key of each validator module, by project path (see EmitReuse.validatorModules). */
  readonly validatorModules: ReadonlyMap<string, ValidatorModuleRecord>;
  /** The tools' keys and each aggregate's layout (see EmitReuse.aggregates). */
  readonly aggregates: AggregateLayouts;
}

/** @example const { emit, lock } = await buildProject({ tools, config, templates, runtime, schemas, inputs }) */
export async function buildProject(input: BuildInput): Promise<BuildOutput> {
  const generated = await generateProject(input);
  return { ...generated, lock: lockProject(input, generated) };
}

/**
 * The first half of buildProject: every file, no lock yet.
 * @example const generated = await generateProject({ tools, config, templates, runtime, schemas, inputs })
 */
export async function generateProject(input: BuildInput): Promise<GeneratedProject> {
  // Each tool is hashed once, for its module's banner and for the lock.
  const clock = input.clock ?? NO_CLOCK;
  const hashes = clock.time("hash", () => new Map(input.tools.map((tool) => [tool, input.hashes?.get(tool) ?? hashTool(tool.wire)])));
  const { tools, validatorModules, aggregates, ...emit } = await clock.timeAsync("emit", () => emitProject({ ...input, hashes }));
  return { emit, tools, hashes, validatorModules, aggregates };
}

/**
 * The second half of buildProject: the lock of the generated files. `fileHashes`: see BuildLockInput.
 * @example const lock = lockProject(input, await generateProject(input))
 */
export function lockProject(
  input: Pick<BuildInput, "tools" | "config" | "inputs" | "clock"> & { readonly server?: ServerRecord | undefined },
  generated: GeneratedProject,
  fileHashes?: ReadonlyMap<string, string>,
): LockFile {
  const { tools, config, inputs, server } = input;
  return (input.clock ?? NO_CLOCK).time("hash", () =>
    buildLock({
      tools,
      files: generated.emit.generated,
      inputs,
      packageJson: config.packageJson,
      version: MCP_GEN_VERSION,
      hashes: generated.hashes,
      ...(fileHashes ? { fileHashes } : {}),
      ...(server ? { server } : {}),
    }),
  );
}
