// Diagnostic[] → GitHub Actions workflow commands, one per diagnostic
// (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`), which the Actions runner
// turns into annotations on the pull request's lines. Only formats. Escaping follows the runner's
// rules (actions/toolkit, command.ts): %, CR and LF in the message; also : and , in properties.
import type { Diagnostic } from "../model/diagnostic.js";

const COMMAND = { error: "error", warning: "warning", info: "notice" } as const;

/** @example formatGithub([diagnostic]) // "::error file=tools/a.yaml,line=3,col=1,...::Tool ...\n" */
export function formatGithub(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => {
    const properties = [
      `file=${escapeProperty(d.file)}`,
      `line=${d.line}`,
      `col=${d.column}`,
      `endLine=${Math.max(d.endLine, d.line)}`,
      `endColumn=${d.endLine === d.line ? Math.max(d.endColumn, d.column) : d.endColumn}`,
      `title=${escapeProperty(`mcp-gen ${d.ruleId}`)}`,
    ];
    const message = d.hint ? `${d.message}\n${d.hint}` : d.message;
    return `::${COMMAND[d.severity]} ${properties.join(",")}::${escapeData(message)}\n`;
  }).join("");
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
