// One schema document → its schema resources (the root and every subschema with an `$id`, JSON
// Schema 2020-12 Core § 8.2.1, § 9.3) with the base URI and the plain-name fragments of each, and the
// answer to "what does this `$ref` name here?" read as ajv (the official SDK's validator) reads it.
// Reads the schema only; never resolves a file, never fetches anything.
import { createRequire } from "node:module";
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "./json.js";
import { isPointerWithin, joinPointer, splitPointer } from "./pointer.js";
import { walkSchema } from "./schema-walk.js";

interface UriResolver {
  resolve(base: string, relative: string): string;
}

// ajv resolves every `$id` and `$ref` with this resolver (fast-uri, ajv's `uriResolver` default);
// resolving with the same one is what makes mcp-gen and ajv name the same schema by the same URI.
const uri = (createRequire(import.meta.url)("ajv/dist/runtime/uri.js") as { default: UriResolver }).default;

export interface SchemaResource {
  /** JSON Pointer of the resource's root in the document. */
  readonly pointer: string;
  /** Its URI, without fragment: "" for a root without `$id` (ajv's base for a schema compiled alone). */
  readonly uri: string;
}

export interface SchemaResources {
  /** Every resource, the document's root first, then in document order. */
  readonly resources: readonly SchemaResource[];
  /**
   * Resource URI → the pointer of the first embedded resource that claims it, and "uri#name" → the
   * pointer of the first schema that declares the plain name in that resource. A URI claimed twice
   * by different schemas stops ajv ("resolves to more than one schema"), and schema-valid says so.
   */
  readonly byUri: ReadonlyMap<string, string>;
  readonly anchors: ReadonlyMap<string, string>;
  /** Each schema object → the URI of the resource it is in (the base its `$ref` is resolved against). */
  readonly baseOf: ReadonlyMap<JsonObject, string>;
  /** The plain names the document's root declares, which ajv does not register. */
  readonly rootNames: ReadonlySet<string>;
}

/** What a `$ref` names in its document. */
export type SchemaRefTarget =
  /** The schema at `pointer` of the document. */
  | { readonly kind: "found"; readonly resource: SchemaResource; readonly pointer: string }
  /** A resource of the document, but nothing in it answers the fragment; `reason` says why, as a predicate of the resource. */
  | { readonly kind: "missing"; readonly resource: SchemaResource; readonly reason: string; readonly anchorElsewhere?: { readonly uri: string; readonly pointer: string } }
  /** No resource of the document: another document (a file, or the network). */
  | { readonly kind: "elsewhere"; readonly uri: string }
  /** Not a URI reference ajv's resolver can resolve at all (malformed percent-encoding, a backslash in an authority); `reason` says why, as a clause. */
  | { readonly kind: "malformed"; readonly reason: string };

/**
 * `relative` resolved against `base` with ajv's resolver, or the resolver's words where it refuses
 * it (it throws on malformed percent-encoding, "%zz", a backslash in an authority, a malformed
 * host, all of which a descriptor may hold).
 */
