// Finds every `x-mcp-header` in an inputSchema and how it is reached. In: a parsed JSON Schema. Out: one
// site per annotation, in document order, with its pointer and either its `properties` path or the
// keyword that breaks static reachability. Iterative, linear, own properties only; never throws.

export interface AnnotationSite {
  /** The value of the `x-mcp-header` keyword, whatever its JSON type. */
  readonly value: unknown;
  /** The schema object that carries the keyword. */
  readonly schema: Readonly<Record<string, unknown>>;
  /** RFC 6901 pointer of that schema inside the inputSchema ("" is the root). */
  readonly pointer: string;
  /** Property names from the root when every step is `properties`; otherwise undefined. */
  readonly path: readonly string[] | undefined;
  /** The keyword that breaks reachability (a header parameter must be reachable through `properties` alone), "(root)" for the root itself; undefined if reachable. */
  readonly via: string | undefined;
}

interface Frame {
  readonly value: unknown;
  readonly parent: Frame | undefined;
  /** The pointer token that leads from the parent to this value; "" for the root. */
  readonly token: string;
  /** "schema": the value sits where a schema belongs. "map": it maps names to schemas. */
  readonly kind: "schema" | "map";
  /** The keyword this value (or its map) hangs under, for naming an array that breaks the chain. */
  readonly keyword: string;
  readonly via: string | undefined;
}

// Keywords whose values are instance data, not schemas: an `x-mcp-header` key inside them is data.
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples", "x-mcp-header"]);
// Keywords whose values map arbitrary names to schemas, so a key there is a name, not a keyword.
const MAP_KEYWORDS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
const DEFS_KEYWORDS = new Set(["$defs", "definitions"]);

/**
 * Every `x-mcp-header` annotation in `inputSchema`, wherever it sits: under `properties` chains and
 * also under `items`, composition keywords, `$defs`, unknown keywords and the root, so that misplaced
 * ones can be reported. Example: `findAnnotationSites({ type: "object", properties: { r: { type:
 * "string", "x-mcp-header": "R" } } })` gives one site with path `["r"]` and pointer "/properties/r".
 */
export function findAnnotationSites(inputSchema: unknown): AnnotationSite[] {
  if (!hasHeaderKey(inputSchema)) return [];
  const found: { frame: Frame; schema: Record<string, unknown>; value: unknown }[] = [];
  const refs: string[] = [];
  const anchors = new Map<string, unknown>();
  const root: Frame = { value: inputSchema, parent: undefined, token: "", kind: "schema", keyword: "(root)", via: isPlainObject(inputSchema) ? undefined : "(root)" };
  // Depth-first with an explicit stack so a deeply nested hostile schema cannot overflow the call
  // stack. `onPath` only guards against cyclic in-memory objects, which JSON text cannot produce;
  // shared subtrees (YAML aliases) are walked at every place they occur, as the wire would carry them.
  const stack: { frame: Frame; leaving: boolean }[] = [{ frame: root, leaving: false }];
  const onPath = new Set<object>();
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const { frame, leaving } = step;
    const value = frame.value;
    if (typeof value !== "object" || value === null) continue;
    if (leaving) {
      onPath.delete(value);
      continue;
    }
    if (onPath.has(value)) continue;
    onPath.add(value);
    stack.push({ frame, leaving: true });
    const children = childFrames(frame, value);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child !== undefined) stack.push({ frame: child, leaving: false });
    }
    if (frame.kind === "schema" && isPlainObject(value)) {
      if (Object.hasOwn(value, "x-mcp-header")) found.push({ frame, schema: value, value: value["x-mcp-header"] });
      collectRefData(value, refs, anchors);
    }
  }
  const referenced = resolveLocalRefs(inputSchema, refs, anchors);
  return found.map(({ frame, schema, value }) => toSite(frame, schema, value, referenced));
}

/**
 * Whether any object in `value` has an own `x-mcp-header` key, data or not: most schemas have none,
 * and then the walk that places and resolves annotations has nothing to find. Iterative; each object
 * once (shared subtrees and in-memory cycles included).
 */
function hasHeaderKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  for (let next = stack.pop(); next !== undefined || stack.length > 0; next = stack.pop()) {
    if (typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    if (Array.isArray(next)) {
      for (const member of next) stack.push(member);
      continue;
    }
    if (Object.hasOwn(next, "x-mcp-header")) return true;
    for (const key of Object.keys(next)) stack.push((next as Record<string, unknown>)[key]);
  }
  return false;
}

