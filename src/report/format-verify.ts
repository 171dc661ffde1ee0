// What `mcp-gen verify` found on one server → text or a JSON document. For every tool added or
// changed: its classified changes with the description diff (invisible characters shown as <U+…>),
// and the description rules' warnings about the server's text. Only formats.
import type { ToolDiff } from "../diff/change.js";
import { diffJson, formatDiffText } from "../diff/format-diff.js";
import { visibleLine } from "../diff/visible-text.js";
import type { LiveComparison, VerifyFinding } from "../live/compare-live.js";
import type { ServerInfo } from "../live/live-connection.js";
import { compareText } from "../model/diagnostic.js";
import type { ServerRecord } from "../model/lock.js";

export interface VerifyReport {
  readonly server: ServerInfo;
  readonly pages: number;
  /** The number of tools the server listed. */
  readonly tools: number;
  /** The lock file, as the user named it. */
  readonly lock: string;
  readonly comparison: LiveComparison;
  /** The lock's record of the server it pins, when it has one (a lock `mcp-gen import` wrote). */
  readonly pinned?: ServerRecord;
}

/** The JSON document of one server: the lists the first versions printed, every change, and one finding per tool. */
export function verifyJson(report: VerifyReport): Record<string, unknown> {
  const { findings, matched } = report.comparison;
  const named = (status: VerifyFinding["status"]) => findings.filter((f) => f.status === status).map((f) => f.tool);
  const changed = findings.filter((f) => f.status === "changed").map((f) => ({ name: f.tool, parts: f.parts, sha256: { lock: f.sha256.lock, server: f.sha256.server } }));
  return {
    server: report.server,
    ...(report.pinned ? { pinned: report.pinned } : {}),
    pages: report.pages,
    lock: report.lock,
    matched,
    added: named("added"),
    removed: named("removed"),
    changed,
    ...diffJson(toolDiff(findings)),
    findings,
  };
}

/** The text report of one server: what it listed, each finding, and the verdict. */
export function formatVerifyText(report: VerifyReport, options: { readonly color: boolean; readonly describeServer: string }): string {
  const { findings } = report.comparison;
  const blocks = findings.map((finding) => findingText(finding, report.lock, options.color));
  const pinnedVersion = report.pinned?.version;
  const version =
    pinnedVersion !== undefined && report.server.version !== undefined && pinnedVersion !== report.server.version
      ? ` ${report.lock} was written from version ${visibleLine(pinnedVersion)} of it.`
      : "";
  const head = `${options.describeServer} listed ${plural(report.tools, "tool")} on ${plural(report.pages, "page")}.${version}`;
  return `${head}\n${blocks.length > 0 ? `\n${blocks.join("\n\n")}\n` : ""}\n${verdict(report)}\n`;
}

/** Whether the server differs from the lock. */
export function hasDrift(report: VerifyReport): boolean {
  return report.comparison.findings.length > 0;
}

function findingText(finding: VerifyFinding, lock: string, color: boolean): string {
  const files = new Map(finding.file === undefined ? [] : [[finding.tool, finding.file]]);
  const body = formatDiffText(toolDiff([finding]), { files, before: lock, after: "server", color }).trimEnd();
  const lines = [body === "" ? visibleLine(finding.tool) : body];
  for (const warning of finding.warnings) {
    lines.push(`  ${warning.severity.padEnd(12)}  ${visibleLine(warning.message)} (${warning.ruleId})`);
    if (warning.hint !== undefined) lines.push(`                hint: ${visibleLine(warning.hint)}`);
  }
  return lines.join("\n");
}

/** Every classified change of the findings, as `mcp-gen diff` reports them. */
export function toolDiff(findings: readonly VerifyFinding[]): ToolDiff {
  const changes = findings.flatMap((finding) => finding.changes);
  return { changes, tools: [...new Set(changes.map((change) => change.tool))].sort(compareText) };
}

/** One sentence that sums up the comparison: "All 3 tools match mcp-tools.lock.json." */
export function verdict(report: VerifyReport): string {
  const { findings, matched } = report.comparison;
  const lock = report.lock;
  const of = (status: VerifyFinding["status"]) => findings.filter((f) => f.status === status);
  const changed = of("changed");
  const differences = [
    changed.length > 0 ? `${plural(changed.length, "tool")} changed (${changed.map((f) => `${JSON.stringify(f.tool)}: ${f.parts.join(", ")}`).join("; ")})` : "",
    of("added").length > 0
      ? `${plural(of("added").length, "tool")} added (${of("added")
          .map((f) => JSON.stringify(f.tool))
          .join(", ")})`
      : "",
    of("removed").length > 0
      ? `${plural(of("removed").length, "tool")} removed (${of("removed")
          .map((f) => JSON.stringify(f.tool))
          .join(", ")})`
      : "",
  ].filter((part) => part !== "");
  if (differences.length === 0) {
    if (matched.length === 0) return `The server lists no tools, and ${lock} pins none.`;
    return matched.length === 1 ? `The 1 tool matches ${lock}.` : `All ${matched.length} tools match ${lock}.`;
  }
  const warnings = findings.reduce((n, f) => n + f.warnings.length, 0);
  const rules = warnings > 0 ? ` The description rules found ${plural(warnings, "problem")} in the server's text.` : "";
  return visibleLine(`The server does not match ${lock}: ${differences.join("; ")}.${rules}`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
