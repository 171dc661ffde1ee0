// The array keywords of a schema copy made for json-schema-to-typescript (emit-types.ts prepare), so
// that a tuple's type holds exactly the arrays the schema allows. The library knows only draft-07
// tuples (array-form `items`, `additionalItems`) and reads a missing `additionalItems` as `false`,
// where every dialect reads it as "anything". It runs with `ignoreMinAndMaxItems: false`, so it
// makes a tuple's positions past `minItems` optional, as a union (`[] | [string] | [string, number]`);
// an array that is no tuple loses its bounds here instead, so its type stays `T[]`. Only the copy is
// translated: the wire schema and the validators never see any of this.
import { posix } from "node:path";
import { getOwn, isJsonObject, type JsonObject, type JsonValue, valueAt } from "../model/json.js";
import type { Dialect } from "../model/dialect.js";
import { splitPointer } from "../model/pointer.js";

/**
 * The key that keyword `keyword` of `schema` has in the copy; undefined leaves it out. A 2020-12
 * tuple is written the draft-07 way (2020-12 Core § 10.3.1): `prefixItems` becomes `items`, the
 * `items` beside it (the schema of every later element) becomes `additionalItems`, and an
 * `additionalItems` there, no 2020-12 keyword, is left out.
 * @example copiedKeyword({ prefixItems: [], items: false }, "items", "2020-12") // "additionalItems"
 */
export function copiedKeyword(schema: JsonObject, keyword: string, dialect: Dialect): string | undefined {
  if (!isTuple2020(schema, dialect)) return keyword;
  if (keyword === "prefixItems") return "items";
  if (keyword === "items") return Array.isArray(getOwn(schema, "items")) ? undefined : "additionalItems";
  return keyword === "additionalItems" ? undefined : keyword;
}

/** Whether `schema` is a 2020-12 tuple (it has `prefixItems`), whose keywords copiedKeyword renames. */
export function isTuple2020(schema: JsonObject, dialect: Dialect): boolean {
  return dialect === "2020-12" && Array.isArray(getOwn(schema, "prefixItems"));
}

/**
 * The copy with its array bounds as the library should read them: a tuple that `maxItems` does not
 * bound is open unless `additionalItems` closes it (`...unknown[]` after its elements), one that it
 * bounds is closed; any other array schema carries `minItems` and `maxItems` only in its doc comment,
 * as the library writes them (`@minItems 2`), so its type stays `T[]` and not `[T, T, ...T[]]`.
 * Without `type`, the array's keywords say nothing of the other values (anyValueOrArray), unless
 * `inArray`: the copy is a branch of an array schema (its allOf, anyOf or oneOf), which only arrays reach.
 * @example arrayKeywords({ items: [{ type: "string" }] }) // { items: [...], additionalItems: true, type: ["array", "null", ...] }
 */
export function arrayKeywords(copy: JsonObject, inArray = false): JsonObject {
  const typeless = !inArray && anyValueOrArray(copy);
  const items = getOwn(copy, "items");
  if (Array.isArray(items)) {
    const maxItems = getOwn(copy, "maxItems");
    const additional = getOwn(copy, "additionalItems") ?? !(typeof maxItems === "number" && maxItems <= items.length);
    const tuple = { ...copy, additionalItems: additional };
    return tupleLengths(tuple, items, additional, typeless) ?? orNotArray(tuple, typeless);
  }
  if (!isArrayType(copy) || !("minItems" in copy || "maxItems" in copy)) return orNotArray(copy, typeless);
  const { minItems, maxItems, ...rest } = copy;
  // As the library's normalizer writes them ("Add JSDoc comments for minItems and maxItems").
  const bounds = [minItems === undefined ? "" : `@minItems ${String(minItems)}`, maxItems === undefined ? "" : `@maxItems ${String(maxItems)}`].filter(Boolean);
  const description = getOwn(copy, "description");
  return orNotArray({ ...rest, description: typeof description === "string" && description !== "" ? `${description}\n\n${bounds.join("\n")}` : bounds.join("\n") }, typeless);
}

/** The JSON types other than "array", in the order a typeless array's type lists them after it (anyValueOrArray). */
const NOT_ARRAY = ["null", "boolean", "number", "string", "object"] as const;

/**
 * Whether the copy is an array schema without `type`, which the validators apply to arrays only:
 * `{ "items": { "type": "string" } }` accepts `["a"]`, and `5`, `"a"`, `null` and `{}` as well
 * (JSON Schema Validation § 6.4, 10.3.1: keywords that do not apply to the instance's type are
 * ignored). The library types it as an array only (`string[]`). Not where `enum` or `const` lists
 * the values: the library intersects those with the array form.
 */
function anyValueOrArray(copy: JsonObject): boolean {
  return getOwn(copy, "type") === undefined && getOwn(copy, "items") !== undefined && getOwn(copy, "enum") === undefined && getOwn(copy, "const") === undefined;
}

/**
 * The copy with every JSON type listed when `typeless` (anyValueOrArray), which the library types as
 * a union of one member per type, each read with the copy's keywords (its array form for "array"):
 * `(string[] | null | boolean | number | string | { [k: string]: unknown })`. A typeless schema with
 * object keywords as well gets its object form in that union too.
 */
function orNotArray(copy: JsonObject, typeless: boolean): JsonObject {
  return typeless ? { ...copy, type: ["array", ...NOT_ARRAY] } : copy;
}

