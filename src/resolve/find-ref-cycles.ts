// Finds `$ref` loops that never descend into the instance: A → allOf → $ref B → $ref A. A validator
// following such a loop recurses forever, so they are errors. Recursion through `properties`,
// `items` and the like is fine (each step consumes part of the value) and is not reported.
// `$dynamicRef` and `$recursiveRef` take part as JSON Schema reads them and, separately, as ajv
// does (src/model/dynamic-ref-targets.ts): a loop under either reading never ends in some validator.
// A target that does not depend on the path validation took is an edge (one per function ajv
// compiles the keyword into); one JSON Schema reads from the dynamic scope is an edge only on the
// paths that make it the target (dynamic-scope-edges.ts). So a loop found through these is a loop.
import { DEFAULT_DIALECT, dialectOf } from "../model/dialect.js";
import { dynamicRefTargets, type DynamicRefReading, type DynamicRefSite } from "../model/dynamic-ref-targets.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { sameDocumentTarget, schemaResources, type SchemaResources } from "../model/schema-resources.js";
import { childSchemas, DEFINITION_KEYWORDS, IN_PLACE_KEYWORDS, walkSchema } from "../model/schema-walk.js";
import { dynamicScopeEdges } from "./dynamic-scope-edges.js";

export interface RefCycle {
  /** Pointer (relative to the schema root) of the `$ref` that closes the loop. */
  readonly refPointer: string;
  /** Schema pointers around the loop, starting and ending at the same one. */
  readonly chain: readonly string[];
  /** Whose reading of `$dynamicRef` and `$recursiveRef` the loop follows ("json-schema" for one of `$ref`s alone). */
  readonly reading: "json-schema" | "ajv";
  /**
   * Set when the loop's reference names a `$dynamicAnchor` (`$recursiveAnchor`) that several resources
   * declare: it loops where validation entered `entered` (a resource's root) first of them.
   */
  readonly scope?: { readonly anchor: string; readonly entered: string };
}

interface Edge {
  readonly to: string;
  /** Set when the edge is a reference: the pointer of that keyword. */
  readonly refPointer?: string;
  /** Set when the edge is a `$dynamicRef` or `$recursiveRef` read as `reading` says. */
  readonly dynamic?: boolean;
}

export function findRefCycles(root: JsonValue, maxCycles = 5): RefCycle[] {
  const edges = new Map<string, Edge[]>();
  let hasRef = false;
  let hasDynamicRef = false;
  walkSchema(root, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    if (typeof getOwn(node.schema, "$ref") === "string") hasRef = true;
    if (typeof getOwn(node.schema, "$dynamicRef") === "string" || typeof getOwn(node.schema, "$recursiveRef") === "string") hasDynamicRef = true;
    if (hasRef && hasDynamicRef) return "stop";
  });
  // Every loop closes with a same-document reference: a schema without one has none (most have none).
  if (!hasRef && !hasDynamicRef) return [];
  const resources = schemaResources(root);
  // Subschemas that descend into the value: no step of a loop, but a way into a resource.
  const descents = new Map<string, string[]>();
  walkSchema(root, "", (node) => {
    const out: Edge[] = [];
    if (isJsonObject(node.schema)) {
      for (const child of childSchemas(node.schema)) {
        const to = joinPointer(node.pointer, child.keyword, ...child.tokens);
        if (IN_PLACE_KEYWORDS.has(child.keyword)) out.push({ to });
        else if (hasDynamicRef && !DEFINITION_KEYWORDS.has(child.keyword)) (descents.get(node.pointer) ?? descents.set(node.pointer, []).get(node.pointer)!).push(to);
      }
      // Read where it is written: a "#" ref inside an embedded resource starts at that resource.
      const ref = getOwn(node.schema, "$ref");
      const target = typeof ref === "string" ? sameDocumentTarget(resources, root, node.schema, ref) : undefined;
      if (target !== undefined) out.push({ to: target, refPointer: joinPointer(node.pointer, "$ref") });
    }
    edges.set(node.pointer, out);
  });
  const cycles = depthFirstCycles(edges, maxCycles, "json-schema");
  if (!hasDynamicRef) return cycles;
  const dialect = dialectOf(getOwn(root, "$schema")) ?? DEFAULT_DIALECT;
  const sites = dynamicRefTargets(root, dialect, resources);
  const found = new Set(cycles.map((c) => c.refPointer));
  for (const [reading, readingOf] of [
    ["json-schema", (site: DynamicRefSite) => site.spec],
    ["ajv", (site: DynamicRefSite) => site.ajv],
  ] as const) {
    const extra = sites.flatMap((site) => certainEdges(site, readingOf(site)));
    if (extra.length === 0) continue;
    const withExtra = new Map([...edges].map(([from, out]) => [from, [...out]]));
    for (const edge of extra) withExtra.get(edge.from)?.push(edge);
    for (const cycle of depthFirstCycles(withExtra, maxCycles, reading)) {
      if (found.has(cycle.refPointer) || cycles.length >= maxCycles) continue;
      found.add(cycle.refPointer);
      cycles.push(cycle);
    }
  }
  if (cycles.length >= maxCycles || !sites.some((site) => site.spec.kind === "scoped")) return cycles;
  for (const cycle of dynamicScopeCycles(edges, descents, sites, resources, maxCycles)) {
    if (found.has(cycle.refPointer) || cycles.length >= maxCycles) continue;
    found.add(cycle.refPointer);
    cycles.push(cycle);
  }
  return cycles;
}

