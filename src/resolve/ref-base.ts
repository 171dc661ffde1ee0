// Where a relative `$ref` that names no schema of its own document is read from (JSON Schema 2020-12
// Core § 8.2.1, § 9.1: a ref resolves against the base URI in scope, which each `$id` sets for the
// resource it opens). mcp-gen reads a schema document (a descriptor's inputSchema or outputSchema,
// or a whole file) as the file that holds it: its root's `$id` names that file, wherever it says the
// file is published, so refs of the root resource are read from the file's folder. An embedded
// resource's relative `$id` moves that folder as it moves the base URI ("../schemas/sub/"); an
// absolute one (https://…, an absolute path) sets a base no file of the project stands for, and a
// relative ref inside it names a URI under it, never a file. Reads no file.
import { posix } from "node:path";
import { getOwn, isJsonObject, valueAt, type JsonValue } from "../model/json.js";
import { isPointerWithin, splitPointer } from "../model/pointer.js";
import type { SchemaResources } from "../model/schema-resources.js";

export type RefBase =
  /**
   * Relative paths are read from this project folder ("." for the root; it may start with "../",
   * from which a path may come back in). `movedBy`: the innermost embedded resource whose `$id`
   * moved it from the file's folder (pointer relative to the schema root).
   */
  | { readonly kind: "folder"; readonly folder: string; readonly movedBy?: { readonly id: string; readonly pointer: string } }
  /** The base URI in scope is `uri`, which the absolute `$id` of the embedded resource at `idPointer` (relative to the schema root) sets: no file. */
  | { readonly kind: "uri"; readonly uri: string; readonly idPointer: string };

/**
 * The base relative refs of the schema at `pointer` (relative to `root`, the schema document's root,
 * whose resources are `resources`) are read against; `file` holds the document.
 * @example refBaseAt(schema, schemaResources(schema), "/$defs/R/properties/a", "tools/e.yaml") // { kind: "folder", folder: "schemas/sub", … } under $id "../schemas/sub/"
 */
export function refBaseAt(root: JsonValue, resources: SchemaResources, pointer: string, file: string): RefBase {
  let base: RefBase = { kind: "folder", folder: posix.dirname(file) };
  // Most schemas have no embedded resource: the root alone.
  if (resources.resources.length === 1) return base;
  // Outermost first: every resource around `pointer` encloses the next one.
  const around = resources.resources.filter((r) => r.pointer !== "" && isPointerWithin(pointer, r.pointer)).sort((a, b) => a.pointer.length - b.pointer.length);
  for (const resource of around) {
    const id = getOwn(valueAt(root, splitPointer(resource.pointer)), "$id");
    const folder: string | undefined = base.kind === "folder" && typeof id === "string" ? movedFolder(base.folder, id) : undefined;
    base = folder === undefined ? { kind: "uri", uri: resource.uri, idPointer: resource.pointer } : { kind: "folder", folder, movedBy: { id: id as string, pointer: resource.pointer } };
  }
  return base;
}

/**
 * The folder a relative `$id` makes the base from `folder`, resolved as a URI reference is: its last
 * segment names a file of that folder unless it is empty, "." or ".."; undefined for an `$id` that
 * names no folder of the project (a scheme, a network or absolute path, a backslash).
 */
function movedFolder(folder: string, id: string): string | undefined {
  const location = id.split("#")[0]!.split("?")[0]!;
  if (location === "") return folder;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(location) || location.startsWith("/") || location.startsWith("\\")) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(location);
  } catch {
    return undefined;
  }
  if (decoded.includes("\\") || decoded.includes("\0")) return undefined;
  const last = decoded.split("/").at(-1);
  const folderPart = last === "" || last === "." || last === ".." ? decoded : posix.dirname(decoded);
  return posix.normalize(posix.join(folder, folderPart)).replace(/(.)\/$/, "$1");
}

/** Whether `uri` has a scheme (not a one-letter drive) or is a network-path reference ("//host/…"). */
export function isNetworkUri(uri: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(uri) || uri.startsWith("//");
}

/** The descriptor schema (inputSchema or outputSchema) the member at `pointer` of a descriptor lies in; undefined for none. */
export function descriptorSchemaRoot(pointer: string): string | undefined {
  const [first] = splitPointer(pointer);
  return first === "inputSchema" || first === "outputSchema" ? `/${first}` : undefined;
}

/** Whether `value` is a tool descriptor (a Tool: a name and an inputSchema), not a schema. */
export function isToolDescriptor(value: JsonValue): boolean {
  return isJsonObject(value) && typeof getOwn(value, "name") === "string" && Object.hasOwn(value, "inputSchema");
}
