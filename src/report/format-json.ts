// Diagnostic[] → a stable JSON document for tools: the sorted diagnostics and a count per severity.
import type { Diagnostic } from "../model/diagnostic.js";

export function formatJson(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic["severity"]) => diagnostics.filter((d) => d.severity === s).length;
  const document = {
    diagnostics,
    summary: { errors: count("error"), warnings: count("warning"), infos: count("info") },
  };
  return JSON.stringify(document, null, 2) + "\n";
}
