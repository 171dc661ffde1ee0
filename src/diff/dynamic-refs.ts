// A schema's `$recursiveRef`s (2019-09) and `$dynamicRef`s (2020-12) → the schema each one checks the
// value against, where that is certain: where JSON Schema and ajv (the validator of the official SDKs)
// name the same schema whatever path validation took. A tool's schema is one document that nothing
// extends, so its dynamic scope starts at its root. Any other such reference is left out: the schema
// diff leaves a change of it for review. Pure.
import type { Dialect } from "../model/dialect.js";
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import { schemaRefTarget, type SchemaResources } from "../model/schema-resources.js";
import { walkSchema } from "../model/schema-walk.js";
import { recursiveRefTargets } from "../validate/rules/schema-dynamic-ref/recursive-ref-readings.js";

export interface DynamicRefTarget {
  /** The keyword that refers. */
  readonly keyword: "$recursiveRef" | "$dynamicRef";
  /** Pointer of the schema it names, from the schema's root. */
  readonly pointer: string;
}

/**
 * Each schema object holding a `$recursiveRef` or `$dynamicRef` whose target is certain → that target.
 * Only the dialect's own keyword is read: 2019-09 has no `$dynamicRef`, 2020-12 no `$recursiveRef`
 * (it checks nothing by it), draft-07 neither.
 * @example dynamicRefTargets({ $dynamicAnchor: "node", items: { $dynamicRef: "#node" } }, "2020-12", resources) // Map { items object => { keyword: "$dynamicRef", pointer: "" } }
 */
export function dynamicRefTargets(root: JsonValue, dialect: Dialect, resources: SchemaResources): ReadonlyMap<JsonObject, DynamicRefTarget> {
  const targets = new Map<JsonObject, DynamicRefTarget>();
  if (dialect === "draft-07" || !isJsonObject(root)) return targets;
  const recursive = dialect === "2019-09" ? recursiveRefTargets(root, dialect) : new Map<string, string | undefined>();
  walkSchema(root, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    if (dialect === "2019-09") {
      const pointer = recursive.get(node.pointer);
      if (pointer !== undefined) targets.set(node.schema, { keyword: "$recursiveRef", pointer });
      return;
    }
    const ref = getOwn(node.schema, "$dynamicRef");
    const pointer = typeof ref === "string" ? dynamicRefTarget(root, resources, node.schema, ref) : undefined;
    if (pointer !== undefined) targets.set(node.schema, { keyword: "$dynamicRef", pointer });
  });
  return targets;
}

/**
 * 2020-12 Core § 8.2.3.2: `$dynamicRef: "#name"` first resolves as `$ref` does; when that names a
 * schema with `$dynamicAnchor: "name"`, it names instead the outermost resource in the dynamic scope
 * that declares the name. When the root declares it, that is the root, whatever path validation took;
 * ajv (dynamicRef.ts) checks against the root there too, as the first schema with the anchor entered.
 * Elsewhere ajv checks against the function it is compiled in, which JSON Schema need not name.
 */
function dynamicRefTarget(root: JsonObject, resources: SchemaResources, holder: JsonObject, ref: string): string | undefined {
  if (!ref.startsWith("#")) return undefined;
  const name = ref.slice(1);
  if (name === "" || getOwn(root, "$dynamicAnchor") !== name) return undefined;
  const initial = schemaRefTarget(resources, holder, ref);
  if (initial.kind !== "found") return undefined;
  return getOwn(valueAt(root, splitPointer(initial.pointer)), "$dynamicAnchor") === name ? "" : undefined;
}
