// Every file a document's `$ref`s name, so the CLI knows which files to read before resolving. Looks
// everywhere (not only at schema keywords): reading a file too many is harmless, missing one is not.
// Except in values that are data, never schemas: reading a file also reports why it does not load,
// so `const: { $ref: "../notes.txt" }` made notes.txt a YAML error of the project.
import { posix } from "node:path";
import { isJsonObject, valueAt, type JsonValue } from "../model/json.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import { schemaResources, type SchemaResources } from "../model/schema-resources.js";
import { fileRefPaths, parseRefIn } from "./parse-ref.js";
import { descriptorSchemaRoot, isToolDescriptor, refBaseAt } from "./ref-base.js";

/** Keywords whose value is an instance, not a schema: a `$ref` inside it is data. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(["const", "enum", "default", "examples"]);

/** Keywords whose members are named by the user: a member called "default" there is a schema. */
const NAME_MAPS: ReadonlySet<string> = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);

interface FoundRef {
  readonly ref: string;
  /** Pointer of the object that holds it. */
  readonly holder: string;
}

/** The `$ref`s of `root` with their holders, and whether some object below the root has an `$id` (one that may move the base of the refs in it). */
function findRefs(root: JsonValue, withPointers: boolean): { refs: FoundRef[]; innerIds: boolean } {
  const refs: FoundRef[] = [];
  let innerIds = false;
  const stack: { value: JsonValue; inNameMap: boolean; pointer: string }[] = [{ value: root, inNameMap: false, pointer: "" }];
  while (stack.length > 0) {
    const { value: node, inNameMap, pointer } = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push({ value: node[i]!, inNameMap: false, pointer: withPointers ? joinPointer(pointer, i) : "" });
    } else if (isJsonObject(node)) {
      for (const key of Object.keys(node)) {
        const value = node[key]!;
        if (key === "$ref" && typeof value === "string") refs.push({ ref: value, holder: pointer });
        else {
          if (key === "$id" && typeof value === "string" && !inNameMap && node !== root && !value.startsWith("#")) innerIds = true;
          if (inNameMap || !DATA_KEYWORDS.has(key)) stack.push({ value, inNameMap: NAME_MAPS.has(key) && !inNameMap, pointer: withPointers ? joinPointer(pointer, key) : "" });
        }
      }
    }
  }
  return { refs, innerIds };
}

/**
 * Project-relative paths of the files the `$ref`s of `root` (the document in `file`) name: read from
 * the file's folder, or from the one a relative `$id` of an embedded resource around a ref moves it
 * to (refBaseAt); none for a ref inside a resource whose absolute `$id` makes it a URI.
 * @example refFilePaths(doc.value, "tools/get_weather.yaml") // ["schemas/address.yaml"]
 */
export function refFilePaths(root: JsonValue, file: string): string[] {
  const quick = findRefs(root, false);
  // No `$id` below the root (nearly every document): every ref is read from the file's folder.
  if (!quick.innerIds) return fileRefPaths(new Set(quick.refs.map((found) => found.ref)), file);
  const descriptor = isToolDescriptor(root);
  const scopes = new Map<string, { root: JsonValue; resources: SchemaResources }>();
  const paths = new Set<string>();
  for (const { ref, holder } of findRefs(root, true).refs) {
    // A schema document is read from its own root, as the resolver reads it (bundle-schema.ts scopeOf).
    const scopePointer = descriptor ? descriptorSchemaRoot(holder) : "";
    let folder = posix.dirname(file);
    if (scopePointer !== undefined) {
      let scope = scopes.get(scopePointer);
      if (!scope) {
        const scopeRoot = valueAt(root, splitPointer(scopePointer)) ?? null;
        scope = { root: scopeRoot, resources: schemaResources(scopeRoot) };
        scopes.set(scopePointer, scope);
      }
      const base = refBaseAt(scope.root, scope.resources, holder.slice(scopePointer.length), file);
      if (base.kind === "uri") continue;
      folder = base.folder;
    }
    const target = parseRefIn(ref, folder);
    if (target.kind === "file") paths.add(target.path);
  }
  return [...paths].sort();
}
