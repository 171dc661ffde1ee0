// A level of statements or of a type's members → the same with each statement or member ended by
// exactly one `;`, wherever the text had a `;`, a `,` between type members, or a line break that
// automatic semicolon insertion (or TypeScript's parser) ends it at. What lets code-meaning.ts tell
// `a;⏎b` and `a⏎b` alike and `a b` apart, and `return x` from `return⏎x`.
import { type CodeItem, isBracketGroup, isGroup, isToken, leadToken } from "./code-groups.js";
import { CONTINUING_WORDS, endsOperand, isControlWord } from "./code-words.js";
import { levelTypes, wantsMoreType } from "./level-kinds.js";
import { codeToken } from "./scan-code.js";

/** A semicolon the comparison writes in: one ASI inserts, or one that ends a type's member. */
const SEMICOLON = codeToken("punct", ";", false);
/** A line break that may or may not end a type (no punctuator is spelt ⏎, so nothing else reads alike). */
const LINE_BREAK = codeToken("punct", "⏎", false);
/** Tokens on the next line that go on with the type before them inside an object type or interface. */
const TYPE_CONTINUATIONS: ReadonlySet<string> = new Set(["|", "&", ".", "?.", "=", "?", ":", "=>", ",", ">", "extends", "is", "as", "satisfies"]);
/** Punctuators that, first on a line, start a statement (a `++` or `--` there is settled by insertRestrictedSemicolons). */
const STATEMENT_STARTERS: ReadonlySet<string> = new Set(["!", "~", "@"]);
/** What a type can follow, in an expression or a statement. */
const TYPE_INTRODUCERS: ReadonlySet<string> = new Set(["as", "satisfies", ":", "extends", "implements"]);
/** Words that, first on a line, start a statement: no type of the statement before goes on past them. */
const STATEMENT_KEYWORDS: ReadonlySet<string> = new Set(["const", "let", "var", "return", "if", "for", "while", "throw", "function", "class", "export", "import"]);
/** Words after which a line break ends the statement (a restricted production). */
const RESTRICTED_WORDS: ReadonlySet<string> = new Set(["return", "break", "continue", "yield", "throw"]);
/** Words that modify or declare a name on their own line only (a name, string, number or `[` after them). */
const SAME_LINE_MODIFIERS: ReadonlySet<string> = new Set([
  "readonly",
  "public",
  "private",
  "protected",
  "abstract",
  "async",
  "declare",
  "override",
  "accessor",
  "type",
  "interface",
  "namespace",
  "module",
]);

/**
 * The semicolons ASI inserts where a line break is not allowed (ECMA-262, 12.10.1, restricted
 * productions): `return⏎x` is `return; x`, `a⏎++b` is `a; ++b`; and where TypeScript reads a
 * modifier or a declaration's keyword only with what follows on its line: `readonly⏎x: T` declares
 * a member named readonly, then x. Without them the line break would be all that tells `return x`
 * from `return⏎x`, and line breaks are otherwise left out.
 */
export function insertRestrictedSemicolons(items: readonly CodeItem[], isType: (index: number) => boolean, level: "statements" | "expression" | "other"): CodeItem[] {
  const out: CodeItem[] = [];
  // In an expression, or a statement, a type ends only after `as`, `satisfies`, an annotation's `:`, `extends` or `implements`.
  let typeBefore = level === "other";
  items.forEach((item, i) => {
    if (level === "statements" && (isToken(item, ";") || (leadToken(item)!.newlineBefore && isGroup(item) === false && item.kind === "word" && STATEMENT_KEYWORDS.has(item.value)))) typeBefore = false;
    if (out.length > 0 && leadToken(item)!.newlineBefore && !isToken(item, ";")) {
      const prev = out.at(-1)!;
      if (lineBreakEnds(out, item, isType(i))) out.push(SEMICOLON);
      // Outside a known type, `X⏎[` and `X⏎<` are `X[`/`X <` in an expression but end X in a type annotation: the break is kept.
      // Not after a control head: `if (x)⏎[a] = b` is `if (x) [a] = b` (its body).
      else if ((isBracketGroup(item, "[") || isToken(item, "<")) && typeBefore && endsOperand(prev) && !(isBracketGroup(prev, "(") && isControlWord(out.at(-2)))) out.push(LINE_BREAK);
    }
    if (TYPE_INTRODUCERS.has(leadToken(item)?.value ?? "") && !isGroup(item)) typeBefore = true;
    out.push(item);
  });
  return out;
}

/** Whether a line break between the items `before` and `item` ends the statement, member or type there. */
function lineBreakEnds(before: readonly CodeItem[], item: CodeItem, inType: boolean): boolean {
  const prev = before.at(-1)!;
  const word = !isGroup(prev) && prev.kind === "word" ? prev.value : undefined;
  if (word !== undefined && RESTRICTED_WORDS.has(word)) return true;
  const named = isGroup(item) ? isBracketGroup(item, "[") : item.kind === "word" || item.kind === "string" || item.kind === "number";
  if (word !== undefined && named && SAME_LINE_MODIFIERS.has(word)) return true;
  // `++` and `--` are postfix on their operand's line only; TypeScript reads `as` and `satisfies` there only.
  if (isToken(item, "++") || isToken(item, "--") || isToken(item, "as") || isToken(item, "satisfies")) return endsOperand(prev);
  // In a type, `[` (an array or indexed access) and `<` (type arguments) go on with it on the same line only.
  return inType && (isBracketGroup(item, "[") || isToken(item, "<")) && (endsOperand(prev) || isToken(prev, ">"));
}

