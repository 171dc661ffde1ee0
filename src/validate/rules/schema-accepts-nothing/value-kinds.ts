// Which kinds of JSON value a schema can accept, read from its own keywords, for the rule
// schema-accepts-nothing. Every keyword of a schema object applies to the same value, so the kinds it
// accepts are those every keyword lets through: `type`, `enum`, `const`, the branches of
// `allOf`/`anyOf`/`oneOf`, bounds that leave no number, string, array or object (or none of the
// values of `enum`/`const`: boundRefusing), a required property
// nothing can be given. Where a keyword's effect is not certain from the schema alone (a `$ref`, `if`,
// `patternProperties`, formats...) it lets every kind through, so a schema said to accept nothing
// accepts nothing under every reading: JSON Schema's and ajv's (which reads OpenAPI's `nullable: true`
// as one more type, so a `nullable` lets null through here). Pure; reads the schema only.
import type { Dialect } from "../../../model/dialect.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../../../model/json.js";

/** A set of kinds of JSON value, as bits. A number is an integer (1, 2.0) or a fraction (1.5). */
export type Kinds = number;

const KIND_BITS = { null: 1, boolean: 2, object: 4, array: 8, string: 16, integer: 32, fraction: 64 } as const;
export const EVERY_KIND: Kinds = 127;
/** Null alone: what `type: "null"` lets through. */
export const NULL_KIND: Kinds = KIND_BITS.null;
const NUMBERS = KIND_BITS.integer | KIND_BITS.fraction;

/** One keyword (or pair of keywords) of a schema object and the kinds it lets through. */
export interface KindLimit {
  /** The keyword the finding points at. */
  readonly keyword: string;
  /** What the keyword says, for a message: `type "null"`, `oneOf (string | integer)`, `enum []` (written only for a finding). */
  readonly label: () => string;
  readonly kinds: Kinds;
  /** The limit lets nothing through only because a subschema accepts nothing (reported there). */
  readonly fromEmptySubschema: boolean;
}

export interface SchemaKinds {
  readonly kinds: Kinds;
  /** The keywords that narrow the kinds, in the schema's order. */
  readonly limits: readonly KindLimit[];
}

/** What the analysis of a subschema answers: its kinds (booleans and schemas never analysed: every kind). */
export type KindsOf = (schema: JsonValue | undefined) => Kinds;

const ANNOTATIONS: ReadonlySet<string> = new Set(["title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"]);

/**
 * The kinds `schema` accepts, from its own keywords, with `kindsOf` answering for its subschemas
 * (analysed before it: the caller goes from the leaves up).
 * @example schemaKinds({ type: "null", oneOf: [{ type: "string" }, { type: "integer" }] }, "2020-12", kindsOf).kinds // 0
 */
