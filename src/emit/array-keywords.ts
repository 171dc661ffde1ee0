// The array keywords of a schema copy made for json-schema-to-typescript (emit-types.ts prepare), so
// that a tuple's type holds exactly the arrays the schema allows. The library knows only draft-07
// tuples (array-form `items`, `additionalItems`) and reads a missing `additionalItems` as `false`,
// where every dialect reads it as "anything". It runs with `ignoreMinAndMaxItems: false`, so it
// makes a tuple's positions past `minItems` optional, as a union (`[] | [string] | [string, number]`);
// an array that is no tuple loses its bounds here instead, so its type stays `T[]`. Only the copy is
// translated: the wire schema and the validators never see any of this.
import { getOwn, type JsonObject } from "../model/json.js";
import type { Dialect } from "../model/dialect.js";

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
 * @example arrayKeywords({ items: [{ type: "string" }] }) // { items: [...], additionalItems: true }
 */
export function arrayKeywords(copy: JsonObject): JsonObject {
  const items = getOwn(copy, "items");
  if (Array.isArray(items)) {
    if (getOwn(copy, "additionalItems") !== undefined) return copy;
    const maxItems = getOwn(copy, "maxItems");
    return { ...copy, additionalItems: !(typeof maxItems === "number" && maxItems <= items.length) };
  }
  if (!isArrayType(copy) || !("minItems" in copy || "maxItems" in copy)) return copy;
  const { minItems, maxItems, ...rest } = copy;
  // As the library's normalizer writes them ("Add JSDoc comments for minItems and maxItems").
  const bounds = [minItems === undefined ? "" : `@minItems ${String(minItems)}`, maxItems === undefined ? "" : `@maxItems ${String(maxItems)}`].filter(Boolean);
  const description = getOwn(copy, "description");
  return { ...rest, description: typeof description === "string" && description !== "" ? `${description}\n\n${bounds.join("\n")}` : bounds.join("\n") };
}

/** Whether the library's normalizer takes a schema for an array (its isArrayType). */
function isArrayType(schema: JsonObject): boolean {
  const type = getOwn(schema, "type");
  const has = (name: string) => type === name || (Array.isArray(type) && type.includes(name));
  return getOwn(schema, "items") !== undefined || has("array") || has("any");
}