function resolveUri(base: string, relative: string): { readonly uri: string } | { readonly refused: string } {
  try {
    return { uri: uri.resolve(base, relative) };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/** ajv's normalizeId: no trailing "#" nor "#/". */
function normalizeId(id: string): string {
  return id.replace(/#\/?$/, "");
}

/**
 * The resources of a schema document, as ajv finds them (getSchemaRefs): an `$id` is resolved against
 * the base of the resource around it, or kept as written under a root without `$id`; an `$id` of only
 * a fragment (draft-07 `$id: "#name"`) names a plain-name fragment, as `$anchor` and `$dynamicAnchor`
 * do. ajv registers no plain name on the root itself, so neither does this.
 * @example schemaResources({ $defs: { e: { $id: "https://example.com/e", $anchor: "x" } } }).anchors // Map { "https://example.com/e#x" => ["/$defs/e"] }
 */
export function schemaResources(root: JsonValue): SchemaResources {
  const resources: SchemaResource[] = [];
  const byUri = new Map<string, string>();
  const anchors = new Map<string, string>();
  const baseOf = new Map<JsonObject, string>();
  const rootNames = new Set<string>();
  const add = (map: Map<string, string>, key: string, pointer: string) => {
    if (!map.has(key)) map.set(key, pointer);
  };
  walkSchema(root, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    const parentBase = node.parent === undefined ? "" : (baseOf.get(node.parent.schema as JsonObject) ?? "");
    const id = getOwn(node.schema, "$id");
    let base = parentBase;
    // An `$id` the resolver refuses (malformed percent-encoding) names no resource: ajv stops at it,
    // and schema-valid reports that.
    const resolved = typeof id === "string" && !id.startsWith("#") ? (parentBase === "" ? { uri: id } : resolveUri(parentBase, id)) : undefined;
    if (resolved !== undefined && "uri" in resolved) {
      base = normalizeId(resolved.uri).split("#")[0]!;
      resources.push({ pointer: node.pointer, uri: base });
      if (node.parent !== undefined) add(byUri, base, node.pointer);
    } else if (node.parent === undefined) resources.push({ pointer: "", uri: "" });
    baseOf.set(node.schema, base);
    const { $anchor, $dynamicAnchor } = node.schema;
    const idAnchor = typeof id === "string" && id.startsWith("#") ? id.slice(1) : undefined;
    for (const name of [$anchor, $dynamicAnchor, idAnchor]) {
      if (typeof name !== "string" || name === "") continue;
      // ajv keeps a root's `$dynamicAnchor` (the dynamic scope starts there: 2020-12's own tree
      // example), but no root `$anchor` or `#name` `$id`.
      if (node.parent === undefined && name !== $dynamicAnchor) rootNames.add(name);
      else add(anchors, `${base}#${name}`, node.pointer);
    }
  });
  if (resources.length === 0) resources.push({ pointer: "", uri: "" });
  return { resources, byUri, anchors, baseOf, rootNames };
}

/**
 * schemaResources(root), found the first time the returned function is called: most schemas have no
 * `$ref` at all, and finding the resources walks the whole schema.
 */
export function lazyResources(root: JsonValue): () => SchemaResources {
  let found: SchemaResources | undefined;
  return () => (found ??= schemaResources(root));
}

/**
 * What `ref`, written in the schema object `holder` of the document, names: resolved against the base
 * URI in scope there (§ 8.2.1), a JSON Pointer fragment read from the root of the resource it names,
 * a plain name looked up among that resource's own anchors only (§ 8.2.2: an anchor belongs to the
 * resource whose `$id` encloses it). `holder` not in the document: read from the root.
 * @example schemaRefTarget(resources, schema.properties.a, "#/$defs/x") // { kind: "found", pointer: "/$defs/x" }
 */
export function schemaRefTarget(index: SchemaResources, holder: JsonObject | undefined, ref: string): SchemaRefTarget {
  const base = (holder && index.baseOf.get(holder)) ?? index.resources[0]!.uri;
  const resolved = resolveUri(base, normalizeId(ref));
  if ("refused" in resolved) return { kind: "malformed", reason: `ajv's URI resolver refuses it (${resolved.refused.replace(/\.$/, "")})` };
  const full = resolved.uri;
  const hash = full.indexOf("#");
  const location = hash === -1 ? full : full.slice(0, hash);
  const rawFragment = hash === -1 ? "" : full.slice(hash + 1);
  const root = index.resources[0]!;
  const claimed = location === root.uri ? root.pointer : index.byUri.get(location);
  if (claimed === undefined) return { kind: "elsewhere", uri: location };
  const resource = index.resources.find((r) => r.pointer === claimed)!;
  let fragment: string;
  try {
    fragment = decodeURIComponent(rawFragment);
  } catch {
    return { kind: "missing", resource, reason: `cannot take the fragment "${rawFragment}", which is not valid percent-encoding` };
  }
  if (fragment === "" || fragment.startsWith("/")) return { kind: "found", resource, pointer: joinPointer(resource.pointer, ...splitPointer(fragment)) };
  const declared = index.anchors.get(`${location}#${fragment}`);
  if (declared !== undefined) return { kind: "found", resource, pointer: declared };
  if (resource.pointer === "" && index.rootNames.has(fragment)) {
    return { kind: "missing", resource, reason: `declares "${fragment}" only on its root schema, where ajv (the official SDK's validator) registers no plain name` };
  }
  for (const [key, pointer] of index.anchors) {
    const at = key.lastIndexOf("#");
    if (key.slice(at + 1) === fragment) return { kind: "missing", resource, reason: `declares no plain name "${fragment}"`, anchorElsewhere: { uri: key.slice(0, at), pointer } };
  }
  return { kind: "missing", resource, reason: `declares no plain name "${fragment}"` };
}

/**
 * The pointer of the schema `ref` names in `root`, when it names one there that exists; undefined for
 * another document's ref or one that names nothing.
 * @example sameDocumentTarget(schemaResources(root), root, holder, "#x") // "/$defs/a"
 */
export function sameDocumentTarget(index: SchemaResources, root: JsonValue, holder: JsonObject | undefined, ref: string): string | undefined {
  const target = schemaRefTarget(index, holder, ref);
  if (target.kind !== "found") return undefined;
  return valueAt(root, splitPointer(target.pointer)) === undefined ? undefined : target.pointer;
}

/**
 * `local` ("#/$defs/x", a fragment of the document's root resource) written so that, in the schema
 * object `holder`, it names that place of the root as ajv resolves it (schemaRefTarget): the root's
 * URI before it, as written or relative to the base in scope there ("../root.json" from a resource
 * "sub/r.json", where "root.json" is "sub/root.json"); undefined when neither does (a root without
 * `$id`, or a relative one under an absolute base).
 * @example referenceTo(schemaResources(schema), schema.$defs.r.properties.a, "#/$defs/S") // "../root.json#/$defs/S"
 */
export function referenceTo(index: SchemaResources, holder: JsonObject | undefined, local: string): string | undefined {
  const root = index.resources[0]!;
  const base = (holder && index.baseOf.get(holder)) ?? root.uri;
  const wanted = joinPointer("", ...splitPointer(local.slice(1)));
  for (const uri of [root.uri, relativeReference(base, root.uri)]) {
    if (uri === undefined || uri === "") continue;
    const target = schemaRefTarget(index, holder, `${uri}${local}`);
    if (target.kind === "found" && target.resource === root && target.pointer === wanted) return `${uri}${local}`;
  }
  return undefined;
}

/**
 * A relative-path reference from `base` to `target`, two URIs without scheme: as many ".." as `base`
 * has folders below the ones they share, then the rest of `target`; undefined when `base` has "." or
 * ".." segments to climb out of. referenceTo checks that the resolver agrees.
 */
function relativeReference(base: string, target: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target) || target.startsWith("/")) return undefined;
  const from = base.split("/").slice(0, -1);
  const to = target.split("/");
  let shared = 0;
  while (shared < from.length && shared < to.length - 1 && from[shared] === to[shared]) shared++;
  const up = from.slice(shared);
  if (up.some((segment) => segment === "." || segment === "..")) return undefined;
  return [...up.map(() => ".."), ...to.slice(shared)].join("/");
}

/** The resource whose root is nearest above `pointer` (the document's root when none is). */
export function resourceAt(index: SchemaResources, pointer: string): SchemaResource {
  let best = index.resources[0]!;
  for (const resource of index.resources) if (isPointerWithin(pointer, resource.pointer) && resource.pointer.length > best.pointer.length) best = resource;
  return best;
}
