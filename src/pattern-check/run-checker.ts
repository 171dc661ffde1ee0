// Runs the ReDoS checker (recheck 4.5.0, pure-JavaScript backend) on patterns that need its verdict
// (pattern-plan.ts), in a child process (checker-child.cjs): the checker is a large program that a
// hostile pattern may drive out of memory, and a pattern is descriptor text, so it runs where it can
// neither hold nor crash mcp-gen, with no environment of the user's, a heap cap, code generation
// from strings disallowed, and a kill timer per pattern. Patterns are checked one at a time, so a
// crash or a timeout points at its pattern, which is then "undecided"; the next one gets a fresh
// process. The verdicts are deterministic: recheck's own timeouts are off and its effort is bounded
// by attackLimit (characters its VM reads) and a fixed random seed; the kill timer is only a safety net.
// recheck decides a pattern exactly only without lookarounds and back-references; with them it
// fuzzes, and its "safe" means only that it found no attack (a lookahead can keep the attacks it
// tries out): such a pattern is certified only when the checker's automaton, which decides exactly
// or not at all, finds no attack either on the lookaround-free patterns that bound its backtracking
// (lookaround-free-bounds.ts). The pattern and its bounds share one kill timer.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { PatternVerdict } from "../compile/linear-pattern/pattern-plan.js";
import { lookaroundFreeBounds } from "./lookaround-free-bounds.js";

/** recheck's parameters: no timeout of its own (a timeout's answer would depend on the machine), a bounded effort instead. */
export const CHECKER_PARAMS = Object.freeze({
  timeout: null,
  attackTimeout: null,
  incubationTimeout: null,
  // Negative: no "recall validation", which would run the pattern on a real RegExp (and which the
  // JavaScript build cannot do anyway).
  recallTimeout: -1,
  // Characters the checker's VM reads per attack: 1e5 gives the same verdicts as recheck's default
  // (1.5e9) on the fixtures, where the default runs out of memory on polynomial patterns.
  attackLimit: 100_000,
  randomSeed: 0,
});

/** Which checker, with which parameters: a cached verdict holds only for the same. */
export const CHECKER_ID = `recheck 4.5.0 ${JSON.stringify(CHECKER_PARAMS)} fuzzed safe cross-checked on lookaround-free bounds searched in full by automaton`;

export interface CheckerOptions {
  /** Milliseconds a pattern may take, its cross-check included, before its process is killed and it is "undecided" (default 30 s). */
  readonly timeoutMs?: number;
  /** The child's heap, in MB (default 512). */
  readonly heapMb?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_HEAP_MB = 512;

/**
 * The checker's entry: the bundle's (dist/bundle/pattern-checker.js, recheck inlined) beside a
 * bundled module, else the source (mcp-gen run from its TypeScript sources, as in its tests).
 */
function childScript(): string {
  const candidates = [new URL("./pattern-checker.js", import.meta.url), new URL("../bundle/pattern-checker.js", import.meta.url), new URL("./checker-child.cjs", import.meta.url)];
  const found = candidates.map((url) => fileURLToPath(url)).find((path) => existsSync(path));
  if (found === undefined) throw new Error("mcp-gen's ReDoS checker (pattern-checker.js) is missing; reinstall mcp-gen.");
  return found;
}

/** One running checker process and its answers, line by line. */
interface Checker {
  readonly child: ChildProcess;
  readonly answers: AsyncIterator<string>;
}

function startChecker(heapMb: number): Checker {
  const child = spawn(process.execPath, ["--disallow-code-generation-from-strings", `--max-old-space-size=${heapMb}`, childScript(), JSON.stringify(CHECKER_PARAMS)], {
    // Nothing of the user's environment: RECHECK_BIN or RECHECK_JAR would make recheck spawn them,
    // NODE_OPTIONS could undo the flags above.
    env: { RECHECK_BACKEND: "pure", RECHECK_SYNC_BACKEND: "pure" },
    stdio: ["pipe", "pipe", "ignore"],
    windowsHide: true,
  });
  const answers = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  // A write to a process that died is reported by its exit, not thrown.
  child.stdin!.on("error", () => undefined);
  return { child, answers };
}

/**
 * The checker's verdict on each pattern (ECMAScript, u flag), in a child process.
 * @example await checkPatterns(["^(a+)+\\1$"]) // Map { "^(a+)+\\1$" => { status: "vulnerable", complexity: "exponential", attack: "…" } }
 */
export async function checkPatterns(patterns: readonly string[], options: CheckerOptions = {}): Promise<Map<string, PatternVerdict>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const verdicts = new Map<string, PatternVerdict>();
  let checker: Checker | undefined;
  let deadline = 0;
  // Each pattern and its cross-check share one kill timer: a pattern with many lookarounds (many
  // bounds) takes no longer than any other.
  const ask = async (pattern: string, exactOnly = false): Promise<Answer> => {
    checker ??= startChecker(options.heapMb ?? DEFAULT_HEAP_MB);
    const left = deadline - Date.now();
    if (left <= 0) return { verdict: { status: "undecided", reason: `${TIMED_OUT} ${Math.round(timeoutMs / 1000)} s` }, proven: false };
    const answer = await checkOne(checker, pattern, left, timeoutMs, exactOnly);
    if (isProcessFailure(answer.verdict)) {
      // Killed or dead: the next pattern gets a fresh process.
      checker.child.kill("SIGKILL");
      checker = undefined;
    }
    return answer;
  };
  try {
    for (const pattern of new Set(patterns)) {
      deadline = Date.now() + timeoutMs;
      const answer = await ask(pattern);
      verdicts.set(pattern, answer.verdict.status === "safe" && !answer.proven ? await crossCheck(pattern, ask) : answer.verdict);
    }
  } finally {
    checker?.child.stdin?.end();
    checker?.child.kill();
  }
  return verdicts;
}

