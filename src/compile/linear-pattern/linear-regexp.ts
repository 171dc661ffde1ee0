// JSON Schema patterns run by re2js, a linear-time engine with RE2 semantics, inside mcp-gen: the
// ajv regExp engine that the generated validators are compiled with (its `code` names the runtime
// function they call), and the same function for running a compiled chunk in mcp-gen's process.
// A pattern is translated once (translate-pattern.ts) and compiled by re2js on its first test.
import { createRequire } from "node:module";
import type { RE2JS as RE2JSClass } from "re2js";
import { translatePattern, type PatternProblem } from "./translate-pattern.js";

/** What `pattern` (the runtime function, see packages/runtime/src/pattern-runtime.ts) returns: a test, as RegExp has. */
export interface LinearRegExp {
  test(value: string): boolean;
}

export type LinearTranslation = { readonly ok: true; readonly source: string } | { readonly ok: false; readonly problem: PatternProblem };

// re2js (its CommonJS build) loads with the first pattern, as ajv does with the first schema.
const require = createRequire(import.meta.url);

function re2js(): typeof RE2JSClass {
  return (require("re2js") as { RE2JS: typeof RE2JSClass }).RE2JS;
}

/** Whether re2js has a table for the script `name` (every script of Unicode 17, by its full name). */
function knowsScript(name: string): boolean {
  return /^[A-Za-z_]+$/.test(name) && compiles(`\\p{${name}}`);
}

function compiles(source: string): boolean {
  try {
    re2js().compile(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * `pattern` (ECMAScript, u flag) as re2js runs it, or why it cannot be: the translation refused it,
 * or re2js refused the translation (a repetition count over 1,000, a program too large).
 * @example linearTranslation("^\\d+x$") // { ok: true, source: "^\\d+x$" }
 */
export function linearTranslation(pattern: string): LinearTranslation {
  let result: LinearTranslation = translatePattern(pattern, knowsScript);
  if (result.ok) {
    try {
      re2js().compile(result.source);
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).replace(/^error parsing regexp: /, "").replace(/: `[\s\S]*`$/, "");
      result = { ok: false, problem: { kind: "engine", what: `a repetition count or size re2js refuses (${reason})`, start: 0, end: pattern.length } };
    }
  }
  return result;
}

/**
 * The runtime's `pattern` for mcp-gen's own process: `source` is RE2 syntax (a translation),
 * compiled by re2js on the first test. Keep in step with packages/runtime/src/pattern-runtime.ts, which is
 * the same function over re2js's ES module.
 */
export function pattern(source: string): LinearRegExp {
  let compiled: RE2JSClass | undefined;
  return { test: (value) => (compiled ??= re2js().compile(source)).test(value) };
}

const NON_LINEAR = ", which re2js, the linear-time regex engine of the generated validators, cannot run";

/** Thrown by linearRegExp for a pattern re2js cannot run; its message names the pattern. */
export class NonLinearPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly problem: PatternProblem,
  ) {
    super(`pattern ${JSON.stringify(pattern)} uses ${problem.what}${NON_LINEAR}`);
  }
}

/**
 * Whether a compile error (ajv's message, as SchemaCompiler keeps it) is a NonLinearPatternError's.
 * @example isNonLinearPatternError(new NonLinearPatternError("(?=a)", problem).message) === true
 */
export function isNonLinearPatternError(message: string): boolean {
  return message.startsWith("pattern ") && message.endsWith(NON_LINEAR);
}

/**
 * ajv's `code.regExp`: compiles `pattern` for ajv's own function, and makes the generated code call
 * `__rt.pattern` (ajv writes `__rt.pattern("<pattern>", "u")`; linear-pattern-code.ts then puts
 * the translation in its place). Throws NonLinearPatternError for a pattern re2js cannot run, so
 * that the schema does not compile. ajv's `u` flag is the translation's premise, never a choice.
 */
export const linearRegExp = Object.assign(
  (source: string, _flags: string): LinearRegExp & { toString(): string } => {
    const translation = linearTranslation(source);
    if (!translation.ok) throw new NonLinearPatternError(source, translation.problem);
    // ajv shares one compiled pattern between equal keys, as it does for RegExp's `/source/u`.
    return { ...pattern(translation.source), toString: () => `/${source}/u` };
  },
  { code: "__rt.pattern" },
);
