// One schema node's own constraints, old and new → how the set of values it allows moved: narrower,
// wider, or changed in a way that is neither. Pure; knows nothing of arguments or outputs, which
// diff-schema decides from the direction.
import { canonicalJson } from "../lock/canonical-json.js";
import { getOwn, type JsonValue } from "../model/json.js";

/** "narrowed": fewer values allowed; "widened": more; "changed": neither provably. */
export type Movement = "narrowed" | "widened" | "changed";

export interface ConstraintChange {
  /** The keyword that changed, for example "type", "enum", "maxLength". */
  readonly keyword: string;
  readonly movement: Movement;
  /** Words that finish "Argument "x" …" / "Output field "x" …", for example `maximum lowered from 10 to 5`. */
  readonly detail: string;
  /** Enum values removed and added, as JSON text, when the keyword is enum or const. */
  readonly removed?: readonly string[];
  readonly added?: readonly string[];
}

/** The types a node allows; undefined when it does not say (any type). */
export function typeSet(node: JsonValue): readonly string[] | undefined {
  const type = getOwn(node, "type");
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return [...new Set(type.filter((t): t is string => typeof t === "string"))].sort();
  return undefined;
}

function allowsType(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function isSubset(a: readonly string[], b: readonly string[]): boolean {
  return a.every((t) => allowsType(b, t));
}

/** `type` compared: narrowed when every new type was allowed before, widened the other way round. */
export function compareType(base: JsonValue, head: JsonValue): ConstraintChange | undefined {
  const before = typeSet(base);
  const after = typeSet(head);
  const show = (types: readonly string[] | undefined) => (types === undefined ? "any type" : types.join(" or "));
  if (before === undefined && after === undefined) return undefined;
  let movement: Movement;
  if (before === undefined) movement = "narrowed";
  else if (after === undefined) movement = "widened";
  else {
    const narrower = isSubset(after, before);
    const wider = isSubset(before, after);
    if (narrower && wider) return undefined;
    movement = narrower ? "narrowed" : wider ? "widened" : "changed";
  }
  return { keyword: "type", movement, detail: `changed type from ${show(before)} to ${show(after)}` };
}

/** The values `enum` or `const` allow, as canonical JSON text; undefined when neither is there. */
function valueSet(node: JsonValue): Set<string> | undefined {
  const values: string[] = [];
  const enumValues = getOwn(node, "enum");
  const constValue = getOwn(node, "const");
  if (!Array.isArray(enumValues) && constValue === undefined) return undefined;
  if (Array.isArray(enumValues)) values.push(...enumValues.map((v) => canonicalJson(v)));
  if (constValue !== undefined) {
    const only = canonicalJson(constValue);
    // Both present: only the const value can pass, and only if the enum has it.
    return new Set(Array.isArray(enumValues) && !values.includes(only) ? [] : [only]);
  }
  return new Set(values);
}

/** `enum` and `const` together, as a set of allowed values. */
export function compareValues(base: JsonValue, head: JsonValue): ConstraintChange | undefined {
  const before = valueSet(base);
  const after = valueSet(head);
  if (before === undefined && after === undefined) return undefined;
  if (before === undefined) return { keyword: "enum", movement: "narrowed", detail: `now allows only ${list([...after!])}`, removed: [], added: [...after!] };
  if (after === undefined) return { keyword: "enum", movement: "widened", detail: `no longer limits its values to ${list([...before])}`, removed: [], added: [] };
  const removed = [...before].filter((v) => !after.has(v)).sort();
  const added = [...after].filter((v) => !before.has(v)).sort();
  if (removed.length === 0 && added.length === 0) return undefined;
  const movement: Movement = added.length === 0 ? "narrowed" : removed.length === 0 ? "widened" : "changed";
  const parts = [removed.length > 0 ? `no longer allows ${list(removed)}` : "", added.length > 0 ? `now also allows ${list(added)}` : ""].filter((p) => p !== "");
  return { keyword: "enum", movement, detail: parts.join(" and "), removed, added };
}

/** Numeric bounds: a larger lower bound or a smaller upper bound allows fewer values. */
const BOUNDS: Readonly<Record<string, "lower" | "upper">> = {
  minimum: "lower",
  exclusiveMinimum: "lower",
  minLength: "lower",
  minItems: "lower",
  minProperties: "lower",
  minContains: "lower",
  maximum: "upper",
  exclusiveMaximum: "upper",
  maxLength: "upper",
  maxItems: "upper",
  maxProperties: "upper",
  maxContains: "upper",
};

/** Keywords that only ever take values away when present: adding one narrows, removing one widens. */
const RESTRICTIONS = ["pattern", "format", "multipleOf", "uniqueItems", "contentEncoding", "contentMediaType", "propertyNames", "dependentRequired", "contains"];

/** Every keyword compareLimits looks at. */
export const LIMIT_KEYWORDS: readonly string[] = [...Object.keys(BOUNDS), ...RESTRICTIONS];

/** Bounds and restrictions, one change per keyword that differs. */
export function compareLimits(base: JsonValue, head: JsonValue): ConstraintChange[] {
  const changes: ConstraintChange[] = [];
  for (const keyword of LIMIT_KEYWORDS) {
    const before = getOwn(base, keyword);
    const after = getOwn(head, keyword);
    if (before === undefined && after === undefined) continue;
    if (before !== undefined && after !== undefined && canonicalJson(before) === canonicalJson(after)) continue;
    changes.push(limitChange(keyword, before, after));
  }
  return changes;
}

function limitChange(keyword: string, before: JsonValue | undefined, after: JsonValue | undefined): ConstraintChange {
  const show = (v: JsonValue) => (typeof v === "string" ? JSON.stringify(v) : canonicalJson(v));
  // uniqueItems: false says nothing, so false ⇄ absent is no restriction at all.
  const present = (v: JsonValue | undefined) => v !== undefined && !(keyword === "uniqueItems" && v === false);
  if (!present(before) && !present(after)) return { keyword, movement: "changed", detail: `changed ${keyword}` };
  if (!present(before)) return { keyword, movement: "narrowed", detail: `gained ${keyword} ${show(after!)}` };
  if (!present(after)) return { keyword, movement: "widened", detail: `lost ${keyword} ${show(before!)}` };
  const side = BOUNDS[keyword];
  if (side && typeof before === "number" && typeof after === "number") {
    const raised = after > before;
    const narrowed = side === "lower" ? raised : !raised;
    return { keyword, movement: narrowed ? "narrowed" : "widened", detail: `${keyword} ${raised ? "raised" : "lowered"} from ${before} to ${after}` };
  }
  if (keyword === "multipleOf" && typeof before === "number" && typeof after === "number" && before > 0 && after > 0) {
    const movement: Movement = Number.isInteger(after / before) ? "narrowed" : Number.isInteger(before / after) ? "widened" : "changed";
    return { keyword, movement, detail: `multipleOf changed from ${before} to ${after}` };
  }
  return { keyword, movement: "changed", detail: `${keyword} changed from ${show(before!)} to ${show(after!)}` };
}

function list(values: readonly string[]): string {
  const shown = values.slice(0, 5).join(", ");
  return values.length > 5 ? `${shown} and ${values.length - 5} more` : shown;
}