/** Whether the library's normalizer takes a schema for an array (its isArrayType). */
function isArrayType(schema: JsonObject): boolean {
  const type = getOwn(schema, "type");
  const has = (name: string) => type === name || (Array.isArray(type) && type.includes(name));
  return getOwn(schema, "items") !== undefined || has("array") || has("any");
}

/** Where tupleLengths keeps a tuple's own elements and the schema of the rest, for the `$ref`s into them (tupleRefTokens). */
export const TUPLE_PARTS = "x-mcp-gen-tuple";

/**
 * The lengths a tuple of `count` elements may have, shortest and longest, when it has optional
 * positions and tupleLengths writes it as an `anyOf`; undefined where the library's reading is kept:
 * no optional position, a `type` other than "array" alone, or an `anyOf` already there.
 */
function optionalLengths(schema: JsonObject, count: number): { readonly shortest: number; readonly longest: number } | undefined {
  const minItems = getOwn(schema, "minItems");
  const maxItems = getOwn(schema, "maxItems");
  const shortest = typeof minItems === "number" ? Math.max(0, Math.ceil(minItems)) : 0;
  const longest = typeof maxItems === "number" ? Math.min(Math.floor(maxItems), count) : count;
  const type = getOwn(schema, "type");
  if (shortest >= count || longest < shortest || (type !== undefined && type !== "array") || getOwn(schema, "anyOf") !== undefined) return undefined;
  return { shortest, longest };
}

/**
 * A tuple with optional positions (minItems below its length) as an `anyOf` of one tuple per length
 * it may have. The library types such a tuple as a union of tuples itself, but writes it without
 * parentheses: as an array's element it printed `[]|[string]|[string, number][]`, which TypeScript
 * reads as `[] | [string] | [string, number][]`, and beside `&` likewise. An `anyOf` it writes in
 * parentheses, so the union stays whole wherever it goes. The elements and the rest's schema stay
 * under TUPLE_PARTS (a key the library does not read) for the `$ref`s that point into them.
 * `typeless`: the tuple has no `type`, so every value that is no array is in the union as well.
 */
function tupleLengths(tuple: JsonObject, items: readonly JsonValue[], additional: JsonValue, typeless: boolean): JsonObject | undefined {
  const lengths = optionalLengths(tuple, items.length);
  if (lengths === undefined) return undefined;
  const anyOf: JsonObject[] = [];
  for (let length = lengths.shortest; length <= lengths.longest; length++) {
    const open = length === items.length;
    anyOf.push({ type: "array", items: items.slice(0, length), minItems: length, ...(open ? {} : { maxItems: length }), additionalItems: open ? additional : false });
  }
  // Without `type`, any other value too (anyValueOrArray), one member a type.
  if (typeless) for (const type of NOT_ARRAY) anyOf.push({ type });
  const { items: _items, additionalItems: _additional, minItems: _min, maxItems: _max, type: _type, ...rest } = tuple;
  return { ...rest, anyOf, [TUPLE_PARTS]: { items: [...items], additionalItems: additional } };
}

/**
 * Where a `$ref` into the tuple `schema` (its `keyword`, as the copy names it: `items` or
 * `additionalItems`) goes in the copy, when tupleLengths wrote the tuple as an `anyOf`: under
 * TUPLE_PARTS. Undefined when the copy keeps the keyword where it was.
 */
export function tupleRefTokens(schema: JsonObject, copied: string, elements: JsonValue | undefined): string[] | undefined {
  if (!Array.isArray(elements) || (copied !== "items" && copied !== "additionalItems")) return undefined;
  return optionalLengths(schema, elements.length) === undefined ? undefined : [TUPLE_PARTS, copied];
}

/**
 * Marks an `anyOf` that a keyword translation wrote for one schema (typeless-keywords.ts splitObject),
 * to be named by nameReferencedUnions as a tuple of tupleLengths is.
 */
export const NAMED_BY_REF = "x-mcp-gen-named-by-ref";

/**
 * The wrapper (emit-types.ts buildWrapper) with every tuple that tupleLengths wrote as an `anyOf`, and
 * every other such `anyOf` marked NAMED_BY_REF, that a `$ref` names titled as json-schema-to-typescript
 * names a schema it reaches through a `$ref`: after the ref's last token (`#/.../$defs/pair` → `Pair`,
 * its justName). The library names such a schema itself only when it takes it for an array or an
 * object (its normalizer's "Add an $id to anything that needs it"), which an `anyOf` is not, so a
 * tuple of `$defs` with optional positions was written out in full at every ref instead of as its
 * alias. Only those anyOf objects, which were made for this wrapper, are changed; one with a title
 * of its own keeps it.
 */
export function nameReferencedUnions(wrapper: JsonObject): JsonObject {
  const stack: JsonValue[] = [wrapper];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) stack.push(...node);
    if (!isJsonObject(node)) continue;
    const ref = getOwn(node, "$ref");
    if (typeof ref === "string" && ref.startsWith("#")) {
      const target = valueAt(wrapper, splitPointer(decodeURIComponent(ref.slice(1))));
      const made = getOwn(target, TUPLE_PARTS) !== undefined || getOwn(target, NAMED_BY_REF) === true;
      if (isJsonObject(target) && made && getOwn(target, "title") === undefined) {
        (target as Record<string, JsonValue>).title = posix.basename(ref.slice(1));
      }
    }
    for (const key of Object.keys(node)) stack.push(node[key]!);
  }
  return wrapper;
}
