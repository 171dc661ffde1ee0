// The ReDoS checker's own process (run-checker.ts starts it): recheck's pure-JavaScript backend,
// which parses each pattern itself and never compiles or runs it (its JavaScript build cannot: the
// "recall validation" that would run the pattern on RegExp is off). Started with an explicit
// environment (RECHECK_BACKEND=pure, so no native binary or JAR is spawned), a heap cap and
// --disallow-code-generation-from-strings. One JSON line in per pattern, `{"pattern": "…"}`, one
// JSON line out per answer, in order; the parameters come as the first argument.
// Plain CommonJS, not TypeScript: it runs as it is from the sources (tests) and is bundled, recheck
// inlined, into dist/bundle/pattern-checker.js (rolldown.config.mjs).
// @license recheck: MIT License, Copyright (c) 2020-2025 TSUYUSATO "MakeNowJust" Kitsune
"use strict";
const { createInterface } = require("node:readline");
const { checkSync } = require("recheck");

const params = JSON.parse(process.argv[2] ?? "{}");

/** recheck's diagnostics → a PatternVerdict (src/compile/linear-pattern/pattern-plan.ts). */
function verdictOf(diagnostics) {
  // "proven" when recheck's automaton checker decided; its fuzzer's "safe" only means it found no attack.
  if (diagnostics.status === "safe") return { status: "safe", proven: diagnostics.checker === "automaton" };
  if (diagnostics.status === "vulnerable") {
    const complexity = String(diagnostics.complexity?.summary ?? diagnostics.complexity?.type ?? "vulnerable").replace(/ \(fuzz\)$/, "");
    return { status: "vulnerable", complexity, attack: String(diagnostics.attack?.pattern ?? JSON.stringify(diagnostics.attack?.string ?? "")) };
  }
  const error = diagnostics.error;
  return { status: "undecided", reason: error ? `${error.kind}${error.message ? `: ${error.message}` : ""}` : "the checker gave no verdict" };
}

createInterface({ input: process.stdin }).on("line", (line) => {
  let answer;
  try {
    // `checker`: "automaton" for a cross-check that must decide exactly or not at all (run-checker.ts).
    const { pattern, checker } = JSON.parse(line);
    answer = verdictOf(checkSync(pattern, "u", checker === "automaton" ? { ...params, checker } : params));
  } catch (e) {
    answer = { status: "undecided", reason: `the checker failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
