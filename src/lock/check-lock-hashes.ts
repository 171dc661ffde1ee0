// A schema-valid LockFile → every place where a tool's recorded hashes disagree with the descriptor
// recorded next to them, or the descriptor's name with the entry's key. Pure. A lock passes only when
// each `sha256` and `parts` entry is exactly hashTool(descriptor): an edit to one without the other
// (by hand, or to hide a change from `verify`) is refused instead of trusted.
import { compareText } from "../model/diagnostic.js";
import { TOOL_PARTS, type LockFile, type LockedTool } from "../model/lock.js";
import { joinPointer } from "../model/pointer.js";
import { describeLockPointer } from "./describe-lock-pointer.js";
import { hashTool } from "./hash-tool.js";

export interface LockHashProblem {
  /** JSON Pointer into the lock file. */
  readonly pointer: string;
  readonly message: string;
}

/**
 * `order: "sorted"` says every object in the lock has its members in sorted order (see hashTool).
 * @example checkLockHashes(lock) // [] when every tool's hashes are its descriptor's
 */
export function checkLockHashes(lock: LockFile, order: "any" | "sorted" = "any"): LockHashProblem[] {
  const problems: LockHashProblem[] = [];
  for (const name of Object.keys(lock.tools).sort(compareText)) {
    problems.push(...checkTool(name, lock.tools[name]!, order));
  }
  return problems;
}

function checkTool(name: string, tool: LockedTool, order: "any" | "sorted"): LockHashProblem[] {
  const at = joinPointer("/tools", name);
  const problems: LockHashProblem[] = [];
  const recordedName = tool.descriptor.name;
  if (recordedName !== name) {
    const pointer = joinPointer(at, "descriptor", "name");
    problems.push({ pointer, message: `${describeLockPointer(pointer)} is ${JSON.stringify(recordedName)}, but the entry is keyed ${JSON.stringify(name)}.` });
  }
  const computed = hashTool(tool.descriptor, order);
  if (computed.sha256 !== tool.sha256) {
    const pointer = joinPointer(at, "sha256");
    problems.push({ pointer, message: `${describeLockPointer(pointer)} is not the hash of the descriptor recorded next to it, which hashes to ${short(computed.sha256)}.` });
  }
  for (const part of TOOL_PARTS) {
    const recorded = own(tool.parts, part);
    const actual = computed.parts[part];
    if (recorded === actual) continue;
    const pointer = joinPointer(at, "parts", part);
    const where = describeLockPointer(pointer);
    const field = part === "other" ? "fields outside the named parts" : part;
    problems.push({
      pointer,
      message:
        recorded === undefined
          ? `${describeLockPointer(joinPointer(at, "parts"))} has no ${JSON.stringify(part)}, but the descriptor has ${part === "other" ? "fields outside the named parts" : `a ${part}`}.`
          : actual === undefined
            ? `${where} is recorded, but the descriptor has no ${field}.`
            : `${where} is not the hash of the descriptor's ${field}, which hashes to ${short(actual)}.`,
    });
  }
  return problems;
}

function short(hash: string): string {
  return JSON.stringify(hash.slice(0, 12) + "…");
}

function own(parts: LockedTool["parts"], key: string): string | undefined {
  return Object.hasOwn(parts, key) ? (parts as Record<string, string>)[key] : undefined;
}
