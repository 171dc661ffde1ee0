// A JSON Schema `pattern` (an ECMAScript regular expression read with the u flag, as ajv reads it) →
// the same pattern in RE2 syntax, for re2js, the linear-time engine the generated validators run:
// every string gets the same verdict from both, or the pattern is refused, with what and where.
// Text in, text out: the pattern is parsed by regexpp, never compiled or run by V8.
//
// What differs between the two syntaxes, and what the translation writes instead:
// - `.` leaves out \n, \r, U+2028 and U+2029 in ECMAScript, only \n in RE2: written as a class;
// - `\s` is Unicode white space in ECMAScript, [\t\n\f\r ] in RE2: written as a class;
// - `[]` matches nothing and `[^]` anything in ECMAScript, RE2 refuses the one and misreads the other;
// - `\u{…}`, `\uXXXX`, surrogate pairs, `\cX`, `\0`: written as `\x{…}`;
// - `\p{Letter}`, `\p{gc=Lu}`, `\p{Script=Greek}`, `\p{ASCII}`: see unicode-properties.ts;
// - named groups lose their names (a verdict needs no captures); `$` without the m flag is the end
//   of the input in both, `\b`, `\d` and `\w` are ASCII in both.
// Lookahead, lookbehind and back-references are refused: re2js cannot run them.
import { createRequire } from "node:module";
import type { AST } from "@eslint-community/regexpp";
import { complement, ECMA_LINE_TERMINATORS, ECMA_WHITE_SPACE, re2ClassItems, re2Literal, ANY, type CodePointRanges } from "./code-point-ranges.js";
import { translateProperty, type PropertyTranslation } from "./unicode-properties.js";

/** What cannot be translated, and where in the pattern (UTF-16 offsets). */
export interface PatternProblem {
  readonly kind: "syntax" | "lookahead" | "lookbehind" | "backreference" | "property" | "nesting" | "engine";
  /** A phrase naming the construct, to follow "uses": `a lookahead (?=\d)`. */
  readonly what: string;
  readonly start: number;
  readonly end: number;
}

export type PatternTranslation = { readonly ok: true; readonly source: string } | { readonly ok: false; readonly problem: PatternProblem };

class Untranslatable extends Error {
  constructor(readonly problem: PatternProblem) {
    super(problem.what);
  }
}

// regexpp (CommonJS) loads with the first pattern: a run that translates none never pays for it.
const require = createRequire(import.meta.url);

