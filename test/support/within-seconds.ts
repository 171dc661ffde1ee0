// Runs a synchronous call with a deadline that really stops it: node:vm's timeout terminates the
// running JavaScript, a backtracking RegExp included, where a test framework's timeout can only
// report afterwards. For tests that a slow algorithm must fail in bounded time (no test asserts how
// fast anything is: the bound is many times what the call takes).
import { createContext, runInContext } from "node:vm";

/**
 * `run()`'s result, or a thrown ERR_SCRIPT_EXECUTION_TIMEOUT after `seconds`.
 * @example withinSeconds(10, () => /a/.test("a")) === true
 */
export function withinSeconds<T>(seconds: number, run: () => T): T {
  return runInContext("run()", createContext({ run }), { timeout: seconds * 1000 }) as T;
}
