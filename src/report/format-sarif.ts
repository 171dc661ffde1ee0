// Diagnostic[] → SARIF 2.1.0, the format GitHub code scanning uploads. Rule metadata comes from the
// registry so each alert links to its documentation.
import type { Diagnostic } from "../model/diagnostic.js";

export interface SarifRuleInfo {
  readonly id: string;
  readonly summary: string;
  readonly description: string;
  readonly defaultSeverity: Diagnostic["severity"] | "off";
}

export interface SarifOptions {
  readonly toolVersion: string;
  readonly rules: readonly SarifRuleInfo[];
  readonly informationUri: string;
}

const LEVEL = { error: "error", warning: "warning", info: "note", off: "none" } as const;

export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const known = new Map(options.rules.map((r) => [r.id, r]));
  const usedIds = [...new Set([...options.rules.map((r) => r.id), ...diagnostics.map((d) => d.ruleId)])];
  const rules = usedIds.map((id) => {
    const info = known.get(id);
    return {
      id,
      shortDescription: { text: info?.summary ?? id },
      ...(info ? { fullDescription: { text: info.description } } : {}),
      helpUri: `${options.informationUri}#${id}`,
      defaultConfiguration: { level: LEVEL[info?.defaultSeverity ?? "error"] },
    };
  });
  const index = new Map(usedIds.map((id, i) => [id, i]));
  const results = diagnostics.map((d) => ({
    ruleId: d.ruleId,
    ruleIndex: index.get(d.ruleId)!,
    level: LEVEL[d.severity],
    message: { text: d.hint ? `${d.message} ${d.hint}` : d.message },
    locations: [
      {
        physicalLocation: {
          // Each path segment percent-encoded: "#", "?" and "%" in a file name stay part of the path.
          artifactLocation: { uri: d.file.split("/").map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" },
          region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: Math.max(d.endColumn, d.endLine === d.line ? d.column + 1 : 1) },
        },
      },
    ],
    ...(d.pointer !== "" ? { properties: { pointer: d.pointer } } : {}),
  }));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "mcp-gen", version: options.toolVersion, informationUri: options.informationUri, rules } },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}
