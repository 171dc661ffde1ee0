// One schema document → each `$dynamicRef` and `$recursiveRef` in it, with the schema(s) validation
// continues at there in the two readings that matter, JSON Schema's and ajv's (the validator of the
// official SDKs and of the generated code), and whether that is certain or depends on the path
// validation took. A tool's schema is one document that nothing extends: its dynamic scope starts at
// its root. Reads the schema only.
//
// JSON Schema: a 2020-12 `$dynamicRef` is a `$ref` unless the schema it names declares its fragment
// as `$dynamicAnchor` (Core § 8.2.3.2), and then names that anchor in the outermost resource of the
// dynamic scope that declares it: the root's when the root's resource does, the one resource's when
// only one does, else whichever resource declaring it validation entered first. A 2019-09
// `$recursiveRef` is a `$ref` unless it is "#" and the root of its resource sets `$recursiveAnchor:
// true` (2019-09 Core § 8.2.4.2), and then names the outermost resource whose root sets it, alike.
// A `$recursiveAnchor` anywhere but at a resource root means nothing. draft-07 has neither keyword,
// nor has 2019-09 `$dynamicRef` or 2020-12 `$recursiveRef` (it checks nothing by it).
//
// ajv (vocabularies/dynamic/dynamicRef.ts, for both keywords, in its 2019-09 and 2020-12 classes; its
// draft-07 class ignores both, and it refuses a value that is not a fragment): "#x" checks the value
// against the first schema with `$dynamicAnchor: "x"` ("#": `$recursiveAnchor: true`) validation has
// entered, resource root or not, whatever the value names, and before any against the function it is
// compiled in: the root's, or that of the `$ref` target validation entered last (one holding such a
// keyword is never inlined), whatever `$id` says. A schema reached in place from several functions is
// compiled into each, and each copy calls its own: one certain target per function.
import type { Dialect } from "./dialect.js";
import { getOwn, isJsonObject, valueAt, type JsonValue } from "./json.js";
import { isPointerWithin, splitPointer } from "./pointer.js";
import { sameDocumentTarget, schemaResources, type SchemaResources } from "./schema-resources.js";
import { DEFINITION_KEYWORDS, walkSchema } from "./schema-walk.js";

export type DynamicRefKeyword = "$dynamicRef" | "$recursiveRef";

/** Where one reading sends validation from one `$dynamicRef` or `$recursiveRef`. */
export type DynamicRefReading =
  /** Nowhere: the dialect has no such keyword, the reference names nothing in the document, or (ajv) the keyword is never compiled or is refused. */
  | { readonly kind: "none" }
  /**
   * Certain: one schema, whatever path validation took. ajv's reading may list several, one per
   * function the keyword is compiled into; each copy calls its own.
   */
  | {
      readonly kind: "certain";
      readonly targets: readonly string[];
      /**
       * (ajv) Schemas that declare the anchor where validation never enters them, so ajv never
       * checks against them: one `$ref` to them away from another target. Absent when none do.
       */
      readonly unentered?: readonly string[];
    }
  /**
   * Depends on the path validation took: on which schema declaring `anchor` it entered first. ajv's
   * reading has `before`: the functions it calls while validation has entered none.
   */
  | { readonly kind: "scoped"; readonly anchor: string; readonly targets: readonly ScopedTarget[]; readonly before?: readonly string[] };

export interface ScopedTarget {
  /** Pointer of the schema validation continues at. */
  readonly pointer: string;
  /** What validation entered first to continue there: the root of a resource declaring the anchor (JSON Schema's reading), or the schema declaring it (ajv's). */
  readonly entered: string;
}

export interface DynamicRefSite {
  /** Pointer of the schema holding the keyword, from the document's root. */
  readonly pointer: string;
  readonly keyword: DynamicRefKeyword;
  readonly ref: string;
  /** JSON Schema's reading, in the dialect given. */
  readonly spec: DynamicRefReading;
  /** ajv's reading, by its class for the dialect given. */
  readonly ajv: DynamicRefReading;
}

const NONE: DynamicRefReading = { kind: "none" };

/**
 * Every string-valued `$dynamicRef` and `$recursiveRef` of `root`, in document order, `$dynamicRef`
 * first where a schema holds both. `resources`: schemaResources(root), passed in when the caller has it.
 * @example dynamicRefTargets({ $dynamicAnchor: "node", items: { $dynamicRef: "#node" } }, "2020-12")
 *   // [{ pointer: "/items", keyword: "$dynamicRef", ref: "#node", spec: { kind: "certain", targets: [""] }, ajv: { kind: "certain", targets: [""] } }]
 */