/** A verdict, and for "safe" whether the checker proved it (rather than found no attack by fuzzing). */
interface Answer {
  readonly verdict: PatternVerdict;
  readonly proven: boolean;
}

const FUZZED = "the checker found no attack on it by fuzzing";

/**
 * "safe" unless the checker finds an attack on a lookaround-free bound of `pattern` (or cannot
 * bound it): then undecided, naming the bound and its attack string.
 */
async function crossCheck(pattern: string, ask: (pattern: string, exactOnly: boolean) => Promise<Answer>): Promise<PatternVerdict> {
  const bounds = lookaroundFreeBounds(pattern);
  if (bounds === undefined) return { status: "undecided", reason: `${FUZZED}, and it is too large to bound without its lookarounds and back-references` };
  for (const bound of bounds) {
    // Decided exactly, or not at all: fuzzing a bound can take minutes ([a-z]{1,40}[0-9]{1,40}).
    const { verdict } = await ask(bound, true);
    // Out of time: the pattern is as undecided as when its own check outlives the timer.
    if (isProcessFailure(verdict)) return verdict;
    if (verdict.status !== "vulnerable") continue;
    return {
      status: "undecided",
      reason: `${FUZZED}, but on ${JSON.stringify(bound)}, which bounds its backtracking without its lookarounds and back-references, the engine takes ${verdict.complexity} time (attack string ${verdict.attack})`,
    };
  }
  return { status: "safe" };
}

const TIMED_OUT = "the checker did not finish within";
const DIED = "the checker stopped";

function isProcessFailure(verdict: PatternVerdict): boolean {
  return verdict.status === "undecided" && (verdict.reason.startsWith(TIMED_OUT) || verdict.reason.startsWith(DIED));
}

/** The checker's answer on `pattern`, or undecided after `waitMs` (the message names the pattern's whole budget, `timeoutMs`). */
async function checkOne(checker: Checker, pattern: string, waitMs: number, timeoutMs: number, exactOnly: boolean): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ verdict: { status: "undecided", reason: `${TIMED_OUT} ${Math.round(timeoutMs / 1000)} s` }, proven: false }), waitMs);
  });
  checker.child.stdin!.write(`${JSON.stringify(exactOnly ? { pattern, checker: "automaton" } : { pattern })}\n`);
  const answered = checker.answers.next().then((next): Answer => {
    if (next.done) return { verdict: { status: "undecided", reason: `${DIED} (it ran out of memory or was killed)` }, proven: false };
    return parseAnswer(next.value);
  });
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** A line of the child's answer, checked for its shape. */
function parseAnswer(line: string): Answer {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (value.status === "safe") return { verdict: { status: "safe" }, proven: value.proven === true };
    if (value.status === "vulnerable" && typeof value.complexity === "string" && typeof value.attack === "string")
      return { verdict: { status: "vulnerable", complexity: value.complexity, attack: value.attack }, proven: false };
    if (value.status === "undecided" && typeof value.reason === "string") return { verdict: { status: "undecided", reason: value.reason }, proven: false };
  } catch {
    // Below.
  }
  return { verdict: { status: "undecided", reason: `${DIED} (it answered something that is not a verdict)` }, proven: false };
}