/**
 * The loops through a reference JSON Schema reads from the dynamic scope, for each resource whose
 * anchor it names when validation entered that one first (dynamic-scope-edges.ts): among the schemas
 * validation reaches so, with JSON Schema's certain edges.
 */
function dynamicScopeCycles(
  edges: ReadonlyMap<string, readonly Edge[]>,
  descents: ReadonlyMap<string, readonly string[]>,
  sites: readonly DynamicRefSite[],
  resources: SchemaResources,
  maxCycles: number,
): RefCycle[] {
  const certain = new Map([...edges].map(([from, out]) => [from, [...out]]));
  for (const edge of sites.flatMap((site) => certainEdges(site, site.spec))) certain.get(edge.from)?.push(edge);
  // Every way validation goes on from a schema, descending into the value or not.
  const steps = new Map([...certain].map(([from, out]) => [from, [...out.map((e) => e.to), ...(descents.get(from) ?? [])]]));
  const cycles: RefCycle[] = [];
  for (const scope of dynamicScopeEdges(sites, steps, resources)) {
    const within = new Map([...certain].filter(([from]) => scope.reached.has(from)).map(([from, out]) => [from, [...out]]));
    for (const edge of scope.edges) within.get(edge.from)?.push({ to: edge.to, refPointer: edge.refPointer, dynamic: true });
    const scoped = new Set(scope.edges.map((edge) => edge.refPointer));
    for (const cycle of depthFirstCycles(within, maxCycles, "json-schema")) {
      cycles.push(scoped.has(cycle.refPointer) ? { ...cycle, scope: { anchor: scope.anchor, entered: scope.entered } } : cycle);
    }
  }
  return cycles;
}

/** The edges of one `$dynamicRef` or `$recursiveRef` under one reading: to each target when it is certain. */
function certainEdges(site: DynamicRefSite, reading: DynamicRefReading): (Edge & { readonly from: string })[] {
  if (reading.kind !== "certain") return [];
  return reading.targets.map((to) => ({ from: site.pointer, to, refPointer: joinPointer(site.pointer, site.keyword), dynamic: true }));
}

function depthFirstCycles(edges: ReadonlyMap<string, readonly Edge[]>, maxCycles: number, reading: RefCycle["reading"]): RefCycle[] {
  const cycles: RefCycle[] = [];
  const state = new Map<string, "open" | "done">();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const path: { node: string; next: number; via?: Edge }[] = [{ node: start, next: 0 }];
    state.set(start, "open");
    while (path.length > 0 && cycles.length < maxCycles) {
      const frame = path[path.length - 1]!;
      const out = edges.get(frame.node) ?? [];
      if (frame.next >= out.length) {
        state.set(frame.node, "done");
        path.pop();
        continue;
      }
      const edge = out[frame.next++]!;
      const seen = state.get(edge.to);
      if (seen === undefined && edges.has(edge.to)) {
        state.set(edge.to, "open");
        path.push({ node: edge.to, next: 0, via: edge });
      } else if (seen === "open") {
        const from = path.findIndex((f) => f.node === edge.to);
        const loop = [...path.slice(from + 1).map((f) => f.via!), edge];
        // Reported at a `$dynamicRef` or `$recursiveRef` of the loop when it has one: the reference
        // whose reading makes it a loop.
        const closing = [...loop].reverse().find((e) => e.dynamic) ?? [...loop].reverse().find((e) => e.refPointer !== undefined);
        const chain = [edge.to, ...path.slice(from + 1).map((f) => f.node), edge.to];
        cycles.push({ refPointer: closing?.refPointer ?? "", chain, reading: closing?.dynamic ? reading : "json-schema" });
      }
    }
  }
  return cycles;
}
