// A command's findings and classified tool changes → a short Markdown report for a pull-request
// comment or $GITHUB_STEP_SUMMARY: the verdict, then per changed tool its class (breaking, needs
// review, compatible), what changed and the text diff of descriptions and titles, then the other
// findings. Every piece of tool or server text is shown through markdown-text.ts, so it cannot
// become a link, an image or HTML. Long reports are cut (GitHub keeps 1 MiB of summary per step).
// Only formats.
import { CHANGE_CLASSES, type ChangeClass, type ToolDiff, type ToolDiffChange } from "../diff/change.js";
import { unifiedDiff } from "../diff/line-diff.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { codeBlock, inlineCode } from "./markdown-text.js";

export interface MarkdownReport {
  /** The command that made the report: "check", "diff", "verify". */
  readonly command: string;
  /** Whether the command passed (exit 0). */
  readonly passed: boolean;
  /** One sentence of mcp-gen's own that sums up the result (it may quote names: it is shown as code where it does). */
  readonly headline: string;
  readonly findings: readonly Diagnostic[];
  /** Classified changes per tool, when the command compares tools. */
  readonly changes?: ToolDiff;
  /** Descriptor file (project path) per tool, shown under its name. */
  readonly toolFiles?: ReadonlyMap<string, string>;
  /** Labels of the two sides of text diffs: "mcp-tools.lock.json", "descriptors". */
  readonly before?: string;
  readonly after?: string;
}

const LABEL: Record<ChangeClass, string> = { breaking: "breaking", "needs-review": "needs review", compatible: "compatible" };
const SEVERITY = { error: "error", warning: "warning", info: "info" } as const;

/** Tools shown in detail, findings listed, and lines of one text diff, at most. */
const MAX_TOOLS = 50;
const MAX_FINDINGS = 100;
const MAX_DIFF_LINES = 60;

/** @example formatMarkdown({ command: "diff", passed: false, headline, findings: [], changes }, paths.fromRepo) */
export function formatMarkdown(report: MarkdownReport, fromRepo: (file: string) => string = (file) => file): string {
  const out = [`### mcp-gen ${report.command}: ${report.passed ? "passed" : "failed"}`, "", headline(report.headline)];
  const changes = report.changes;
  if (changes && changes.tools.length > 0) out.push("", ...toolSections(report, changes, fromRepo));
  const listed = report.findings.slice(0, MAX_FINDINGS);
  if (listed.length > 0) {
    out.push("", "#### Findings", "");
    // Text diffs show once: in the tool sections when there are any.
    const diffs = !(changes && changes.tools.length > 0);
    for (const finding of listed) out.push(...findingItem(finding, fromRepo, diffs));
    if (report.findings.length > listed.length) out.push(`- and ${report.findings.length - listed.length} more findings: run \`mcp-gen ${report.command}\` to see them all.`);
  }
  return out.join("\n") + "\n";
}

/** mcp-gen's sentence, with every double-quoted part (a name or value it quotes) shown as code. */
function headline(text: string): string {
  return text
    .split(/("(?:[^"\\]|\\.)*")/)
    .map((part, i) => (i % 2 === 1 ? inlineCode(part) : escapePlain(part)))
    .join("");
}

function toolSections(report: MarkdownReport, changes: ToolDiff, fromRepo: (file: string) => string): string[] {
  const out: string[] = [];
  const shown = changes.tools.slice(0, MAX_TOOLS);
  for (const tool of shown) {
    const own = changes.changes.filter((c) => c.tool === tool);
    const worst = CHANGE_CLASSES.find((c) => own.some((change) => change.class === c)) ?? "compatible";
    const file = report.toolFiles?.get(tool);
    out.push(`#### ${inlineCode(tool)}: ${LABEL[worst]}`, "");
    if (file !== undefined) out.push(`In ${inlineCode(fromRepo(file))}.`, "");
    for (const change of own) out.push(`- **${LABEL[change.class]}**: ${inlineCode(change.message)}`);
    for (const change of own.filter((c) => c.text)) out.push("", textDiff(label(change), change.text!, report.before ?? "before", report.after ?? "after"));
    out.push("");
  }
  if (changes.tools.length > shown.length) out.push(`And ${changes.tools.length - shown.length} more tools changed: run \`mcp-gen ${report.command}\` to see them all.`, "");
  return out.slice(0, -1);
}

function label(change: ToolDiffChange): string {
  return change.part === undefined ? "" : `${change.part}${change.pointer.startsWith(`/${change.part}/`) ? change.pointer.slice(change.part.length + 1) : ""}`;
}

function textDiff(what: string, text: { readonly before: string; readonly after: string }, before: string, after: string): string {
  const diff = unifiedDiff(text.before, text.after, { before: `${before} ${what}`.trim(), after: `${after} ${what}`.trim() })
    .trimEnd()
    .split("\n");
  const cut = diff.length > MAX_DIFF_LINES ? [...diff.slice(0, MAX_DIFF_LINES), `… ${diff.length - MAX_DIFF_LINES} more lines`] : diff;
  return codeBlock(cut.join("\n"), "diff");
}

function findingItem(d: Diagnostic, fromRepo: (file: string) => string, diffs: boolean): string[] {
  const lines = [`- **${SEVERITY[d.severity]}** ${inlineCode(d.ruleId)} at ${inlineCode(`${fromRepo(d.file)}:${d.line}`)}: ${inlineCode(d.message)}`];
  if (d.hint) lines.push(`  ${inlineCode(d.hint)}`);
  const related = d.related ?? [];
  if (related.length > 0)
    lines.push(
      `  Related: ${related
        .slice(0, 10)
        .map((r) => inlineCode(`${fromRepo(r.file)}:${r.line} ${r.message}`))
        .join(", ")}${related.length > 10 ? `, and ${related.length - 10} more` : ""}.`,
    );
  for (const change of diffs ? (d.textChanges ?? []) : []) lines.push("", indent(textDiff(change.label, change, "before", "after")), "");
  return lines;
}

function indent(block: string): string {
  return block
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

/** mcp-gen's own words: only punctuation that could start markup is escaped. */
function escapePlain(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (c) => `\\${c}`);
}
