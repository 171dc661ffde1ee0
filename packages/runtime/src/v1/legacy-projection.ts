// MCP 2025-11-25 requires an object at the root of a tool's outputSchema and of structuredContent;
// 2026-07-28 allows any root (SEP-2106). An SDK v1 server speaks 2025-11-25 only, so a tool whose
// outputSchema root is not an object is listed as `{ type: "object", properties: { result: <schema> },
// required: ["result"] }` and its results are sent as `{ result: <value> }`, exactly the projection the
// SDK v2 server applies for 2025-era clients (its rev2025-11-25 legacyWrap), so a client sees the same
// tool from either target. Dependency-free.

/** Keywords whose values are instance data: a `$ref` inside them is a value, not a reference. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);
/** Keywords whose values map names to subschemas. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
const DRAFT_2019_09 = new Set(["https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft/2019-09/schema"]);

type Schema = { readonly [keyword: string]: unknown };

/** True when the root is not `type: "object"` (explicitly another type, or typeless like `{ anyOf }`). */
export function needsLegacyWrap(outputSchema: Schema | undefined): boolean {
  return outputSchema !== undefined && outputSchema["type"] !== "object";
}

/** A fragment-only `$id` (`"#item"`, draft-07's anchor) does not change the base URI. */
function establishesNewBase(id: unknown): boolean {
  return id !== undefined && !(typeof id === "string" && id.startsWith("#"));
}

/**
 * The wrapped schema. Same-document pointers move under the new root (`#` → `#/properties/result`,
 * `#/x` → `#/properties/result/x`), except inside data keywords and below a base-changing `$id`.
 */
export function wrapOutputSchema(natural: Schema): Schema {
  const $schema = typeof natural["$schema"] === "string" ? { $schema: natural["$schema"] } : {};
  if (establishesNewBase(natural["$id"])) return { ...$schema, type: "object", properties: { result: natural }, required: ["result"] };
  const recursive = typeof natural["$schema"] === "string" && DRAFT_2019_09.has(natural["$schema"].replace(/#$/, "")) && natural["$recursiveAnchor"] !== true;
  const rewrite = (node: unknown, inNameMap: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, false));
    if (node === null || typeof node !== "object") return node;
    const record = node as Record<string, unknown>;
    if (!inNameMap && establishesNewBase(record["$id"])) return node;
    const out: Record<string, unknown> = {};
    let recursionConverted = false;
    for (const [key, value] of Object.entries(record)) {
      if (inNameMap) out[key] = rewrite(value, false);
      else if ((key === "$ref" || key === "$dynamicRef") && typeof value === "string")
        out[key] = value === "#" ? "#/properties/result" : value.startsWith("#/") ? `#/properties/result${value.slice(1)}` : value;
      else if (key === "$recursiveRef" && value === "#" && recursive) recursionConverted = true;
      else if (DATA_KEYWORDS.has(key)) out[key] = value;
      else out[key] = rewrite(value, NAME_MAPS.has(key));
    }
    if (recursionConverted) {
      if ("$ref" in out) out["allOf"] = [...(Array.isArray(out["allOf"]) ? out["allOf"] : []), { $ref: "#/properties/result" }];
      else out["$ref"] = "#/properties/result";
    }
    return out;
  };
  return { ...$schema, type: "object", properties: { result: rewrite(natural, false) }, required: ["result"] };
}

/** The tool as a 2025-11-25 client sees it. */
export function legacyDescriptor<T extends { readonly outputSchema?: Schema }>(descriptor: T): T {
  return needsLegacyWrap(descriptor.outputSchema) ? { ...descriptor, outputSchema: wrapOutputSchema(descriptor.outputSchema!) } : descriptor;
}

interface ResultLike {
  readonly content: readonly object[];
  readonly structuredContent?: unknown;
  readonly [field: string]: unknown;
}

/**
 * A result as a 2025-11-25 client gets it: non-object structuredContent gains a text block with its
 * JSON when the handler wrote none (SEP-2106 § 4.3), and is wrapped as `{ result }` when it is not an
 * object or the tool's schema was wrapped.
 */
export function legacyResult<R extends ResultLike>(result: R, outputSchema: Schema | undefined): R {
  const structured = result.structuredContent;
  if (structured === undefined) return result;
  const isNonObject = typeof structured !== "object" || structured === null || Array.isArray(structured);
  const withText =
    isNonObject && !result.content.some((block) => (block as { type?: unknown }).type === "text")
      ? { ...result, content: [...result.content, { type: "text", text: JSON.stringify(structured) }] }
      : result;
  if (!isNonObject && !needsLegacyWrap(outputSchema)) return withText;
  return { ...withText, structuredContent: { result: structured } };
}

/** The natural value inside a wrapped `{ result }`, or undefined when it is not wrapped that way. */
export function unwrapLegacyResult(structured: unknown): unknown {
  if (structured === null || typeof structured !== "object" || Array.isArray(structured) || !Object.hasOwn(structured, "result")) return undefined;
  return (structured as { result: unknown }).result;
}
