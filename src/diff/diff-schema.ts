// An inputSchema or outputSchema, old and new → classified changes. Walks both schemas together
// (through local `$ref`s and the `$recursiveRef`s and `$dynamicRef`s whose target is certain,
// properties, required, items and tuple positions, additionalProperties and unevaluatedProperties) and
// decides from the direction: arguments are what callers send, so fewer allowed values break them;
// output is what callers receive, so a field removed or retyped breaks them. Pure. Anything it
// cannot judge is reported as needs-review, never dropped.
import { canonicalJson } from "../lock/canonical-json.js";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../model/dialect.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import { addedProse } from "./added-prose.js";
import { arrayLayout, canReach, compareSlots, slotAt, elementKeywords, type ItemSlot } from "./array-layout.js";
import type { ChangeClass, ToolDiffChange } from "./change.js";
import { inputClass, outputClass, outputElementClass } from "./classify-change.js";
import { subject, type Direction, type PathStep } from "./describe-path.js";
import { compareLimits, compareType, compareValues, LIMIT_KEYWORDS, type ConstraintChange } from "./schema-keywords.js";
import { keywordOf, keywordsOf, mergedNode, refIndex, viewKey, viewSchema, type RefIndex, type SchemaView } from "./schema-view.js";
import { cutText } from "./cut-text.js";

export type SchemaFinding = Omit<ToolDiffChange, "tool" | "part">;

/**
 * Keywords the walk judges itself, with the array keywords of the dialects (elementKeywords); every
 * other keyword that differs is reported as needs-review.
 */
const HANDLED: ReadonlySet<string> = new Set([
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
  "x-mcp-header",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  ...LIMIT_KEYWORDS,
]);

/**
 * @example diffSchema("inputSchema", before.inputSchema, after.inputSchema)
 */
export function diffSchema(part: "inputSchema" | "outputSchema", base: JsonValue | undefined, head: JsonValue | undefined): SchemaFinding[] {
  const direction: Direction = part === "inputSchema" ? "input" : "output";
  const rootPointer = `/${part}`;
  if (base === undefined && head === undefined) return [];
  const findings: SchemaFinding[] = [];
  if (base === undefined || head === undefined) findings.push(presenceChange(direction, rootPointer, head !== undefined));
  else new SchemaWalk(direction, base, head, rootPointer, findings).run();
  return [...findings, ...proseFindings(direction, rootPointer, base, head, findings)];
}

/** New prose the walk did not already put up for review (added-prose.ts): needs-review, each at its keyword. */
function proseFindings(direction: Direction, rootPointer: string, base: JsonValue | undefined, head: JsonValue | undefined, findings: readonly SchemaFinding[]): SchemaFinding[] {
  const reviewed = new Set(findings.filter((finding) => finding.class === "needs-review").map((finding) => finding.pointer));
  return addedProse(base, head, rootPointer)
    .filter((text) => !reviewed.has(text.pointer))
    .map((text) => ({
      class: "needs-review",
      kind: "schema-text-added",
      pointer: text.pointer,
      side: "head",
      message: `New ${text.keyword} in ${whoseIn(direction, rootPointer, text.pointer)}: text the model reads.`,
      text: { before: "", after: textOf(text.value) },
    }));
}

/** "argument "b"", "output field "items[]"", or where in the schema, from the pointer of one of its keywords. */
function whoseIn(direction: Direction, rootPointer: string, keywordPointer: string): string {
  const tokens = splitPointer(keywordPointer.slice(rootPointer.length)).slice(0, -1);
  const path: PathStep[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === "properties" && i + 1 < tokens.length) path.push({ property: tokens[++i]! });
    else if ((token === "prefixItems" || token === "items") && /^\d+$/.test(tokens[i + 1] ?? "")) path.push({ index: Number(tokens[++i]) });
    else if (token === "items" || token === "additionalItems") path.push("[]");
    else if (token === "additionalProperties") path.push("*");
    else return `the ${rootPointer.slice(1)} at ${keywordPointer.slice(0, keywordPointer.lastIndexOf("/"))}`;
  }
  if (path.length === 0) return `the ${rootPointer.slice(1)}`;
  return subject(direction, path).replace(/^\w/, (c) => c.toLowerCase());
}

