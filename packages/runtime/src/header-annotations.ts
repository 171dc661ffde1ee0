// Checks the x-mcp-header annotations of one tool's inputSchema (MCP 2026-07-28, server/tools.mdx
// § x-mcp-header; basic/transports/streamable-http.mdx § Schema Extension). In: the parsed inputSchema.
// Out: the mirrored parameters and every broken constraint, with pointers. Never throws or mutates.

import { findAnnotationSites, type AnnotationSite } from "./find-annotation-sites.js";
import { codePointLabel, isHiddenCharacter, quoteValue } from "./quote-value.js";

export const MCP_PARAM_PREFIX = "Mcp-Param-";

export type HeaderParamType = "string" | "integer" | "boolean";

export interface HeaderParam {
  /** Property names from the inputSchema root to the annotated property, where a client takes the header value from. */
  path: string[];
  /** The `x-mcp-header` value: the header is `Mcp-Param-{name}`. */
  name: string;
  type: HeaderParamType;
  /** RFC 6901 pointer of the annotated property schema inside the inputSchema. */
  pointer: string;
}

export type HeaderProblemReason =
  | "empty"
  | "not-token"
  | "control-character"
  | "duplicate"
  | "number-type"
  | "non-primitive-type"
  | "unsafe-integer-range"
  | "not-statically-reachable"
  | "not-a-string";

export interface HeaderProblem {
  /** Pointer of the offending `x-mcp-header` keyword itself. */
  pointer: string;
  reason: HeaderProblemReason;
  /** For "not-statically-reachable": the keyword that breaks the `properties` chain, or "(root)". */
  via?: string;
  /** One sentence that quotes the value. */
  message: string;
}

export interface HeaderParamsResult {
  /** Annotations that break no rule, in document order. Use them only when `problems` is empty. */
  params: HeaderParam[];
  /** A tool with any problem is invalid as a whole (a client leaves it out of tools/list). */
  problems: HeaderProblem[];
}

type Finding = Omit<HeaderProblem, "pointer">;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/;

/**
 * The parameters that `inputSchema` mirrors into `Mcp-Param-*` headers, and every problem with its
 * annotations. Example: `findHeaderParams({ type: "object", properties: { region: { type: "string",
 * "x-mcp-header": "Region" } } })` gives `params: [{ path: ["region"], name: "Region", type: "string",
 * pointer: "/properties/region" }]` and no problems.
 */
export function findHeaderParams(inputSchema: unknown): HeaderParamsResult {
  const params: HeaderParam[] = [];
  const problems: HeaderProblem[] = [];
  const firstByName = new Map<string, AnnotationSite>();
  for (const site of findAnnotationSites(inputSchema)) {
    const pointer = site.pointer + "/x-mcp-header";
    const findings: Finding[] = [];
    const nameProblem = checkName(site.value);
    if (nameProblem !== undefined) findings.push(nameProblem);
    else findings.push(...checkUnique(site, firstByName));
    const placementProblem = checkPlacement(site);
    if (placementProblem !== undefined) findings.push(placementProblem);
    const typed = checkType(site);
    if ("reason" in typed) findings.push(typed);
    for (const finding of findings) problems.push({ pointer, ...finding });
    if (findings.length === 0 && "type" in typed && typeof site.value === "string" && site.path !== undefined) {
      params.push({ path: [...site.path], name: site.value, type: typed.type, pointer: site.pointer });
    }
  }
  return { params, problems };
}

/**
 * True when `name` is an RFC 9110 token (1*tchar), the form an `x-mcp-header` value must have
 * Example: `isHeaderToken("Region-Id")` is true, `isHeaderToken("Re gion")` is false.
 */
export function isHeaderToken(name: string): boolean {
  return name.length > 0 && Array.from(name).every((char) => TCHAR.test(char));
}

// A header name: a non-empty RFC 9110 token, so no space and no control character, CR and LF
// included; a non-string value cannot be a token at all.
function checkName(value: unknown): Finding | undefined {
  const q = quoteValue(value);
  if (typeof value !== "string") {
    // quoteValue shows numbers and booleans; null, arrays and objects are only named by kind.
    const shown = typeof value === "number" || typeof value === "boolean" ? `x-mcp-header value ${q} is a ${typeof value}` : `x-mcp-header is ${q}`;
    return { reason: "not-a-string", message: `${shown}, not a string naming the header.` };
  }
  if (value === "") return { reason: "empty", message: `x-mcp-header ${q} is empty, so it names no header.` };
  const chars = Array.from(value);
  // Control characters (C0, DEL, C1) are reported as such even though they also fail the token rule.
  const control = chars.find((char) => /^[\u0000-\u001f\u007f-\u009f]$/.test(char));
  if (control !== undefined) {
    return { reason: "control-character", message: `x-mcp-header ${q} contains the control character ${codePointLabel(control.codePointAt(0) ?? 0)}.` };
  }
  const bad = chars.find((char) => !TCHAR.test(char));
  if (bad !== undefined) {
    return { reason: "not-token", message: `x-mcp-header ${q} is not an RFC 9110 token: it contains ${describeChar(bad)}.` };
  }
  return undefined;
}

