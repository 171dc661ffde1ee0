import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { DROPPED_BY_HTTP_CLIENTS, headerProblems, type ToolHeaderProblem } from "../header-problems.js";

const PRIMITIVES = ["string", "integer", "boolean"];

export const headerParamType = defineRule({
  id: "header-param-type",
  summary: "Only properties whose own type is string, integer or boolean carry x-mcp-header.",
  description:
    "A mirrored value must travel as one header line, so the spec admits only `string`, `integer` and `boolean` parameters " +
    "and excludes `number` explicitly (decimal formatting differs between languages). Arrays, objects and `null` are " +
    "rejected, and so is a property whose type cannot be shown to be one of the three: no `type` of its own (a type behind " +
    '`$ref`, `enum` or `const` does not count) or a `type` list, `["string", "null"]` included, since an absent or null ' +
    "argument already leaves the header out. A Streamable HTTP client drops a tool that breaks this.",
  defaultSeverity: "error",
  breaks: ["client"],
  must: true,
  why: DROPPED_BY_HTTP_CLIENTS,
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § x-mcp-header; basic/transports/streamable-http.mdx § Schema Extension",
  checklist: ["T-HDR-6", "T-HDR-11"],
  check(tool, report, { memo }) {
    for (const problem of headerProblems(tool, ["number-type", "non-primitive-type"], memo)) {
      report({ pointer: problem.wirePointer, target: "key", message: problem.message, hint: hintFor(problem) });
    }
  },
});

function hintFor({ schema }: ToolHeaderProblem): string {
  const type = Object.hasOwn(schema, "type") ? schema["type"] : undefined;
  if (type === undefined) {
    const listed = Object.hasOwn(schema, "enum") ? "enum" : Object.hasOwn(schema, "const") ? "const" : undefined;
    const inferred = listed === undefined ? undefined : typeOfValues(listed === "enum" ? schema["enum"] : [schema["const"]]);
    if (inferred !== undefined) return `Add "type": ${quoteValue(inferred)} next to its ${quoteValue(listed)}.`;
    return `Add "type": "string", "integer" or "boolean" to the annotated schema itself${Object.hasOwn(schema, "$ref") ? ', next to its "$ref"' : ""}.`;
  }
  if (type === "number") return 'Use "type": "integer" if only whole numbers are allowed, or "string" to send the number as text.';
  if (Array.isArray(type)) {
    const primitives = type.filter((t) => typeof t === "string" && PRIMITIVES.includes(t));
    if (primitives.length === 1 && type.every((t) => t === primitives[0] || t === "null")) {
      return `Use "type": ${quoteValue(primitives[0])} alone; an absent or null argument already leaves the header out.`;
    }
    return 'Use a single "type" of "string", "integer" or "boolean", or remove the x-mcp-header annotation.';
  }
  return "Remove the x-mcp-header annotation, or move it onto a string, integer or boolean property.";
}

// The one primitive type that all listed values share, if they share one.
function typeOfValues(values: unknown): string | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  const types = new Set(values.map((v) => (typeof v === "number" && Number.isInteger(v) ? "integer" : typeof v)));
  const [only] = types;
  return types.size === 1 && only !== undefined && PRIMITIVES.includes(only) ? only : undefined;
}
