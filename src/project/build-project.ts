// A validated project → every file a build writes and the lock that pins them. Pure: the CLI has
// read the inputs, templates and runtime sources, and decides what to write.
import type { Config } from "../config/config.js";
import type { EmitOutput, GeneratedFile } from "../model/generated-file.js";
import type { LockFile } from "../model/lock.js";
import type { RunMemo } from "../model/run-memo.js";
import type { ResolvedTool } from "../model/source.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { emitProject, type EmittedTool, type EmitReuse, type RuntimeSource, type TypesCompiler } from "../emit/emit-project.js";
import { hashTool, type ToolHash } from "../lock/hash-tool.js";
import type { TemplateSources } from "../emit/templates.js";
import { buildLock } from "../lock/build-lock.js";
import type { SchemaCompiler } from "../compile/schema-compiler.js";

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
  /** See EmitInput.reuse: what an incremental build takes over from the last one. */
  readonly reuse?: EmitReuse;
  /** Hashes of tools known from the previous lock (hashTool of each is computed once either way). */
  readonly hashes?: ReadonlyMap<ResolvedTool, ToolHash>;
  /** See BuildLockInput.fileHash. */
  readonly fileHash?: (file: GeneratedFile) => string | undefined;
  /** See EmitInput.memo: the analysis's (ProjectAnalysis.memo). */
  readonly memo?: RunMemo;
}

export interface BuildOutput {
  readonly emit: EmitOutput;
  readonly lock: LockFile;
  /** Per tool name: what the next build needs to reuse this one's output. */
  readonly tools: ReadonlyMap<string, EmittedTool>;
}

/** @example const { emit, lock } = await buildProject({ tools, config, templates, runtime, schemas, inputs }) */
export async function buildProject(input: BuildInput): Promise<BuildOutput> {
  // Each tool is hashed once, for its module's banner and for the lock.
  const hashes = new Map(input.tools.map((tool) => [tool, input.hashes?.get(tool) ?? hashTool(tool.wire)]));
  const { tools, ...emit } = await emitProject({ ...input, hashes });
  const lock = buildLock({ tools: input.tools, files: emit.generated, inputs: input.inputs, packageJson: input.config.packageJson, version: MCP_GEN_VERSION, hashes, ...(input.fileHash ? { fileHash: input.fileHash } : {}) });
  return { emit, lock, tools };
}