function childFrames(frame: Frame, value: object): Frame[] {
  const children: Frame[] = [];
  if (Array.isArray(value)) {
    // An array where a schema or a map belongs (allOf, prefixItems, ...): its members are schemas,
    // and none of them is a property, so the chain breaks at the keyword that holds the array.
    const via = frame.via ?? frame.keyword;
    value.forEach((member: unknown, index) => {
      children.push({ value: member, parent: frame, token: String(index), kind: "schema", keyword: frame.keyword, via });
    });
    return children;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (frame.kind === "map") {
      children.push({ value: member, parent: frame, token: key, kind: "schema", keyword: frame.keyword, via: frame.via });
    } else if (!DATA_KEYWORDS.has(key)) {
      const isMap = MAP_KEYWORDS.has(key) && isPlainObject(member);
      // `properties` is the one step that keeps a parameter statically reachable.
      const via = key === "properties" && isMap ? frame.via : (frame.via ?? key);
      children.push({ value: member, parent: frame, token: key, kind: isMap ? "map" : "schema", keyword: key, via });
    }
  }
  return children;
}

function collectRefData(schema: Record<string, unknown>, refs: string[], anchors: Map<string, unknown>): void {
  for (const key of ["$ref", "$dynamicRef"]) {
    const ref = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (typeof ref === "string") refs.push(ref);
  }
  for (const key of ["$anchor", "$dynamicAnchor"]) {
    const anchor = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (typeof anchor === "string" && !anchors.has(anchor)) anchors.set(anchor, schema);
  }
}

// The schema objects that some same-document `$ref` points at. Only fragment references (or ones that
// repeat the root `$id`) are followed; other references are bundled away before this code runs.
function resolveLocalRefs(root: unknown, refs: readonly string[], anchors: ReadonlyMap<string, unknown>): Set<unknown> {
  const rootId = isPlainObject(root) && typeof root["$id"] === "string" && Object.hasOwn(root, "$id") ? root["$id"] : undefined;
  const targets = new Set<unknown>();
  for (const ref of refs) {
    const hash = ref.indexOf("#");
    const base = hash < 0 ? ref : ref.slice(0, hash);
    if (base !== "" && base !== rootId) continue;
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    const target = fragment === "" || fragment.startsWith("/") ? resolvePointer(root, fragment) : anchors.get(fragment);
    if (target !== undefined) targets.add(target);
  }
  return targets;
}

function resolvePointer(root: unknown, fragment: string): unknown {
  let pointer: string;
  try {
    pointer = decodeURIComponent(fragment); // RFC 6901 §6: the fragment is percent-encoded
  } catch {
    return undefined;
  }
  if (pointer === "") return root;
  let current = root;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return undefined;
      current = current[Number(token)];
    } else if (isPlainObject(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return undefined;
    }
  }
  return current;
}

function toSite(frame: Frame, schema: Record<string, unknown>, value: unknown, referenced: ReadonlySet<unknown>): AnnotationSite {
  const tokens: string[] = [];
  let usedByRef = false;
  for (let f: Frame | undefined = frame; f?.parent !== undefined; f = f.parent) {
    tokens.push(f.token);
    // Only references into the misplaced part count: `"$ref": "#"` reuses the root, not its `$defs`.
    if (f.via !== undefined && referenced.has(f.value)) usedByRef = true;
  }
  tokens.reverse();
  const pointer = tokens.map((t) => "/" + t.replace(/~/g, "~0").replace(/\//g, "~1")).join("");
  if (frame.parent === undefined) return { value, schema, pointer, path: undefined, via: "(root)" };
  if (frame.via !== undefined) {
    // A `$defs` entry that a `$ref` uses is reached "through $ref"; an unused
    // one is simply misplaced under `$defs`.
    const via = DEFS_KEYWORDS.has(frame.via) && usedByRef ? "$ref" : frame.via;
    return { value, schema, pointer, path: undefined, via };
  }
  // A reachable chain alternates schema and `properties` map, so every other token is a name.
  const path = tokens.filter((_, index) => index % 2 === 1);
  return { value, schema, pointer, path, via: undefined };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
