// A JSON Schema pattern (ECMAScript, u flag) as re2js runs it: the translation (translate-pattern.ts),
// checked by re2js itself, which refuses a repetition count over 1,000 or a program too large.
// re2js (its CommonJS build) loads with the first pattern, as ajv does with the first schema.
import { createRequire } from "node:module";
import type { RE2JS as RE2JSClass } from "re2js";
import { translatePattern } from "./translate-pattern.js";
import type { PatternProblem } from "./translate-pattern.js";

export type LinearTranslation = { readonly ok: true; readonly source: string } | { readonly ok: false; readonly problem: PatternProblem };

const require = createRequire(import.meta.url);

/** re2js's RE2JS class, loaded on first use. */
export function re2js(): typeof RE2JSClass {
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
