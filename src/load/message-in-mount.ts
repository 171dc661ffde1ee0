// A report about one tool, placed in a file the tool only `$ref`s → its message in that file's terms.
// Several tools may share the file, each reading it under its own schema's dialect, so the message
// says which tool and dialect it comes from; and a path it quotes from the wire ("inputSchema.$defs.P.items",
// where the bundler put the copy) is written as the file has it ("definitions.P.items").
import { dialectOf } from "../model/dialect.js";
import type { FileReader } from "../model/diagnostic.js";
import { readersPhrase } from "../model/file-readers.js";
import { getOwn } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceMount } from "../model/source.js";
import { describePointer } from "../validate/describe-pointer.js";

/**
 * The message of a report placed through `mount`, and the reader it opens by naming when the mount is
 * another file than the tool's.
 * @example messageInMount(tool, { wirePointer: "/inputSchema/$defs/P", file: "schemas/plain.yaml", sourcePointer: "/definitions/P" }, "/inputSchema/$defs/P/items", "inputSchema.$defs.P.items is 1.")
 *   // { message: 'Tool "u20" reads this file as JSON Schema 2020-12 in its inputSchema: definitions.P.items is 1.', reader: { tool: "u20", … } }
 */
export function messageInMount(tool: ResolvedTool, mount: SourceMount, wirePointer: string, message: string): { readonly message: string; readonly reader?: FileReader } {
  if (message === "") return { message };
  // The root mount maps "" to "": the tool's own file has the wire's paths.
  const inFileTerms = mount.wirePointer === mount.sourcePointer ? message : withFilePaths(mount, message);
  const reader = mount.file === tool.file ? undefined : readerOf(tool, wirePointer);
  if (reader === undefined) return { message: inFileTerms };
  return { message: `${readersPhrase([reader])}: ${lowerFirstWord(inFileTerms)}`, reader };
}

/** The tool, and the dialect of the schema the report is in; undefined outside inputSchema and outputSchema. */
function readerOf(tool: ResolvedTool, wirePointer: string): FileReader | undefined {
  const name = getOwn(tool.wire, "name");
  const key = splitPointer(wirePointer)[0];
  if (key !== "inputSchema" && key !== "outputSchema") return undefined;
  const dialect = dialectOf(getOwn(getOwn(tool.wire, key), "$schema"));
  return { tool: typeof name === "string" ? name : tool.file, schema: key, ...(dialect !== undefined ? { dialect } : {}) };
}

/**
 * Each dotted wire path in the mount, as a rule quotes it (describePointer), written as the file has
 * it: the mount's root path is replaced by the path it was copied from, and what follows stays, so
 * "inputSchema.$defs.P.items[0]" becomes "definitions.P.items[0]". A mount of a whole file has no
 * path there: its root is "the file's root schema" and a path below it starts after it ("items").
 * A schema's own root ("inputSchema" for `inputSchema: { $ref: file }`) stays as it is: the message
 * opens by saying the file is that schema, and a message may name the schema as a whole ("its inputSchema").
 */
function withFilePaths(mount: SourceMount, message: string): string {
  const wirePath = describePointer(mount.wirePointer);
  const filePath = mount.sourcePointer === "" ? undefined : describePointer(mount.sourcePointer);
  const isSchemaRoot = splitPointer(mount.wirePointer).length === 1;
  let out = "";
  let from = 0;
  for (let i = message.indexOf(wirePath); i !== -1; i = message.indexOf(wirePath, i + 1)) {
    const after = message[i + wirePath.length];
    if (i < from || continuesPath(message[i - 1], "before") || continuesPath(after, "after")) continue;
    const below = after === "." || after === "[";
    const replacement = filePath ?? (below ? "" : isSchemaRoot ? wirePath : "the file's root schema");
    out += message.slice(from, i) + replacement;
    // A whole file's path below its root starts without the dot: "items", not ".items".
    from = i + wirePath.length + (filePath === undefined && after === "." ? 1 : 0);
  }
  return out + message.slice(from);
}

/**
 * Whether `c` makes the text around a found path a longer name: before it, a name character or a
 * "."; after it, a name character ("inputSchema.$defs.Pq" is not "inputSchema.$defs.P"). After it,
 * "." and "[" start a step below the path, which stays a path in the mount.
 */
function continuesPath(c: string | undefined, side: "before" | "after"): boolean {
  if (c === undefined) return false;
  return /[\w$-]/.test(c) || (side === "before" && c === ".");
}

/**
 * "This $ref loops" → "this $ref loops", after a colon. Only a capitalised word: a quoted one, a path
 * and a name such as "JSON" or "TypeScript" stay as they are.
 */
function lowerFirstWord(message: string): string {
  return /^[A-Z][a-z]* /.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
}
