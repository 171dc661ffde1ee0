import { defineRule } from "../define-rule.js";
import { DROPPED_BY_HTTP_CLIENTS, headerProblems } from "../header-problems.js";

export const headerIntegerRange = defineRule({
  id: "header-integer-range",
  summary: "Mirrored integer parameters declare no bound outside -(2^53-1) to 2^53-1.",
  description:
    "An integer mirrored into an `Mcp-Param-*` header must be exactly representable as an IEEE 754 double (JavaScript's safe " +
    "integer range), or the header and the body could disagree after a round trip through a JavaScript client or server. " +
    "The spec constrains values; mcp-gen reads that statically and rejects a `minimum` or `maximum` (an exclusive bound " +
    "may go one further), a `const` or an `enum` value outside the range. An integer without bounds is accepted, and the " +
    "generated client refuses out-of-range values at run time. To carry larger numbers, make the parameter a string.",
  defaultSeverity: "error",
  breaks: ["client"],
  must: true,
  why: DROPPED_BY_HTTP_CLIENTS,
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § x-mcp-header; basic/transports/streamable-http.mdx § Schema Extension",
  checklist: ["T-HDR-7", "T-HDR-11"],
  check(tool, report, { memo }) {
    for (const problem of headerProblems(tool, ["unsafe-integer-range"], memo)) {
      report({
        pointer: problem.wirePointer,
        target: "key",
        message: problem.message,
        hint: "Keep bounds and listed values within -9007199254740991 and 9007199254740991, or make the parameter a string to carry larger numbers.",
      });
    }
  },
});
