// Two sets of wire descriptors keyed by tool name (a lock and the current descriptors, two locks, or
// a lock and a live server) → every classified change. Pure: decides nothing about exit codes.
// A tool that disappears while another with the same descriptor (all but the name) appears was
// renamed, which is reported once as such.
import { canonicalJson } from "../lock/canonical-json.js";
import { compareText } from "../model/diagnostic.js";
import type { JsonObject } from "../model/json.js";
import { CHANGE_CLASSES, type ToolDiff, type ToolDiffChange } from "./change.js";
import { diffTool } from "./diff-tool.js";

/**
 * @example diffTools(new Map(Object.entries(lock.tools).map(([n, t]) => [n, t.descriptor])), currentByName)
 */
export function diffTools(base: ReadonlyMap<string, JsonObject>, head: ReadonlyMap<string, JsonObject>): ToolDiff {
  const changes: ToolDiffChange[] = [];
  const removed = [...base.keys()].filter((name) => !head.has(name)).sort(compareText);
  const added = [...head.keys()].filter((name) => !base.has(name)).sort(compareText);
  const renamed = pairRenames(removed, added, base, head);
  for (const [from, to] of renamed) {
    changes.push({
      tool: to,
      class: "breaking",
      kind: "tool-renamed",
      part: undefined,
      pointer: "/name",
      side: "head",
      message: `Tool ${JSON.stringify(from)} was renamed to ${JSON.stringify(to)}; callers that use the old name fail.`,
    });
  }
  const renamedFrom = new Set(renamed.keys());
  const renamedTo = new Set(renamed.values());
  for (const name of removed) {
    if (renamedFrom.has(name)) continue;
    changes.push({ tool: name, class: "breaking", kind: "tool-removed", part: undefined, pointer: "", side: "base", message: `Tool ${JSON.stringify(name)} was removed; callers that use it fail.` });
  }
  for (const name of added) {
    if (renamedTo.has(name)) continue;
    changes.push({
      tool: name,
      class: "needs-review",
      kind: "tool-added",
      part: undefined,
      pointer: "",
      side: "head",
      message: `Tool ${JSON.stringify(name)} is new: review what it does and what its description tells the model.`,
    });
  }
  for (const [name, before] of base) {
    const after = head.get(name);
    if (after !== undefined) changes.push(...diffTool(name, before, after));
  }
  const sorted = changes.sort(compareChanges);
  return { changes: sorted, tools: [...new Set(sorted.map((c) => c.tool))].sort(compareText) };
}

/**
 * Removed → added pairs whose descriptors are equal apart from the name, matched in name order.
 * @example pairRenames(["old"], ["new"], base, head) // Map { "old" => "new" } when only the name differs
 */
export function pairRenames(removed: readonly string[], added: readonly string[], base: ReadonlyMap<string, JsonObject>, head: ReadonlyMap<string, JsonObject>): Map<string, string> {
  const byBody = new Map<string, string[]>();
  for (const name of added) {
    const key = bodyKey(head.get(name)!);
    byBody.set(key, [...(byBody.get(key) ?? []), name]);
  }
  const pairs = new Map<string, string>();
  for (const name of removed) {
    const candidates = byBody.get(bodyKey(base.get(name)!));
    const to = candidates?.shift();
    if (to !== undefined) pairs.set(name, to);
  }
  return pairs;
}

function bodyKey(descriptor: JsonObject): string {
  const { name: _name, ...rest } = descriptor;
  return canonicalJson(rest);
}

function compareChanges(a: ToolDiffChange, b: ToolDiffChange): number {
  return compareText(a.tool, b.tool) || CHANGE_CLASSES.indexOf(a.class) - CHANGE_CLASSES.indexOf(b.class) || compareText(a.pointer, b.pointer) || compareText(a.message, b.message);
}
