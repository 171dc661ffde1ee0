// An import plan + the lock written before (when there is one) + the texts on disk of every file it
// names → what `mcp-gen import` writes and deletes so the project mirrors the server: added and
// changed tools written, a removed tool's descriptor deleted, and the classified diff of it all for
// the reviewer. Decides what may not be overwritten. Pure: the CLI reads the files and writes.
import type { ToolDiff } from "../diff/change.js";
import { diffTools } from "../diff/diff-tools.js";
import { buildLock } from "../lock/build-lock.js";
import { renderLock } from "../lock/render-lock.js";
import { hashFileText } from "../lock/sha256.js";
import type { GeneratedFile } from "../model/generated-file.js";
import type { LockFile, PackageValues, ServerRecord } from "../model/lock.js";
import { LEGACY_PACKAGE_INPUT } from "../lock/compare-lock.js";
import type { ImportPlan } from "./plan-import.js";

/**
 * "create": a first import, which overwrites nothing. "update": mirror the server the lock pinned,
 * overwriting and deleting only descriptors the lock records, as it recorded them. "force": mirror
 * the server whatever is on disk.
 */
export type ImportMode = "create" | "update" | "force";

export interface MirrorInput {
  readonly plan: ImportPlan;
  /** The descriptor folder, project-relative: nothing outside it is deleted. */
  readonly dir: string;
  readonly lockPath: string;
  readonly previous: LockFile | undefined;
  /** The text on disk of each path in `mirrorPaths` (undefined: no such file). */
  readonly disk: ReadonlyMap<string, string | undefined>;
  readonly mode: ImportMode;
  /** mcp-gen's version, for the lock. */
  readonly version: string;
  /**
   * What a build of the project records besides the descriptors: the hash (hashFileText) of each
   * config file, by path, as the project will have them (a config import writes included), and
   * the package.json values the config takes (Config.packageJson). With them the lock is the one a
   * build writes, generated files aside, so `check` after `import --update` has nothing to report
   * that the server did not change.
   */
  readonly project?: { readonly configInputs: ReadonlyMap<string, string>; readonly packageJson: PackageValues };
  /** The server the tools come from (LockFile.server). */
  readonly server?: ServerRecord;
}

export interface Conflict {
  readonly path: string;
  readonly reason: string;
}

export interface MirrorPlan {
  /** Descriptors whose text on disk differs from the server's (or that are missing). */
  readonly writes: readonly GeneratedFile[];
  /** Descriptors of tools the server no longer lists. */
  readonly deletes: readonly string[];
  /** Files the mode does not allow to overwrite or delete: nothing is written when there are any. */
  readonly conflicts: readonly Conflict[];
  /** Descriptors of removed tools that stay, outside the descriptor folder, and why. */
  readonly kept: readonly Conflict[];
  /** What changed since the previous lock; undefined on a first import. */
  readonly diff: ToolDiff | undefined;
  /**
   * The new lock. It keeps the previous lock's record of generated files (so the next build still
   * removes the ones it no longer writes) and of the other files a build read.
   */
  readonly lock: LockFile;
}

/** Every path whose text mirrorImport needs: the plan's files, the lock, and the previous lock's descriptors. */
export function mirrorPaths(plan: ImportPlan, lockPath: string, previous: LockFile | undefined): string[] {
  const recorded = previous ? Object.values(previous.tools).map((tool) => tool.file) : [];
  return [...new Set([...plan.files.map((file) => file.path), lockPath, ...recorded])];
}

/**
 * @example mirrorImport({ plan, dir: "tools", lockPath: "mcp-tools.lock.json", previous, disk, mode: "update", version: MCP_GEN_VERSION })
 */
export function mirrorImport(input: MirrorInput): MirrorPlan {
  const { plan, previous, disk, mode } = input;
  const recorded = new Set(previous ? Object.values(previous.tools).map((tool) => tool.file) : []);
  // The inputs a build recorded besides the descriptors stay (the config is hashed again as it is
  // now), so a server that changed nothing leaves a built lock as it was. A lock of the earlier
  // format hashed package.json whole; this one records its values instead, as a build does.
  const packageJson = input.project?.packageJson ?? previous?.packageJson;
  const kept = previous ? Object.entries(previous.inputs).filter(([path]) => !recorded.has(path) && !(path === LEGACY_PACKAGE_INPUT && packageJson !== undefined)) : [];
  const inputs = new Map([...kept, ...(input.project?.configInputs ?? []), ...plan.files.map((file) => [file.path, hashFileText(file.contents)] as const)]);
  const built = buildLock({ tools: plan.tools, files: [], inputs, ...(packageJson ? { packageJson } : {}), version: input.version, ...(input.server ? { server: input.server } : {}) });
  const lock = previous ? { ...built, files: previous.files } : built;
  // A descriptor is the one import wrote when its text hashes as the lock recorded it.
  const pristine = (path: string, text: string) => previous !== undefined && recorded.has(path) && previous.inputs[path] === hashFileText(text);
  const conflicts: Conflict[] = [];
  const writes: GeneratedFile[] = [];
  for (const file of plan.files) {
    const text = disk.get(file.path);
    if (text === file.contents) continue;
    writes.push(file);
    if (text === undefined || mode === "force") continue;
    if (mode === "create") conflicts.push({ path: file.path, reason: "exists" });
    else if (!recorded.has(file.path)) conflicts.push({ path: file.path, reason: `exists, and ${input.lockPath} does not record it as a descriptor` });
    else if (!pristine(file.path, text)) conflicts.push({ path: file.path, reason: `was edited since ${input.lockPath} was written` });
  }
  const lockOnDisk = disk.get(input.lockPath);
  if (mode === "create" && lockOnDisk !== undefined && lockOnDisk !== renderLock(lock)) conflicts.push({ path: input.lockPath, reason: "exists" });
  const planned = new Set(plan.files.map((file) => file.path));
  const deletes: string[] = [];
  const outside: Conflict[] = [];
  for (const path of [...recorded].sort()) {
    const text = disk.get(path);
    if (planned.has(path) || text === undefined) continue;
    if (!path.startsWith(`${input.dir}/`)) {
      outside.push({ path, reason: `is outside ${input.dir}/, so import leaves it; delete it if the tool it holds is the one the server dropped` });
    } else if (mode === "force" || pristine(path, text)) {
      deletes.push(path);
    } else {
      conflicts.push({ path, reason: `holds a tool the server no longer lists, and was edited since ${input.lockPath} was written` });
    }
  }
  const pinned = previous ? new Map(Object.entries(previous.tools).map(([name, tool]) => [name, tool.descriptor])) : undefined;
  const diff = pinned ? diffTools(pinned, new Map(plan.tools.map((tool) => [tool.wire.name as string, tool.wire]))) : undefined;
  return { writes, deletes, conflicts, kept: outside, diff, lock };
}
