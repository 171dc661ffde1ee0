// Diagnostic[] → a stable JSON document for tools: the sorted diagnostics and a count per severity.
// Files are named from where the command runs, as in the text output.
import type { Diagnostic } from "../model/diagnostic.js";

/** @example formatJson(diagnostics, paths.fromCwd) */
export function formatJson(diagnostics: readonly Diagnostic[], display: (file: string) => string = (file) => file): string {
  const count = (s: Diagnostic["severity"]) => diagnostics.filter((d) => d.severity === s).length;
  const document = {
    diagnostics: relocate(diagnostics, display),
    summary: { errors: count("error"), warnings: count("warning"), infos: count("info") },
  };
  return JSON.stringify(document, null, 2) + "\n";
}

/** The diagnostics with every file (related ones too) named by `display`. */
export function relocate(diagnostics: readonly Diagnostic[], display: (file: string) => string): Diagnostic[] {
  return diagnostics.map((d) => ({
    ...d,
    file: display(d.file),
    ...(d.related ? { related: d.related.map((r) => ({ ...r, file: display(r.file) })) } : {}),
  }));
}
