// A schema's `$recursiveRef: "#"`s → those ajv reads otherwise than JSON Schema does, with the schema
// each reading checks the value against. Reads the schema only.
//
// JSON Schema 2019-09 Core § 8.2.4.2: "#" names the root of the resource the keyword is in (the
// nearest `$id`, else the document's root); only when that root sets `$recursiveAnchor: true` does
// it name instead the outermost resource with `$recursiveAnchor: true` that validation passed
// through. A `$recursiveAnchor` anywhere but at a resource root means nothing. 2020-12 has no such
// keyword, so there it checks nothing.
//
// ajv (vocabularies/dynamic/dynamicRef.ts, in both its 2019-09 and 2020-12 classes) checks the value
// against the first schema with `$recursiveAnchor: true` that validation has entered, resource root
// or not, and before any against the function it is compiled in: the root, or the nearest schema
// that a `$ref` names (one holding a `$recursiveRef` is never inlined), whatever `$id` says.
import type { Dialect } from "../../../model/dialect.js";
import { getOwn, isJsonObject, type JsonValue } from "../../../model/json.js";
import { isPointerWithin } from "../../../model/pointer.js";
import { resourceAt, sameDocumentTarget, schemaResources } from "../../../model/schema-resources.js";
import { DEFINITION_KEYWORDS, walkSchema, type SchemaNode } from "../../../model/schema-walk.js";

export interface RecursiveRefReading {
  /** The schema holding `$recursiveRef`, a pointer from the schema's root. */
  readonly pointer: string;
  /** What JSON Schema checks the value against, in words; undefined under 2020-12, where nothing. */
  readonly spec: string | undefined;
  /** What ajv checks it against, in words. */
  readonly ajv: string;
  /** The `$ref` that means what JSON Schema means, when one does. */
  readonly ref: string | undefined;
}

interface SchemaFacts {
  /** Every schema with `$recursiveAnchor: true`. */
  readonly anchored: readonly string[];
  /** Each schema a same-document `$ref` names → the schemas holding such a `$ref`. */
  readonly refHolders: ReadonlyMap<string, readonly string[]>;
  /** Schemas reached only through a `$ref` (under `$defs` or `definitions`). */
  readonly defined: ReadonlySet<string>;
  /** Schemas holding `$recursiveRef: "#"`. */
  readonly recursiveRefs: readonly string[];
}

/**
 * @example recursiveRefReadings({ $defs: { n: { $recursiveAnchor: true, items: { $recursiveRef: "#" } } }, $ref: "#/$defs/n" }, "2019-09")
 *   // [{ pointer: "/$defs/n/items", spec: 'the schema root ("#"), which sets no "$recursiveAnchor"', ajv: '"#/$defs/n"', ref: "#" }]
 */
export function recursiveRefReadings(root: JsonValue, dialect: Dialect): RecursiveRefReading[] {
  if (dialect === "draft-07" || !isJsonObject(root)) return [];
  const facts = schemaFacts(root);
  if (facts.recursiveRefs.length === 0) return [];
  const resources = schemaResources(root);
  const readings: RecursiveRefReading[] = [];
  for (const pointer of facts.recursiveRefs) {
    const resource = resourceAt(resources, pointer);
    const ajv = ajvTarget(facts, pointer);
    if (dialect === "2020-12") {
      readings.push({ pointer, spec: undefined, ajv: ajv.words, ref: undefined });
      continue;
    }
    const spec = specTarget(facts, resource.pointer);
    if (spec.pointer !== undefined && spec.pointer === ajv.pointer) continue;
    const ref = spec.pointer === undefined ? undefined : spec.pointer === "" ? "#" : resource.uri || `#${spec.pointer}`;
    readings.push({ pointer, spec: spec.words, ajv: ajv.words, ref });
  }
  return readings;
}

/**
 * Each `$recursiveRef: "#"` under 2019-09 → the pointer of the schema both JSON Schema and ajv check
 * the value against, or undefined where they differ or where it depends on the path validation took.
 * For the schema diff, which follows a reference only where its target is certain.
 * @example recursiveRefTargets({ $recursiveAnchor: true, items: { $recursiveRef: "#" } }, "2019-09") // Map { "/items" => "" }
 */