export function dynamicRefTargets(root: JsonValue, dialect: Dialect, resources: SchemaResources = schemaResources(root)): DynamicRefSite[] {
  const facts = schemaFacts(root, resources);
  // Anchor name → the resources declaring it, found once however many references look it up.
  const declaring = new Map<string, readonly ScopedTarget[]>();
  // Anchor name → the schemas declaring it to ajv, likewise.
  const declaredBy = new Map<string, AjvDeclaring>();
  return facts.sites.map(({ pointer, keyword, ref }) => ({
    pointer,
    keyword,
    ref,
    spec: specReading(root, resources, declaring, pointer, keyword, ref, dialect),
    ajv: dialect === "draft-07" ? NONE : ajvReading(facts, declaredBy, pointer, ref),
  }));
}

/** The one schema `reading` names whatever path validation took, or undefined when it names none or several. */
export function certainTarget(reading: DynamicRefReading): string | undefined {
  return reading.kind === "certain" && reading.targets.length === 1 ? reading.targets[0] : undefined;
}

interface SchemaFacts {
  readonly sites: readonly { readonly pointer: string; readonly keyword: DynamicRefKeyword; readonly ref: string }[];
  /** Each schema holding a same-document `$ref` → the schema it names (which ajv compiles as a function of its own). */
  readonly refs: ReadonlyMap<string, string>;
  /** Each schema → the functions ajv may compile it into: the root's and every `$ref` target above it, up to a `$defs` entry (which runs only where a `$ref` names it). */
  readonly functions: ReadonlyMap<string, readonly string[]>;
  /** Each schema that declares anchor names to ajv → those names: its `$dynamicAnchor`, and "" for `$recursiveAnchor: true`. */
  readonly declared: ReadonlyMap<string, readonly string[]>;
  /** The schemas validation can enter, from the root, in place or through a `$ref`; only found when a schema declares an anchor. */
  readonly entered: ReadonlySet<string>;
}

function schemaFacts(root: JsonValue, resources: SchemaResources): SchemaFacts {
  const sites: { pointer: string; keyword: DynamicRefKeyword; ref: string }[] = [];
  const refs = new Map<string, string>();
  const applied = new Map<string, string[]>();
  const declared = new Map<string, string[]>();
  walkSchema(root, "", (node) => {
    const pointer = node.pointer;
    const isDefinition = node.keyword !== undefined && DEFINITION_KEYWORDS.has(node.keyword);
    applied.set(pointer, []);
    if (node.parent !== undefined && !isDefinition) applied.get(node.parent.pointer)!.push(pointer);
    if (!isJsonObject(node.schema)) return;
    const ref = getOwn(node.schema, "$ref");
    const target = typeof ref === "string" ? sameDocumentTarget(resources, root, node.schema, ref) : undefined;
    if (target !== undefined) refs.set(pointer, target);
    const names: string[] = [];
    const name = getOwn(node.schema, "$dynamicAnchor");
    if (typeof name === "string") names.push(name);
    if (getOwn(node.schema, "$recursiveAnchor") === true) names.push("");
    if (names.length > 0) declared.set(pointer, names);
    for (const keyword of ["$dynamicRef", "$recursiveRef"] as const) {
      const value = getOwn(node.schema, keyword);
      if (typeof value === "string") sites.push({ pointer, keyword, ref: value });
    }
  });
  if (sites.length === 0) return { sites, refs, functions: new Map(), declared, entered: new Set() };
  // A `$ref` target is a function of its own, wherever it is written: known once every `$ref` is.
  const targets = new Set(refs.values());
  const functions = new Map<string, readonly string[]>();
  walkSchema(root, "", (node) => {
    const outer = node.parent === undefined || (node.keyword !== undefined && DEFINITION_KEYWORDS.has(node.keyword)) ? [] : functions.get(node.parent.pointer)!;
    functions.set(node.pointer, node.parent === undefined || targets.has(node.pointer) ? [...outer, node.pointer] : outer);
  });
  return { sites, refs, functions, declared, entered: declared.size === 0 ? new Set() : enteredSchemas(applied, refs) };
}

