// Go to definition on a `$ref`: the schema it names, in this file (`#/$defs/Name`) or in another file
// of the project (`../schemas/common.yaml#/$defs/Name`), at the node its JSON Pointer (or
// `$anchor`) names, as the resolver reads it (src/resolve/bundle-schema.ts): in a descriptor, `#…`
// starts at the schema root (inputSchema, outputSchema); inside an embedded resource (a subschema
// with `$id`) a ref is resolved against that resource's base URI, so `#/$defs/x` there starts at the
// resource's root, a ref to a resource's `$id` names it, whatever file or URI it looks like, and a
// file path is read from the folder a relative `$id` there names (src/resolve/ref-base.ts). A
// ref that names nothing (a missing member, anchor or file) has no definition, and neither has a
// network or outside-the-project reference: mcp-gen never reads one. The server answers null for
// each, the LSP's empty result; the nearest node that does exist would send the reader somewhere
// else.
import type { Location } from "vscode-languageserver";
import { positionAt } from "../load/line-index.js";
import { rangeOfPointer } from "../load/locate.js";
import { isJsonObject, valueAt } from "../model/json.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import { schemaRefTarget, schemaResources } from "../model/schema-resources.js";
import type { SourceDoc } from "../model/source.js";
import { parseRefIn } from "../resolve/parse-ref.js";
import { refBaseAt } from "../resolve/ref-base.js";
import type { ProjectFile } from "../resolve/project-file.js";
import { nodeAt } from "./node-at.js";

export interface DefinitionInput {
  readonly doc: SourceDoc;
  /** Whether `doc` is a descriptor: its same-document refs start at the schema root (inputSchema, outputSchema), as the resolver reads them. */
  readonly descriptor: boolean;
  readonly offset: number;
  /** What reading a file of the project gave, by path. */
  readonly fileOf: (path: string) => ProjectFile;
  readonly uriOf: (path: string) => string;
}

/**
 * @example definitionOf({ doc, descriptor: true, offset, fileOf, uriOf }) // { uri: "file:///app/schemas/common.yaml", range }
 */
export function definitionOf(input: DefinitionInput): Location | undefined {
  const node = nodeAt(input.doc, input.offset);
  if (!node || splitPointer(node.pointer).at(-1) !== "$ref") return undefined;
  const value = valueAt(input.doc.value, splitPointer(node.pointer));
  if (typeof value !== "string") return undefined;
  // First within its own document, as the resolver reads it: the root or an embedded resource.
  const holderPointer = joinPointer("", ...splitPointer(node.pointer).slice(0, -1));
  const rootPointer = input.descriptor ? schemaRootOf(holderPointer) : "";
  const root = valueAt(input.doc.value, splitPointer(rootPointer)) ?? null;
  const holder = valueAt(input.doc.value, splitPointer(holderPointer));
  const resources = schemaResources(root);
  const inDocument = schemaRefTarget(resources, isJsonObject(holder) ? holder : undefined, value);
  if (inDocument.kind === "found") return locationOf(input, input.doc, rootPointer + inDocument.pointer);
  if (inDocument.kind !== "elsewhere") return undefined;
  // A path is read from the folder a relative `$id` around it names; under an absolute one it is a URI.
  const base = refBaseAt(root, resources, holderPointer.slice(rootPointer.length), input.doc.file);
  if (base.kind === "uri") return undefined;
  const target = parseRefIn(value, base.folder);
  if (target.kind !== "file") return undefined;
  const file = input.fileOf(target.path);
  if (file.status === "invalid") {
    // There, but it does not parse: its start, where its own diagnostics are. What the fragment names cannot be known yet.
    const start = { line: 0, character: 0 };
    return { uri: input.uriOf(target.path), range: { start, end: start } };
  }
  if (file.status !== "ok") return undefined;
  const fileRoot = file.doc.value;
  const fragment = value.includes("#") ? value.slice(value.indexOf("#")) : "#";
  const inFile = schemaRefTarget(schemaResources(fileRoot), isJsonObject(fileRoot) ? fileRoot : undefined, fragment);
  return inFile.kind === "found" ? locationOf(input, file.doc, inFile.pointer) : undefined;
}

/** Where the member at `pointer` of `doc` is written (its key); undefined when there is none. */
function locationOf(input: DefinitionInput, doc: SourceDoc, pointer: string): Location | undefined {
  if (valueAt(doc.value, splitPointer(pointer)) === undefined) return undefined;
  const range = rangeOfPointer(doc, pointer, "key");
  const from = positionAt(doc.lineStarts, range.start);
  const to = positionAt(doc.lineStarts, range.end);
  return { uri: input.uriOf(doc.file), range: { start: { line: from.line - 1, character: from.column - 1 }, end: { line: to.line - 1, character: to.column - 1 } } };
}

/** The schema root (/inputSchema or /outputSchema) a pointer into a descriptor lies in; "" elsewhere. */
function schemaRootOf(pointer: string): string {
  const [first] = splitPointer(pointer);
  return first === "inputSchema" || first === "outputSchema" ? `/${first}` : "";
}
