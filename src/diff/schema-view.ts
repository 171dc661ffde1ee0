// A schema node seen through its local `$ref`s: the keywords of the node itself first, then those of
// the schema it refers to, and so on, each with the wire pointer it is written at. Lets the schema
// diff compare what a node means rather than how it is laid out across `$defs`. A ref is read as the
// resolver and ajv read it (src/model/schema-resources.ts): against the base URI of the resource it is
// written in, so that inside an embedded resource (a subschema with `$id`) "#/$defs/x" starts at that
// resource's root, and a ref to a resource's `$id` or to an `$anchor` names what it names. A
// `$recursiveRef` or `$dynamicRef` is followed as `$ref` is where its target is certain: where JSON
// Schema and ajv name the same schema whatever path validation took (src/model/dynamic-ref-targets.ts).
// Any other such reference is not followed: the schema diff leaves a change of it for review.
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../model/dialect.js";
import { certainTarget, dynamicRefTargets, type DynamicRefKeyword } from "../model/dynamic-ref-targets.js";
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import { sameDocumentTarget, schemaResources, type SchemaResources } from "../model/schema-resources.js";

export interface SchemaLayer {
  readonly value: JsonObject;
  /** Wire pointer of this layer, for example "/inputSchema/$defs/location". */
  readonly pointer: string;
  /** The reference keyword the next layer was reached through ("$ref", "$recursiveRef", "$dynamicRef"), if any. */
  readonly followed?: string;
}

/** A `$recursiveRef` or `$dynamicRef` whose target is certain. */
export interface DynamicRefTarget {
  /** The keyword that refers. */
  readonly keyword: DynamicRefKeyword;
  /** Pointer of the schema it names, from the schema's root. */
  readonly pointer: string;
}

/** What a root's references are read against: its resources, and its certain dynamic references. */
export interface RefIndex {
  readonly resources: SchemaResources;
  readonly dynamic: ReadonlyMap<JsonObject, DynamicRefTarget>;
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
 * Keywords that say where a schema is, not what it allows: in a schema reached through a reference
 * they are not the node's own (an anchor the node's target declares is no change of the node).
 */
const IDENTITY_KEYWORDS: ReadonlySet<string> = new Set(["$schema", "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor"]);

/**
 * `resources`: refIndex(root), passed in when many nodes of one root are viewed.
 * @example viewSchema(inputSchema, "/inputSchema", inputSchema.properties.city, "/inputSchema/properties/city")
 */
export function viewSchema(root: JsonValue, rootPointer: string, node: JsonValue, pointer: string, index: RefIndex | undefined = refIndex(root)): SchemaView {
  const layers: SchemaLayer[] = [];
  let current: JsonValue | undefined = node;
  let at = pointer;
  for (let hop = 0; hop <= MAX_REF_HOPS && isJsonObject(current); hop++) {
    if (layers.some((layer) => layer.pointer === at)) break;
    const next = index && referenced(index, root, current);
    layers.push({ value: current, pointer: at, ...(next ? { followed: next.keyword } : {}) });
    if (next === undefined) break;
    current = valueAt(root, splitPointer(next.pointer));
    at = joinPointer(rootPointer, ...splitPointer(next.pointer));
  }
  return { raw: node, pointer, layers };
}

/** The schema `node`'s `$ref` names, or else its certain `$recursiveRef` or `$dynamicRef`. */
function referenced(index: RefIndex, root: JsonValue, node: JsonObject): DynamicRefTarget | { readonly keyword: "$ref"; readonly pointer: string } | undefined {
  const ref = getOwn(node, "$ref");
  const target = typeof ref === "string" ? sameDocumentTarget(index.resources, root, node, ref) : undefined;
  if (target !== undefined) return { keyword: "$ref", pointer: target };
  return index.dynamic.get(node);
}

/** Whether `keyword` of the layer at `depth` says something of the node: not a reference followed, nor where a target is. */
function isOwn(layer: SchemaLayer, depth: number, keyword: string): boolean {
  return keyword !== "$ref" && keyword !== layer.followed && !(depth > 0 && IDENTITY_KEYWORDS.has(keyword));
}

/** The first layer that has `keyword` (never a reference followed, see isOwn), with the pointer of that keyword. */
export function keywordOf(view: SchemaView, keyword: string): { readonly value: JsonValue; readonly pointer: string } | undefined {
  for (const [depth, layer] of view.layers.entries()) {
    const value = getOwn(layer.value, keyword);
    if (value !== undefined && isOwn(layer, depth, keyword)) return { value, pointer: joinPointer(layer.pointer, keyword) };
  }
  return undefined;
}

/** Every keyword any layer has, references followed excluded (isOwn). */
export function keywordsOf(view: SchemaView): Set<string> {
  const keys = new Set<string>();
  for (const [depth, layer] of view.layers.entries()) for (const key of Object.keys(layer.value)) if (isOwn(layer, depth, key)) keys.add(key);
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

/**
 * What a root's references are read against, in `dialect` (by default the one its `$schema` names, or
 * mcp-gen's default for one it does not support); undefined for a boolean schema, which has none.
 */
export function refIndex(root: JsonValue, dialect: Dialect = dialectOf(getOwn(root, "$schema")) ?? DEFAULT_DIALECT): RefIndex | undefined {
  if (!isJsonObject(root)) return undefined;
  const resources = schemaResources(root);
  const dynamic = new Map<JsonObject, DynamicRefTarget>();
  // A schema holding both keywords is read by its dialect's own (the other is no keyword there). An
  // anchor ajv would check against once a `$ref` named it leaves the reference for review too.
  for (const site of dynamicRefTargets(root, dialect, resources)) {
    const pointer = certainTarget(site.spec);
    const holder = valueAt(root, splitPointer(site.pointer));
    if (pointer === undefined || pointer !== certainTarget(site.ajv) || (site.ajv.kind === "certain" && site.ajv.unentered) || !isJsonObject(holder)) continue;
    dynamic.set(holder, { keyword: site.keyword, pointer });
  }
  return { resources, dynamic };
}
