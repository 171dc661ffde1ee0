// Hover: what the editor shows under the mouse in a descriptor (or the config). Each finding at the
// place, explained (its rule, why its default is what it is, a link to its page); on a tool's name,
// its standing against the lock (pinned, changed since the lock and in which parts, or new); on a
// member, what the descriptor's JSON Schema says it means (keywords and x-mcp-header included), and
// on a keyword of a schema file a descriptor's `$ref` names, what it means in the dialect each tool
// schema that bundles the file reads it in, as validate does (schema-file-readers.ts); in the config
// file, on a rule id under `rules`, that rule.
import type { Diagnostic } from "../model/diagnostic.js";
import { splitPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import type { LockFile } from "../model/lock.js";
import { computeLineStarts, positionAt } from "../load/line-index.js";
import { describeLockStatus } from "./lock-status.js";
import { nodeAt } from "./node-at.js";
import { ruleExplanation } from "./rule-docs.js";
import { schemaDialectAt } from "./schema-dialect.js";
import { fileReadings, readingNote, type SchemaFileReader } from "./schema-file-readers.js";
import { isJsonPath } from "../load/load-document.js";
import { segmentsOf } from "./segments.js";
import type { PathSegment, SchemaGuide, SchemaMember } from "./schema-guide.js";

export interface HoverInput {
  /** The document's text, and its parse when it parses. */
  readonly text: string;
  readonly doc: SourceDoc | undefined;
  readonly offset: number;
  /** Whether the document is a descriptor of the project, a schema file a descriptor's `$ref` names, or its config file. */
  readonly role: "descriptor" | "schema-file" | "config" | "other";
  /** The last analysis's diagnostics in this document. */
  readonly diagnostics: readonly Diagnostic[];
  /** The tool schemas that bundle the document, when it is a schema file (schema-file-readers.ts). */
  readonly readers: readonly SchemaFileReader[];
  /** The document's tool, as the last analysis resolved it. */
  readonly tool: ResolvedTool | undefined;
  /** The project's lock, for the tool's standing. */
  readonly lock: () => LockFile | undefined | { readonly problem: string };
  readonly lockPath: string;
  readonly guide: SchemaGuide;
}

/**
 * Markdown for the place at `offset`, or undefined when there is nothing to say.
 * @example hoverText({ doc, offset, role: "descriptor", diagnostics, readers: [], tool, lock, lockPath, guide })
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
    // Its root is a schema, as a descriptor's inputSchema is.
    const section = schemaFileMember(input, input.doc, ["inputSchema", ...segmentsOf(input.doc.value, node.pointer)]);
    if (section) sections.push(section);
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

/**
 * A member of a schema file, in the dialect each tool schema that bundles the file reads it in (its
 * own `$schema` when none does): explained once when every dialect says the same of it, else once
 * per dialect; with a note on how the file is read where its own `$schema` does not say it.
 */
function schemaFileMember(input: HoverInput, doc: SourceDoc, path: readonly PathSegment[]): string | undefined {
  const readings = fileReadings(input.readers, doc.value, input.text, isJsonPath(doc.file));
  const name = String(path.at(-1));
  const members = readings.readings.map(({ dialect }) => ({ dialect, member: input.guide.member(name, path, dialect) })).filter(({ member }) => member.description);
  if (members.length === 0) return undefined;
  const said = (member: SchemaMember) => `${member.deprecated ? " (deprecated)" : ""}: ${member.description}`;
  const first = members[0]!.member;
  const explained = members.every(({ member }) => said(member) === said(first))
    ? `**${first.name}**${said(first)}`
    : `**${first.name}**\n\n${members.map(({ dialect, member }) => `- ${dialect}${said(member)}`).join("\n")}`;
  const note = readingNote(readings);
  return note === undefined ? explained : `${explained}\n\n${note}`;
}

/** Whether a diagnostic's range holds the 1-based `line` and `column` (a zero-width one: its line, from its start). */
function holds(diagnostic: Diagnostic, line: number, column: number): boolean {
  if (line < diagnostic.line || line > diagnostic.endLine) return false;
  if (line === diagnostic.line && column < diagnostic.column) return false;
  const zeroWidth = diagnostic.line === diagnostic.endLine && diagnostic.column === diagnostic.endColumn;
  if (zeroWidth) return line === diagnostic.line;
  return !(line === diagnostic.endLine && column > diagnostic.endColumn);
}
