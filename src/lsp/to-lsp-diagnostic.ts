// mcp-gen's Diagnostic → the Language Server Protocol's: the same rule id (as the code, linked to its
// page), severity, message and hint, at the same place. LSP counts lines and characters from 0 in
// UTF-16 code units; mcp-gen from 1, in the same units.
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type DiagnosticRelatedInformation } from "vscode-languageserver";
import type { Diagnostic } from "../model/diagnostic.js";
import { ruleDocsUrl } from "./rule-docs.js";

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** What the server hands back to itself in a diagnostic (LSP `data`), for its quick fixes. */
export interface DiagnosticData {
  /** The JSON Pointer the finding is about, in the tool as sent over the wire. */
  readonly pointer: string;
  readonly hint?: string;
}

/**
 * @param uriOf the document URI of a project path
 * @example toLspDiagnostic(diagnostic, (path) => pathToFileURL(join(root, path)).href)
 */
export function toLspDiagnostic(diagnostic: Diagnostic, uriOf: (path: string) => string): LspDiagnostic {
  const url = ruleDocsUrl(diagnostic.ruleId);
  const related: DiagnosticRelatedInformation[] = (diagnostic.related ?? []).map((place) => ({
    location: { uri: uriOf(place.file), range: { start: { line: place.line - 1, character: place.column - 1 }, end: { line: place.line - 1, character: place.column - 1 } } },
    message: place.message,
  }));
  const data: DiagnosticData = { pointer: diagnostic.pointer, ...(diagnostic.hint !== undefined ? { hint: diagnostic.hint } : {}) };
  return {
    range: {
      start: { line: diagnostic.line - 1, character: diagnostic.column - 1 },
      end: { line: diagnostic.endLine - 1, character: diagnostic.endColumn - 1 },
    },
    severity: SEVERITY[diagnostic.severity],
    code: diagnostic.ruleId,
    ...(url ? { codeDescription: { href: url } } : {}),
    source: "mcp-gen",
    message: diagnostic.hint ? `${diagnostic.message}\n${diagnostic.hint}` : diagnostic.message,
    ...(related.length > 0 ? { relatedInformation: related } : {}),
    data,
  };
}
