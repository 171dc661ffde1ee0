// A pattern that opens with `^` and lookaheads → a conjunction of linear matches with exactly
// ECMAScript's verdict: `^(?!A)(?=B)C` matches a string exactly when `^C` matches it, `^(?:B)`
// matches it and `^(?:A)` does not. Each part is translated for re2js (translate-pattern.ts).
//
// Why that is exact (RegExp.test without the g or y flag, as ajv runs a pattern): a match exists
// when the pattern matches from some position; the leading `^` (no m flag) allows position 0 only.
// There a lookahead is zero-width and atomic: `(?=B)` passes when B matches from position 0 in some
// way, `(?!A)` when A matches in none, and matching goes on from position 0 whatever they did. What
// follows cannot see what they captured, because no part has a back-reference (the translation
// refuses them). So the pattern matches exactly when every lookahead's condition holds and the rest
// matches from position 0; each of those is a search for `^(?:…)` over the whole string (so `\b`
// and `$` inside a lookahead see the same neighbours as in the pattern).
//
// Anything else is not split, and goes to the ReDoS checker instead (pattern-strategy.ts): more
// than one top-level alternative, a lookahead after the first element that is not one, a
// lookahead inside a group or quantifier, lookbehind, back-references.
import { createRequire } from "node:module";
import type { AST } from "@eslint-community/regexpp";

/** The ECMAScript parts of a split pattern: the pattern holds when `main` and every `and` match and no `not` does. */
export interface LookaheadSplit {
  readonly main: string;
  readonly and: readonly string[];
  readonly not: readonly string[];
}

const require = createRequire(import.meta.url);

/**
 * The parts of `pattern` (ECMAScript, u flag, valid) when it is `^`, one or more lookaheads and a
 * rest without lookarounds at the top level; undefined otherwise. The parts are ECMAScript
 * patterns: the caller translates them, and does not split when one cannot be.
 * @example splitLookaheads("^(?!\\.)(?!.*\\.\\.)\\w+$") // { main: "^\\w+$", and: [], not: ["^(?:\\.)", "^(?:.*\\.\\.)"] }
 */
export function splitLookaheads(pattern: string): LookaheadSplit | undefined {
  let ast: AST.Pattern;
  try {
    const { RegExpParser } = require("@eslint-community/regexpp") as typeof import("@eslint-community/regexpp");
    ast = new RegExpParser({ ecmaVersion: 2024 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
  if (ast.alternatives.length !== 1) return undefined;
  const elements = ast.alternatives[0]!.elements;
  const first = elements[0];
  if (first?.type !== "Assertion" || first.kind !== "start") return undefined;
  const and: string[] = [];
  const not: string[] = [];
  let rest = 1;
  for (; rest < elements.length; rest++) {
    const element = elements[rest]!;
    if (element.type !== "Assertion" || element.kind !== "lookahead") break;
    const body = element.alternatives.map((alternative) => alternative.raw).join("|");
    (element.negate ? not : and).push(`^(?:${body})`);
  }
  if (rest === 1) return undefined;
  const after = elements[rest - 1]!.end;
  return { main: `^${pattern.slice(after)}`, and, not };
}
