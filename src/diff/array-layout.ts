// An array schema's element schemas in one shape, whatever its dialect wrote them as: the tuple
// positions (2020-12 `prefixItems`; draft-07 and 2019-09 `items` as an array) and the schema every
// element after them has (2020-12 `items`; `additionalItems` beside an array `items`; else `items`;
// with none of those, from 2019-09 on, `unevaluatedItems`).
// Lets the schema diff compare element i with element i, so a tuple is judged like `items` is.
import { canonicalJson } from "../lock/canonical-json.js";
import type { Dialect } from "../model/dialect.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import type { Movement } from "./schema-keywords.js";
import { keywordOf, type SchemaView } from "./schema-view.js";

/** The schema of one element, or of every element past the positions, with its wire pointer. */
export interface ItemSlot {
  readonly value: JsonValue;
  readonly pointer: string;
}

export interface ArrayLayout {
  /** Element i's own schema, in order. */
  readonly positions: readonly ItemSlot[];
  /** The schema of every element past the positions; undefined when nothing limits them. */
  readonly rest: ItemSlot | undefined;
  /** `maxItems` when it is a number: no element at or past that index exists. */
  readonly maxItems: number | undefined;
  /** Pointer of the keyword holding the positions (or, with none, the element schema); undefined with neither. */
  readonly at: string | undefined;
}

/** The keywords arrayLayout reads in `dialect`: 2020-12 Core § 10.3.1 and § 11.2, 2019-09 Core § 9.3.1, draft-07 Validation § 6.4. */
export function elementKeywords(dialect: Dialect): readonly string[] {
  if (dialect === "draft-07") return ["items", "additionalItems"];
  return dialect === "2020-12" ? ["prefixItems", "items", "unevaluatedItems"] : ["items", "additionalItems", "unevaluatedItems"];
}

/**
 * @example arrayLayout(viewSchema(root, "/inputSchema", { prefixItems: [{ type: "string" }], items: false }, "/inputSchema"), "2020-12")
 *   // positions: [{ value: { type: "string" }, … }], rest: { value: false, … }
 */
export function arrayLayout(view: SchemaView, dialect: Dialect): ArrayLayout {
  const [tupleKeyword, restKeyword] = dialect === "2020-12" ? ["prefixItems", "items"] : ["items", "additionalItems"];
  const tuple = keywordOf(view, tupleKeyword!);
  const maxItems = keywordOf(view, "maxItems")?.value;
  const limit = typeof maxItems === "number" ? maxItems : undefined;
  // Elements no other keyword of the node evaluates: from 2019-09 on, unevaluatedItems judges them.
  // Read as if nothing else evaluated them (an allOf or if beside it may): it can only narrow what
  // the node allows, as an `items` there would.
  const unevaluated = dialect === "draft-07" ? undefined : keywordOf(view, "unevaluatedItems");
  if (tuple === undefined || !Array.isArray(tuple.value)) {
    // No tuple: `items` (in every dialect) is the schema of every element; `additionalItems` means nothing.
    const items = keywordOf(view, "items") ?? unevaluated;
    return { positions: [], rest: items && { value: items.value, pointer: items.pointer }, maxItems: limit, at: items?.pointer };
  }
  const positions = tuple.value.map((value, i) => ({ value, pointer: joinPointer(tuple.pointer, String(i)) }));
  const rest = keywordOf(view, restKeyword!) ?? unevaluated;
  return { positions, rest: rest && { value: rest.value, pointer: rest.pointer }, maxItems: limit, at: tuple.pointer };
}

/** The slot element `index` falls in; undefined when nothing limits it. */
export function slotAt(layout: ArrayLayout, index: number): ItemSlot | undefined {
  return layout.positions[index] ?? layout.rest;
}

/** Whether an array can have an element at `index` at all, as far as maxItems says. */
export function canReach(layout: ArrayLayout, index: number): boolean {
  return layout.maxItems === undefined || index < layout.maxItems;
}

/**
 * How the values one element may take moved from `before` to `after`: "same"; "walk" when both are
 * schema objects, to be compared keyword by keyword; else a Movement, with no schema (or `true`)
 * allowing any value, an object some and `false` none.
 */
export function compareSlots(before: JsonValue | undefined, after: JsonValue | undefined): "same" | "walk" | Movement {
  if (isJsonObject(before) && isJsonObject(after)) return "walk";
  if (canonicalJson(before ?? true) === canonicalJson(after ?? true)) return "same";
  const rank = (v: JsonValue | undefined) => (v === undefined || v === true ? 2 : isJsonObject(v) ? 1 : v === false ? 0 : -1);
  const [b, h] = [rank(before), rank(after)];
  if (b < 0 || h < 0) return "changed";
  return h < b ? "narrowed" : "widened";
}
