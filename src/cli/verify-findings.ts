// verify's comparison of a live server with the lock → findings, one per tool added, removed or
// changed, at the tool's entry in the lock (the one file verify reads), with the parts that changed
// named, the class of its worst change, and the text changes (descriptions, titles) a reader should
// see side by side. Every difference is an error: verify pins a server someone else runs.
import { CHANGE_CLASSES, type ToolDiff } from "../diff/change.js";
import { visibleText } from "../diff/visible-text.js";
import type { LoadLimits } from "../load/limits.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtPointer } from "../load/locate.js";
import { sortDiagnostics, type Diagnostic, type TextChange } from "../model/diagnostic.js";
import type { ToolPart } from "../model/lock.js";
import { joinPointer } from "../model/pointer.js";
import type { SourceDoc } from "../model/source.js";

export interface VerifyComparison {
  readonly lockPath: string;
  readonly lockText: string;
  readonly limits: LoadLimits;
  readonly diff: ToolDiff;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly { readonly name: string; readonly parts: readonly ToolPart[] }[];
}

const LABEL = { breaking: "breaking", "needs-review": "needs review", compatible: "compatible" } as const;

/** @example verifyFindings({ lockPath, lockText, limits, diff, added, removed, changed }) */
export function verifyFindings(c: VerifyComparison): Diagnostic[] {
  if (c.added.length + c.removed.length + c.changed.length === 0) return [];
  const doc = loadDocument({ path: c.lockPath, text: c.lockText }, { ...c.limits, maxDepth: c.limits.maxDepth + 4, maxNodes: Number.MAX_SAFE_INTEGER }).value;
  const at = (pointer: string, ruleId: string, message: string, hint: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({ ...place(doc, c.lockPath, pointer, { ruleId, severity: "error", message: visibleText(message), hint }), ...extra });
  const findings: Diagnostic[] = [];
  const pin = `Find out why the server changed; if the change is wanted, pin it again with \`mcp-gen import --force\` (or \`mcp-gen build\`) and commit ${c.lockPath}.`;
  for (const name of c.added) findings.push(at("/tools", "verify-tool-added", `The server lists a tool ${JSON.stringify(name)} that ${c.lockPath} does not pin${classOf(c.diff, name)}.`, pin));
  for (const name of c.removed) findings.push(at(joinPointer("/tools", name), "verify-tool-removed", `The server no longer lists the tool ${JSON.stringify(name)} that ${c.lockPath} pins${classOf(c.diff, name)}.`, pin));
  for (const { name, parts } of c.changed) {
    const texts: TextChange[] = c.diff.changes.filter((change) => change.tool === name && change.text).map((change) => ({ label: change.part ?? "", before: change.text!.before, after: change.text!.after }));
    const pointer = `${joinPointer("/tools", name)}/descriptor${parts[0] && parts[0] !== "other" ? `/${parts[0]}` : ""}`;
    findings.push(at(pointer, "verify-tool-changed", `The server's tool ${JSON.stringify(name)} changed its ${parts.join(", ")} since ${c.lockPath} pinned it${classOf(c.diff, name)}.`, pin, texts.length > 0 ? { textChanges: texts } : {}));
  }
  return sortDiagnostics(findings);
}

/** " (breaking)": the worst class of the tool's classified changes. */
function classOf(diff: ToolDiff, name: string): string {
  const worst = CHANGE_CLASSES.find((cls) => diff.changes.some((change) => change.tool === name && change.class === cls));
  return worst ? ` (${LABEL[worst]})` : "";
}

function place(doc: SourceDoc | undefined, file: string, pointer: string, content: Pick<Diagnostic, "ruleId" | "severity" | "message" | "hint">): Diagnostic {
  if (!doc) return { ...content, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer };
  return diagnosticAtPointer(doc, pointer, content, "key");
}
