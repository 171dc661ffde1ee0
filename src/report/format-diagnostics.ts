// Picks the printer for --format.
import type { Diagnostic } from "../model/diagnostic.js";
import type { AnyRule } from "../validate/define-rule.js";
import { formatGithub } from "./format-github.js";
import { formatJson } from "./format-json.js";
import { formatSarif } from "./format-sarif.js";
import { formatText } from "./format-text.js";

export type DiagnosticFormat = "text" | "json" | "sarif" | "github";

export interface FormatContext {
  readonly sources: ReadonlyMap<string, string>;
  readonly color: boolean;
  readonly rules: readonly AnyRule[];
  readonly toolVersion: string;
  readonly informationUri: string;
}

export function formatDiagnostics(format: DiagnosticFormat, diagnostics: readonly Diagnostic[], context: FormatContext): string {
  switch (format) {
    case "json":
      return formatJson(diagnostics);
    case "sarif":
      return formatSarif(diagnostics, {
        toolVersion: context.toolVersion,
        informationUri: context.informationUri,
        rules: context.rules.map((r) => ({ id: r.id, summary: r.summary, description: r.description, defaultSeverity: r.defaultSeverity })),
      });
    case "text":
      return formatText(diagnostics, { sources: context.sources, color: context.color });
    case "github":
      return formatGithub(diagnostics);
  }
}
