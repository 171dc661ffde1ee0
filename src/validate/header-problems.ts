// The x-mcp-header analysis of @mcp-gen/runtime/header-annotations as the header-* rules see it. In: a
// resolved tool. Out: the problems of its inputSchema with wire pointers, and header-name suggestions
// for hints. The analysis itself lives in the runtime package (generated clients run it too); nothing is re-checked here.
import { getOwn, isJsonObject, valueAt, type JsonObject } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import { memoSlot, type RunMemo } from "../model/run-memo.js";
import { findAnnotationSites, type AnnotationSite } from "@mcp-gen/runtime/find-annotation-sites";
import { findHeaderParams, isHeaderToken, type HeaderProblem, type HeaderProblemReason } from "@mcp-gen/runtime/header-annotations";

export interface ToolHeaderProblem extends HeaderProblem {
  /** Wire pointer of the `x-mcp-header` keyword, for example "/inputSchema/properties/v/x-mcp-header". */
  readonly wirePointer: string;
  /** The schema object that carries the annotation. */
  readonly schema: JsonObject;
}

/** The analysis of each inputSchema, done once in a run: six rules ask for it. */
const ANALYSES = memoSlot("the x-mcp-header problems of each inputSchema", () => new WeakMap<JsonObject, readonly HeaderProblem[]>());
const SITES = memoSlot("the x-mcp-header sites of each inputSchema", () => new WeakMap<JsonObject, readonly AnnotationSite[]>());

function problemsOf(inputSchema: JsonObject, memo: RunMemo): readonly HeaderProblem[] {
  const analyses = memo.get(ANALYSES);
  let problems = analyses.get(inputSchema);
  if (!problems) analyses.set(inputSchema, (problems = findHeaderParams(inputSchema).problems));
  return problems;
}

/**
 * The tool's x-mcp-header problems whose reason is one of `reasons`, in document order.
 * @example headerProblems(tool, ["duplicate"], context.memo)
 */
export function headerProblems(tool: { readonly wire: JsonObject }, reasons: readonly HeaderProblemReason[], memo: RunMemo): ToolHeaderProblem[] {
  const inputSchema = getOwn(tool.wire, "inputSchema");
  if (!isJsonObject(inputSchema)) return [];
  const out: ToolHeaderProblem[] = [];
  for (const problem of problemsOf(inputSchema, memo)) {
    if (!reasons.includes(problem.reason)) continue;
    const schema = valueAt(inputSchema, splitPointer(problem.pointer).slice(0, -1));
    if (!isJsonObject(schema)) continue; // cannot happen: the analysis found the keyword on this object
    out.push({ ...problem, wirePointer: "/inputSchema" + problem.pointer, schema });
  }
  return out;
}

/** Every `x-mcp-header` of the tool's inputSchema, wherever it sits, with wire pointers of the annotated schemas. */
export function headerSites(tool: { readonly wire: JsonObject }, memo: RunMemo): (AnnotationSite & { readonly wirePointer: string })[] {
  const inputSchema = getOwn(tool.wire, "inputSchema");
  if (!isJsonObject(inputSchema)) return [];
  const known = memo.get(SITES);
  let sites = known.get(inputSchema);
  if (!sites) known.set(inputSchema, (sites = findAnnotationSites(inputSchema)));
  return sites.map((site) => ({ ...site, wirePointer: "/inputSchema" + site.pointer }));
}

/** The name of the property (or definition) an annotation pointer sits on, when it sits on one. */
export function annotatedName(annotationPointer: string): string | undefined {
  const tokens = splitPointer(annotationPointer);
  const map = tokens.at(-3);
  return map === "properties" || map === "$defs" || map === "definitions" ? tokens.at(-2) : undefined;
}

/** The property names from the root to an annotation reached through `properties` alone, else undefined. */
export function annotatedPath(annotationPointer: string): string[] | undefined {
  const tokens = splitPointer(annotationPointer).slice(0, -1);
  if (tokens.length === 0 || tokens.length % 2 !== 0 || tokens.some((t, i) => i % 2 === 0 && t !== "properties")) return undefined;
  return tokens.filter((_, i) => i % 2 === 1);
}

/** A header name in the spec's style for a property name: "tenant_id" → "TenantId", "région" → "Region". */
export function headerNameFor(propertyName: string): string {
  const words = asciiOnly(propertyName)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

/** The nearest token to an invalid header name: "My Region" → "My-Region"; "" when nothing is left. */
export function repairHeaderName(name: string): string {
  const repaired = asciiOnly(name)
    .split(/[^!#$%&'*+\-.^_`|~0-9A-Za-z]+/)
    .filter((part) => part !== "")
    .join("-");
  return isHeaderToken(repaired) ? repaired : "";
}

function asciiOnly(text: string): string {
  // Decomposes accented letters and drops the marks and invisible format characters (U+200B...).
  return text.normalize("NFKD").replace(/[\u0300-\u036f\p{Cf}]/gu, "");
}

/** Why the header-* rules that check a MUST of x-mcp-header are errors by default. */
export const DROPPED_BY_HTTP_CLIENTS = "A Streamable HTTP client must leave a tool with an invalid x-mcp-header out of tools/list, so the tool is gone for every such client.";
