// Finds `$ref` loops that never descend into the instance: A → allOf → $ref B → $ref A. A validator
// following such a loop recurses forever, so they are errors. Recursion through `properties`,
// `items` and the like is fine (each step consumes part of the value) and is not reported.
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { sameDocumentTarget, schemaResources } from "../model/schema-resources.js";
import { childSchemas, IN_PLACE_KEYWORDS, walkSchema } from "../model/schema-walk.js";

export interface RefCycle {
  /** Pointer (relative to the schema root) of the `$ref` that closes the loop. */
  readonly refPointer: string;
  /** Schema pointers around the loop, starting and ending at the same one. */
  readonly chain: readonly string[];
}

interface Edge {
  readonly to: string;
  /** Set when the edge is a `$ref`: the pointer of that `$ref` keyword. */
  readonly refPointer?: string;
}

export function findRefCycles(root: JsonValue, maxCycles = 5): RefCycle[] {
  const edges = new Map<string, Edge[]>();
  let hasRef = false;
  walkSchema(root, "", (node) => {
    if (!isJsonObject(node.schema)) return;
    if (typeof getOwn(node.schema, "$ref") === "string") {
      hasRef = true;
      return "stop";
    }
  });
  // Every loop closes with a same-document `$ref`: a schema without one has none (most have none).
  if (!hasRef) return [];
  const resources = schemaResources(root);
  walkSchema(root, "", (node) => {
    const out: Edge[] = [];
    if (isJsonObject(node.schema)) {
      for (const child of childSchemas(node.schema)) {
        if (IN_PLACE_KEYWORDS.has(child.keyword)) out.push({ to: joinPointer(node.pointer, child.keyword, ...child.tokens) });
      }
      // Read where it is written: a "#" ref inside an embedded resource starts at that resource.
      const ref = getOwn(node.schema, "$ref");
      const target = typeof ref === "string" ? sameDocumentTarget(resources, root, node.schema, ref) : undefined;
      if (target !== undefined) out.push({ to: target, refPointer: joinPointer(node.pointer, "$ref") });
    }
    edges.set(node.pointer, out);
  });
  return depthFirstCycles(edges, maxCycles);
}

function depthFirstCycles(edges: ReadonlyMap<string, readonly Edge[]>, maxCycles: number): RefCycle[] {
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
        const closing = [...loop].reverse().find((e) => e.refPointer !== undefined);
        cycles.push({ refPointer: closing?.refPointer ?? "", chain: [edge.to, ...path.slice(from + 1).map((f) => f.node), edge.to] });
      }
    }
  }
  return cycles;
}
