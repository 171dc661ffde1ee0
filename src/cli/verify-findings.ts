// verify's comparison of a live server with the lock (compareLive) → findings for every CI format:
// one per tool added, removed or changed, at the tool's entry in the lock (the one file verify
// reads), with the parts that changed named, the class of its worst change, and the text changes
// (descriptions, titles) a reader should see side by side; then, for a new or changed tool, what
// the description rules say about the server's text, at the same entry. Every difference is an
// error: verify pins a server someone else runs. The rules' findings keep their own severity.
import { CHANGE_CLASSES, type ToolDiffChange } from "../diff/change.js";
import { visibleLine } from "../diff/visible-text.js";
import type { LiveComparison, VerifyFinding } from "../live/compare-live.js";
import type { LoadLimits } from "../load/limits.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtPointer } from "../load/locate.js";
import { sortDiagnostics, type Diagnostic, type TextChange } from "../model/diagnostic.js";
import { joinPointer } from "../model/pointer.js";
import { partList } from "../model/lock.js";
import type { SourceDoc } from "../model/source.js";

export interface VerifyFindingsInput {
  readonly lockPath: string;
  readonly lockText: string;
  readonly limits: LoadLimits;
  readonly comparison: LiveComparison;
}

const LABEL = { breaking: "breaking", "needs-review": "needs review", compatible: "compatible" } as const;

/** @example verifyFindings({ lockPath, lockText, limits, comparison }) */
export function verifyFindings({ lockPath, lockText, limits, comparison }: VerifyFindingsInput): Diagnostic[] {
  if (comparison.findings.length === 0) return [];
  const doc = loadDocument({ path: lockPath, text: lockText }, { ...limits, maxDepth: limits.maxDepth + 4, maxNodes: Number.MAX_SAFE_INTEGER }).value;
  const at = (pointer: string, content: Pick<Diagnostic, "ruleId" | "severity" | "message" | "hint">, extra: Partial<Diagnostic> = {}): Diagnostic => ({
    ...place(doc, lockPath, pointer, { ...content, message: visibleLine(content.message) }),
    ...extra,
  });
  const pin = `Find out why the server changed; if the change is wanted, pin it again with \`mcp-gen import --update\` (or \`mcp-gen build\`) and commit ${lockPath}.`;
  const findings: Diagnostic[] = [];
  for (const finding of comparison.findings) {
    const name = JSON.stringify(finding.tool);
    const entry = finding.status === "added" ? "/tools" : joinPointer("/tools", finding.tool);
    const cls = classOf(finding.changes);
    if (finding.status === "added") {
      findings.push(at(entry, { ruleId: "verify-tool-added", severity: "error", message: `The server lists a tool ${name} that ${lockPath} does not pin${cls}.`, hint: pin }, textChanges(finding)));
    } else if (finding.status === "removed") {
      findings.push(at(entry, { ruleId: "verify-tool-removed", severity: "error", message: `The server no longer lists the tool ${name} that ${lockPath} pins${cls}.`, hint: pin }));
    } else {
      const first = finding.parts[0];
      const pointer = `${entry}/descriptor${first && first !== "other" ? `/${first}` : ""}`;
      findings.push(
        at(
          pointer,
          { ruleId: "verify-tool-changed", severity: "error", message: `The server's tool ${name} changed its ${partList(finding.parts)} since ${lockPath} pinned it${cls}.`, hint: pin },
          textChanges(finding),
        ),
      );
    }
    const which = finding.status === "added" ? "new tool" : "changed tool";
    for (const warning of finding.warnings) {
      findings.push(
        at(entry, {
          ruleId: warning.ruleId,
          severity: warning.severity,
          message: `In the server's ${which} ${name} (${warning.pointer || "/"}): ${warning.message}`,
          ...(warning.hint ? { hint: warning.hint } : {}),
        }),
      );
    }
  }
  return sortDiagnostics(findings);
}

/** The text changes (descriptions, titles) of a finding, for the side-by-side diff. */
function textChanges(finding: VerifyFinding): Partial<Diagnostic> {
  const texts: TextChange[] = finding.changes.filter((change) => change.text).map((change) => ({ label: change.part ?? "", before: change.text!.before, after: change.text!.after }));
  return texts.length > 0 ? { textChanges: texts } : {};
}

/** " (breaking)": the worst class of a tool's classified changes. */
function classOf(changes: readonly ToolDiffChange[]): string {
  const worst = CHANGE_CLASSES.find((cls) => changes.some((change) => change.class === cls));
  return worst ? ` (${LABEL[worst]})` : "";
}

function place(doc: SourceDoc | undefined, file: string, pointer: string, content: Pick<Diagnostic, "ruleId" | "severity" | "message" | "hint">): Diagnostic {
  if (!doc) return { ...content, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer };
  return diagnosticAtPointer(doc, pointer, content, "key");
}
