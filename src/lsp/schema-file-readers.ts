// Which tool schemas read a shared schema file (one a descriptor's `$ref` reaches), and in which
// JSON Schema dialect, as `mcp-gen validate` reads it, for hover and completion in that file. In: an
// analysis's resolved tools, whose mounts say where each bundled file went. Out: each reader, with
// the dialect its schema is validated in (validate/walk.ts toolSchemas). That is the dialect
// resolve/bundle-schema.ts gives the bundle: the tool schema's own `$schema` (2020-12 without one),
// whatever the file declares, since a bundled copy loses its `$schema` (ref-dialect-mismatch); the
// file's own only where the tool schema is nothing but a `$ref` to the whole file, which becomes its
// root. A file no tool schema bundles is read in its own dialect (schemaFileDialect).
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../model/dialect.js";
import { getOwn, type JsonValue } from "../model/json.js";
import { isPointerWithin } from "../model/pointer.js";
import type { ResolvedTool } from "../model/source.js";
import { toolSchemas, type SchemaKey } from "../validate/walk.js";
import { schemaFileDeclared } from "./schema-dialect.js";

/** A tool schema that bundles a file: its descriptor, which of its schemas, and whether the file is that schema's root. */
export interface SchemaReach {
  readonly descriptor: string;
  readonly key: SchemaKey;
  /** Whether the file is the tool schema's root (the schema is only a `$ref` to it): the file's own `$schema` decides then. */
  readonly isRoot: boolean;
}

/** A tool schema that bundles a file, and the dialect it reads the file in. */
export interface SchemaFileReader {
  /** The tool's name (its descriptor's path when it has none). */
  readonly tool: string;
  readonly key: SchemaKey;
  /** The dialect the tool schema is validated in; 2020-12 for one mcp-gen does not support (validation reports that). */
  readonly dialect: Dialect;
  readonly isRoot: boolean;
}

/** The dialects a file is read in, each with the tool schemas that read it so, in the order of their first reader. */
export interface FileReadings {
  /** One reading without readers, in the file's own dialect, when no tool schema bundles the file. */
  readonly readings: readonly { readonly dialect: Dialect; readonly readers: readonly SchemaFileReader[] }[];
  /** The dialect the file's own `$schema` names; undefined when it has none or names none mcp-gen supports. */
  readonly declared: Dialect | undefined;
  /** The file's dialect alone: its `$schema`'s, else 2020-12. */
  readonly own: Dialect;
  /** Whether the file has a `$schema` at all. */
  readonly hasSchema: boolean;
}

/** Readers named in a note before "and N more". */
const NAMED_READERS = 3;

/**
 * For each file the tools' schemas bundle, the tool schemas that bundle it, from their mounts. A
 * file an earlier analysis (`previous`) found bundled that is still `read` but that no tool bundles
 * now keeps its readers whose tools still resolve: that is a file being edited, which does not parse
 * yet, or whose definition a `$ref` names is not written yet, and when completion is needed most.
 * @example schemaReach(analysis.tools, (path) => files.has(path), undefined).get("schemas/nod.yaml") // [{ descriptor: "tools/a.json", key: "inputSchema", isRoot: false }]
 */
export function schemaReach(tools: ReadonlyMap<string, ResolvedTool>, read: (path: string) => boolean, previous: ReadonlyMap<string, readonly SchemaReach[]> | undefined): Map<string, SchemaReach[]> {
  const reach = new Map<string, SchemaReach[]>();
  for (const tool of tools.values()) {
    for (const schema of toolSchemas(tool)) {
      const found = new Map<string, boolean>();
      for (const mount of tool.mounts) {
        if (!isPointerWithin(mount.wirePointer, schema.pointer)) continue;
        const isRoot = mount.wirePointer === schema.pointer && mount.sourcePointer === "";
        found.set(mount.file, isRoot || found.get(mount.file) === true);
      }
      for (const [file, isRoot] of found) reach.set(file, [...(reach.get(file) ?? []), { descriptor: tool.file, key: schema.key, isRoot }]);
    }
  }
  for (const [file, readers] of previous ?? []) {
    if (reach.has(file) || !read(file)) continue;
    const kept = readers.filter((reader) => tools.has(reader.descriptor));
    if (kept.length > 0) reach.set(file, kept);
  }
  return reach;
}

