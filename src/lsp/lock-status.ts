// A tool's standing against the lock, for the hover on its name: pinned (its hash is the one the
// lock records), changed since the lock (naming each part whose hash differs, as `mcp-gen check`
// does), or new (the lock does not pin a tool of that name). Pure: the lock comes parsed.
import { hashTool } from "../lock/hash-tool.js";
import { TOOL_PARTS, type LockFile, type ToolPart } from "../model/lock.js";
import type { ResolvedTool } from "../model/source.js";

export type LockStatus =
  | { readonly kind: "pinned"; readonly sha256: string }
  | { readonly kind: "changed"; readonly parts: readonly ToolPart[]; readonly sha256: string; readonly locked: string; readonly movedFrom?: string }
  | { readonly kind: "new"; readonly sha256: string };

/**
 * @example lockStatus(lock, tool) // { kind: "changed", parts: ["description"], ... }
 */
export function lockStatus(lock: LockFile, tool: ResolvedTool): LockStatus {
  const name = String(tool.wire.name);
  const hash = hashTool(tool.wire);
  const locked = Object.hasOwn(lock.tools, name) ? lock.tools[name] : undefined;
  if (!locked) return { kind: "new", sha256: hash.sha256 };
  const moved = locked.file !== tool.file ? { movedFrom: locked.file } : {};
  if (locked.sha256 === hash.sha256)
    return moved.movedFrom === undefined ? { kind: "pinned", sha256: hash.sha256 } : { kind: "changed", parts: [], sha256: hash.sha256, locked: locked.sha256, ...moved };
  const parts = TOOL_PARTS.filter((part) => locked.parts[part] !== hash.parts[part]);
  return { kind: "changed", parts, sha256: hash.sha256, locked: locked.sha256, ...moved };
}

/**
 * The hover text of a tool's lock status; `lockPath` is the lock's project path, `lock` undefined
 * when there is none, or the lock's problem when it cannot be read.
 * @example describeLockStatus("get_weather", tool, lock, "mcp-tools.lock.json")
 */
export function describeLockStatus(tool: ResolvedTool, lock: LockFile | undefined | { readonly problem: string }, lockPath: string): string {
  const name = `**${String(tool.wire.name)}**`;
  if (lock === undefined) return `${name}: there is no ${lockPath} yet; \`mcp-gen build\` pins every tool.`;
  if ("problem" in lock) return `${name}: ${lockPath} cannot be read (${lock.problem}); \`mcp-gen check\` names the problem.`;
  const status = lockStatus(lock, tool);
  switch (status.kind) {
    case "pinned":
      return `${name} is pinned: its hash is the one ${lockPath} records (sha256 \`${status.sha256.slice(0, 12)}…\`).`;
    case "new":
      return `${name} is new: ${lockPath} does not pin it. \`mcp-gen build\` pins it, for review in the pull request.`;
    case "changed": {
      const what = status.parts.length === 0 ? "" : ` Changed: ${status.parts.join(", ")}.`;
      const moved = status.movedFrom === undefined ? "" : ` The lock has it in ${status.movedFrom}.`;
      return `${name} changed since ${lockPath} pinned it (sha256 \`${status.locked.slice(0, 12)}…\`, now \`${status.sha256.slice(0, 12)}…\`).${what}${moved} Review it with \`mcp-gen diff\`; \`mcp-gen build\` pins it again.`;
    }
  }
}
