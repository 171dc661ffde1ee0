// Completion in a descriptor, from its JSON Schema (schema-guide.ts): the members the object at the
// cursor may have (the MCP Tool's fields, annotations' hints, x-mcp-gen, JSON Schema keywords and
// x-mcp-header inside an inputSchema), each with what it means, and the values a member may take
// (enum, const, true and false). Works on text that does not parse: that is when it is needed. In a
// schema file, the keywords of each dialect the tool schemas that bundle it read it in (schema-file-readers.ts).
import { CompletionItemKind, CompletionItemTag, InsertTextFormat, type CompletionItem } from "vscode-languageserver";
import { isJsonObject, type JsonValue } from "../model/json.js";
import { computeLineStarts, positionAt } from "../load/line-index.js";
import { cursorPath } from "./cursor-path.js";
import { schemaDialectAt } from "./schema-dialect.js";
import { fileReadings, readerList, type FileReadings, type SchemaFileReader } from "./schema-file-readers.js";
import type { PathSegment, SchemaGuide, SchemaMember } from "./schema-guide.js";

/** A YAML plain scalar that reads back as the same string. */
const PLAIN = /^[A-Za-z_][\w.\-/]*$/;
const YAML_WORDS = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

/** What a document of the project is to completion and hover: a descriptor, or a schema file a descriptor's `$ref` names. */
export type DocumentKind = "descriptor" | "schema-file";

/** A member to offer: what it means, and for a keyword only some of a schema file's readers have, which. */
interface Offered {
  readonly member: SchemaMember;
  readonly documentation: string | undefined;
  readonly detail?: string;
}

/**
 * @param value the document's value when it parses (to leave out members already written)
 * @param readers for a schema file, the tool schemas that bundle it (schema-file-readers.ts): their dialects' keywords are offered
 * @example completions(guide, "annotations:\n  re", 17, false, undefined)
 */
export function completions(
  guide: SchemaGuide,
  text: string,
  offset: number,
  json: boolean,
  value: JsonValue | undefined,
  kind: DocumentKind = "descriptor",
  readers: readonly SchemaFileReader[] = [],
): CompletionItem[] {
  const cursor = cursorPath(text, offset, json);
  if (!cursor) return [];
  // A shared schema file is read as a descriptor's inputSchema is: its root is a schema.
  const schemaFile = kind === "schema-file";
  const at = schemaFile ? ["inputSchema", ...cursor.path] : cursor.path;
  const lineStarts = computeLineStarts(text);
  const range = { start: lspPosition(lineStarts, cursor.start), end: lspPosition(lineStarts, cursor.end) };
  if (cursor.kind === "value") {
    const key = cursor.path.at(-1);
    if (typeof key !== "string") return [];
    return guide.member(key, at).values.map((candidate, i) => {
      const written = writeScalar(candidate, json);
      return { label: written, kind: CompletionItemKind.Value, sortText: String(i).padStart(3, "0"), textEdit: { range, newText: written } };
    });
  }
  const present = new Set([...Object.keys(objectAt(value, cursor.path) ?? {}), ...cursor.siblings]);
  const offered: Offered[] = schemaFile
    ? membersRead(guide, at, fileReadings(readers, value, text, json))
    : guide.membersAt(at, schemaDialectAt(cursor.path, value, text, json)).map((member) => ({ member, documentation: member.description }));
  return offered
    .filter(({ member }) => !present.has(member.name))
    .map(({ member, documentation, detail }) => {
      const newText = json ? (cursor.quoted ? JSON.stringify(member.name) : `${JSON.stringify(member.name)}: `) : `${yamlKey(member.name)}: `;
      return {
        label: member.name,
        kind: CompletionItemKind.Property,
        ...(detail ? { detail } : {}),
        ...(documentation ? { documentation: { kind: "markdown" as const, value: documentation } } : {}),
        ...(member.deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
        // x- and $ keywords after the plain ones; then those only some readers of a schema file have; deprecated ones last.
        sortText: `${member.deprecated ? 3 : detail ? 2 : /^[$x_]/.test(member.name) ? 1 : 0}${member.name}`,
        filterText: json && cursor.quoted ? JSON.stringify(member.name) : member.name,
        insertTextFormat: InsertTextFormat.PlainText,
        textEdit: { range, newText },
      };
    });
}

/**
 * The members of a schema file at `at` in each dialect its readers read it in: all of them, the
 * union; one that only some dialects have says where it is ignored, and one whose meaning differs
 * says it per dialect.
 */
function membersRead(guide: SchemaGuide, at: readonly PathSegment[], { readings }: FileReadings): Offered[] {
  const byName = new Map<string, { dialect: FileReadings["readings"][number]; member: SchemaMember }[]>();
  for (const reading of readings) {
    for (const member of guide.membersAt(at, reading.dialect)) byName.set(member.name, [...(byName.get(member.name) ?? []), { dialect: reading, member }]);
  }
  return [...byName.values()].map((found) => {
    const described = found.filter(({ member }) => member.description);
    const texts = new Set(described.map(({ member }) => member.description));
    const documentation = texts.size <= 1 ? described[0]?.member.description : described.map(({ dialect, member }) => `- ${dialect.dialect}: ${member.description}`).join("\n");
    const member = { ...found[0]!.member, deprecated: found.every(({ member }) => member.deprecated) };
    const missing = readings.filter((reading) => !found.some(({ dialect }) => dialect === reading));
    if (missing.length === 0) return { member, documentation };
    const ignoredBy = `${missing.map((reading) => reading.dialect).join(" or ")} (${readerList(missing.flatMap((reading) => reading.readers))})`;
    return { member, documentation, detail: `${found.map(({ dialect }) => dialect.dialect).join(" and ")} only: ignored where read as ${ignoredBy}` };
  });
}

function objectAt(value: JsonValue | undefined, path: readonly PathSegment[]): Record<string, JsonValue> | undefined {
  let current: JsonValue | undefined = value;
  for (const segment of path) {
    if (typeof segment === "number") current = Array.isArray(current) ? (current as JsonValue[])[segment] : undefined;
    else current = isJsonObject(current) && Object.hasOwn(current, segment) ? (current as Record<string, JsonValue>)[segment] : undefined;
  }
  return isJsonObject(current) ? (current as Record<string, JsonValue>) : undefined;
}

function writeScalar(value: JsonValue, json: boolean): string {
  if (!json && typeof value === "string" && PLAIN.test(value) && !YAML_WORDS.test(value)) return value;
  return JSON.stringify(value);
}

function yamlKey(name: string): string {
  return /^\$?[A-Za-z_][\w.\-/]*$/.test(name) && !YAML_WORDS.test(name) ? name : JSON.stringify(name);
}

function lspPosition(lineStarts: readonly number[], offset: number): { line: number; character: number } {
  const at = positionAt(lineStarts, offset);
  return { line: at.line - 1, character: at.column - 1 };
}
