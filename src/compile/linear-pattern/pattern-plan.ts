// How each JSON Schema pattern runs, chosen by what it costs rather than by its syntax:
// - "linear": translated for re2js, which answers in time linear in the input (translate-pattern.ts);
// - "split": `^` and lookaheads, run as a conjunction of re2js matches (split-lookaheads.ts);
// - "regexp": the rest that ECMAScript can run (back-references, lookbehind, lookaheads that do not
//   split), run on RegExp with the u flag, but only once the ReDoS checker certified it safe
//   (pattern-check/); vulnerable or undecided, it is refused, or in a `generate: client` project left
//   out of the generated validator.
// Plain data in, plain data out: the checker's verdicts reach the pure stages as a PatternPlan.
import { linearTranslation } from "./linear-translation.js";
import { splitLookaheads } from "./split-lookaheads.js";
import type { PatternProblem } from "./translate-pattern.js";

/** What the ReDoS checker (pattern-check/) found for a pattern that needs a backtracking engine. */
export type PatternVerdict =
  | { readonly status: "safe" }
  /** `complexity`: "exponential" or "2nd degree polynomial"…; `attack`: the attack string, as the checker writes it ('a'.repeat(31) + '\x00'). */
  | { readonly status: "vulnerable"; readonly complexity: string; readonly attack: string }
  | { readonly status: "undecided"; readonly reason: string };

/** The checker's verdicts, by pattern, and what a project does with a pattern it did not certify. */
export interface PatternPlan {
  readonly verdicts: ReadonlyMap<string, PatternVerdict>;
  /**
   * A `generate: client` project (someone else's server): a pattern that is not certified is left
   * out of the generated validator (it checks everything else) instead of refusing the schema.
   */
  readonly leaveOutUncertified: boolean;
}

/** No verdicts: linear and split patterns run, every other one is refused. */
export const NO_VERDICTS: PatternPlan = Object.freeze({ verdicts: new Map<string, PatternVerdict>(), leaveOutUncertified: false });

/** How one pattern runs, or why it does not. */
export type PatternUse =
  | { readonly run: "linear"; readonly source: string }
  | { readonly run: "split"; readonly main: string; readonly and: readonly string[]; readonly not: readonly string[] }
  | { readonly run: "regexp"; readonly problem: PatternProblem }
  /** Not run: the generated validator leaves the keyword out (a client project's uncertified pattern). */
  | { readonly run: "left-out"; readonly problem: PatternProblem; readonly verdict: PatternVerdict | undefined }
  | { readonly run: "refused"; readonly problem: PatternProblem; readonly verdict?: PatternVerdict | undefined };

/** What re2js cannot run, yet a backtracking engine can, so that the checker may certify it. */
export const CERTIFIABLE: ReadonlySet<PatternProblem["kind"]> = new Set(["lookahead", "lookbehind", "backreference"]);

/** Text that no lookaround ((?=, (?!, (?<=, (?<!) and no back-reference (\1 to \9…, \k<name>) can be written without. */
const MAY_NEED_CERTIFICATE = /\(\?<?[=!]|\\[1-9k]/;

/**
 * Whether `pattern` needs the ReDoS checker's verdict: it is neither linear nor split, and what
 * keeps it from re2js is a lookaround or a back-reference.
 * @example needsCertificate("^(['\"]).*\\1$") === true
 */
export function needsCertificate(pattern: string): boolean {
  // Most patterns have no lookaround and no back-reference: nothing to translate to know that.
  if (!MAY_NEED_CERTIFICATE.test(pattern)) return false;
  const strategy = patternStrategy(pattern);
  return strategy.run === "certify";
}

type Strategy = Extract<PatternUse, { run: "linear" | "split" | "refused" }> | { readonly run: "certify"; readonly problem: PatternProblem };

/** The plan-independent part: linear, split, to certify, or refused. */
function patternStrategy(pattern: string): Strategy {
  const translation = linearTranslation(pattern);
  if (translation.ok) return { run: "linear", source: translation.source };
  const { problem } = translation;
  if (!CERTIFIABLE.has(problem.kind)) return { run: "refused", problem };
  const split = splitLookaheads(pattern);
  if (split) {
    const parts = [split.main, ...split.and, ...split.not].map(linearTranslation);
    if (parts.every((part) => part.ok)) {
      const sources = parts.map((part) => (part as { source: string }).source);
      const and = split.and.length;
      return { run: "split", main: sources[0]!, and: sources.slice(1, 1 + and), not: sources.slice(1 + and) };
    }
  }
  return { run: "certify", problem };
}

/**
 * How `pattern` (ECMAScript, u flag) runs under `plan`.
 * @example patternUse("^(?!\\.)\\w+$", NO_VERDICTS) // { run: "split", main: "^\\w+$", and: [], not: ["^(?:\\.)"] }
 */
export function patternUse(pattern: string, plan: PatternPlan): PatternUse {
  const strategy = patternStrategy(pattern);
  if (strategy.run !== "certify") return strategy;
  const verdict = plan.verdicts.get(pattern);
  if (verdict?.status === "safe") return { run: "regexp", problem: strategy.problem };
  return plan.leaveOutUncertified ? { run: "left-out", problem: strategy.problem, verdict } : { run: "refused", problem: strategy.problem, verdict };
}
