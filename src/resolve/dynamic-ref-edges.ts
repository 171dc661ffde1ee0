// A schema's `$dynamicRef`s and `$recursiveRef`s → where each one sends validation, for
// find-ref-cycles, in the two readings that matter: JSON Schema's and ajv's (the validator of the
// official SDKs and of the generated code). Only a target that does not depend on the path
// validation took is an edge; the rest are left out, so a loop found through these is a loop.
// Reads the schema only.
//
// JSON Schema: a 2020-12 `$dynamicRef` is a `$ref` unless the schema it names declares its fragment
// as `$dynamicAnchor` (Core § 8.2.3.2), and then names the outermost resource of the dynamic scope
// that declares it, which is the root's when the root's resource does. A 2019-09 `$recursiveRef` is a
// `$ref` unless it is "#" and the root of its resource sets `$recursiveAnchor: true` (2019-09 Core
// § 8.2.4.2), and then names the root when the root sets it too. draft-07 has neither keyword, nor
// has 2019-09 `$dynamicRef` or 2020-12 `$recursiveRef`.
//
// ajv (vocabularies/dynamic/dynamicRef.ts, for both keywords, in its 2019-09 and 2020-12 classes; its
// draft-07 class ignores both): a value "#x" with no `$dynamicAnchor: "x"` ("#": no `$recursiveAnchor:
// true`) in a schema validation can enter (one a `$defs` entry holds counts only when a `$ref` names
// the entry) calls the function it is compiled in, whatever the value says: the
// root's, or that of the `$ref` target validation entered last (one holding such a keyword is never
// inlined). A schema reached in place from several such functions has an edge to each: in a loop
// through one of them, the function validation actually runs in loops too (it is entered last, so
// it reaches the keyword in place).
import type { Dialect } from "../model/dialect.js";
import { getOwn, isJsonObject, valueAt, type JsonValue } from "../model/json.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import { sameDocumentTarget, type SchemaResources } from "../model/schema-resources.js";
import { DEFINITION_KEYWORDS, walkSchema, type SchemaNode } from "../model/schema-walk.js";

export interface DynamicRefEdge {
  readonly from: string;
  readonly to: string;
  /** Pointer of the `$dynamicRef` or `$recursiveRef` keyword. */
  readonly refPointer: string;
}

export interface DynamicRefEdges {
  readonly spec: readonly DynamicRefEdge[];
  readonly ajv: readonly DynamicRefEdge[];
}

const DYNAMIC_KEYWORDS = ["$dynamicRef", "$recursiveRef"] as const;

/**
 * `refs`: each schema holding a same-document `$ref` → the schema it names (which ajv compiles as a
 * function of its own).
 * @example dynamicRefEdges({ $defs: { A: { $dynamicRef: "#/$defs/A" } } }, resources, new Map(), "2020-12").spec // [{ from: "/$defs/A", to: "/$defs/A", refPointer: "/$defs/A/$dynamicRef" }]
 */
export function dynamicRefEdges(root: JsonValue, resources: SchemaResources, refs: ReadonlyMap<string, string>, dialect: Dialect): DynamicRefEdges {
  const spec: DynamicRefEdge[] = [];
  const ajv: DynamicRefEdge[] = [];
  if (dialect === "draft-07") return { spec, ajv };
  const refTargets = new Set(refs.values());
  const anchors = enteredAnchorNames(root, refs);
  // The functions each schema may run in: the root's and every `$ref` target above it, up to a
  // `$defs` entry (which runs only where a `$ref` names it).
  const functions = new Map<SchemaNode, readonly string[]>();
  walkSchema(root, "", (node) => {
    const outer = node.parent === undefined || (node.keyword !== undefined && DEFINITION_KEYWORDS.has(node.keyword)) ? [] : (functions.get(node.parent) ?? []);
    const own = node.parent === undefined || refTargets.has(node.pointer) ? [...outer, node.pointer] : outer;
    functions.set(node, own);
    if (!isJsonObject(node.schema)) return;
    for (const keyword of DYNAMIC_KEYWORDS) {
      const ref = getOwn(node.schema, keyword);
      if (typeof ref !== "string") continue;
      const refPointer = joinPointer(node.pointer, keyword);
      const to = specTarget(root, resources, node, keyword, ref, dialect);
      if (to !== undefined) spec.push({ from: node.pointer, to, refPointer });
      // ajv refuses a value that is not a fragment (schema-valid says so), and a declared anchor
      // makes the target depend on the schemas validation passed through.
      if (!ref.startsWith("#") || anchors.has(ref.slice(1))) continue;
      for (const fn of own) ajv.push({ from: node.pointer, to: fn, refPointer });
    }
  });
  return { spec, ajv };
}

/** What JSON Schema's `keyword: ref` names wherever validation comes from; undefined when that depends on it, or under a dialect without the keyword. */
function specTarget(root: JsonValue, resources: SchemaResources, node: SchemaNode, keyword: string, ref: string, dialect: Dialect): string | undefined {
  const holder = isJsonObject(node.schema) ? node.schema : undefined;
  if (keyword === "$recursiveRef") {
    if (dialect !== "2019-09") return undefined;
    const target = sameDocumentTarget(resources, root, holder, ref);
    if (ref !== "#" || target === undefined || getOwn(valueAt(root, splitPointer(target)), "$recursiveAnchor") !== true) return target;
    return getOwn(root, "$recursiveAnchor") === true ? "" : undefined;
  }
  if (dialect !== "2020-12") return undefined;
  const target = sameDocumentTarget(resources, root, holder, ref);
  const fragment = ref.slice(ref.indexOf("#") + 1);
  if (target === undefined || !ref.includes("#") || getOwn(valueAt(root, splitPointer(target)), "$dynamicAnchor") !== fragment) return target;
  const outermost = resources.anchors.get(`${resources.resources[0]!.uri}#${fragment}`);
  return outermost !== undefined && getOwn(valueAt(root, splitPointer(outermost)), "$dynamicAnchor") === fragment ? outermost : undefined;
}

/**
 * The names ajv may hold a dynamic anchor by at run time: each `$dynamicAnchor`, and "" for
 * `$recursiveAnchor: true`, of a schema validation can enter (from the root, in place or through a `$ref`).
 */
function enteredAnchorNames(root: JsonValue, refs: ReadonlyMap<string, string>): ReadonlySet<string> {
  const applied = new Map<string, string[]>();
  const declared = new Map<string, string[]>();
  walkSchema(root, "", (node) => {
    applied.set(node.pointer, []);
    if (node.parent !== undefined && !(node.keyword !== undefined && DEFINITION_KEYWORDS.has(node.keyword))) applied.get(node.parent.pointer)!.push(node.pointer);
    if (!isJsonObject(node.schema)) return;
    const names: string[] = [];
    const name = getOwn(node.schema, "$dynamicAnchor");
    if (typeof name === "string") names.push(name);
    if (getOwn(node.schema, "$recursiveAnchor") === true) names.push("");
    if (names.length > 0) declared.set(node.pointer, names);
  });
  const names = new Set<string>();
  const seen = new Set<string>([""]);
  const queue = [""];
  while (queue.length > 0) {
    const at = queue.pop()!;
    for (const name of declared.get(at) ?? []) names.add(name);
    const target = refs.get(at);
    for (const next of [...(applied.get(at) ?? []), ...(target === undefined ? [] : [target])]) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return names;
}
