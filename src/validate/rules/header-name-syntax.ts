import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { DROPPED_BY_HTTP_CLIENTS, annotatedName, headerNameFor, headerProblems, headerSites, repairHeaderName, type ToolHeaderProblem } from "../header-problems.js";

export const headerNameSyntax = defineRule({
  id: "header-name-syntax",
  summary: "Every x-mcp-header value is a non-empty RFC 9110 token without control characters.",
  description:
    "The value of `x-mcp-header` becomes the `{name}` of an `Mcp-Param-{name}` HTTP header, so it must be a string of one or " +
    "more RFC 9110 tchar: ASCII letters, digits and ``! # $ % & ' * + - . ^ _ ` | ~``. An empty name, a space, a colon, a " +
    "non-ASCII letter, an invisible character or a control character (CR and LF would let a value forge extra headers) " +
    "breaks the header, and a Streamable HTTP client must then drop the whole tool from `tools/list`. Rename the header to " +
    "a plain token such as `Region` or `Tenant-Id`.",
  defaultSeverity: "error",
  breaks: ["client"],
  must: true,
  why: DROPPED_BY_HTTP_CLIENTS,
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § x-mcp-header; basic/transports/streamable-http.mdx § Schema Extension",
  checklist: ["T-HDR-2", "T-HDR-3", "T-HDR-4", "T-HDR-11"],
  check(tool, report, { memo }) {
    const problems = headerProblems(tool, ["empty", "not-token", "control-character", "not-a-string"], memo);
    if (problems.length === 0) return;
    // A repaired name another annotation has (headers compare case-insensitively) would only trade this finding for header-name-unique.
    const taken = new Set(headerSites(tool, memo).map((site) => String(site.value).toLowerCase()));
    for (const problem of problems) {
      report({ pointer: problem.wirePointer, message: problem.message, hint: hintFor(problem, taken) });
    }
  },
});

/** `name`, or `name-2`, `name-3`, ... : the first that `taken` (lower-cased names) does not hold; taken from then on. */
function untaken(name: string, taken: Set<string>): string {
  let free = name;
  for (let n = 2; taken.has(free.toLowerCase()); n++) free = `${name}-${n}`;
  taken.add(free.toLowerCase());
  return free;
}

function hintFor(problem: ToolHeaderProblem, taken: Set<string>): string {
  const value = problem.schema["x-mcp-header"];
  const property = annotatedName(problem.pointer);
  const fromProperty = property === undefined ? "" : headerNameFor(property);
  const example = fromProperty === "" ? '"Region"' : quoteValue(fromProperty);
  if (problem.reason === "not-a-string") {
    const asText = typeof value === "number" || typeof value === "boolean" ? repairHeaderName(String(value)) : "";
    return asText === String(value) ? `Write it as the string ${quoteValue(asText)}.` : `Set it to a string that names the header, such as ${example}.`;
  }
  if (problem.reason === "empty") return `Set it to a header name such as ${example}, or remove the annotation.`;
  const fixed = typeof value === "string" ? repairHeaderName(value) : "";
  const repaired = fixed === "" ? "" : untaken(fixed, taken);
  return repaired === "" ? `Use only ASCII letters, digits and ! # $ % & ' * + - . ^ _ \` | ~, for example ${example}.` : `Rename it to ${quoteValue(repaired)}.`;
}
