// All x-mcp-header rules together over the shared vectors: each invalid case is rejected by the rule
// that owns its `reason` (and the tool is invalid as a whole, T-HDR-11), each valid case gives no error.
import { describe, expect, it } from "vitest";
import type { HeaderProblemReason } from "../../packages/runtime/src/header-annotations.js";
import { headerIntegerRange } from "../../src/validate/rules/header-integer-range.js";
import { headerNameSyntax } from "../../src/validate/rules/header-name-syntax.js";
import { headerNameUnique } from "../../src/validate/rules/header-name-unique.js";
import { headerParamReachable } from "../../src/validate/rules/header-param-reachable.js";
import { headerParamSensitive } from "../../src/validate/rules/header-param-sensitive.js";
import { headerParamType } from "../../src/validate/rules/header-param-type.js";
import { expectOnAnnotation, INVALID_HEADER_CASES, REASON_CHECKLIST, toolsOf, VALID_HEADER_CASES } from "../support/header-vectors.js";
import { analyzeTools } from "../support/project-from-tools.js";

const HEADER_RULES = [headerIntegerRange, headerNameSyntax, headerNameUnique, headerParamReachable, headerParamSensitive, headerParamType];

const RULE_FOR_REASON: Record<HeaderProblemReason, string> = {
  empty: "header-name-syntax",
  "not-token": "header-name-syntax",
  "control-character": "header-name-syntax",
  "not-a-string": "header-name-syntax",
  duplicate: "header-name-unique",
  "number-type": "header-param-type",
  "non-primitive-type": "header-param-type",
  "unsafe-integer-range": "header-integer-range",
  "not-statically-reachable": "header-param-reachable",
};

describe("x-mcp-header-invalid.json with every header rule", () => {
  it("holds 43 cases, each with a reason a rule owns", () => {
    expect(INVALID_HEADER_CASES).toHaveLength(43);
    for (const c of INVALID_HEADER_CASES) expect(Object.keys(RULE_FOR_REASON), c.id).toContain(c.reason);
  });

  for (const c of INVALID_HEADER_CASES) {
    const reason = c.reason as HeaderProblemReason;
    const via = c.via === undefined ? "" : ` via ${c.via}`;
    it(`${c.id} (${REASON_CHECKLIST[reason]}, T-HDR-11) ${reason}${via} → ${RULE_FOR_REASON[reason]}: ${c.title}`, () => {
      const { analysis, sources } = analyzeTools(toolsOf(c), HEADER_RULES);
      const errors = analysis.diagnostics.filter((d) => d.severity === "error");
      const owned = errors.filter((d) => d.ruleId === RULE_FOR_REASON[reason]);
      expect(owned.length, JSON.stringify(errors, null, 2)).toBeGreaterThan(0);
      if (c.via !== undefined) expect(owned.some((d) => d.message.includes(`"${c.via}"`) || (c.via === "(root)" && d.message.includes("root")))).toBe(true);
      for (const d of errors) expectOnAnnotation(d, sources);
    });
  }
});

describe("x-mcp-header-valid.json with every header rule (T-SCHEMA-13)", () => {
  it("holds 23 cases", () => {
    expect(VALID_HEADER_CASES).toHaveLength(23);
  });

  for (const c of VALID_HEADER_CASES) {
    it(`${c.id} (T-HDR-1) gives no error and no warning: ${c.title}`, () => {
      const { analysis } = analyzeTools(toolsOf(c), HEADER_RULES);
      expect(analysis.diagnostics).toEqual([]);
    });
  }
});
