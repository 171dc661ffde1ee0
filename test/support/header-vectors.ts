// The x-mcp-header vectors of the shared spec (x-mcp-header-valid.json, x-mcp-header-invalid.json) as
// rule tests: every invalid case gives an error from the rule that owns its `reason`, placed on the
// `x-mcp-header` keyword in the file, and no valid case gives any error.
import { expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import type { HeaderProblemReason } from "../../packages/runtime/src/header-annotations.js";
import type { AnyRule } from "../../src/validate/define-rule.js";
import { loadVectors, type InvalidAnnotationCase, type ValidAnnotationCase, type VectorFile } from "../runtime/spec-vectors.js";
import { analyzeTools } from "./project-from-tools.js";

export const VALID_HEADER_CASES = loadVectors<VectorFile<ValidAnnotationCase>>("x-mcp-header-valid.json").cases;
export const INVALID_HEADER_CASES = loadVectors<VectorFile<InvalidAnnotationCase>>("x-mcp-header-invalid.json").cases;

/** The CHECKLIST items each `reason` of x-mcp-header-invalid.json proves. */
export const REASON_CHECKLIST: Record<HeaderProblemReason, string> = {
  empty: "T-HDR-2",
  "not-token": "T-HDR-3",
  "not-a-string": "T-HDR-3",
  "control-character": "T-HDR-4",
  duplicate: "T-HDR-5",
  "number-type": "T-HDR-6",
  "non-primitive-type": "T-HDR-6",
  "unsafe-integer-range": "T-HDR-7",
  "not-statically-reachable": "T-HDR-8, T-HDR-9",
};

export function toolsOf(c: { tool?: unknown; tools?: unknown[] }): unknown[] {
  return c.tools ?? (c.tool === undefined ? [] : [c.tool]);
}

/** Fails unless `d` starts at the `x-mcp-header` key or at its value in the analysed JSON text. */
export function expectOnAnnotation(d: Diagnostic, sources: ReadonlyMap<string, string>): void {
  expect(d.pointer).toMatch(/^\/inputSchema(\/.*)?\/x-mcp-header$/);
  const line = (sources.get(d.file) ?? "").split("\n")[d.line - 1] ?? "";
  const at = line.slice(d.column - 1);
  const value = /"x-mcp-header": (.*?),?$/.exec(line)?.[1];
  expect(at.startsWith('"x-mcp-header"') || (value !== undefined && at === value) || (value !== undefined && at.startsWith(value)), `${d.file}:${d.line}:${d.column} ${line}`).toBe(true);
}

/** Vector tests for one header rule: the invalid cases of `reasons` are errors, the valid cases give nothing. */
export function describeHeaderVectors(rule: AnyRule, reasons: readonly HeaderProblemReason[]): void {
  for (const c of INVALID_HEADER_CASES.filter((c) => reasons.includes(c.reason as HeaderProblemReason))) {
    const via = c.via === undefined ? "" : ` via ${c.via}`;
    it(`${c.id} (${REASON_CHECKLIST[c.reason as HeaderProblemReason]}) ${c.reason}${via}: ${c.title}`, () => {
      const { analysis, sources } = analyzeTools(toolsOf(c), [rule]);
      const errors = analysis.diagnostics.filter((d) => d.ruleId === rule.id && d.severity === "error");
      expect(errors.length).toBeGreaterThan(0);
      for (const d of errors) expectOnAnnotation(d, sources);
    });
  }
  for (const c of VALID_HEADER_CASES) {
    it(`${c.id} (T-HDR-1) reports nothing: ${c.title}`, () => {
      const { analysis } = analyzeTools(toolsOf(c), [rule]);
      expect(analysis.diagnostics.filter((d) => d.ruleId === rule.id)).toEqual([]);
    });
  }
}
