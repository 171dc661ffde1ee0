// The plain data `mcp-gen diff` and `mcp-gen verify` report: one classified change per finding.
import type { ToolPart } from "../model/lock.js";

/**
 * - breaking: a caller written against the old descriptor can fail (tool removed or renamed,
 *   required argument added, argument removed or narrowed, output field removed or retyped,
 *   x-mcp-header added, removed or renamed);
 * - needs-review: what the model reads or is told about the tool changed, so a person must look
 *   (descriptions, titles, annotations, icons, a new tool): what a rug pull looks like;
 * - compatible: old callers keep working (optional argument added, output field added, limits loosened).
 */
export type ChangeClass = "breaking" | "needs-review" | "compatible";

export const CHANGE_CLASSES: readonly ChangeClass[] = ["breaking", "needs-review", "compatible"];

export interface ToolDiffChange {
  readonly tool: string;
  readonly class: ChangeClass;
  /** Stable id of the kind of change, for example "argument-removed" or "description-changed". */
  readonly kind: string;
  /** The part of the tool the change is in; undefined for a tool added, removed or renamed. */
  readonly part: ToolPart | undefined;
  /** JSON Pointer into the wire descriptor named by `side`, where the change shows. */
  readonly pointer: string;
  /** "head" when `pointer` is in the new descriptor, "base" when only the old one has it. */
  readonly side: "base" | "head";
  /** One sentence that says what changed, quoting names and values. */
  readonly message: string;
  /** The text before and after, when the change is to text a reader should see side by side. */
  readonly text?: { readonly before: string; readonly after: string };
}

export interface ToolDiff {
  /** Sorted by tool name, class (breaking first), pointer and message. */
  readonly changes: readonly ToolDiffChange[];
  /** Tools whose descriptors differ, added and removed ones included, sorted. */
  readonly tools: readonly string[];
}

export function countByClass(changes: readonly ToolDiffChange[]): Record<ChangeClass, number> {
  const counts: Record<ChangeClass, number> = { breaking: 0, "needs-review": 0, compatible: 0 };
  for (const change of changes) counts[change.class]++;
  return counts;
}
