// ToolDiff → what `mcp-gen diff` and `mcp-gen verify` print: text (grouped by tool, each change with
// its class, and a unified diff of the changed text) or JSON. Only formats.
import { compareText } from "../model/diagnostic.js";
import { CHANGE_CLASSES, countByClass, type ChangeClass, type ToolDiff, type ToolDiffChange } from "./change.js";
import { unifiedDiff } from "./line-diff.js";
import { visibleLine } from "./visible-text.js";

export interface DiffTextOptions {
  /** Descriptor file (or other source) per tool, shown next to its name. */
  readonly files: ReadonlyMap<string, string>;
  /** Labels of the two sides in unified diffs, for example "mcp-tools.lock.json" and "descriptors". */
  readonly before: string;
  readonly after: string;
  readonly color: boolean;
}

const LABEL: Record<ChangeClass, string> = { breaking: "breaking", "needs-review": "needs review", compatible: "compatible" };
const COLOR: Record<ChangeClass | "removed" | "added" | "dim", number> = { breaking: 31, "needs-review": 33, compatible: 32, removed: 31, added: 32, dim: 90 };

/**
 * @example formatDiffText(diffTools(base, head), { files, before: "lock", after: "descriptors", color: false })
 */
export function formatDiffText(diff: ToolDiff, options: DiffTextOptions): string {
  const paint = (key: keyof typeof COLOR, text: string) => (options.color ? `\u001b[${COLOR[key]}m${text}\u001b[0m` : text);
  const blocks: string[] = [];
  for (const tool of diff.tools) {
    const changes = diff.changes.filter((c) => c.tool === tool);
    const file = options.files.get(tool);
    // The tool's name, its file and the change's message quote a server's or a descriptor's text:
    // each is one line on screen, whatever it holds.
    const lines = [`${visibleLine(tool)}${file ? paint("dim", `  ${visibleLine(file)}`) : ""}`];
    for (const change of changes) {
      lines.push(`  ${paint(change.class, LABEL[change.class].padEnd(12))}  ${visibleLine(change.message)}`);
      if (change.text) lines.push(...textDiff(change, options, paint));
    }
    blocks.push(lines.join("\n"));
  }
  return blocks.length === 0 ? "" : blocks.join("\n\n") + "\n";
}

function textDiff(change: ToolDiffChange, options: DiffTextOptions, paint: (key: keyof typeof COLOR, text: string) => string): string[] {
  // The pointer names the server's properties: escaped before it heads the diff, or a line break in
  // a property's name would start a line of its own there.
  const what = visibleLine(change.part === undefined ? "" : `${change.part}${change.pointer.startsWith(`/${change.part}/`) ? change.pointer.slice(change.part.length + 1) : ""}`);
  const label = (side: string) => `${visibleLine(side)} ${what}`.trim();
  const text = unifiedDiff(change.text!.before, change.text!.after, { before: label(options.before), after: label(options.after) });
  return text
    .trimEnd()
    .split("\n")
    .map((line) => {
      // Each line of the text on a line of its own, its own control characters escaped.
      const shown = visibleLine(line);
      const colored =
        line.startsWith("-") && !line.startsWith("---")
          ? paint("removed", shown)
          : line.startsWith("+") && !line.startsWith("+++")
            ? paint("added", shown)
            : line.startsWith("@@")
              ? paint("dim", shown)
              : shown;
      return `      ${colored}`;
    });
}

/** "3 changes in 2 tools: 1 breaking, 1 needs review, 1 compatible." */
export function summarizeDiff(diff: ToolDiff): string {
  const counts = countByClass(diff.changes);
  const n = diff.changes.length;
  if (n === 0) return "No changes.";
  const parts = CHANGE_CLASSES.map((c) => `${counts[c]} ${LABEL[c]}`);
  return `${n} change${n === 1 ? "" : "s"} in ${diff.tools.length} tool${diff.tools.length === 1 ? "" : "s"}: ${parts.join(", ")}.`;
}

/** The JSON document `--format json` prints: every change and the counts per class. */
export function diffJson(diff: ToolDiff): { changes: readonly ToolDiffChange[]; summary: Record<ChangeClass, number> } {
  return { changes: [...diff.changes].sort((a, b) => compareText(a.tool, b.tool)), summary: countByClass(diff.changes) };
}
