// Picks the printer for --format. Every command that reports findings goes through here, so each
// format names files the same way (report-paths.ts) whatever the command.
import type { Diagnostic } from "../model/diagnostic.js";
import { STAGE_DIAGNOSTICS } from "../model/stage-diagnostics.js";
import { formatGithub } from "./format-github.js";
import { formatJson } from "./format-json.js";
import { formatMarkdown, type MarkdownReport } from "./format-markdown.js";
import { formatSarif, type SarifRuleInfo } from "./format-sarif.js";
import { formatText } from "./format-text.js";
import { PROJECT_PATHS, type ReportPaths } from "./report-paths.js";

export type DiagnosticFormat = "text" | "json" | "sarif" | "github" | "markdown";

export interface FormatContext {
  /** File texts by project path, for the text format's code frames. */
  readonly sources: ReadonlyMap<string, string>;
  readonly color: boolean;
  /** Rules described in SARIF (the registry's); stage diagnostics are added here. */
  readonly rules: readonly SarifRuleInfo[];
  readonly toolVersion: string;
  readonly informationUri: string;
  /** How each format names files; project paths as they are by default. */
  readonly paths?: ReportPaths;
  /** The command reporting: "validate", "check"... */
  readonly command?: string;
  /** What the Markdown report says beside the findings; a plain verdict by default. */
  readonly markdown?: Omit<MarkdownReport, "findings" | "command">;
}

/** @example formatDiagnostics("sarif", diagnostics, { sources, color: false, rules: ALL_RULES, toolVersion, informationUri, paths, command: "check" }) */
export function formatDiagnostics(format: DiagnosticFormat, diagnostics: readonly Diagnostic[], context: FormatContext): string {
  const paths = context.paths ?? PROJECT_PATHS;
  switch (format) {
    case "json":
      return formatJson(diagnostics, paths.fromCwd);
    case "sarif":
      return formatSarif(diagnostics, {
        toolVersion: context.toolVersion,
        informationUri: context.informationUri,
        rules: [
          ...context.rules.map((r) => ({ id: r.id, summary: r.summary, description: r.description, defaultSeverity: r.defaultSeverity })),
          ...STAGE_DIAGNOSTICS.map((d) => ({ id: d.id, summary: d.summary, description: d.summary, defaultSeverity: d.severity ?? ("error" as const) })),
        ],
        ...(context.paths ? { paths: context.paths } : {}),
        ...(context.command ? { command: context.command } : {}),
      });
    case "text":
      return formatText(diagnostics, { sources: context.sources, color: context.color, display: paths.fromCwd });
    case "github":
      return formatGithub(diagnostics, paths.fromRepo);
    case "markdown":
      return formatMarkdown({ command: context.command ?? "mcp-gen", findings: diagnostics, ...(context.markdown ?? defaultVerdict(diagnostics)) }, paths.fromRepo);
  }
}

function defaultVerdict(diagnostics: readonly Diagnostic[]): Omit<MarkdownReport, "findings" | "command"> {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return {
    passed: errors === 0,
    headline: diagnostics.length === 0 ? "No findings." : `${diagnostics.length} finding${diagnostics.length === 1 ? "" : "s"}, ${errors} of them error${errors === 1 ? "" : "s"}.`,
  };
}
