// Diagnostic[] → GitHub Actions workflow commands, one per diagnostic
// (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`), which the Actions runner
// turns into annotations on the pull request's lines. Files are named from the repository root, as
// GitHub names them whatever folder the step runs in. A finding's related locations are listed in its
// message, never annotated on their own. Only formats. Escaping follows the runner's rules
// (actions/toolkit, command.ts): %, CR and LF in the message; also : and , in properties.
import type { Diagnostic } from "../model/diagnostic.js";

const COMMAND = { error: "error", warning: "warning", info: "notice" } as const;

/** Related locations listed in one annotation's message, at most. */
const MAX_RELATED = 10;

/** @example formatGithub([diagnostic], paths.fromRepo) // "::error file=tools/a.yaml,line=3,col=1,...::Tool ...\n" */
export function formatGithub(diagnostics: readonly Diagnostic[], fromRepo: (file: string) => string = (file) => file): string {
  return diagnostics
    .map((d) => {
      const properties = [
        `file=${escapeProperty(fromRepo(d.file))}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `endLine=${Math.max(d.endLine, d.line)}`,
        `endColumn=${d.endLine === d.line ? Math.max(d.endColumn, d.column) : d.endColumn}`,
        `title=${escapeProperty(`mcp-gen ${d.ruleId}`)}`,
      ];
      const related = d.related ?? [];
      const relatedLines = related.slice(0, MAX_RELATED).map((r) => `- ${fromRepo(r.file)}:${r.line} ${r.message}`);
      if (related.length > MAX_RELATED) relatedLines.push(`- and ${related.length - MAX_RELATED} more`);
      const message = [d.message, ...(d.hint ? [d.hint] : []), ...(relatedLines.length > 0 ? ["Related:", ...relatedLines] : [])].join("\n");
      return `::${COMMAND[d.severity]} ${properties.join(",")}::${escapeData(message)}\n`;
    })
    .join("");
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