function presenceChange(direction: Direction, pointer: string, added: boolean): SchemaFinding {
  if (direction === "output") {
    return added
      ? { class: "compatible", kind: "output-schema-added", pointer, side: "head", message: "The tool now declares an outputSchema: results carry typed structuredContent." }
      : { class: "breaking", kind: "output-schema-removed", pointer: "", side: "head", message: "The tool no longer declares an outputSchema: callers lose its typed structuredContent." };
  }
  return added
    ? { class: "needs-review", kind: "input-schema-added", pointer, side: "head", message: "The tool now declares an inputSchema." }
    : { class: "breaking", kind: "input-schema-removed", pointer: "", side: "head", message: "The tool no longer declares an inputSchema." };
}

/** Breadth first, so a node reachable along several paths (a recursive schema) is named by the shortest. */
class SchemaWalk {
  private readonly seen = new Set<string>();
  private readonly queue: [SchemaView, SchemaView, readonly PathStep[]][] = [];
  // What each root's `$ref`s (and certain `$recursiveRef`s and `$dynamicRef`s) are read against, found once for the whole walk.
  private readonly baseRefs: RefIndex | undefined;
  private readonly headRefs: RefIndex | undefined;
  // Which keywords hold a tuple depends on the dialect: 2020-12 `prefixItems`, before it an array `items`.
  private readonly baseDialect: Dialect;
  private readonly headDialect: Dialect;
  private readonly handled: ReadonlySet<string>;

  constructor(
    private readonly direction: Direction,
    private readonly baseRoot: JsonValue,
    private readonly headRoot: JsonValue,
    private readonly rootPointer: string,
    private readonly findings: SchemaFinding[],
  ) {
    this.baseDialect = dialectOfRoot(baseRoot);
    this.headDialect = dialectOfRoot(headRoot);
    this.baseRefs = refIndex(baseRoot, this.baseDialect);
    this.headRefs = refIndex(headRoot, this.headDialect);
    // A keyword only one side's dialect reads (its $schema changed) is left for review as written.
    const headOwn = [...elementKeywords(this.headDialect), ...unlistedKeywords(this.headDialect)];
    this.handled = new Set([...HANDLED, ...[...elementKeywords(this.baseDialect), ...unlistedKeywords(this.baseDialect)].filter((k) => headOwn.includes(k))]);
  }