// Header names are unique across the whole inputSchema, compared case-insensitively (tokens are ASCII).
function checkUnique(site: AnnotationSite, firstByName: Map<string, AnnotationSite>): Finding[] {
  const key = String(site.value).toLowerCase();
  const first = firstByName.get(key);
  if (first === undefined) {
    firstByName.set(key, site);
    return [];
  }
  const q = quoteValue(site.value);
  const where = describeSite(first);
  const message =
    site.value === first.value
      ? `x-mcp-header ${q} is already used by ${where}; each mirrored parameter needs a header of its own.`
      : `x-mcp-header ${q} clashes with ${quoteValue(first.value)} of ${where}, because header names compare case-insensitively.`;
  return [{ reason: "duplicate", message }];
}

// The value as it follows "x-mcp-header" in a message: `"Region"`, `123`, or `(an array)`.
function quoteAnnotation(value: unknown): string {
  const q = quoteValue(value);
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? q : `(${q})`;
}

// "property "location.region"" for a reachable site; otherwise its pointer inside the inputSchema.
function describeSite(site: AnnotationSite): string {
  if (site.path !== undefined) return `property ${quoteValue(site.path.join("."))}`;
  return site.pointer === "" ? "the inputSchema root" : `the schema at ${quoteValue(site.pointer)}`;
}

// Only a chain of `properties` steps from the root may lead to an annotation.
function checkPlacement(site: AnnotationSite): Finding | undefined {
  if (site.via === undefined) return undefined;
  const q = quoteAnnotation(site.value);
  const where = site.via === "$defs" || site.via === "definitions" ? "is inside" : "is reached through";
  const message =
    site.via === "(root)"
      ? `x-mcp-header ${q} is on the inputSchema root, which is not a property.`
      : `x-mcp-header ${q} ${where} ${quoteValue(site.via)}, but a mirrored parameter must be reached from the root through "properties" alone.`;
  return { reason: "not-statically-reachable", via: site.via, message };
}

// Only `string`, `integer` and `boolean` parameters can be mirrored, integers within ±(2^53-1).
// Where MCP 2026-07-28 leaves it open:
// - A `type` array is rejected, `["string", "null"]` included. Other clients may drop such a
//   tool under their own reading, and an absent or null argument already omits the header,
//   so nullability needs no type array.
// - A property without its own `type` (typed only through `$ref`, `enum` or `const`) is rejected
//   like a property with no type at all.
function checkType(site: AnnotationSite): Finding | { type: HeaderParamType } {
  const q = quoteAnnotation(site.value);
  const schema = site.schema;
  const on = site.path === undefined ? "a schema" : "a property";
  if (!Object.hasOwn(schema, "type")) {
    const behindRef = Object.hasOwn(schema, "$ref") ? ` of its own (a type behind "$ref" does not count)` : "";
    return {
      reason: "non-primitive-type",
      message: `x-mcp-header ${q} is on ${on} with no "type" keyword${behindRef}, so it cannot be shown to be a string, integer or boolean.`,
    };
  }
  const type = schema["type"];
  if (Array.isArray(type)) {
    const listed = type.slice(0, 5).map(quoteValue).join(", ") + (type.length > 5 ? ", …" : "");
    return {
      reason: "non-primitive-type",
      message: `x-mcp-header ${q} is on ${on} whose "type" is the list [${listed}]; only a single type string, integer or boolean can be mirrored.`,
    };
  }
  if (type === "number") {
    return { reason: "number-type", message: `x-mcp-header ${q} is on ${on} of type "number"; only string, integer and boolean properties can be mirrored.` };
  }
  if (type !== "string" && type !== "integer" && type !== "boolean") {
    return { reason: "non-primitive-type", message: `x-mcp-header ${q} is on ${on} of type ${quoteValue(type)}; only string, integer and boolean properties can be mirrored.` };
  }
  if (type === "integer") {
    const unsafe = findUnsafeBound(schema);
    if (unsafe !== undefined) {
      return {
        reason: "unsafe-integer-range",
        message: `x-mcp-header ${q} is on an integer whose ${unsafe.keyword} ${exactNumber(unsafe.value)} lies outside the safe range -(2^53-1) to 2^53-1.`,
      };
    }
  }
  return { type };
}

// Declared bounds are a static stand-in for the rule on values: a declared `minimum` or `maximum` outside ±(2^53-1) is refused.
// An exclusive bound one past the range still admits only safe integers.
function findUnsafeBound(schema: Readonly<Record<string, unknown>>): { keyword: string; value: number } | undefined {
  const checks: [string, (n: number) => boolean][] = [
    ["minimum", (n) => n < -MAX_SAFE],
    ["maximum", (n) => n > MAX_SAFE],
    ["exclusiveMinimum", (n) => n < -MAX_SAFE - 1],
    ["exclusiveMaximum", (n) => n > MAX_SAFE + 1],
  ];
  for (const [keyword, isUnsafe] of checks) {
    const value = Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
    if (typeof value === "number" && isUnsafe(value)) return { keyword, value };
  }
  const listed = [
    ...(Object.hasOwn(schema, "const") ? [["const", schema["const"]] as const] : []),
    ...(Object.hasOwn(schema, "enum") && Array.isArray(schema["enum"]) ? schema["enum"].map((v: unknown) => ["enum value", v] as const) : []),
  ];
  for (const [keyword, value] of listed) {
    if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) return { keyword, value };
  }
  return undefined;
}

// Beyond 2^53 String() rounds (2^60 prints as 1152921504606847000); the exact digits of the double
// match what the schema author wrote for any integer a double can hold.
function exactNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : String(value);
}

function describeChar(char: string): string {
  if (char === " ") return "a space";
  const label = codePointLabel(char.codePointAt(0) ?? 0);
  return isHiddenCharacter(char) ? label : `${quoteValue(char)} (${label})`;
}
