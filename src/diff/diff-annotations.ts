// ToolAnnotations, old and new → needs-review findings, one per hint whose effective value changed
// (a missing hint means its documented default), naming the flips toward danger: readOnlyHint or
// idempotentHint true→false, destructiveHint or openWorldHint false→true. Pure.
import { canonicalJson } from "../lock/canonical-json.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { ANNOTATION_HINT_DEFAULTS } from "../model/spec.js";
import type { SchemaFinding } from "./diff-schema.js";

/** The value of a hint that is the dangerous one, and what the flip to it means. */
const DANGER: Readonly<Record<string, { readonly value: boolean; readonly meaning: string }>> = {
  readOnlyHint: { value: false, meaning: "the tool no longer says it only reads: it may now modify its environment" },
  destructiveHint: { value: true, meaning: "the tool now says it may perform destructive updates" },
  idempotentHint: { value: false, meaning: "repeating a call may now have additional effects" },
  openWorldHint: { value: true, meaning: "the tool now says it may reach an open world of external entities" },
};

/**
 * @example diffAnnotations({ destructiveHint: false }, { destructiveHint: true })[0].message
 */
export function diffAnnotations(base: JsonValue | undefined, head: JsonValue | undefined): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  const at = (key: string) => (getOwn(head, key) !== undefined ? joinPointer("/annotations", key) : head === undefined ? "" : "/annotations");
  for (const hint of Object.keys(ANNOTATION_HINT_DEFAULTS)) {
    const before = effective(base, hint);
    const after = effective(head, hint);
    if (before === after) continue;
    const danger = DANGER[hint]!;
    const towardDanger = after === danger.value;
    const message = towardDanger ? `${hint} flipped toward danger, from ${String(before)} to ${String(after)}: ${danger.meaning}.` : `${hint} changed from ${String(before)} to ${String(after)}.`;
    findings.push({ class: "needs-review", kind: towardDanger ? "annotation-toward-danger" : "annotation-changed", pointer: at(hint), side: "head", message });
  }
  const beforeTitle = getOwn(base, "title");
  const afterTitle = getOwn(head, "title");
  if (!same(beforeTitle, afterTitle)) {
    findings.push({
      class: "needs-review",
      kind: "title-changed",
      pointer: at("title"),
      side: "head",
      message: "The annotations title changed.",
      text: { before: typeof beforeTitle === "string" ? beforeTitle : "", after: typeof afterTitle === "string" ? afterTitle : "" },
    });
  }
  const known = new Set([...Object.keys(ANNOTATION_HINT_DEFAULTS), "title"]);
  const others = [...new Set([...keysOf(base), ...keysOf(head)])].filter((key) => !known.has(key)).sort();
  for (const key of others) {
    if (same(getOwn(base, key), getOwn(head, key))) continue;
    findings.push({ class: "needs-review", kind: "annotations-changed", pointer: at(key), side: "head", message: `The annotation ${JSON.stringify(key)} changed.` });
  }
  return findings;
}

function keysOf(value: JsonValue | undefined): string[] {
  return isJsonObject(value) ? Object.keys(value) : [];
}

/** A hint's value as a client must read it: the boolean given, else the spec's default. */
function effective(annotations: JsonValue | undefined, hint: string): boolean {
  const value = getOwn(annotations, hint);
  return typeof value === "boolean" ? value : ANNOTATION_HINT_DEFAULTS[hint]!;
}

function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b);
}
