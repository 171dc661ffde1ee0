// Resolved tools + generated files + input hashes → LockFile. Pure: the CLI reads and hashes the
// input files and decides whether to write the result; this only assembles and hashes in memory.
import { compareText } from "../model/diagnostic.js";
import { LOCK_GENERATOR_NAME, LOCKFILE_VERSION, PROJECT_PATH_PATTERN, SHA256_PATTERN, type LockedTool, type LockFile, type PackageValues, type ServerRecord } from "../model/lock.js";
import type { ResolvedTool } from "../model/source.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { SPEC_REVISION } from "../model/spec.js";
import { hashTool, type ToolHash } from "./hash-tool.js";
import { hashFileText } from "./sha256.js";

export interface BuildLockInput {
  /** Tools that passed validation; names are unique (rule tool-name-unique stops a build first). */
  readonly tools: readonly ResolvedTool[];
  /** Files every build rewrites (under `out`). Not handler stubs or test scaffolds: those are the user's. */
  readonly files: readonly GeneratedFile[];
  /** Project-relative path → hashFileText(text) of every file the build read, the lock file and package.json excepted. */
  readonly inputs: ReadonlyMap<string, string>;
  /** Config.packageJson: what the build took from package.json (none by default). */
  readonly packageJson?: PackageValues;
  /** mcp-gen's version (MCP_GEN_VERSION). */
  readonly version: string;
  /** The server the tools were imported from (import writes it, a build keeps the previous lock's). */
  readonly server?: ServerRecord;
  /** hashTool of tools whose hashes are known already (from the previous lock); the others are hashed here. */
  readonly hashes?: ReadonlyMap<ResolvedTool, ToolHash>;
  /**
   * hashFileText of generated files that the caller has hashed already, by path: each must be the
   * hash of the very text `files` holds for that path (the caller found that text on disk, hashed).
   */
  readonly fileHashes?: ReadonlyMap<string, string>;
}

/**
 * Builds the lock for one validated project. Throws (a bug in the caller) on duplicate tool names
 * or paths, paths that are not project-relative, or input hashes that are not SHA-256 hex.
 * @example buildLock({ tools: analysis.tools, files: generated, inputs: hashes, version: MCP_GEN_VERSION })
 */
export function buildLock(input: BuildLockInput): LockFile {
  const tools: Record<string, LockedTool> = {};
  const sorted = [...input.tools].sort((a, b) => compareText(toolName(a), toolName(b)));
  for (const tool of sorted) {
    const name = toolName(tool);
    if (Object.hasOwn(tools, name)) bug(`two tools are named ${JSON.stringify(name)}`);
    const { sha256, parts } = input.hashes?.get(tool) ?? hashTool(tool.wire);
    setOwn(tools, name, { file: checkPath(tool.file), sha256, parts, descriptor: tool.wire });
  }
  const files: Record<string, string> = {};
  for (const file of [...input.files].sort((a, b) => compareText(a.path, b.path))) {
    if (Object.hasOwn(files, file.path)) bug(`two generated files share the path ${JSON.stringify(file.path)}`);
    setOwn(files, checkPath(file.path), input.fileHashes?.get(file.path) ?? hashFileText(file.contents));
  }
  const inputs: Record<string, string> = {};
  for (const path of [...input.inputs.keys()].sort(compareText)) {
    const hash = input.inputs.get(path)!;
    if (!SHA256_PATTERN.test(hash)) bug(`the input hash of ${JSON.stringify(path)} is ${JSON.stringify(hash)}, not lowercase hex SHA-256`);
    setOwn(inputs, checkPath(path), hash);
  }
  return {
    lockfileVersion: LOCKFILE_VERSION,
    generator: { name: LOCK_GENERATOR_NAME, version: input.version },
    specRevision: SPEC_REVISION,
    tools,
    inputs,
    files,
    packageJson: { ...input.packageJson },
    ...(input.server ? { server: input.server } : {}),
  };
}

function toolName(tool: ResolvedTool): string {
  const name = tool.wire.name;
  if (typeof name !== "string") bug(`the tool in ${tool.file} has no string name`);
  return name;
}

function checkPath(path: string): string {
  if (!PROJECT_PATH_PATTERN.test(path)) bug(`${JSON.stringify(path)} is not a normalised project-relative path`);
  return path;
}

/** Like defineOwn: a key such as "__proto__" (a legal tool name) becomes an ordinary member. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Only `__proto__` needs defining: assignment makes the same own property for every other key.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function bug(what: string): never {
  throw new Error(`buildLock: ${what}; this is a bug in mcp-gen, which validates before it builds a lock.`);
}