export function recursiveRefTargets(root: JsonValue, dialect: Dialect): ReadonlyMap<string, string | undefined> {
  const targets = new Map<string, string | undefined>();
  if (dialect !== "2019-09" || !isJsonObject(root)) return targets;
  const facts = schemaFacts(root);
  if (facts.recursiveRefs.length === 0) return targets;
  const resources = schemaResources(root);
  for (const pointer of facts.recursiveRefs) {
    const spec = specTarget(facts, resourceAt(resources, pointer).pointer).pointer;
    targets.set(pointer, spec !== undefined && spec === ajvTarget(facts, pointer).pointer ? spec : undefined);
  }
  return targets;
}

function schemaFacts(root: JsonValue): SchemaFacts {
  const anchored: string[] = [];
  const refHolders = new Map<string, string[]>();
  const defined = new Set<string>();
  const recursiveRefs: string[] = [];
  const resources = schemaResources(root);
  walkSchema(root, "", (node: SchemaNode) => {
    if (!isJsonObject(node.schema)) return;
    if ((node.keyword !== undefined && DEFINITION_KEYWORDS.has(node.keyword)) || (node.parent && defined.has(node.parent.pointer))) defined.add(node.pointer);
    if (getOwn(node.schema, "$recursiveAnchor") === true) anchored.push(node.pointer);
    if (getOwn(node.schema, "$recursiveRef") === "#") recursiveRefs.push(node.pointer);
    const ref = getOwn(node.schema, "$ref");
    const target = typeof ref === "string" ? sameDocumentTarget(resources, root, node.schema, ref) : undefined;
    if (target !== undefined) refHolders.set(target, [...(refHolders.get(target) ?? []), node.pointer]);
  });
  return { anchored, refHolders, defined, recursiveRefs };
}

/** § 8.2.4.2: the resource's root, or, when that sets `$recursiveAnchor`, the outermost resource that does. */
function specTarget(facts: SchemaFacts, resource: string): { readonly pointer: string | undefined; readonly words: string } {
  const anchoredHere = facts.anchored.includes(resource);
  if (!anchoredHere) return { pointer: resource, words: `${named(resource)}, which sets no "$recursiveAnchor"` };
  if (facts.anchored.includes("")) return { pointer: "", words: named("") };
  // Only the resource itself sets one: it is the outermost there is.
  if (facts.anchored.length === 1) return { pointer: resource, words: named(resource) };
  return { pointer: undefined, words: 'the outermost resource with "$recursiveAnchor": true that validation passed through' };
}

/** The schema ajv checks against; pointer undefined when that depends on the path validation took. */
function ajvTarget(facts: SchemaFacts, at: string): { readonly pointer: string | undefined; readonly words: string } {
  const compiledIn = compiledFunction(facts, at);
  if (facts.anchored.includes("")) return { pointer: "", words: named("") };
  if (facts.anchored.length === 0) {
    // A resource reached where it is written, not through a `$ref`, runs in its parent's function.
    return compiledIn.pointer === "" || facts.defined.has(compiledIn.pointer)
      ? compiledIn
      : { pointer: undefined, words: `${named(compiledIn.pointer)} when reached through a "$ref", else the function around it` };
  }
  const [only] = facts.anchored;
  // The anchor is entered on the way in only when every `$ref` into it on the way is written inside it.
  if (facts.anchored.length === 1 && isPointerWithin(at, only!) && refsStayWithin(facts, only!, at)) return { pointer: only, words: named(only!) };
  const which = facts.anchored.length === 1 ? named(only!) : 'the first schema with "$recursiveAnchor": true';
  return { pointer: undefined, words: `${which} once validation has passed through it, and ${named(compiledIn.pointer)} before` };
}

/** The nearest schema holding `at` that ajv compiles as a function of its own: one a `$ref` names, or the root. */
function compiledFunction(facts: SchemaFacts, at: string): { readonly pointer: string; readonly words: string } {
  let best = "";
  for (const target of facts.refHolders.keys()) if (isPointerWithin(at, target) && target.length > best.length) best = target;
  return { pointer: best, words: named(best) };
}

/** Whether every `$ref` naming a schema between `outer` (exclusive) and `at` is written inside `outer`. */
function refsStayWithin(facts: SchemaFacts, outer: string, at: string): boolean {
  for (const [target, holders] of facts.refHolders) {
    if (target === outer || !isPointerWithin(target, outer) || !isPointerWithin(at, target)) continue;
    if (holders.some((holder) => !isPointerWithin(holder, outer))) return false;
  }
  return true;
}

function named(pointer: string): string {
  return pointer === "" ? 'the schema root ("#")' : JSON.stringify(`#${pointer}`);
}
