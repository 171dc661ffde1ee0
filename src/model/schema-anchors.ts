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
