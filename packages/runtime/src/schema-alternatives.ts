// The alternatives of a failed oneOf/anyOf, read from the schema that was checked, and the one a
// `const` discriminator picks ({ kind: "rect" } picks the alternative whose kind is const "rect").
// Only plain JSON is read, and only after a validation failed. Dependency-free.
import { instanceTokens } from "./field-path.js";

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === "object" && !Array.isArray(value);

/** The schema a JSON Pointer names inside `root` ("" is the root), or undefined. */
function at(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A same-document `$ref` ("#/$defs/Rect") followed, a few steps at most (a cycle stops). */
function followRef(root: unknown, schema: unknown): unknown {
  let node = schema;
  for (let step = 0; step < 8 && isSchema(node) && typeof node["$ref"] === "string" && node["$ref"].startsWith("#"); step++) {
    const tokens = pointerTokens(node["$ref"]);
    if (tokens === undefined) return undefined;
    node = at(root, tokens);
  }
  return node;
}

/** The tokens of a URI-fragment JSON Pointer ("#/properties/a%20b"), or undefined when it is not one. */
function pointerTokens(fragment: string): string[] | undefined {
  if (fragment === "#") return [];
  if (!fragment.startsWith("#/")) return undefined;
  try {
    return fragment
      .slice(2)
      .split("/")
      .map((t) => decodeURIComponent(t).replace(/~1/g, "/").replace(/~0/g, "~"));
  } catch {
    return undefined;
  }
}

/**
 * The alternatives at `schemaPath` (ajv's "#/properties/shape/oneOf") in `schema`, each with its
 * `$ref` followed, or undefined when the path does not name a `keyword` list there that can be
 * where the failed value is. ajv writes the path of a `$ref`'d subschema from where it lies in the
 * document when it inlines it ("#/$defs/shape/oneOf" for a value at /shape), and relative to it
 * when it compiles it as a function of its own ("#/oneOf"): so the path is read from the root and
 * from each subschema a same-document `$ref` leads to on the way to `instancePath`, and a list is
 * taken only when the path leads from there, step by step, to the value, and only one list does.
 */
export function alternativesAt(schema: unknown, schemaPath: string, keyword: string, instancePath?: string): unknown[] | undefined {
  const tokens = pointerTokens(schemaPath);
  if (tokens === undefined || tokens[tokens.length - 1] !== keyword) return undefined;
  if (instancePath === undefined) {
    const list = at(schema, tokens);
    return Array.isArray(list) ? list.map((branch) => followRef(schema, branch)) : undefined;
  }
  const segments = instanceTokens(instancePath);
  const lists = new Set<unknown[]>();
  for (const base of refTargetsAlong(schema, segments)) {
    const below = segments.slice(base.depth);
    // Relative to the subschema (its own function), or from where it lies in the document (inlined).
    const readings = [tokens];
    if (base.pointer.length > 0 && base.pointer.every((token, i) => tokens[i] === token)) readings.push(tokens.slice(base.pointer.length));
    for (const path of readings) {
      const list = at(base.node, path);
      if (Array.isArray(list) && leadsTo(path.slice(0, -1), below)) lists.add(list);
    }
  }
  if (lists.size !== 1) return undefined;
  const [list] = lists;
  return list!.map((branch) => followRef(schema, branch));
}

/** A subschema ajv may have compiled on its own: the root, or a same-document `$ref`'s target, applied at the value `depth` members down. */
interface RefTarget {
  /** Where it lies in the document (none for the root). */
  readonly pointer: readonly string[];
  readonly node: unknown;
  readonly depth: number;
}

/** The most subschemas refTargetsAlong visits: past it, no path is trusted. */
const MAX_VISITS = 10_000;

/**
 * The root and every subschema a same-document `$ref` leads to that applies to the value at
 * `segments` or to one of its parents, read as data: every applicator is followed whatever its
 * condition (no pattern is ever run), so each subschema that may apply is listed. None when the
 * schema is too large to walk.
 */
function refTargetsAlong(root: unknown, segments: readonly string[]): RefTarget[] {
  const targets: RefTarget[] = [{ pointer: [], node: root, depth: 0 }];
  // Each subschema once per depth, by where it lies: its path from the root or from a $ref's target.
  const seen = new Set<string>();
  const pending: { readonly node: unknown; readonly key: string; readonly depth: number }[] = [{ node: root, key: "", depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, key, depth } = next;
    if (!isSchema(node) || seen.has(`${depth} ${key}`)) continue;
    if (seen.size >= MAX_VISITS) return [];
    seen.add(`${depth} ${key}`);
    const pointer = typeof node["$ref"] === "string" ? pointerTokens(node["$ref"]) : undefined;
    const target = pointer === undefined ? undefined : at(root, pointer);
    if (pointer !== undefined && isSchema(target)) {
      targets.push({ pointer, node: target, depth });
      pending.push({ node: target, key: `#/${pointer.join("/")}`, depth });
    }
    for (const [sub, path, down] of subschemas(node, segments[depth])) pending.push({ node: sub, key: `${key}/${path}`, depth: down ? depth + 1 : depth });
  }
  return targets;
}

/**
 * The subschemas of `schema` that apply to the value itself, and (`down`) those that may apply to
 * its member or element `member` (none when it has none), each with its path below `schema`.
 */
function subschemas(schema: Schema, member: string | undefined): [sub: unknown, path: string, down: boolean][] {
  const found: [unknown, string, boolean][] = [];
  const each = (value: unknown, named: boolean, path: string, down: boolean) => {
    if (!named) found.push([value, path, down]);
    else if (Array.isArray(value) || isSchema(value)) for (const [name, sub] of Object.entries(value)) found.push([sub, `${path}/${name}`, down]);
  };
  for (const [word, value] of Object.entries(schema)) {
    const inPlace = Object.hasOwn(IN_PLACE, word) ? IN_PLACE[word]! : undefined;
    if (inPlace !== undefined) each(value, inPlace.name, word, false);
    if (member === undefined) continue;
    // Array-form items (draft-07) by the element's index, like prefixItems; else any element's.
    const down = word === "items" ? { name: Array.isArray(value), exact: true } : Object.hasOwn(ONE_DOWN, word) ? ONE_DOWN[word]! : undefined;
    if (down === undefined) continue;
    if (!down.name) each(value, false, word, true);
    else if (!down.exact) each(value, true, word, true);
    else if ((Array.isArray(value) || isSchema(value)) && Object.hasOwn(value, member)) found.push([(value as Record<string, unknown>)[member], `${word}/${member}`, true]);
  }
  return found;
}

/** Keywords whose subschema applies to the value itself: `name` takes the next token too. */
const IN_PLACE: Readonly<Record<string, { readonly name: boolean }>> = {
  allOf: { name: true },
  anyOf: { name: true },
  oneOf: { name: true },
  dependentSchemas: { name: true },
  not: { name: false },
  if: { name: false },
  then: { name: false },
  else: { name: false },
};

/** Keywords whose subschema applies to a member or element: `name` takes the next token too; `exact`: that token is the member's name. */
const ONE_DOWN: Readonly<Record<string, { readonly name: boolean; readonly exact: boolean }>> = {
  properties: { name: true, exact: true },
  patternProperties: { name: true, exact: false },
  prefixItems: { name: true, exact: true },
  additionalProperties: { name: false, exact: false },
  unevaluatedProperties: { name: false, exact: false },
  additionalItems: { name: false, exact: false },
  unevaluatedItems: { name: false, exact: false },
  contains: { name: false, exact: false },
};

/** Whether the schema path `tokens` leads from a value to the one `segments` (instanceTokens) further down, exactly. */
function leadsTo(tokens: readonly string[], segments: readonly string[]): boolean {
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const inPlace = Object.hasOwn(IN_PLACE, token) ? IN_PLACE[token] : undefined;
    if (inPlace !== undefined) {
      if (inPlace.name) i++;
      continue;
    }
    if (token === "items") {
      // Array-form items (draft-07): the next token is the element's index.
      const index = tokens[i + 1];
      if (index !== undefined && /^(0|[1-9][0-9]*)$/.test(index) && segments[depth] === index) i++;
      depth++;
      continue;
    }
    const down = Object.hasOwn(ONE_DOWN, token) ? ONE_DOWN[token] : undefined;
    if (down === undefined) return false;
    if (down.name) {
      const name = tokens[++i];
      if (name === undefined || (down.exact && segments[depth] !== name)) return false;
    }
    depth++;
  }
  return depth === segments.length;
}

