// Plain-name fragments of one schema document → the JSON Pointer of the schema that declares each.
// The resolver reads `#name` refs through here, and so does every later stage that follows one (type
// generation), so they all find the same schema. Reads the schema only; never resolves a file.
import type { JsonValue } from "./json.js";
import { walkSchema } from "./schema-walk.js";

/**
 * Each plain name a schema declares → the pointer of the first schema, in document order, that
 * declares it: by `$anchor`, by `$dynamicAnchor`, which defines a plain-name fragment too (JSON
 * Schema 2020-12 Core § 8.2.2), or by draft-07's `$id: "#name"`.
 * @example anchorPointers({ $defs: { a: { $anchor: "x" } } }) // Map { "x" => "/$defs/a" }
 */
export function anchorPointers(root: JsonValue): Map<string, string> {
  const anchors = new Map<string, string>();
  walkSchema(root, "", (node) => {
    if (typeof node.schema === "boolean") return;
    const { $anchor, $dynamicAnchor, $id } = node.schema;
    for (const name of [$anchor, $dynamicAnchor, typeof $id === "string" && $id.startsWith("#") ? $id.slice(1) : undefined]) {
      if (typeof name === "string" && !anchors.has(name)) anchors.set(name, node.pointer);
    }
  });
  return anchors;
}

/**
 * A fragment as a JSON Pointer: "" and "/a/b" directly, a plain name through anchorPointers (pass
 * the map when looking up many fragments of one schema); undefined when no schema declares the name.
 * @example fragmentPointer(schema, "x") // "/$defs/a"
 */
export function fragmentPointer(root: JsonValue, fragment: string, anchors?: ReadonlyMap<string, string>): string | undefined {
  if (fragment === "" || fragment.startsWith("/")) return fragment;
  return (anchors ?? anchorPointers(root)).get(fragment);
}

/**
 * Whether a `$ref` names the document it is written in: "#…", or "", the empty reference, which
 * names the document itself as "#" does (RFC 3986 § 4.4, same-document reference). Every stage that
 * follows a ref within a schema asks this one question here, so none of them reads "" otherwise.
 */
export function isSameDocumentRef(ref: string): boolean {
  return ref === "" || ref.startsWith("#");
}

/**
 * The decoded fragment of a same-document `$ref` ("" for the whole document); undefined for a ref to
 * another document or a fragment that is not valid percent-encoding.
 * @example sameDocumentFragment("") // ""
 */
export function sameDocumentFragment(ref: string): string | undefined {
  if (!isSameDocumentRef(ref)) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}

/**
 * The pointer of the schema a same-document `$ref` names in `root`: a JSON Pointer or a plain name
 * (fragmentPointer); undefined for another document's ref or a fragment that names nothing.
 * @example localRefPointer(schema, "#x") // "/$defs/a"
 */
export function localRefPointer(root: JsonValue, ref: string, anchors?: ReadonlyMap<string, string>): string | undefined {
  const fragment = sameDocumentFragment(ref);
  return fragment === undefined ? undefined : fragmentPointer(root, fragment, anchors);
}
