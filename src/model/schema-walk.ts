// Which JSON Schema keywords hold subschemas, and an iterative walk over every subschema. Shared by
// the resolver (to find `$ref`s only where they are keywords) and by the rules. Iterative, so a
// hostile 10,000-level schema cannot overflow the stack.
import { isJsonObject, type JsonObject, type JsonValue } from "./json.js";
import { joinPointer } from "./pointer.js";
import { memoSlot, type RunMemo } from "./run-memo.js";

/** Keywords whose value is one subschema. */
const SINGLE = ["additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items"] as const;
/** Keywords whose value is an array of subschemas. */
const ARRAY = ["allOf", "anyOf", "oneOf", "prefixItems", "items"] as const;
/** Keywords whose value maps names to subschemas. */
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"] as const;

/** Keywords that apply their subschema to the same instance (a `$ref` cycle through only these never ends). */
export const IN_PLACE_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies"]);

/** Keywords that only hold definitions for `$ref`; they apply nothing by themselves. */
export const DEFINITION_KEYWORDS: ReadonlySet<string> = new Set(["$defs", "definitions"]);

export interface SubschemaEdge {
  readonly keyword: string;
  /** Pointer tokens after the keyword: [] for single, [index] for arrays, [name] for maps. */
  readonly tokens: readonly (string | number)[];
  readonly schema: JsonValue;
}

/** The immediate subschemas of one schema object, in a stable order (keyword order, then member order). */
const SINGLE_SET: ReadonlySet<string> = new Set(SINGLE);
const ARRAY_SET: ReadonlySet<string> = new Set(ARRAY);
const MAP_SET: ReadonlySet<string> = new Set(MAP);
const NO_TOKENS: readonly (string | number)[] = [];

export function childSchemas(schema: JsonObject): SubschemaEdge[] {
  const edges: SubschemaEdge[] = [];
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword]!;
    if (SINGLE_SET.has(keyword) && isSchemaLike(value) && !(keyword === "items" && Array.isArray(value))) {
      edges.push({ keyword, tokens: NO_TOKENS, schema: value });
    } else if (ARRAY_SET.has(keyword) && Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isSchemaLike(item)) edges.push({ keyword, tokens: [index], schema: item });
      });
    } else if (MAP_SET.has(keyword) && isJsonObject(value)) {
      for (const name of Object.keys(value)) {
        const item = value[name]!;
        // draft-07 `dependencies` may map a property to a list of names instead of a schema.
        if (isSchemaLike(item)) edges.push({ keyword, tokens: [name], schema: item });
      }
    }
  }
  return edges;
}

export function isSchemaLike(value: JsonValue | undefined): value is JsonObject | boolean {
  return typeof value === "boolean" || isJsonObject(value);
}

export interface SchemaNode {
  readonly pointer: string;
  readonly schema: JsonObject | boolean;
  /** Subschema nesting depth below the walk's root (the root is 0). */
  readonly depth: number;
  /** The keyword that led here from the parent schema; undefined at the root. */
  readonly keyword: string | undefined;
  /** The schema this one sits in; undefined at the root. */
  readonly parent: SchemaNode | undefined;
  /** Pointer tokens below the keyword ([] for single-schema keywords). */
  readonly tokens: readonly (string | number)[];
}

/**
 * A visited subschema. Its pointer is built only when asked for (most rules never ask), from the
 * nearest ancestor that already has one, without recursion, so a 10,000-level schema costs no stack.
 */
class WalkNode implements SchemaNode {
  private cached: string | undefined;

  constructor(
    readonly schema: JsonObject | boolean,
    readonly depth: number,
    readonly keyword: string | undefined,
    readonly parent: WalkNode | undefined,
    readonly tokens: readonly (string | number)[],
    rootPointer?: string,
  ) {
    this.cached = rootPointer;
  }

  get pointer(): string {
    if (this.cached !== undefined) return this.cached;
    const pending: WalkNode[] = [];
    let node: WalkNode | undefined = this;
    while (node !== undefined && node.cached === undefined) {
      pending.push(node);
      node = node.parent;
    }
    let pointer = node?.cached ?? "";
    for (let i = pending.length - 1; i >= 0; i--) {
      const step = pending[i]!;
      pointer = joinPointer(pointer, step.keyword!, ...step.tokens);
      step.cached = pointer;
    }
    return pointer;
  }
}

