// A schema → the first embedded resource that trips ajv's compiler into endless recursion: a subschema
// with its own `$id` whose `$ref` names a place inside that same resource, with no other keyword
// beside it that validates. ajv (compile/index.ts getJsonPointer, resolveSchema) follows such a
// bare `$ref` while it resolves the resource itself, and so resolves it again, until the stack runs
// out. `allOf: [{ $ref }]` means the same and compiles. Reads the schema only.
import type { Dialect } from "../../../model/dialect.js";
import { DIALECT_KEYWORDS } from "../../../model/dialect-keywords.js";
import { getOwn, isJsonObject, type JsonValue } from "../../../model/json.js";
import { isPointerWithin } from "../../../model/pointer.js";
import { sameDocumentTarget, schemaResources } from "../../../model/schema-resources.js";
import { walkSchema } from "../../../model/schema-walk.js";

export interface SelfRefResource {
  /** Pointer (from the schema's root) of the subschema holding `$id` and `$ref`. */
  readonly pointer: string;
  readonly id: string;
  readonly ref: string;
}

/** Keywords of the dialects that validate nothing themselves: beside them, ajv still follows the bare `$ref`. */
const NOT_VALIDATING: ReadonlySet<string> = new Set(["$id", "$schema", "$ref", "$anchor", "$vocabulary", "$comment", "$defs", "definitions"]);
const ANNOTATIONS: ReadonlySet<string> = new Set(["title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples"]);

/**
 * @example selfRefResource({ properties: { x: { $id: "a.json", $defs: { d: {} }, $ref: "#/$defs/d" } } }, "2020-12") // { pointer: "/properties/x", id: "a.json", ref: "#/$defs/d" }
 */
export function selfRefResource(root: JsonValue, dialect: Dialect): SelfRefResource | undefined {
  let resources: ReturnType<typeof schemaResources> | undefined;
  let found: SelfRefResource | undefined;
  walkSchema(root, "", (node) => {
    if (node.parent === undefined || !isJsonObject(node.schema)) return;
    const id = getOwn(node.schema, "$id");
    const ref = getOwn(node.schema, "$ref");
    if (typeof id !== "string" || id.startsWith("#") || typeof ref !== "string") return;
    // Annotations count as nothing either: the generated validator's copy has none.
    const keywords = DIALECT_KEYWORDS[dialect];
    if (Object.keys(node.schema).some((key) => keywords.has(key) && !NOT_VALIDATING.has(key) && !ANNOTATIONS.has(key))) return;
    resources ??= schemaResources(root);
    const target = sameDocumentTarget(resources, root, node.schema, ref);
    if (target === undefined || !isPointerWithin(target, node.pointer)) return;
    found = { pointer: node.pointer, id, ref };
    return "stop";
  });
  return found;
}