  run(): void {
    this.queue.push([this.childView(this.baseRoot, this.baseRoot, this.rootPointer), this.childView(this.headRoot, this.headRoot, this.rootPointer), []]);
    for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) this.visit(...next);
  }

  private node(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    this.queue.push([base, head, path]);
  }

  private visit(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    const key = `${viewKey(base)}\u0001${viewKey(head)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (base.layers.length === 0 || head.layers.length === 0) {
      this.nonObject(base, head, path);
      return;
    }
    this.text(base, head, path, "description");
    this.text(base, head, path, "title");
    if (this.direction === "input") this.header(base, head, path);
    const merged = [mergedNode(base), mergedNode(head)] as const;
    const type = compareType(...merged);
    if (type) this.constraint(head, path, type, "type");
    const values = compareValues(...merged);
    if (values) this.constraint(head, path, values, "enum");
    for (const limit of compareLimits(...merged)) this.constraint(head, path, limit, "limit");
    this.properties(base, head, path);
    this.additionalProperties(base, head, path);
    this.elements(base, head, path);
    this.others(base, head, path);
  }

  private report(cls: ChangeClass, kind: string, pointer: string, message: string, text?: { before: string; after: string }): void {
    this.findings.push({ class: cls, kind, pointer, side: "head", message, ...(text ? { text } : {}) });
  }

  private nonObject(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    if (canonicalJson(base.raw) === canonicalJson(head.raw)) return;
    const what = `${subject(this.direction, path)} changed its schema from ${shortJson(mergedNode(base))} to ${shortJson(mergedNode(head))}.`;
    if (this.direction === "input") this.report("breaking", "argument-type-changed", head.pointer, what);
    else this.report("breaking", "output-type-changed", head.pointer, what);
  }

  private text(base: SchemaView, head: SchemaView, path: readonly PathStep[], keyword: "description" | "title"): void {
    const before = keywordOf(base, keyword);
    const after = keywordOf(head, keyword);
    if (before === undefined && after === undefined) return;
    if (before !== undefined && after !== undefined && canonicalJson(before.value) === canonicalJson(after.value)) return;
    const whose = path.length === 0 ? `the ${this.direction === "input" ? "inputSchema" : "outputSchema"}` : subject(this.direction, path).replace(/^\w/, (c) => c.toLowerCase());
    const verb = before === undefined ? "was added" : after === undefined ? "was removed" : "changed";
    this.report("needs-review", "schema-text-changed", after?.pointer ?? head.pointer, `The ${keyword} of ${whose} ${verb}.`, {
      before: textOf(before?.value),
      after: textOf(after?.value),
    });
  }

  private header(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    const before = keywordOf(base, "x-mcp-header")?.value;
    const after = keywordOf(head, "x-mcp-header");
    if (before === undefined && after === undefined) return;
    if (before !== undefined && after !== undefined && canonicalJson(before) === canonicalJson(after.value)) return;
    const who = subject("input", path);
    const show = (v: JsonValue) => (typeof v === "string" ? `Mcp-Param-${v}` : shortJson(v));
    if (before === undefined) this.report("breaking", "header-added", after!.pointer, `${who} now also travels as header ${show(after!.value)}; clients generated before this change do not send it.`);
    else if (after === undefined) this.report("breaking", "header-removed", head.pointer, `${who} no longer travels as header ${show(before)}.`);
    else this.report("breaking", "header-renamed", after.pointer, `${who} now travels as header ${show(after.value)} instead of ${show(before)}.`);
  }

  private constraint(head: SchemaView, path: readonly PathStep[], change: ConstraintChange, family: "type" | "enum" | "limit"): void {
    const pointer = keywordOf(head, change.keyword)?.pointer ?? head.pointer;
    const message = `${subject(this.direction, path)} ${change.detail}.`;
    const [cls, kind] = this.direction === "input" ? inputClass(change, family) : outputClass(change, family);
    this.report(cls, kind, pointer, message);
  }

  private properties(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    const baseProps = objectOf(keywordOf(base, "properties")?.value);
    const headPropsKeyword = keywordOf(head, "properties");
    const headProps = objectOf(headPropsKeyword?.value);
    const baseRequired = requiredOf(base);
    const headRequired = requiredOf(head);
    const names = [...new Set([...Object.keys(baseProps), ...Object.keys(headProps), ...baseRequired, ...headRequired])].sort();
    for (const name of names) {
      const child = [...path, { property: name }];
      const who = subject(this.direction, child);
      const inBase = hasOwn(baseProps, name);
      const inHead = hasOwn(headProps, name);
      const wasRequired = baseRequired.has(name);
      const isRequired = headRequired.has(name);
      const at = inHead ? joinPointer(headPropsKeyword!.pointer, name) : (headPropsKeyword?.pointer ?? head.pointer);
      if (inBase && !inHead) {
        if (this.direction === "input") this.report("breaking", "argument-removed", at, `${who} was removed.`);
        else this.report("breaking", "output-field-removed", at, `${who} was removed.`);
        continue;
      }
      if (!inBase && inHead) {
        if (this.direction === "output") this.report("compatible", "output-field-added", at, `${who} was added.`);
        else if (isRequired) this.report("breaking", "argument-required-added", at, `${who} is new and required; callers that do not send it fail.`);
        else this.report("compatible", "argument-optional-added", at, `${who} is new and optional.`);
        continue;
      }
      if (wasRequired !== isRequired) this.requiredChange(who, at, wasRequired, isRequired);
      if (inBase && inHead) {
        this.node(this.childView(this.baseRoot, baseProps[name]!, joinPointer(keywordOf(base, "properties")!.pointer, name)), this.childView(this.headRoot, headProps[name]!, at), child);
      }
    }
  }

  private requiredChange(who: string, pointer: string, wasRequired: boolean, isRequired: boolean): void {
    if (this.direction === "input") {
      if (isRequired) this.report("breaking", "argument-required-added", pointer, `${who} is now required; callers that do not send it fail.`);
      else this.report("compatible", "argument-now-optional", pointer, `${who} is now optional.`);
    } else if (wasRequired) {
      this.report("breaking", "output-field-now-optional", pointer, `${who} may now be missing from the result.`);
    } else {
      this.report("compatible", "output-field-now-required", pointer, `${who} is now always present.`);
    }
  }

  /** additionalProperties, or where a side has none, unevaluatedProperties (unlistedProperties). */
  private additionalProperties(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    const unevaluated = this.handled.has("unevaluatedProperties");
    const before = unlistedProperties(base, unevaluated);
    const after = unlistedProperties(head, unevaluated);
    const b = before?.value ?? true;
    const h = after?.value ?? true;
    if (isJsonObject(b) && isJsonObject(h)) {
      this.node(this.childView(this.baseRoot, b, before!.pointer), this.childView(this.headRoot, h, after!.pointer), [...path, "*"]);
      return;
    }
    if (canonicalJson(b) === canonicalJson(h)) {
      // additionalProperties: false ↔ unevaluatedProperties: false differ only where an allOf, a $ref
      // or the like evaluates properties too: left for review.
      if (before !== undefined && after !== undefined && before.keyword !== after.keyword) {
        this.report(
          "needs-review",
          "schema-changed",
          after.pointer,
          `${subject(this.direction, path)} now limits the properties it does not list by ${JSON.stringify(after.keyword)} instead of ${JSON.stringify(before.keyword)}.`,
        );
      }
      return;
    }
    // true allows any other property, a schema some, false none.
    const rank = (v: JsonValue) => (v === true ? 2 : v === false ? 0 : 1);
    const movement = rank(h) < rank(b) ? "narrowed" : rank(h) > rank(b) ? "widened" : "changed";
    const pointer = after?.pointer ?? head.pointer;
    const which = (after ?? before)!.keyword === "additionalProperties" ? "properties it does not list" : "properties no other keyword evaluates";
    const detail = h === false ? `no longer accepts ${which}` : h === true ? `now accepts ${which}` : `changed which ${which} it accepts`;
    const change: ConstraintChange = { keyword: (after ?? before)!.keyword, movement, detail };
    const [cls, kind] = this.direction === "input" ? inputClass(change, "type") : outputClass(change, "limit");
    this.report(cls, kind, pointer, `${subject(this.direction, path)} ${detail}.`);
  }

  /** Array elements: each tuple position, then every element past them (array-layout.ts). */
  private elements(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    const before = arrayLayout(base, this.baseDialect);
    const after = arrayLayout(head, this.headDialect);
    const count = Math.max(before.positions.length, after.positions.length);
    // Where maxItems rules an element out on either side, the maxItems change says what moved.
    for (let i = 0; i < count; i++) {
      if (canReach(before, i) && canReach(after, i)) this.element(slotAt(before, i), slotAt(after, i), [...path, { index: i }], after.at ?? head.pointer);
    }
    if (canReach(before, count) && canReach(after, count)) this.element(before.rest, after.rest, [...path, "[]"], after.at ?? head.pointer);
  }

  /** One element's schema on each side; no schema lets it be any value (2020-12 Core § 10.3.1.2). */
  private element(before: ItemSlot | undefined, after: ItemSlot | undefined, path: readonly PathStep[], headAt: string): void {
    const movement = compareSlots(before?.value, after?.value);
    if (movement === "same") return;
    if (movement === "walk") {
      this.node(this.childView(this.baseRoot, before!.value, before!.pointer), this.childView(this.headRoot, after!.value, after!.pointer), path);
      return;
    }
    const [cls, kind] = this.direction === "input" ? inputClass({ keyword: "items", movement, detail: "" }, "type") : outputElementClass(movement, before?.value);
    this.report(cls, kind, after?.pointer ?? headAt, `${subject(this.direction, path)} ${elementDetail(before?.value, after?.value)}.`);
  }

  private others(base: SchemaView, head: SchemaView, path: readonly PathStep[]): void {
    const keywords = [...new Set([...keywordsOf(base), ...keywordsOf(head)])].filter((k) => !this.handled.has(k)).sort();
    for (const keyword of keywords) {
      const before = keywordOf(base, keyword)?.value;
      const after = keywordOf(head, keyword);
      if (before !== undefined && after !== undefined && canonicalJson(before) === canonicalJson(after.value)) continue;
      const verb = before === undefined ? "gained" : after === undefined ? "lost" : "changed";
      this.report("needs-review", "schema-changed", after?.pointer ?? head.pointer, `${subject(this.direction, path)} ${verb} its ${JSON.stringify(keyword)} keyword.`, {
        before: before === undefined ? "" : prettyJson(before),
        after: after === undefined ? "" : prettyJson(after.value),
      });
    }
  }

  private childView(root: JsonValue, node: JsonValue, pointer: string): SchemaView {
    return viewSchema(root, this.rootPointer, node, pointer, root === this.baseRoot ? this.baseRefs : this.headRefs);
  }
}

/** Words that finish "Argument "x[0]" …" for an element whose schema appeared, went or became `false`. */
function elementDetail(before: JsonValue | undefined, after: JsonValue | undefined): string {
  const isAny = (v: JsonValue | undefined) => v === undefined || v === true;
  if (after === false) return "is no longer allowed: the array cannot have it";
  if (before === false) return isJsonObject(after) ? `is now allowed, as ${shortJson(after)}` : "is now allowed, as any value";
  if (isAny(after) && isJsonObject(before)) return `lost its schema ${shortJson(before)}: it may be any value`;
  if (isAny(before) && isJsonObject(after)) return `gained the schema ${shortJson(after)}`;
  return `changed its schema from ${shortJson(before ?? true)} to ${shortJson(after ?? true)}`;
}

/** The keywords that close an object to properties it does not name, in `dialect`: 2019-09 added unevaluatedProperties. */
function unlistedKeywords(dialect: Dialect): readonly string[] {
  return dialect === "draft-07" ? [] : ["unevaluatedProperties"];
}

/**
 * What the node says of properties its `properties` (and `patternProperties`) do not name:
 * `additionalProperties`, else `unevaluatedProperties` where the dialects read it (2020-12 Core
 * § 11.3), which `additionalProperties` would leave nothing to judge. Both admit more values the
 * wider they are (false, a schema, true), whatever other keywords evaluate, so they are ranked alike.
 */
function unlistedProperties(view: SchemaView, unevaluated: boolean): { readonly keyword: string; readonly value: JsonValue; readonly pointer: string } | undefined {
  const additional = keywordOf(view, "additionalProperties");
  if (additional !== undefined) return { keyword: "additionalProperties", ...additional };
  const rest = unevaluated ? keywordOf(view, "unevaluatedProperties") : undefined;
  return rest && { keyword: "unevaluatedProperties", ...rest };
}

/** The dialect a root's `$schema` names; one mcp-gen does not support is read as the default. */
function dialectOfRoot(root: JsonValue): Dialect {
  return dialectOf(getOwn(root, "$schema")) ?? DEFAULT_DIALECT;
}

function objectOf(value: JsonValue | undefined): Readonly<Record<string, JsonValue>> {
  return isJsonObject(value) ? value : {};
}

function requiredOf(view: SchemaView): Set<string> {
  const required = keywordOf(view, "required")?.value;
  return new Set(Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : []);
}

function hasOwn(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

function textOf(value: JsonValue | undefined): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : prettyJson(value);
}

/** Sorted keys, two-space indent: the same text for the same value, so a line diff is meaningful. */
export function prettyJson(value: JsonValue): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isJsonObject(value)) return value;
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(value).sort()) Object.defineProperty(out, key, { value: sortKeys(value[key]!), enumerable: true, writable: true, configurable: true });
  return out;
}

function shortJson(value: JsonValue): string {
  const text = canonicalJson(value);
  return cutText(text, 60);
}