/** The schemas validation can enter: from the root, in place (`applied`) or through a `$ref`. */
function enteredSchemas(applied: ReadonlyMap<string, readonly string[]>, refs: ReadonlyMap<string, string>): Set<string> {
  const seen = new Set<string>([""]);
  const queue = [""];
  while (queue.length > 0) {
    const at = queue.pop()!;
    const target = refs.get(at);
    for (const next of [...(applied.get(at) ?? []), ...(target === undefined ? [] : [target])]) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/** JSON Schema's reading of `keyword: ref`, written in the schema at `at`. */
function specReading(
  root: JsonValue,
  resources: SchemaResources,
  declaringCache: Map<string, readonly ScopedTarget[]>,
  at: string,
  keyword: DynamicRefKeyword,
  ref: string,
  dialect: Dialect,
): DynamicRefReading {
  if (dialect !== (keyword === "$recursiveRef" ? "2019-09" : "2020-12")) return NONE;
  const holder = valueAt(root, splitPointer(at));
  const target = sameDocumentTarget(resources, root, isJsonObject(holder) ? holder : undefined, ref);
  if (target === undefined) return NONE;
  let anchor: string;
  if (keyword === "$recursiveRef") {
    if (ref !== "#" || getOwn(valueAt(root, splitPointer(target)), "$recursiveAnchor") !== true) return certain(target);
    anchor = "";
  } else {
    anchor = ref.slice(ref.indexOf("#") + 1);
    if (!ref.includes("#") || getOwn(valueAt(root, splitPointer(target)), "$dynamicAnchor") !== anchor) return certain(target);
  }
  const key = `${keyword}#${anchor}`;
  const declaring = declaringCache.get(key) ?? declaringCache.set(key, declaringResources(root, resources, keyword, anchor)).get(key)!;
  // The root's resource is the outermost of every dynamic scope; the only one declaring it is the outermost of any.
  const outermost = declaring.find((d) => d.entered === resources.resources[0]!.pointer) ?? (declaring.length === 1 ? declaring[0] : undefined);
  if (outermost !== undefined) return certain(outermost.pointer);
  return { kind: "scoped", anchor, targets: declaring };
}

/**
 * The resources that declare `anchor`, with the schema declaring it in each: `$dynamicAnchor: anchor`
 * anywhere in it (2020-12), `$recursiveAnchor: true` on its root (2019-09, where "" is the only name).
 */
function declaringResources(root: JsonValue, resources: SchemaResources, keyword: DynamicRefKeyword, anchor: string): ScopedTarget[] {
  const at = (pointer: string) => valueAt(root, splitPointer(pointer));
  if (keyword === "$recursiveRef") return resources.resources.filter((r) => getOwn(at(r.pointer), "$recursiveAnchor") === true).map((r) => ({ pointer: r.pointer, entered: r.pointer }));
  const declaring = new Map<string, ScopedTarget>();
  for (const resource of resources.resources) {
    const pointer = resources.anchors.get(`${resource.uri}#${anchor}`);
    if (pointer !== undefined && getOwn(at(pointer), "$dynamicAnchor") === anchor && !declaring.has(resource.pointer)) declaring.set(resource.pointer, { pointer, entered: resource.pointer });
  }
  return [...declaring.values()];
}

/** ajv's reading of `ref`, written in the schema at `at`. */
/** The schemas declaring one anchor to ajv: all of them, and those validation enters as targets. */
interface AjvDeclaring {
  readonly all: readonly string[];
  readonly entered: readonly ScopedTarget[];
}

function ajvReading(facts: SchemaFacts, declaredBy: Map<string, AjvDeclaring>, at: string, ref: string): DynamicRefReading {
  if (!ref.startsWith("#")) return NONE;
  const anchor = ref.slice(1);
  const functions = facts.functions.get(at) ?? [];
  // Compiled into no function: in a `$defs` entry no `$ref` names, which ajv never compiles.
  if (functions.length === 0) return NONE;
  // The root declares it first thing, before validation enters anything else.
  if (facts.declared.get("")?.includes(anchor)) return certain("");
  let declaring = declaredBy.get(anchor);
  if (declaring === undefined) {
    const all = [...facts.declared].filter(([, names]) => names.includes(anchor)).map(([pointer]) => pointer);
    declaring = { all, entered: all.filter((pointer) => facts.entered.has(pointer)).map((pointer) => ({ pointer, entered: pointer })) };
    declaredBy.set(anchor, declaring);
  }
  const anchored = declaring.entered;
  if (anchored.length === 0) {
    return declaring.all.length === 0 ? { kind: "certain", targets: functions } : { kind: "certain", targets: functions, unentered: declaring.all };
  }
  const only = anchored[0]!.pointer;
  // The anchor is entered on the way in only when every `$ref` into it on the way is written inside it.
  if (anchored.length === 1 && isPointerWithin(at, only) && refsStayWithin(facts.refs, only, at)) return certain(only);
  return { kind: "scoped", anchor, targets: anchored, before: functions };
}

function certain(pointer: string): DynamicRefReading {
  return { kind: "certain", targets: [pointer] };
}

/** Whether every `$ref` naming a schema between `outer` (exclusive) and `at` is written inside `outer`. */
function refsStayWithin(refs: ReadonlyMap<string, string>, outer: string, at: string): boolean {
  for (const [holder, target] of refs) {
    if (target === outer || !isPointerWithin(target, outer) || !isPointerWithin(at, target)) continue;
    if (!isPointerWithin(holder, outer)) return false;
  }
  return true;
}
