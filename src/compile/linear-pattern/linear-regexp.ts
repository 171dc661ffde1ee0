// JSON Schema patterns as the generated validators run them (pattern-plan.ts), inside mcp-gen: the
// ajv regExp engine that the generated validators are compiled with (its `code` names the runtime
// function they call), and the same functions for running a compiled chunk in mcp-gen's process:
// re2js for a linear or split pattern, RegExp for a certified one. Each is compiled on its first test.
import type { RE2JS as RE2JSClass } from "re2js";
import type { PatternProblem } from "./translate-pattern.js";
import { re2js } from "./linear-translation.js";
import { CERTIFIABLE, NO_VERDICTS, patternUse, type PatternPlan, type PatternVerdict } from "./pattern-plan.js";

export { linearTranslation, type LinearTranslation } from "./linear-translation.js";

/** What `pattern` (the runtime function, see packages/runtime/src/pattern-runtime.ts) returns: a test, as RegExp has. */
export interface LinearRegExp {
  test(value: string): boolean;
}

/** A split pattern's other parts (RE2 syntax): the pattern matches when every `and` matches and no `not` does. */
export interface PatternParts {
  readonly and?: readonly string[];
  readonly not?: readonly string[];
}

/**
 * The runtime's `pattern` for mcp-gen's own process: `source` is RE2 syntax (a translation), with
 * the other parts of a split pattern, each compiled by re2js on the first test. Keep in step with
 * packages/runtime/src/pattern-runtime.ts, which is the same function over re2js's ES module.
 */
export function pattern(source: string, parts: PatternParts = {}): LinearRegExp {
  let compiled: { main: RE2JSClass; and: RE2JSClass[]; not: RE2JSClass[] } | undefined;
  return {
    test(value) {
      const RE2JS = re2js();
      compiled ??= { main: RE2JS.compile(source), and: (parts.and ?? []).map((s) => RE2JS.compile(s)), not: (parts.not ?? []).map((s) => RE2JS.compile(s)) };
      return compiled.main.test(value) && compiled.and.every((part) => part.test(value)) && !compiled.not.some((part) => part.test(value));
    },
  };
}

/**
 * The runtime's `certifiedPattern` for mcp-gen's own process: RegExp with the u flag, for a pattern
 * the ReDoS checker certified safe under `plan`, and for no other (a chunk read back from disk
 * cannot make mcp-gen run an uncertified pattern on a backtracking engine).
 */
export function certifiedPatternFor(plan: PatternPlan): (source: string) => LinearRegExp {
  return (source) => {
    if (patternUse(source, plan).run !== "regexp") throw new Error(`pattern ${JSON.stringify(source)} is not certified by the ReDoS checker; this is a bug in mcp-gen.`);
    let compiled: RegExp | undefined;
    // Certified: the checker found no input on which the backtracking engine takes more than linear time.
    return { test: (value) => (compiled ??= new RegExp(source, "u")).test(value) };
  };
}

const UNSAFE = ", so no generated validator runs it";

/** Thrown by the regExp engine for a pattern it does not run (see patternUse); its message names the pattern. */
export class NonLinearPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly problem: PatternProblem,
    verdict?: PatternVerdict,
  ) {
    super(`pattern ${JSON.stringify(pattern)} uses ${problem.what}${verdictClause(problem, verdict)}${UNSAFE}`);
  }
}

/** Why a pattern that re2js cannot run does not run on RegExp either. */
function verdictClause(problem: PatternProblem, verdict: PatternVerdict | undefined): string {
  if (!CERTIFIABLE.has(problem.kind)) return ", which re2js, the linear-time regex engine of the generated validators, cannot run";
  if (verdict === undefined) return ", which only a backtracking engine runs, and the ReDoS checker has not certified it";
  if (verdict.status === "vulnerable") return `, which only a backtracking engine runs, and the ReDoS checker found it vulnerable (${verdict.complexity}; attack string ${verdict.attack})`;
  if (verdict.status === "undecided") return `, which only a backtracking engine runs, and the ReDoS checker could not certify it (${verdict.reason})`;
  return "";
}

/**
 * Whether a compile error (ajv's message, as SchemaCompiler keeps it) is a NonLinearPatternError's.
 * @example isNonLinearPatternError(new NonLinearPatternError("(?<=a)", problem).message) === true
 */
export function isNonLinearPatternError(message: string): boolean {
  return message.startsWith("pattern ") && message.endsWith(UNSAFE);
}

/**
 * ajv's `code.regExp` under `plan`: compiles `pattern` for ajv's own function, and makes the
 * generated code call `__rt.pattern` (ajv writes `__rt.pattern("<pattern>", "u")`;
 * linear-pattern-code.ts then puts the translation, or `__rt.certifiedPattern`, in its place).
 * Throws NonLinearPatternError for a pattern that does not run (patternUse), so that the schema
 * does not compile. ajv's `u` flag is the translation's premise, never a choice.
 */
export function patternEngine(plan: PatternPlan): ((source: string, flags: string) => LinearRegExp & { toString(): string }) & { code: string } {
  const certified = certifiedPatternFor(plan);
  return Object.assign(
    (source: string, _flags: string): LinearRegExp & { toString(): string } => {
      const use = patternUse(source, plan);
      let compiled: LinearRegExp;
      if (use.run === "linear") compiled = pattern(use.source);
      else if (use.run === "split") compiled = pattern(use.main, { and: use.and, not: use.not });
      else if (use.run === "regexp") compiled = certified(source);
      else throw new NonLinearPatternError(source, use.problem, use.verdict);
      // ajv shares one compiled pattern between equal keys, as it does for RegExp's `/source/u`.
      return { ...compiled, toString: () => `/${source}/u` };
    },
    { code: "__rt.pattern" },
  );
}

/** patternEngine without verdicts: linear and split patterns run, every other one is refused. */
export const linearRegExp = patternEngine(NO_VERDICTS);
