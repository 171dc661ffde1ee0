// The one diagnostic (finding) shape every stage produces and every printer in report/ formats.
// A finding has one cause and one position; the other places it concerns (the generated files a
// changed tool makes stale) are its related locations, and a change of text a reader should see
// side by side travels with it as a text change.
import { type FileReader, mergeFileReaders } from "./file-readers.js";

export type { FileReader } from "./file-readers.js";

export type Severity = "error" | "warning" | "info";

/** Another place a finding concerns, for example a generated file its cause makes stale. */
export interface RelatedLocation {
  /** Project-relative, forward slashes. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  /** What this place has to do with the finding, as a short phrase: "out of date", "left over". */
  readonly message: string;
}

/** Text before and after a change, for printers that show it as a diff (descriptions, titles). */
export interface TextChange {
  /** What the text is, for example "description" or "inputSchema/properties/city/description". */
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

export interface Diagnostic {
  /** Stable id: a rule id ("tool-name-syntax") or a stage id ("yaml-syntax", "ref-network-refused"). */
  readonly ruleId: string;
  readonly severity: Severity;
  /** One factual sentence that quotes the offending value. */
  readonly message: string;
  /** One imperative sentence with a concrete alternative. */
  readonly hint?: string;
  /** Project-relative, forward slashes. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** JSON Pointer inside the document the diagnostic is about; "" is the root. */
  readonly pointer: string;
  /** Other places this finding concerns; never findings of their own. */
  readonly related?: readonly RelatedLocation[];
  /** Changes of text behind this finding, shown as diffs. */
  readonly textChanges?: readonly TextChange[];
  /**
   * In a file tools `$ref` (a shared schema): the tools the finding comes through, which the message
   * opens by naming (readersPhrase). Alike findings of several tools are one, naming them all.
   */
  readonly readers?: readonly FileReader[];
}

export interface StageResult<T> {
  readonly value: T;
  readonly diagnostics: readonly Diagnostic[];
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Sorts by file, line, column, id and message, and drops exact duplicates (STYLE §3), after making
 * the alike findings several tools make in a file they share one (mergeFileReaders).
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const sorted = mergeFileReaders(diagnostics).sort(
    (a, b) =>
      compareText(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      compareText(a.ruleId, b.ruleId) ||
      compareText(a.message, b.message) ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  return sorted.filter((d, i) => i === 0 || !sameDiagnostic(d, sorted[i - 1]!));
}

function sameDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  return a.file === b.file && a.line === b.line && a.column === b.column && a.ruleId === b.ruleId && a.message === b.message && a.severity === b.severity;
}

/** Code-unit order, the same in every locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
