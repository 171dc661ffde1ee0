// A schema node seen through its local `$ref`s: the keywords of the node itself first, then those of
// the schema it refers to, and so on, each with the wire pointer it is written at. Lets the schema
// diff compare what a node means rather than how it is laid out across `$defs`. A ref is read as the
// resolver and ajv read it (src/model/schema-resources.ts): against the base URI of the resource it is
// written in, so that inside an embedded resource (a subschema with `$id`) "#/$defs/x" starts at that
// resource's root, and a ref to a resource's `$id` or to an `$anchor` names what it names.
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import { sameDocumentTarget, schemaResources, type SchemaResources } from "../model/schema-resources.js";

export interface SchemaLayer {
  readonly value: JsonObject;
  /** Wire pointer of this layer, for example "/inputSchema/$defs/location". */
  readonly pointer: string;
}

export interface SchemaView {
  /** The node as written: an object, a boolean schema, or something that is not a schema. */
  readonly raw: JsonValue;
  /** Wire pointer of the node as written. */
  readonly pointer: string;
  /** The node and the schemas its `$ref` chain names, outermost first; empty when raw is no object. */
  readonly layers: readonly SchemaLayer[];
}

/** Most `$ref` hops followed from one node; a longer chain is compared as written. */
const MAX_REF_HOPS = 16;

/**
 * `resources`: refIndex(root), passed in when many nodes of one root are viewed.
 * @example viewSchema(inputSchema, "/inputSchema", inputSchema.properties.city, "/inputSchema/properties/city")
 */
export function viewSchema(root: JsonValue, rootPointer: string, node: JsonValue, pointer: string, resources: SchemaResources | undefined = refIndex(root)): SchemaView {
  const layers: SchemaLayer[] = [];
  let current: JsonValue | undefined = node;
  let at = pointer;
  for (let hop = 0; hop <= MAX_REF_HOPS && isJsonObject(current); hop++) {
    if (layers.some((layer) => layer.pointer === at)) break;
    layers.push({ value: current, pointer: at });
    const ref = getOwn(current, "$ref");
    const target = typeof ref === "string" && resources ? sameDocumentTarget(resources, root, current, ref) : undefined;
    if (target === undefined) break;
    current = valueAt(root, splitPointer(target));
    at = joinPointer(rootPointer, ...splitPointer(target));
  }
  return { raw: node, pointer, layers };
}

/** The first layer that has `keyword` (never `$ref` itself), with the pointer of that keyword. */
export function keywordOf(view: SchemaView, keyword: string): { readonly value: JsonValue; readonly pointer: string } | undefined {
  for (const layer of view.layers) {
    const value = getOwn(layer.value, keyword);
    if (value !== undefined && keyword !== "$ref") return { value, pointer: joinPointer(layer.pointer, keyword) };
  }
  return undefined;
}

/** Every keyword any layer has, `$ref` excluded. */
export function keywordsOf(view: SchemaView): Set<string> {
  const keys = new Set<string>();
  for (const layer of view.layers) for (const key of Object.keys(layer.value)) if (key !== "$ref") keys.add(key);
  return keys;
}

/** The node's keywords merged as keywordOf sees them, as one plain object (for value comparisons). */
export function mergedNode(view: SchemaView): JsonValue {
  if (view.layers.length === 0) return view.raw;
  const merged: Record<string, JsonValue> = {};
  for (const key of keywordsOf(view)) Object.defineProperty(merged, key, { value: keywordOf(view, key)!.value, enumerable: true, writable: true, configurable: true });
  return merged;
}

/** An identity for cycle detection: the pointers of every layer. */
export function viewKey(view: SchemaView): string {
  return view.layers.length === 0 ? view.pointer : view.layers.map((layer) => layer.pointer).join("\u0000");
}

/** The resources a root's `$ref`s are read against; undefined for a boolean schema, which has none. */
export function refIndex(root: JsonValue): SchemaResources | undefined {
  return isJsonObject(root) ? schemaResources(root) : undefined;
}
