// What generated validators with a `pattern` or `patternProperties` call: everything of
// validator-runtime.ts, and the pattern functions. `pattern` runs a pattern with re2js, a linear-time
// engine with RE2 semantics (a JavaScript port of RE2, no native code), so that no string can make a
// pattern check slow: a backtracking engine (RegExp) takes seconds to years on some patterns, inside
// the event loop that serves every request. mcp-gen translated each pattern from ECMAScript to RE2
// syntax when it built the validators, a pattern that opens with lookaheads into a conjunction of
// such matches; the verdicts are ECMAScript's. `certifiedPattern` runs on RegExp the few patterns
// re2js cannot (back-references, lookbehind), each one certified by a ReDoS checker when mcp-gen
// built the validators. Copied verbatim into the generated `runtime/` folder, only when a validator
// has a pattern: a project without one never loads re2js.
import { RE2JS } from "re2js";

export * from "./validator-runtime.js";

/** A compiled pattern, with RegExp's `test`: whether the pattern matches anywhere in `value`. */
export interface LinearPattern {
  test(value: string): boolean;
}

/** A split pattern's other parts (RE2 syntax): it matches when every `and` matches and no `not` does. */
export interface PatternParts {
  readonly and?: readonly string[];
  readonly not?: readonly string[];
}

/**
 * The pattern `source` (RE2 syntax, as mcp-gen wrote it), with the other parts of a split pattern,
 * compiled on its first test: a server starts without compiling the patterns of tools nobody calls.
 * @example pattern("^\\d+x$").test("12x") === true
 * @example pattern("^\\w+$", { not: ["^(?:admin$)"] }).test("admin") === false
 */
export function pattern(source: string, parts: PatternParts = {}): LinearPattern {
  let compiled: { main: RE2JS; and: RE2JS[]; not: RE2JS[] } | undefined;
  return {
    test(value) {
      compiled ??= { main: RE2JS.compile(source), and: (parts.and ?? []).map((s) => RE2JS.compile(s)), not: (parts.not ?? []).map((s) => RE2JS.compile(s)) };
      return compiled.main.test(value) && compiled.and.every((part) => part.test(value)) && !compiled.not.some((part) => part.test(value));
    },
  };
}

/**
 * The pattern `source` (ECMAScript, as the schema has it) on RegExp with the u flag, compiled on its
 * first test. mcp-gen writes it only for a pattern its ReDoS checker certified safe.
 * @example certifiedPattern("^(['\"]).*\\1$").test("'a'") === true
 */
export function certifiedPattern(source: string): LinearPattern {
  let compiled: RegExp | undefined;
  return { test: (value) => (compiled ??= new RegExp(source, "u")).test(value) };
}