export function schemaKinds(schema: JsonObject, dialect: Dialect, kindsOf: KindsOf): SchemaKinds {
  // draft-07 ignores every keyword beside a `$ref`.
  if (dialect === "draft-07" && Object.hasOwn(schema, "$ref")) return EVERY_VALUE;
  // Most schemas are a type and annotations: a type alone leaves at least one kind, and is what a
  // schema around it reads of it.
  if (!hasNarrowingKeyword(schema)) {
    const kinds = typeKindsOf(getOwn(schema, "type"));
    return kinds === undefined ? EVERY_VALUE : { kinds: kinds | (getOwn(schema, "nullable") === true ? KIND_BITS.null : 0), limits: [] };
  }
  const limits: KindLimit[] = [];
  const add = (keyword: string, label: () => string, kinds: Kinds, fromEmptySubschema = false) => {
    if (kinds !== EVERY_KIND) limits.push({ keyword, label, kinds, fromEmptySubschema });
  };
  const nullable = getOwn(schema, "nullable") === true ? KIND_BITS.null : 0;
  // enum and const let through the kinds of their values that the schema's own bounds leave.
  const addValues = (keyword: "enum" | "const", shown: JsonValue, values: readonly JsonValue[]) => {
    const outside = new Set<string>();
    let kinds = nullable;
    for (const value of values) {
      const refusedBy = boundRefusing(schema, value);
      if (refusedBy === undefined) kinds |= kindOf(value);
      else outside.add(refusedBy);
    }
    const against = outside.size === 0 ? "" : ` against ${[...outside].map((key) => `${key} ${JSON.stringify(getOwn(schema, key))}`).join(", ")}`;
    add(keyword, () => `${keyword} ${shortList(shown)}${against}`, kinds);
  };
  const type = getOwn(schema, "type");
  const typeKinds = typeKindsOf(type);
  if (typeKinds !== undefined) add("type", () => `type ${JSON.stringify(type)}`, typeKinds | nullable);
  const values = getOwn(schema, "enum");
  if (Array.isArray(values)) addValues("enum", values, values);
  if (Object.hasOwn(schema, "const")) addValues("const", getOwn(schema, "const")!, [getOwn(schema, "const")!]);
  for (const keyword of ["allOf", "anyOf", "oneOf"] as const) {
    const branches = getOwn(schema, keyword);
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const each = branches.map((branch) => kindsOf(branch));
    const kinds = keyword === "allOf" ? each.reduce((all, one) => all & one, EVERY_KIND) : each.reduce((any, one) => any | one, 0);
    // A branch that is an object schema accepting nothing is a finding of its own.
    const fromEmpty = branches.some((branch, i) => isJsonObject(branch) && each[i] === 0);
    // allOf is named by its branches (string; integer), anyOf and oneOf by what they let through (string | integer).
    const label = () => (keyword === "allOf" ? `allOf (${each.map(kindsText).join("; ")})` : `${keyword} (${kindsText(kinds)})`);
    add(keyword, label, kinds | nullable, fromEmpty && (keyword === "allOf" || kinds === 0));
  }
  const not = getOwn(schema, "not");
  if (refusesEverything(not)) add("not", () => `not ${JSON.stringify(not)}`, 0);
  boundLimits(schema, dialect, add);
  requiredLimits(schema, kindsOf, add);
  let kinds = EVERY_KIND;
  for (const limit of limits) kinds &= limit.kinds;
  return { kinds, limits };
}

