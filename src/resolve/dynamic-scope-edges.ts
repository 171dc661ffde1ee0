// The `$dynamicRef`s and `$recursiveRef`s whose target JSON Schema reads from the dynamic scope →
// for each resource that names that target when validation enters it first, the schemas validation
// can reach with it so entered and the edges those references then have, for find-ref-cycles. Reads
// the schema graph only.
//
// 2020-12 Core § 8.2.3.2 (2019-09 Core § 8.2.4.2 alike): such a reference names the anchor of the
// outermost resource in the dynamic scope that declares it. Where several resources declare it and
// the root's does not, that is the one declaring it that validation entered first on its way (entered
// through a `$ref` or in place, properties and items included), and stays that one for everything
// validation enters after it, since the scope only grows on the way down: on any path through that
// resource, each such reference is an edge to its anchor. A loop along one is a loop of the generated
// validator for any value that takes that path (ajv, which keeps the first schema declaring the
// anchor it entered, follows it too where that schema is the resource's anchor).
import type { DynamicRefSite, ScopedTarget } from "../model/dynamic-ref-targets.js";
import { joinPointer, parentPointer } from "../model/pointer.js";
import type { SchemaResources } from "../model/schema-resources.js";

export interface ScopedEdge {
  readonly from: string;
  readonly to: string;
  /** Pointer of the `$dynamicRef` or `$recursiveRef` keyword. */
  readonly refPointer: string;
}

export interface DynamicScope {
  /** The anchor name ("" for `$recursiveAnchor`). */
  readonly anchor: string;
  /** Root of the resource validation entered first of those declaring the anchor. */
  readonly entered: string;
  /** The schemas validation reaches with that resource so entered. */
  readonly reached: ReadonlySet<string>;
  /** The edges of the references to the anchor there. */
  readonly edges: readonly ScopedEdge[];
}

/** Most (schema, resource entered first) pairs followed per anchor; past it, that anchor is left out (no loop is reported through it). */
const MAX_SCOPED_STATES = 200_000;

/**
 * `steps`: each schema → every schema validation goes on to from it: subschemas it applies (not
 * `$defs` entries), the schema its `$ref` names, and the certain targets of its dynamic references.
 * @example dynamicScopeEdges(sites, steps, resources) // [{ anchor: "node", entered: "/$defs/A", reached: Set { "/$defs/A", … }, edges: [{ from: "/$defs/C/anyOf/0", to: "/$defs/A", refPointer: "/$defs/C/anyOf/0/$dynamicRef" }] }]
 */
export function dynamicScopeEdges(sites: readonly DynamicRefSite[], steps: ReadonlyMap<string, readonly string[]>, resources: SchemaResources): DynamicScope[] {
  const byAnchor = new Map<string, { readonly site: DynamicRefSite; readonly targets: readonly ScopedTarget[] }[]>();
  for (const site of sites) {
    if (site.spec.kind !== "scoped") continue;
    const refs = byAnchor.get(site.spec.anchor) ?? byAnchor.set(site.spec.anchor, []).get(site.spec.anchor)!;
    refs.push({ site, targets: site.spec.targets });
  }
  const scopes: DynamicScope[] = [];
  // The resource each schema is in: its own when it is a resource's root, else its parent's.
  const roots = new Set(resources.resources.map((r) => r.pointer));
  const resourceOf = new Map<string, string>([["", ""]]);
  const resourceRoot = (pointer: string): string => {
    const pending: string[] = [];
    let at: string | undefined = pointer;
    while (at !== undefined && !resourceOf.has(at) && !roots.has(at)) {
      pending.push(at);
      at = parentPointer(at);
    }
    const found = at === undefined ? "" : (resourceOf.get(at) ?? at);
    for (const p of [at, ...pending]) if (p !== undefined) resourceOf.set(p, found);
    return found;
  };
  for (const [anchor, refs] of byAnchor) {
    // Each resource declaring the anchor → its anchor, the target while it is the one entered first.
    // (References to one anchor share their list of targets: each distinct list is read once.)
    const anchorOf = new Map([...new Set(refs.map(({ targets }) => targets))].flatMap((targets) => targets.map((t) => [t.entered, t.pointer] as const)));
    const reached = reachedByScope(steps, anchorOf, refs, resourceRoot);
    for (const [entered, pointers] of reached ?? []) {
      const to = anchorOf.get(entered)!;
      const edges = refs.filter(({ site }) => pointers.has(site.pointer)).map(({ site }) => ({ from: site.pointer, to, refPointer: joinPointer(site.pointer, site.keyword) }));
      if (edges.length > 0) scopes.push({ anchor, entered, reached: pointers, edges });
    }
  }
  return scopes;
}

/**
 * Each resource declaring the anchor → the schemas validation reaches having entered it first of
 * those; undefined past MAX_SCOPED_STATES. A walk of (schema, resource entered first) pairs from the
 * root, whose resource declares none of them.
 */
function reachedByScope(
  steps: ReadonlyMap<string, readonly string[]>,
  anchorOf: ReadonlyMap<string, string>,
  refs: readonly { readonly site: DynamicRefSite }[],
  resourceRoot: (pointer: string) => string,
): Map<string, Set<string>> | undefined {
  const referring = new Set(refs.map(({ site }) => site.pointer));
  const before = new Set<string>([""]);
  const after = new Map<string, Set<string>>();
  const queue: [string, string | undefined][] = [["", undefined]];
  let states = 1;
  while (queue.length > 0) {
    const [at, entered] = queue.pop()!;
    const next = [...(steps.get(at) ?? [])];
    if (entered !== undefined && referring.has(at)) next.push(anchorOf.get(entered)!);
    for (const to of next) {
      const resource = resourceRoot(to);
      const scope = entered ?? (anchorOf.has(resource) ? resource : undefined);
      const seen = scope === undefined ? before : (after.get(scope) ?? after.set(scope, new Set()).get(scope)!);
      if (seen.has(to)) continue;
      seen.add(to);
      if (++states > MAX_SCOPED_STATES) return undefined;
      queue.push([to, scope]);
    }
  }
  return after;
}
