// Builds a Diagnostic for a text range of one file; the only place offsets become lines and columns.
import type { Diagnostic, Severity } from "../model/diagnostic.js";
import type { TextRange } from "../model/source.js";
import { positionAt } from "./line-index.js";
import { cutText } from "../diff/cut-text.js";

export interface DiagnosticContent {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly message: string;
  readonly hint?: string;
  readonly pointer?: string;
}

export function diagnosticAt(file: string, lineStarts: readonly number[], range: TextRange, content: DiagnosticContent): Diagnostic {
  return diagnosticBetween(file, positionAt(lineStarts, range.start), positionAt(lineStarts, Math.max(range.start, range.end)), content);
}

/** A finding about a whole file (one that is in the way, edited, too large), at its first character. */
export function diagnosticAtFileStart(file: string, content: DiagnosticContent): Diagnostic {
  return diagnosticAtLineStart(file, 1, content);
}

/** A finding about a whole file that is placed at a line of it (where it starts to differ, say), at the line's first character. */
export function diagnosticAtLineStart(file: string, line: number, content: DiagnosticContent): Diagnostic {
  const at = { line, column: 1 };
  return diagnosticBetween(file, at, at, content);
}

function diagnosticBetween(file: string, start: { readonly line: number; readonly column: number }, end: { readonly line: number; readonly column: number }, content: DiagnosticContent): Diagnostic {
  return {
    ruleId: content.ruleId,
    severity: content.severity,
    message: content.message,
    ...(content.hint !== undefined ? { hint: content.hint } : {}),
    file,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    pointer: content.pointer ?? "",
  };
}

/** Quotes a value for a message, shortened so one diagnostic stays one line. */
export function quote(value: string, max = 60): string {
  const shown = cutText(value, max);
  return JSON.stringify(shown);
}