/** A schema that lets every kind through, of no keyword that narrows it. */
const EVERY_VALUE: SchemaKinds = { kinds: EVERY_KIND, limits: [] };
/** The keywords that can leave a schema accepting nothing, one with another or with `type`. */
const NARROWING: ReadonlySet<string> = new Set(["enum", "const", "allOf", "anyOf", "oneOf", "not", "minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "required"]);

function hasNarrowingKeyword(schema: JsonObject): boolean {
  for (const key in schema) if (NARROWING.has(key)) return true;
  return false;
}

/** The lower and upper bound of a count, and the kind of value they count in. */
const COUNT_BOUNDS: readonly (readonly [string, string, Kinds])[] = [
  ["minLength", "maxLength", KIND_BITS.string],
  ["minItems", "maxItems", KIND_BITS.array],
  ["minProperties", "maxProperties", KIND_BITS.object],
];

/** Bounds that leave no value of their kind: that kind is let through no more. */
function boundLimits(schema: JsonObject, dialect: Dialect, add: (keyword: string, label: () => string, kinds: Kinds) => void): void {
  const number = (key: string) => {
    const value = getOwn(schema, key);
    return typeof value === "number" && Number.isFinite(value) ? value : undefined;
  };
  const low = [number("minimum"), number("exclusiveMinimum")];
  const high = [number("maximum"), number("exclusiveMaximum")];
  for (const [i, lowKey] of (["minimum", "exclusiveMinimum"] as const).entries()) {
    for (const [j, highKey] of (["maximum", "exclusiveMaximum"] as const).entries()) {
      const lo = low[i];
      const hi = high[j];
      if (lo === undefined || hi === undefined) continue;
      if (lo > hi || (lo === hi && (i === 1 || j === 1))) {
        add(lowKey, () => `${lowKey} ${lo} with ${highKey} ${hi}`, EVERY_KIND & ~NUMBERS);
        return;
      }
    }
  }
  for (const [lowKey, highKey, kind] of COUNT_BOUNDS) {
    const lo = number(lowKey);
    const hi = number(highKey);
    if (lo !== undefined && hi !== undefined && lo > hi) add(lowKey, () => `${lowKey} ${lo} with ${highKey} ${hi}`, EVERY_KIND & ~kind);
  }
  // No item may follow the tuple's positions, yet minItems asks for more.
  const minItems = number("minItems");
  if (minItems === undefined || minItems <= 0) return;
  const tuple = dialect === "2020-12" ? getOwn(schema, "prefixItems") : getOwn(schema, "items");
  const rest = dialect === "2020-12" ? getOwn(schema, "items") : Array.isArray(tuple) ? getOwn(schema, "additionalItems") : getOwn(schema, "items");
  const positions = Array.isArray(tuple) ? tuple.length : 0;
  if (rest === false && minItems > positions) {
    const restKey = dialect === "2020-12" || !Array.isArray(tuple) ? "items" : "additionalItems";
    add("minItems", () => `minItems ${minItems} with ${restKey}: false${positions > 0 ? ` after ${positions} position${positions === 1 ? "" : "s"}` : ""}`, EVERY_KIND & ~KIND_BITS.array);
  }
}

/** The bounds of a schema that a value of enum or const is measured against, by the kind they count. */
const VALUE_BOUNDS = {
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  string: ["minLength", "maxLength"],
  array: ["minItems", "maxItems"],
  object: ["minProperties", "maxProperties", "required"],
} as const;

/**
 * The first of the schema's own bounds that `value` fails, as ajv decides it: a number's minimum,
 * maximum and exclusive ones, a string's length in code points, an array's length, an object's
 * count of properties and the properties it requires. Undefined when it fails none of them (or
 * the schema has none for its kind); other keywords (multipleOf, pattern, format...) are not read.
 */
export function boundRefusing(schema: JsonObject, value: JsonValue): string | undefined {
  const limit = (key: string) => {
    const bound = getOwn(schema, key);
    return typeof bound === "number" && Number.isFinite(bound) ? bound : undefined;
  };
  const fails = (keys: readonly string[], size: number) =>
    keys.find((key) => {
      const bound = limit(key);
      if (bound === undefined) return false;
      if (key.startsWith("min")) return size < bound;
      if (key.startsWith("max")) return size > bound;
      return key === "exclusiveMinimum" ? size <= bound : size >= bound;
    });
  if (typeof value === "number") return fails(VALUE_BOUNDS.number, value);
  // ajv counts a string's length in code points (its ucs2length), as JSON Schema does.
  if (typeof value === "string") return fails(VALUE_BOUNDS.string, codePoints(value));
  if (Array.isArray(value)) return fails(VALUE_BOUNDS.array, value.length);
  if (!isJsonObject(value)) return undefined;
  const counted = fails(["minProperties", "maxProperties"], Object.keys(value).length);
  if (counted !== undefined) return counted;
  const required = getOwn(schema, "required");
  return Array.isArray(required) && required.some((name) => typeof name === "string" && !Object.hasOwn(value, name)) ? "required" : undefined;
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A required property that no value can be given leaves no object. */
function requiredLimits(schema: JsonObject, kindsOf: KindsOf, add: (keyword: string, label: () => string, kinds: Kinds, fromEmptySubschema?: boolean) => void): void {
  const required = getOwn(schema, "required");
  if (!Array.isArray(required)) return;
  const properties = getOwn(schema, "properties");
  const patterns = getOwn(schema, "patternProperties");
  const additional = getOwn(schema, "additionalProperties");
  for (const name of required) {
    if (typeof name !== "string") continue;
    const property = isJsonObject(properties) ? getOwn(properties, name) : undefined;
    if (property !== undefined) {
      if (kindsOf(property) !== 0) continue;
      // A property that says on purpose it takes nothing cannot be required: that is this schema's own conflict.
      const onPurpose = refusesOnPurpose(property);
      const why = property === false ? `properties.${name} is false` : onPurpose ? `properties.${name} is ${JSON.stringify(property)}` : `properties.${name} accepts no value`;
      add("required", () => `required ${JSON.stringify(name)} (${why})`, EVERY_KIND & ~KIND_BITS.object, !onPurpose);
      return;
    }
    // Not listed: additionalProperties decides, unless a pattern might match the name.
    if (isJsonObject(patterns) && Object.keys(patterns).length > 0) continue;
    if (additional === false) {
      add("required", () => `required ${JSON.stringify(name)} (not in properties, and additionalProperties is false)`, EVERY_KIND & ~KIND_BITS.object);
      return;
    }
  }
}

/**
 * Whether a schema refuses every value on purpose: `false`, or `not: {}` (or `not: true`) with nothing
 * but annotations beside it. Such a schema is not a finding where it stands, only where it is required.
 */
export function refusesOnPurpose(schema: JsonValue): boolean {
  if (schema === false) return true;
  if (!isJsonObject(schema) || !Object.hasOwn(schema, "not")) return false;
  return refusesEverything(getOwn(schema, "not")) && Object.keys(schema).every((key) => key === "not" || ANNOTATIONS.has(key));
}

/** `true`, or a schema of annotations alone: every value passes it, so its `not` passes none. */
function refusesEverything(not: JsonValue | undefined): boolean {
  return not === true || (isJsonObject(not) && Object.keys(not).every((key) => ANNOTATIONS.has(key)));
}

function typeKindsOf(type: JsonValue | undefined): Kinds | undefined {
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  // `type: []` is refused by the meta-schema (schema-valid): nothing is certain of it.
  if (names === undefined || names.length === 0) return undefined;
  let kinds = 0;
  for (const name of names) {
    if (name === "number") kinds |= NUMBERS;
    else if (typeof name === "string" && Object.hasOwn(KIND_BITS, name) && name !== "fraction") kinds |= KIND_BITS[name as keyof typeof KIND_BITS];
    // A type name JSON Schema does not have: schema-valid reports it; nothing is certain here.
    else return undefined;
  }
  return kinds;
}

/** The kind of one JSON value. */
export function kindOf(value: JsonValue): Kinds {
  if (value === null) return KIND_BITS.null;
  if (typeof value === "boolean") return KIND_BITS.boolean;
  if (typeof value === "string") return KIND_BITS.string;
  if (typeof value === "number") return Number.isInteger(value) ? KIND_BITS.integer : KIND_BITS.fraction;
  return Array.isArray(value) ? KIND_BITS.array : KIND_BITS.object;
}

/** Kinds in words: "string | integer", "number", "nothing". */
export function kindsText(kinds: Kinds): string {
  const names: string[] = [];
  if (kinds & KIND_BITS.null) names.push("null");
  if (kinds & KIND_BITS.boolean) names.push("boolean");
  if (kinds & KIND_BITS.object) names.push("object");
  if (kinds & KIND_BITS.array) names.push("array");
  if (kinds & KIND_BITS.string) names.push("string");
  if ((kinds & NUMBERS) === NUMBERS) names.push("number");
  else if (kinds & KIND_BITS.integer) names.push("integer");
  else if (kinds & KIND_BITS.fraction) names.push("non-integer number");
  return names.length === 0 ? "nothing" : names.join(" | ");
}

function shortList(value: JsonValue | undefined): string {
  const text = JSON.stringify(value) ?? "";
  return text.length <= 40 ? text : Array.isArray(value) ? `[… ${value.length} values]` : `${text.slice(0, 37)}…`;
}
