// The tools that read a file they `$ref` (a shared schema), as a finding placed in that file names
// them: each reads it under its own schema's dialect, so what is wrong there may be wrong for one tool
// only. One finding that several tools make alike is said once, naming them all.

/** A tool that reads the file a finding is in through a `$ref`, and how it reads it. */
export interface FileReader {
  /** The tool's name (its file's path when it has none). */
  readonly tool: string;
  /** "inputSchema" or "outputSchema". */
  readonly schema: string;
  /** The dialect the tool's schema is read under; undefined when it is none mcp-gen supports. */
  readonly dialect?: string;
}

/** What of a Diagnostic (diagnostic.ts, which imports this module) the merge reads. */
interface ReadFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly hint?: string;
  readonly readers?: readonly FileReader[];
}

/** Most tools named in one phrase; the rest are counted. */
const MAX_NAMED = 5;

/**
 * @example readersPhrase([{ tool: "u20", schema: "inputSchema", dialect: "2020-12" }]) // 'Tool "u20" reads this file as JSON Schema 2020-12 in its inputSchema'
 * @example readersPhrase([a20, b20, c07]) // 'Tools "a" (JSON Schema 2020-12), "b" (JSON Schema 2020-12) and "c" (JSON Schema draft-07) read this file in their inputSchema'
 */
export function readersPhrase(readers: readonly FileReader[]): string {
  const [first] = readers;
  if (first === undefined) return "";
  const sameSchema = readers.every((r) => r.schema === first.schema);
  const alike = sameSchema && readers.every((r) => r.dialect === first.dialect);
  const dialect = (r: FileReader) => (r.dialect === undefined ? "a $schema mcp-gen does not know" : `JSON Schema ${r.dialect}`);
  const reading = (r: FileReader) => (alike ? "" : sameSchema ? ` (${dialect(r)})` : r.dialect === undefined ? ` (${r.schema})` : ` (${r.schema}, ${dialect(r)})`);
  const names = readers.map((r) => `${JSON.stringify(r.tool)}${reading(r)}`);
  const shown = names.length > MAX_NAMED ? [...names.slice(0, MAX_NAMED - 1), `${names.length - MAX_NAMED + 1} more`] : names;
  const list = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
  const as = alike && first.dialect !== undefined ? ` as JSON Schema ${first.dialect}` : "";
  if (readers.length === 1) return `Tool ${list} reads this file${as} in its ${first.schema}`;
  return `Tools ${list} read this file${as}${sameSchema ? ` in their ${first.schema}` : ""}`;
}

/**
 * Findings at the same place of a file with the same words after their readers' phrase, made one
 * that names every reader (in name order). Every other finding is returned as it is, in order. What
 * else the one finding holds (its wire pointer) is that of the finding of the reader first in that
 * order, whatever order the findings came in (a build that took some tools from its cache included).
 */
export function mergeFileReaders<T extends ReadFinding>(diagnostics: readonly T[]): T[] {
  const groups = new Map<string, { body: string; members: T[] }>();
  const out: (T | string)[] = [];
  for (const d of diagnostics) {
    const phrase = d.readers === undefined ? "" : readersPhrase(d.readers);
    if (phrase === "" || !d.message.startsWith(`${phrase}: `)) {
      out.push(d);
      continue;
    }
    const body = d.message.slice(phrase.length + 2);
    const key = JSON.stringify([d.file, d.line, d.column, d.endLine, d.endColumn, d.ruleId, d.severity, d.hint ?? null, body]);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { body, members: [d] });
      out.push(key);
    } else {
      group.members.push(d);
    }
  }
  return out.map((entry) => {
    if (typeof entry !== "string") return entry;
    const { body, members } = groups.get(entry)!;
    const readers = uniqueReaders(members.flatMap((d) => d.readers!));
    const first = members.find((d) => readerKey(d.readers![0]!) === readerKey(readers[0]!)) ?? members[0]!;
    return members.length === 1 ? first : { ...first, message: `${readersPhrase(readers)}: ${body}`, readers };
  });
}

function readerKey(r: FileReader): string {
  return JSON.stringify([r.tool, r.schema, r.dialect ?? null]);
}

/** Each reader once, in the order of their names (then schema and dialect), the same in every locale. */
function uniqueReaders(readers: readonly FileReader[]): FileReader[] {
  const byKey = new Map<string, FileReader>();
  for (const r of readers) byKey.set(readerKey(r), r);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}