function parse(pattern: string): AST.Pattern {
  const { RegExpParser } = require("@eslint-community/regexpp") as typeof import("@eslint-community/regexpp");
  // ECMAScript 2024: what Node 20's RegExp reads. The modifiers and duplicate group names of 2025
  // would make a schema that the SDK's ajv on such a Node cannot compile.
  return new RegExpParser({ ecmaVersion: 2024 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
}

/**
 * `pattern` in RE2 syntax with ECMAScript's verdict on every string, or why it cannot be.
 * `knowsScript` says whether the engine has a table for a script (Script=Greek).
 * @example translatePattern("^\\s*\\d+.$", () => true) // { ok: true, source: "^[\\x{9}-\\x{D} …]*\\d+[^\\x{A}\\x{D}\\x{2028}-\\x{2029}]$" }
 */
export function translatePattern(pattern: string, knowsScript: (name: string) => boolean): PatternTranslation {
  try {
    return { ok: true, source: alternatives(parse(pattern).alternatives, knowsScript) };
  } catch (e) {
    if (e instanceof Untranslatable) return { ok: false, problem: e.problem };
    if (e instanceof SyntaxError && typeof (e as { index?: unknown }).index === "number") {
      const index = (e as SyntaxError & { index: number }).index;
      // regexpp's message is V8's: "Invalid regular expression: /<pattern>/u: <reason>".
      const prefix = `Invalid regular expression: /${pattern}/u: `;
      const reason = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
      return { ok: false, problem: { kind: "syntax", what: `invalid syntax (${reason})`, start: index, end: index } };
    }
    // Groups nested thousands deep exhaust the parser's stack (or ours): refused, not crashed.
    if (e instanceof RangeError) return { ok: false, problem: { kind: "nesting", what: "groups nested too deeply to read", start: 0, end: pattern.length } };
    throw e;
  }
}

/**
 * Why `pattern` is not an ECMAScript 2024 regular expression with the u flag, in V8's words
 * ("Unterminated group"), or undefined when it is one. Parsed, never compiled by V8.
 * @example patternSyntaxError("(") === "Unterminated group"
 */
export function patternSyntaxError(pattern: string): string | undefined {
  const translation = translatePattern(pattern, () => true);
  if (translation.ok || translation.problem.kind !== "syntax") return undefined;
  return /^invalid syntax \((.*)\)$/s.exec(translation.problem.what)?.[1] ?? translation.problem.what;
}

function refuse(node: AST.Node, kind: PatternProblem["kind"], what: string): never {
  throw new Untranslatable({ kind, what, start: node.start, end: node.end });
}

function alternatives(list: readonly AST.Alternative[], knowsScript: (name: string) => boolean): string {
  return list.map((alternative) => alternative.elements.map((element) => translateElement(element, knowsScript)).join("")).join("|");
}

function translateElement(node: AST.Element, knowsScript: (name: string) => boolean): string {
  switch (node.type) {
    case "Assertion":
      if (node.kind === "start") return "^";
      if (node.kind === "end") return "$";
      if (node.kind === "word") return node.negate ? "\\B" : "\\b";
      return refuse(node, node.kind, `a ${node.kind} ${node.raw}`);
    case "Quantifier":
      return translateElement(node.element, knowsScript) + quantifier(node);
    case "Group":
      // Modifiers are ECMAScript 2025, which parse() does not read.
      if (node.modifiers) refuse(node, "syntax", `the modifiers (?${node.modifiers.raw}:…)`);
      return `(?:${alternatives(node.alternatives, knowsScript)})`;
    case "CapturingGroup":
      // Without its name: RE2 allows fewer characters in one, and a verdict needs no captures.
      return `(${alternatives(node.alternatives, knowsScript)})`;
    case "Character":
      return re2Literal(node.value);
    case "CharacterSet":
      return characterSet(node, knowsScript);
    case "CharacterClass":
      return characterClass(node, knowsScript);
    case "Backreference":
      return refuse(node, "backreference", `a backreference ${node.raw}`);
    case "ExpressionCharacterClass":
      // Only with the v flag, which JSON Schema patterns do not have.
      return refuse(node, "syntax", `the class expression ${node.raw}`);
  }
}

function quantifier(node: AST.Quantifier): string {
  const { min, max } = node;
  const base = min === 0 && max === Infinity ? "*" : min === 1 && max === Infinity ? "+" : min === 0 && max === 1 ? "?" : max === Infinity ? `{${min},}` : min === max ? `{${min}}` : `{${min},${max}}`;
  return node.greedy ? base : `${base}?`;
}

/** `.`, `\d`, `\w`, `\s` and `\p{…}` outside a class. */
function characterSet(node: AST.CharacterSet, knowsScript: (name: string) => boolean): string {
  if (node.kind === "any") return rangesClass(ECMA_LINE_TERMINATORS, true);
  if (node.kind === "space") return rangesClass(ECMA_WHITE_SPACE, node.negate);
  if (node.kind === "property") {
    const translated = propertyOf(node, knowsScript);
    if (translated.kind === "ranges") return rangesClass(translated.ranges, translated.negate);
  }
  return setItem(node, knowsScript);
}

function characterClass(node: AST.CharacterClass, knowsScript: (name: string) => boolean): string {
  const items = node.elements.map((element) => classItem(element, knowsScript)).join("");
  // `[]` matches no character and `[^]` every one; RE2 reads neither so.
  if (items === "") return node.negate ? `[${re2ClassItems(ANY)}]` : `[^${re2ClassItems(ANY)}]`;
  return `[${node.negate ? "^" : ""}${items}]`;
}

function classItem(node: AST.CharacterClassElement, knowsScript: (name: string) => boolean): string {
  switch (node.type) {
    case "Character":
      return re2Literal(node.value, true);
    case "CharacterClassRange":
      return `${re2Literal(node.min.value, true)}-${re2Literal(node.max.value, true)}`;
    case "CharacterSet":
      return setItem(node, knowsScript);
    default:
      // Nested classes, intersections and string disjunctions exist only with the v flag.
      return refuse(node, "syntax", `the class item ${node.raw}`);
  }
}

/** A character set as the items of an RE2 class (`\d`, `\P{Lu}`, `\x{9}-\x{D} `). */
function setItem(node: AST.EscapeCharacterSet | AST.UnicodePropertyCharacterSet | AST.AnyCharacterSet, knowsScript: (name: string) => boolean): string {
  switch (node.kind) {
    case "any":
      return rangesItem(ECMA_LINE_TERMINATORS, true);
    case "digit":
      return node.negate ? "\\D" : "\\d";
    case "word":
      return node.negate ? "\\W" : "\\w";
    case "space":
      return rangesItem(ECMA_WHITE_SPACE, node.negate);
    case "property": {
      const translated = propertyOf(node, knowsScript);
      if (translated.kind === "ranges") return rangesItem(translated.ranges, translated.negate);
      return `\\${translated.negate ? "P" : "p"}{${translated.name}}`;
    }
  }
}

function propertyOf(node: AST.UnicodePropertyCharacterSet, knowsScript: (name: string) => boolean): Exclude<PropertyTranslation, { kind: "refused" }> {
  const translated = translateProperty(node.key, node.value, node.negate, knowsScript);
  return translated.kind === "refused" ? refuse(node, "property", `${node.raw} (${translated.reason})`) : translated;
}

/** The ranges (or every code point but them) as items inside a class. */
function rangesItem(ranges: CodePointRanges, negate: boolean): string {
  return re2ClassItems(negate ? complement(ranges) : ranges);
}

/** The ranges (or every code point but them) as a class of their own. */
function rangesClass(ranges: CodePointRanges, negate: boolean): string {
  return `[${negate ? "^" : ""}${re2ClassItems(ranges)}]`;
}