/**
 * The tool schemas that bundle a file (schemaReach), each in the dialect validate reads its schema
 * in now, sorted by tool and schema.
 * @example schemaFileReaders(analysis.reach.get("schemas/nod.yaml") ?? [], analysis.tools) // [{ tool: "a", key: "inputSchema", dialect: "draft-07", isRoot: false }]
 */
export function schemaFileReaders(reach: readonly SchemaReach[], tools: ReadonlyMap<string, ResolvedTool>): SchemaFileReader[] {
  const readers: SchemaFileReader[] = [];
  for (const { descriptor, key, isRoot } of reach) {
    const tool = tools.get(descriptor);
    const schema = tool && toolSchemas(tool).find((candidate) => candidate.key === key);
    if (!tool || !schema) continue;
    const name = getOwn(tool.wire, "name");
    readers.push({ tool: typeof name === "string" ? name : tool.file, key, dialect: schema.dialect ?? DEFAULT_DIALECT, isRoot });
  }
  return readers.sort((a, b) => compare(a.tool, b.tool) || compare(a.key, b.key));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The dialects the file is read in by `readers`, a reader of the whole file in the `$schema` its
 * text has now (an edit there needs no new analysis to count).
 * @param value the document's value when it parses
 */
export function fileReadings(readers: readonly SchemaFileReader[], value: JsonValue | undefined, text: string, json: boolean): FileReadings {
  const written = schemaFileDeclared(value, text, json);
  const declared = written === undefined ? undefined : dialectOf(written);
  const own = dialectOf(written) ?? DEFAULT_DIALECT;
  const byDialect = new Map<Dialect, SchemaFileReader[]>();
  for (const reader of readers) {
    const dialect = reader.isRoot ? own : reader.dialect;
    byDialect.set(dialect, [...(byDialect.get(dialect) ?? []), reader]);
  }
  const readings = [...byDialect].map(([dialect, readers]) => ({ dialect, readers }));
  return { readings: readings.length > 0 ? readings : [{ dialect: own, readers: [] }], declared, own, hasSchema: written !== undefined };
}

/**
 * A sentence on how the file is read, where its own `$schema` does not say it: read as another
 * dialect by the tool schema that bundles it, or in several. Undefined when nothing is surprising.
 * @example readingNote(fileReadings(readers, value, text, false)) // "This file declares no `$schema`: it is read as draft-07, ..."
 */
export function readingNote({ readings, declared, own, hasSchema }: FileReadings): string | undefined {
  if (readings.length > 1) {
    const each = readings.map((reading) => `as ${reading.dialect} by ${readerList(reading.readers)}`).join(", ");
    const its = declared === undefined ? "" : ` Its own \`$schema\` (${declared}) counts only where a tool's schema is this whole file.`;
    return `This file is read ${each}: each tool reads it in the dialect of its own schema.${its}`;
  }
  const [{ dialect, readers }] = readings as [FileReadings["readings"][number]];
  if (readers.length === 0 || dialect === own) return undefined;
  if (declared !== undefined) {
    return `This file declares ${declared}, but it is read as ${dialect}, the dialect of the tool schema that bundles it (${readerList(readers)}): a bundled copy loses its \`$schema\` (ref-dialect-mismatch).`;
  }
  const opening = hasSchema ? "It" : "This file declares no `$schema`: it";
  return `${opening} is read as ${dialect}, the dialect of the tool schema that reaches it (${readerList(readers)}).`;
}

/** "tool `a`, tool `b`'s outputSchema and 2 more". */
export function readerList(readers: readonly SchemaFileReader[]): string {
  const names = readers.slice(0, NAMED_READERS).map((reader) => `tool \`${reader.tool}\`${reader.key === "outputSchema" ? "'s outputSchema" : ""}`);
  if (readers.length > NAMED_READERS) names.push(`${readers.length - NAMED_READERS} more`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
