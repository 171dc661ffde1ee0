// Hover: what the editor shows under the mouse in a descriptor (or the config). Each finding at the
// place, explained (its rule, why its default is what it is, a link to its page); on a tool's name,
// its standing against the lock (pinned, changed since the lock and in which parts, or new); on a
// member, what the descriptor's JSON Schema says it means (keywords and x-mcp-header included), and
// on a keyword of a schema file a descriptor's `$ref` names, what it means in that file's dialect;
// in the config file, on a rule id under `rules`, that rule.
import type { Diagnostic } from "../model/diagnostic.js";
import { splitPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import type { LockFile } from "../model/lock.js";
import { computeLineStarts, positionAt } from "../load/line-index.js";
import { describeLockStatus } from "./lock-status.js";
import { nodeAt } from "./node-at.js";
import { ruleExplanation } from "./rule-docs.js";
import { schemaDialectAt, schemaFileDialect } from "./schema-dialect.js";
import { isJsonPath } from "../load/load-document.js";
import { segmentsOf } from "./segments.js";
import type { SchemaGuide } from "./schema-guide.js";

export interface HoverInput {
  /** The document's text, and its parse when it parses. */
  readonly text: string;
  readonly doc: SourceDoc | undefined;
  readonly offset: number;
  /** Whether the document is a descriptor of the project, a schema file a descriptor's `$ref` names, or its config file. */
  readonly role: "descriptor" | "schema-file" | "config" | "other";
  /** The last analysis's diagnostics in this document. */
  readonly diagnostics: readonly Diagnostic[];
  /** The document's tool, as the last analysis resolved it. */
  readonly tool: ResolvedTool | undefined;
  /** The project's lock, for the tool's standing. */
  readonly lock: () => LockFile | undefined | { readonly problem: string };
  readonly lockPath: string;
  readonly guide: SchemaGuide;
}

/**
 * Markdown for the place at `offset`, or undefined when there is nothing to say.
 * @example hoverText({ doc, offset, role: "descriptor", diagnostics, tool, lock, lockPath, guide })
 */
export function hoverText(input: HoverInput): string | undefined {
  const sections: string[] = [];
  const at = positionAt(input.doc?.lineStarts ?? computeLineStarts(input.text), input.offset);
  const ids = new Set(input.diagnostics.filter((diagnostic) => holds(diagnostic, at.line, at.column)).map((diagnostic) => diagnostic.ruleId));
  for (const id of ids) {
    const explanation = ruleExplanation(id);
    if (explanation) sections.push(explanation);
  }
  const node = input.doc ? nodeAt(input.doc, input.offset) : undefined;
  if (input.doc && node && input.role === "descriptor") {
    if (node.pointer === "/name" && input.tool) sections.push(describeLockStatus(input.tool, input.lock(), input.lockPath));
    if (node.onKey) {
      const path = segmentsOf(input.doc.value, node.pointer);
      // The keywords of the dialect the schema declares ($schema), as completion offers them.
      const member = input.guide.member(String(path.at(-1)), path, schemaDialectAt(path, input.doc.value, input.text, isJsonPath(input.doc.file)));
      if (member.description) sections.push(`**${member.name}**${member.deprecated ? " (deprecated)" : ""}: ${member.description}`);
    }
  }
  if (input.doc && node?.onKey && input.role === "schema-file") {
    // Its root is a schema, as a descriptor's inputSchema is; its dialect is its own $schema.
    const path = ["inputSchema", ...segmentsOf(input.doc.value, node.pointer)];
    const member = input.guide.member(String(path.at(-1)), path, schemaFileDialect(input.doc.value, input.text, isJsonPath(input.doc.file)));
    if (member.description) sections.push(`**${member.name}**${member.deprecated ? " (deprecated)" : ""}: ${member.description}`);
  }
  if (input.doc && node?.onKey && input.role === "config") {
    const tokens = splitPointer(node.pointer);
    if (tokens.length === 2 && tokens[0] === "rules" && !ids.has(tokens[1]!)) {
      const explanation = ruleExplanation(tokens[1]!);
      if (explanation) sections.push(explanation);
    }
  }
  return sections.length === 0 ? undefined : sections.join("\n\n---\n\n");
}

/** Whether a diagnostic's range holds the 1-based `line` and `column` (a zero-width one: its line, from its start). */
function holds(diagnostic: Diagnostic, line: number, column: number): boolean {
  if (line < diagnostic.line || line > diagnostic.endLine) return false;
  if (line === diagnostic.line && column < diagnostic.column) return false;
  const zeroWidth = diagnostic.line === diagnostic.endLine && diagnostic.column === diagnostic.endColumn;
  if (zeroWidth) return line === diagnostic.line;
  return !(line === diagnostic.endLine && column > diagnostic.endColumn);
}
