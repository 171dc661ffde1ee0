// Diagnostic[] → SARIF 2.1.0, the format GitHub code scanning uploads. Rule metadata comes from the
// registry so each alert links to its documentation. URIs are relative to %SRCROOT%, which the log
// declares (originalUriBaseIds: the repository root, or the project root outside one), so code
// scanning finds the files of a project in any folder of a monorepo. A finding's related locations
// are SARIF relatedLocations; its text changes travel in its properties.
import type { Diagnostic } from "../model/diagnostic.js";
import { MCP_GEN_RULES_PAGE, STAGE_DIAGNOSTICS_ANCHOR } from "../model/version.js";
import { PROJECT_PATHS, type ReportPaths } from "./report-paths.js";

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
  /** Where URIs are relative to; project paths as they are by default. */
  readonly paths?: ReportPaths;
  /** The command that made the log ("check", "diff"...): runs of different commands are told apart by code scanning. */
  readonly command?: string;
}

const LEVEL = { error: "error", warning: "warning", info: "note", off: "none" } as const;
const SRCROOT = "%SRCROOT%";

/** @example formatSarif(diagnostics, { toolVersion, rules, informationUri, paths, command: "check" }) */
export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const paths = options.paths ?? PROJECT_PATHS;
  const known = new Map(options.rules.map((r) => [r.id, r]));
  const usedIds = [...new Set([...options.rules.map((r) => r.id), ...diagnostics.map((d) => d.ruleId)])];
  const rules = usedIds.map((id) => {
    const info = known.get(id);
    return {
      id,
      shortDescription: { text: info?.summary ?? id },
      ...(info ? { fullDescription: { text: info.description } } : {}),
      // A rule has a section of its own; a load, resolve or lock diagnostic is in their table.
      helpUri: `${options.informationUri}/${MCP_GEN_RULES_PAGE}#${info ? id : STAGE_DIAGNOSTICS_ANCHOR}`,
      defaultConfiguration: { level: LEVEL[info?.defaultSeverity ?? "error"] },
    };
  });
  const index = new Map(usedIds.map((id, i) => [id, i]));
  const artifact = (file: string) => ({ uri: encodePath(paths.srcRoot.path(file)), uriBaseId: SRCROOT });
  const results = diagnostics.map((d) => {
    const properties = {
      ...(d.pointer !== "" ? { pointer: d.pointer } : {}),
      ...(d.textChanges && d.textChanges.length > 0 ? { textChanges: d.textChanges } : {}),
    };
    return {
      ruleId: d.ruleId,
      ruleIndex: index.get(d.ruleId)!,
      level: LEVEL[d.severity],
      message: { text: d.hint ? `${d.message} ${d.hint}` : d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifact(d.file),
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: Math.max(d.endColumn, d.endLine === d.line ? d.column + 1 : 1) },
          },
        },
      ],
      ...(d.related && d.related.length > 0
        ? {
            relatedLocations: d.related.map((r, i) => ({
              id: i + 1,
              physicalLocation: { artifactLocation: artifact(r.file), region: { startLine: r.line, startColumn: r.column } },
              message: { text: r.message },
            })),
          }
        : {}),
      ...(Object.keys(properties).length > 0 ? { properties } : {}),
    };
  });
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "mcp-gen", version: options.toolVersion, informationUri: options.informationUri, rules } },
        ...(options.command ? { automationDetails: { id: `mcp-gen/${options.command}/` } } : {}),
        ...(options.paths ? { originalUriBaseIds: { [SRCROOT]: { uri: paths.srcRoot.uri } } } : {}),
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** Each path segment percent-encoded: "#", "?" and "%" in a file name stay part of the path; ".." stays a segment. */
function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}
