// A validated project → every file a build writes and the lock that pins them. Pure: the CLI has
// read the inputs, templates and runtime sources, and decides what to write.
import type { Config } from "../config/config.js";
import type { EmitOutput } from "../model/generated-file.js";
import type { LockFile } from "../model/lock.js";
import type { ResolvedTool } from "../model/source.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { emitProject, type RuntimeSource } from "../emit/emit-project.js";
import type { TemplateSources } from "../emit/templates.js";
import { buildLock } from "../lock/build-lock.js";
import type { SchemaCompiler } from "../validate/schema-compiler.js";

export interface BuildInput {
  readonly tools: readonly ResolvedTool[];
  readonly config: Config;
  readonly templates: TemplateSources;
  readonly runtime: readonly RuntimeSource[];
  readonly schemas: SchemaCompiler;
  /** Project-relative path → hashFileText of every input file read. */
  readonly inputs: ReadonlyMap<string, string>;
}

export interface BuildOutput {
  readonly emit: EmitOutput;
  readonly lock: LockFile;
}

/** @example const { emit, lock } = await buildProject({ tools, config, templates, runtime, schemas, inputs }) */
export async function buildProject(input: BuildInput): Promise<BuildOutput> {
  const emit = await emitProject(input);
  const lock = buildLock({ tools: input.tools, files: emit.generated, inputs: input.inputs, version: MCP_GEN_VERSION });
  return { emit, lock };
}
