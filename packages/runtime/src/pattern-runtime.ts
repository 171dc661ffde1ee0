// What generated validators with a `pattern` or `patternProperties` call: everything of
// validator-runtime.ts, and `pattern`, which runs a pattern with re2js, a linear-time engine with
// RE2 semantics (a JavaScript port of RE2, no native code), so that no string can make a pattern
// check slow: a backtracking engine (RegExp) takes seconds to years on some patterns, inside the
// event loop that serves every request. mcp-gen translated each pattern from ECMAScript to RE2 syntax
// when it built the validators; the verdicts are ECMAScript's. Copied verbatim into the generated
// `runtime/` folder, only when a validator has a pattern: a project without one never loads re2js.
import { RE2JS } from "re2js";

export * from "./validator-runtime.js";

/** A compiled pattern, with RegExp's `test`: whether the pattern matches anywhere in `value`. */
export interface LinearPattern {
  test(value: string): boolean;
}

/**
 * The pattern `source` (RE2 syntax, as mcp-gen wrote it), compiled on its first test: a server
 * starts without compiling the patterns of tools nobody calls.
 * @example pattern("^\\d+x$").test("12x") === true
 */
export function pattern(source: string): LinearPattern {
  let compiled: RE2JS | undefined;
  return { test: (value) => (compiled ??= RE2JS.compile(source)).test(value) };
}
