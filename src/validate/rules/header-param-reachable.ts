import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { DROPPED_BY_HTTP_CLIENTS, headerProblems } from "../header-problems.js";

const ARRAY_KEYWORDS: ReadonlySet<string> = new Set(["items", "prefixItems", "additionalItems", "contains", "unevaluatedItems"]);
const NAME_KEYWORDS: ReadonlySet<string> = new Set(["additionalProperties", "patternProperties", "propertyNames", "unevaluatedProperties", "dependentSchemas", "dependencies"]);
const BRANCH_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else"]);

export const headerParamReachable = defineRule({
  id: "header-param-reachable",
  summary: "Every x-mcp-header sits on a property reached from the inputSchema root through properties alone.",
  description:
    "A client must find the value to mirror at one fixed path of the arguments without evaluating the schema, so an " +
    "annotated property must be reached from the root by `properties` steps only (nested objects are fine). An annotation " +
    "under `items` or another array keyword, `allOf`/`anyOf`/`oneOf`/`not`, `if`/`then`/`else`, `$ref`, `$defs` (used or " +
    "not), `additionalProperties`, `patternProperties`, an unknown keyword, or on the root itself makes the whole tool " +
    "invalid, and a Streamable HTTP client drops it. Note that a property `$ref`'d from another file is bundled under " +
    "`$defs` on the wire, so an annotation inside the referenced file is reached through `$ref` too.",
  defaultSeverity: "error",
  breaks: ["client"],
  must: true,
  why: DROPPED_BY_HTTP_CLIENTS,
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/transports/streamable-http.mdx § Schema Extension; server/tools.mdx § x-mcp-header",
  checklist: ["T-HDR-8", "T-HDR-9", "T-HDR-11"],
  check(tool, report, { memo }) {
    for (const problem of headerProblems(tool, ["not-statically-reachable"], memo)) {
      report({ pointer: problem.wirePointer, target: "key", message: problem.message, hint: hintFor(problem.via ?? "") });
    }
  },
});

function hintFor(via: string): string {
  if (via === "(root)") return 'Move the annotation onto one of the properties under "properties".';
  if (via === "$ref") return 'Write the annotated property inline under "properties" instead of behind "$ref", or remove the annotation.';
  if (via === "$defs" || via === "definitions") return 'Remove the annotation from the definition, or declare the property inline under the root\'s "properties".';
  if (ARRAY_KEYWORDS.has(via)) return "Remove the annotation; an array element cannot be mirrored into a header.";
  if (NAME_KEYWORDS.has(via)) return `Declare the property by name under "properties" instead of under ${quoteValue(via)}, or remove the annotation.`;
  if (BRANCH_KEYWORDS.has(via)) return `Declare the property in the root's "properties", outside ${quoteValue(via)}, or remove the annotation.`;
  return 'Move the annotation onto a property reached through "properties" alone, or remove it.';
}