/** A discriminator: the property whose `const` differs in every alternative, and those values. */
export interface Discriminator {
  readonly property: string;
  readonly values: readonly unknown[];
}

/** The `const` (or one-member `enum`) of an alternative's `property`, or undefined. */
function constOf(branch: unknown, property: string): { readonly value: unknown } | undefined {
  if (!isSchema(branch) || !isSchema(branch["properties"])) return undefined;
  const member = branch["properties"][property];
  if (!isSchema(member)) return undefined;
  if (Object.hasOwn(member, "const")) return { value: member["const"] };
  return Array.isArray(member["enum"]) && member["enum"].length === 1 ? { value: member["enum"][0] } : undefined;
}

const isPrimitive = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

/**
 * The first property (in the first alternative's order) that every alternative pins to a distinct
 * primitive `const`, or undefined.
 * @example findDiscriminator([circle, rect]) // { property: "kind", values: ["circle", "rect"] }
 */
export function findDiscriminator(alternatives: readonly unknown[]): Discriminator | undefined {
  const first = alternatives[0];
  if (alternatives.length < 2 || !isSchema(first) || !isSchema(first["properties"])) return undefined;
  for (const property of Object.keys(first["properties"])) {
    const values = alternatives.map((branch) => constOf(branch, property));
    if (values.some((v) => v === undefined || !isPrimitive(v.value))) continue;
    const plain = values.map((v) => v!.value);
    if (new Set(plain).size === plain.length) return { property, values: plain };
  }
  return undefined;
}