/**
 * Visits the root and every subschema, parents before children, in document order. Returning
 * "skip" from `visit` skips that node's children; returning "stop" ends the walk.
 *
 * `memo`: for a visitor that only reads. The schema's nodes are listed once per run and every later
 * walk of the same schema object (the rules walk each schema a dozen times) goes down that list,
 * with the same nodes, instead of finding each node's subschemas again. Without it, each node's
 * subschemas are found when the walk reaches it, after `visit` saw the node: a visitor may change
 * them (prepare-validator-schema rewrites its copy as it goes).
 */
export function walkSchema(root: JsonValue, rootPointer: string, visit: (node: SchemaNode) => undefined | "skip" | "stop", memo?: RunMemo): void {
  if (!isSchemaLike(root)) return;
  if (memo === undefined || typeof root === "boolean") {
    walkLive(root, rootPointer, visit);
    return;
  }
  const { nodes, ends } = listedNodes(root, rootPointer, memo);
  for (let i = 0; i < nodes.length; ) {
    const outcome = visit(nodes[i]!);
    if (outcome === "stop") return;
    i = outcome === "skip" ? ends[i]! : i + 1;
  }
}

function walkLive(root: JsonObject | boolean, rootPointer: string, visit: (node: SchemaNode) => undefined | "skip" | "stop"): void {
  const stack: WalkNode[] = [new WalkNode(root, 0, undefined, undefined, [], rootPointer)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const outcome = visit(node);
    if (outcome === "stop") return;
    if (outcome !== "skip") pushChildren(stack, node);
  }
}

/** Pushes the node's subschemas, last first (so they pop in document order); answers how many. */
function pushChildren(stack: WalkNode[], node: WalkNode): number {
  if (typeof node.schema === "boolean") return 0;
  const children = childSchemas(node.schema);
  for (let i = children.length - 1; i >= 0; i--) {
    const edge = children[i]!;
    stack.push(new WalkNode(edge.schema as JsonObject | boolean, node.depth + 1, edge.keyword, node, edge.tokens));
  }
  return children.length;
}

/** A schema's nodes in walk order, and for each the index just past its subtree (where "skip" goes on). */
interface NodeList {
  readonly nodes: readonly WalkNode[];
  readonly ends: Uint32Array;
}

/** Each schema object's node list in this run, by the pointer it was walked from. */
const NODE_LISTS = memoSlot("each schema's nodes in walk order", () => new WeakMap<JsonObject, Map<string, NodeList>>());

function listedNodes(root: JsonObject, rootPointer: string, memo: RunMemo): NodeList {
  const lists = memo.get(NODE_LISTS);
  let byPointer = lists.get(root);
  if (!byPointer) lists.set(root, (byPointer = new Map()));
  let list = byPointer.get(rootPointer);
  if (!list) byPointer.set(rootPointer, (list = listNodes(root, rootPointer)));
  return list;
}

function listNodes(root: JsonObject, rootPointer: string): NodeList {
  const nodes: WalkNode[] = [];
  const parents: number[] = [];
  const stack: WalkNode[] = [new WalkNode(root, 0, undefined, undefined, [], rootPointer)];
  const parentOnStack: number[] = [-1];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const index = nodes.length;
    nodes.push(node);
    parents.push(parentOnStack.pop()!);
    for (let n = pushChildren(stack, node); n > 0; n--) parentOnStack.push(index);
  }
  // A subtree is contiguous and follows its root: it ends where its last descendant's subtree ends.
  const ends = new Uint32Array(nodes.length);
  for (let i = nodes.length - 1; i >= 0; i--) {
    if (ends[i] === 0) ends[i] = i + 1;
    const parent = parents[i]!;
    if (parent >= 0 && ends[parent]! < ends[i]!) ends[parent] = ends[i]!;
  }
  return { nodes, ends };
}