/**
 * The level with each statement ended by one `;`: the semicolons automatic semicolon insertion
 * (ECMA-262, 12.10) puts at a line break before a token that cannot go on with the line are written
 * in, and those that end nothing (an empty statement, the last before `}` or the end) are left out.
 * So `a;⏎b` and `a⏎b` are alike, and `a b` (two statements run into one line) is not. A `>` ends a
 * statement where it closes a type's arguments: in a type alias, or at a class member's line end.
 */
export function settleSemicolons(items: readonly CodeItem[], members: boolean): CodeItem[] {
  const out: CodeItem[] = [];
  const typed = members ? undefined : levelTypes(items, "statements").typed;
  items.forEach((item, i) => {
    const prev = out.at(-1);
    if (isToken(item, ";")) {
      const endsNothing = prev === undefined || isToken(prev, ";") || items[i + 1] === undefined;
      // `if (a) f(); else g()`: the `;` before else ends the if's first statement, as a line break there does (ASI).
      if ((!endsNothing && !isToken(items[i + 1], "else")) || isEmptyBody(out)) out.push(item);
      return;
    }
    const closesType = isToken(prev, ">") && prev === items[i - 1] && (typed === undefined || typed.has(i - 1));
    // A type's last word: `x as const⏎`.
    const endsType = typed !== undefined && prev !== undefined && prev === items[i - 1] && typed.has(i - 1) && !isGroup(prev) && prev.kind === "word" && !wantsMoreType(prev);
    if (prev !== undefined && leadToken(item)!.newlineBefore && (closesType || endsType || endsStatement(out)) && startsNextStatement(item)) out.push(SEMICOLON);
    out.push(item);
  });
  return out;
}

/** `if (x);`, `else;`, `do;` and `label:;` end in an empty statement that is their body. */
function isEmptyBody(before: readonly CodeItem[]): boolean {
  const prev = before.at(-1);
  if (isBracketGroup(prev, "(") && isControlWord(before.at(-2))) return !isDoWhile(before);
  return isToken(prev, "else") || isToken(prev, "do") || isToken(prev, ":");
}

/** Whether the items end with something a statement can end with: an operand, a postfix `++`, `--` or `!`, or the type `void`. */
function endsStatement(before: readonly CodeItem[]): boolean {
  const prev = before.at(-1)!;
  if (isToken(prev, "void")) return true;
  if (isToken(prev, "++") || isToken(prev, "--") || isToken(prev, "!")) return before.length >= 2 && endsOperand(before.at(-2)!);
  if (isBracketGroup(prev, "(") && isControlWord(before.at(-2))) return isDoWhile(before);
  return endsOperand(prev);
}

/** Whether the items end with `do {…} while (…)`, a statement that a `;` or a line break ends (ECMA-262, 12.10.1), not a loop head. */
function isDoWhile(before: readonly CodeItem[]): boolean {
  return isToken(before.at(-2), "while") && isBracketGroup(before.at(-3), "{") && isToken(before.at(-4), "do");
}

/** Whether `item`, first on its line, cannot go on with the statement before it (a `(`, `[`, template, `/` or operator can). */
function startsNextStatement(item: CodeItem): boolean {
  if (isGroup(item)) return false;
  if (item.kind === "word") return !CONTINUING_WORDS.has(item.value);
  return item.kind === "string" || item.kind === "number" || (item.kind === "punct" && STATEMENT_STARTERS.has(item.value));
}

/**
 * The members of an interface or object type, each followed by one `;`: a member ends at a `;`, at a
 * `,` (outside type arguments), or at a line end where the type cannot go on (TypeScript's
 * parseTypeMemberSemicolon), so `a: A, b: B`, `a: A; b: B;` and the two on two lines are alike.
 */
export function separateTypeMembers(items: readonly CodeItem[]): CodeItem[] {
  const out: CodeItem[] = [];
  let angles = 0;
  for (const item of items) {
    const prev = out.at(-1);
    if (isToken(item, "<")) angles++;
    if (isToken(item, ">")) angles = Math.max(0, angles - 1);
    const ends = angles === 0 && (isToken(item, ";") || isToken(item, ","));
    if (ends) {
      if (prev !== undefined && !isToken(prev, ";")) out.push(SEMICOLON);
      continue;
    }
    const lineEnds = angles === 0 && leadToken(item)!.newlineBefore && prev !== undefined && !wantsMoreType(prev) && (isGroup(item) || !TYPE_CONTINUATIONS.has(item.value));
    if (lineEnds) out.push(SEMICOLON);
    out.push(item);
  }
  if (out.length > 0 && !isToken(out.at(-1), ";")) out.push(SEMICOLON);
  return out;
}
