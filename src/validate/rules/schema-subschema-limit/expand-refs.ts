// Counts the subschemas a schema holds once its same-document `$ref`s are expanded in place, as a
// validator applies them to one value or a client inlines them, and stops as soon as the count
// passes a limit, so `$defs` that double at every step (2^30 subschemas from 90 written) cost no
// more than the limit to check. Iterative; each schema is expanded at most once per chain of refs.
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../../../model/json.js";
import { joinPointer, splitPointer } from "../../../model/pointer.js";
import { lazyResources, sameDocumentTarget, type SchemaResources } from "../../../model/schema-resources.js";
import { childSchemas, DEFINITION_KEYWORDS } from "../../../model/schema-walk.js";

export interface ExpansionExcess {
  /** The outermost `$ref` (wire pointer) through which the count passed the limit; the node itself when no `$ref` was involved. */
  readonly pointer: string;
  /** The `$ref` value at that pointer, when it is one. */
  readonly ref: string | undefined;
}

interface Entry {
  readonly pointer: string;
  readonly ref: string;
}

type Frame = { readonly leave: JsonObject } | { readonly leave?: undefined; readonly schema: JsonValue; readonly pointer: string; readonly entry: Entry | undefined };

/** Where expanding `$ref`s takes `root` past `limit` subschemas, or undefined when it stays within. */
export function findExpansionExcess(root: JsonValue, rootPointer: string, limit: number): ExpansionExcess | undefined {
  const resources = lazyResources(root);
  // Schemas being expanded on the current chain of $refs (the root always is).
  const open = new Set<JsonObject>(isJsonObject(root) ? [root] : []);
  const stack: Frame[] = [{ schema: root, pointer: rootPointer, entry: undefined }];
  let count = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.leave !== undefined) {
      open.delete(frame.leave);
      continue;
    }
    const { schema, pointer, entry } = frame;
    if (++count > limit) return { pointer: entry?.pointer ?? pointer, ref: entry?.ref };
    if (!isJsonObject(schema)) continue;
    const children = childSchemas(schema).filter((edge) => !DEFINITION_KEYWORDS.has(edge.keyword));
    for (let i = children.length - 1; i >= 0; i--) {
      const edge = children[i]!;
      stack.push({ schema: edge.schema, pointer: joinPointer(pointer, edge.keyword, ...edge.tokens), entry });
    }
    const ref = getOwn(schema, "$ref");
    const target = typeof ref === "string" ? resolveLocal(root, resources, schema, ref) : undefined;
    // A $ref back into a schema already being expanded is recursion through the value; it adds
    // nothing new to the schema applied at one place, so it counts once.
    if (target === undefined || (isJsonObject(target.schema) && open.has(target.schema))) continue;
    if (isJsonObject(target.schema)) {
      open.add(target.schema);
      stack.push({ leave: target.schema });
    }
    const targetPointer = joinPointer(rootPointer, ...splitPointer(target.pointer));
    stack.push({ schema: target.schema, pointer: targetPointer, entry: entry ?? { pointer: joinPointer(pointer, "$ref"), ref: ref as string } });
  }
  return undefined;
}

function resolveLocal(root: JsonValue, resources: () => SchemaResources, holder: JsonObject, ref: string): { schema: JsonObject | boolean; pointer: string } | undefined {
  // The resolver has bundled or refused every ref to another document.
  const pointer = sameDocumentTarget(resources(), root, holder, ref);
  const schema = pointer === undefined ? undefined : valueAt(root, splitPointer(pointer));
  return pointer !== undefined && (isJsonObject(schema) || typeof schema === "boolean") ? { schema, pointer } : undefined;
}
