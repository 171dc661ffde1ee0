import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { DROPPED_BY_HTTP_CLIENTS, annotatedName, annotatedPath, headerNameFor, headerProblems, headerSites } from "../header-problems.js";

export const headerNameUnique = defineRule({
  id: "header-name-unique",
  summary: "No two x-mcp-header values of one inputSchema are equal when compared case-insensitively.",
  description:
    "HTTP header names are case-insensitive, so `Region` and `REGION` name the same `Mcp-Param-Region` header, and two " +
    "parameters mirrored into it would overwrite each other or make the server reject the request. The values must be " +
    "unique across the whole inputSchema, nested properties included; the same name in two different tools is fine. Every " +
    "annotation after the first is reported, naming the first; a Streamable HTTP client drops the whole tool.",
  defaultSeverity: "error",
  breaks: ["client"],
  must: true,
  why: DROPPED_BY_HTTP_CLIENTS,
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § x-mcp-header; basic/transports/streamable-http.mdx § Schema Extension",
  checklist: ["T-HDR-5", "T-HDR-11"],
  check(tool, report, { memo }) {
    const problems = headerProblems(tool, ["duplicate"], memo);
    if (problems.length === 0) return;
    const taken = new Set(headerSites(tool, memo).map((site) => String(site.value).toLowerCase()));
    for (const problem of problems) {
      const free = freeName(annotatedPath(problem.pointer)?.join("_") ?? annotatedName(problem.pointer), taken);
      taken.add(free.toLowerCase());
      report({ pointer: problem.wirePointer, message: problem.message, hint: `Rename it, for example to ${quoteValue(free)}.` });
    }
  },
});

// A header name derived from the property path that no annotation of the schema uses yet.
function freeName(property: string | undefined, taken: ReadonlySet<string>): string {
  const base = (property === undefined ? "" : headerNameFor(property)) || "Param";
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`;
}
