// A `(…)` group and the items around it → whether the parentheses are redundant: whether the text
// without them parses to the same tree, so that a formatter may add or drop them. Decided from the
// group's contents (one operand, a chain of binary operators, or something else) and what stands
// either side of it (an operator and its precedence, a whole-expression slot such as `= … ;`, a
// call, a member access); when in doubt, the parentheses are kept: they then count as an edit.
import { type CodeGroup, type CodeItem, isBracketGroup, isGroup, isToken } from "./code-groups.js";
import { CONTINUING_WORDS, endsOperand, NOT_OPERAND, PREFIX_PUNCTUATORS, PREFIX_WORDS } from "./code-words.js";

/** Binding power of each binary operator (ECMA-262; TypeScript's `|` and `&` between types bind as in expressions). */
const PRECEDENCE: ReadonlyMap<string, number> = new Map([
  ["??", 1],
  ["||", 1],
  ["&&", 2],
  ["|", 3],
  ["^", 4],
  ["&", 5],
  ["==", 6],
  ["!=", 6],
  ["===", 6],
  ["!==", 6],
  ["<", 7],
  [">", 7],
  ["<=", 7],
  [">=", 7],
  ["instanceof", 7],
  ["in", 7],
  ["<<", 8],
  [">>", 8],
  [">>>", 8],
  ["+", 9],
  ["-", 9],
  ["*", 10],
  ["/", 10],
  ["%", 10],
  ["**", 11],
]);
/** `x as T` and `x satisfies T` take no binary expression on their left, only one operand. */
const OPERAND_ONLY = 12;
/** Each alone at its precedence (`??` and `||` never meet unparenthesised), so a group at that precedence holds only it. */
const ASSOCIATIVE: ReadonlySet<string> = new Set(["&&", "||", "??", "|", "^", "&"]);
/** Whose first word makes a statement of its own, not an expression statement. */
const STATEMENT_WORDS: ReadonlySet<string> = new Set([
  "function",
  "class",
  "let",
  "async",
  "const",
  "var",
  "enum",
  "interface",
  "type",
  "import",
  "export",
  "declare",
  "namespace",
  "module",
  "abstract",
]);
const ASSIGNMENTS: ReadonlySet<string> = new Set(["=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??="]);

/** What the contents of a group are: one operand, a prefix operator on one, binary operators between operands, or else. */
interface Shape {
  readonly kind: "operand" | "prefixed" | "binary" | "other";
  /** The loosest binary operator between the operands (binary only). */
  readonly loosest: number;
  readonly operators: ReadonlySet<string>;
  /** An optional chain (`a?.b`) runs through the operand: `(a?.b).c` is not `a?.b.c`. */
  readonly optionalChain: boolean;
}

/** What stands before a group. */
type Before =
  | { readonly kind: "syntax" }
  | { readonly kind: "slot"; readonly statement: boolean; readonly arrowBody: boolean; readonly commaAllowed: boolean }
  | { readonly kind: "binary"; readonly operator: string; readonly precedence: number }
  | { readonly kind: "prefix" };

/** What stands after a group. */
type After =
  | { readonly kind: "end" }
  | { readonly kind: "binary"; readonly operator: string; readonly precedence: number }
  | { readonly kind: "postfix" }
  | { readonly kind: "assigned" }
  | { readonly kind: "conditional" }
  | { readonly kind: "arrow" }
  | { readonly kind: "other" };

/**
 * What a level of items holds: statements (the whole text, a block), members (of an object, a class, a
 * type, an import list), a parameter list, or an expression (or type) in `(…)`, `[…]` or `${…}`. A `(`
 * at the start of a member or parameter, or after the `,` or `;` between them, is never a grouping.
 */
export interface LevelPlace {
  readonly group: CodeGroup;
  readonly kind: "statements" | "members" | "params" | "expression";
}

/** The items of a level around a group, by offset from it (-1 the item before it, 1 the one after); undefined past either end. */
export type Around = (offset: number) => CodeItem | undefined;

/**
 * Whether the `(…)` group `around(0)` can go without changing what the code means.
 * @example isRedundantParen((o) => items[2 + o], place) // `a + (b * c)`: true; `(a + b) * c`: false
 */
export function isRedundantParen(around: Around, place: LevelPlace): boolean {
  const group = around(0);
  if (!isBracketGroup(group, "(") || group.items.length === 0) return false;
  const inner = group.items;
  const after = afterGroup(around);
  // `(x) => …` is `x => …`; any other parameter list keeps its parentheses.
  if (after.kind === "arrow") return inner.length === 1 && isPlainName(inner[0]);
  const before = beforeGroup(around, place);
  if (before.kind === "syntax" || after.kind === "other" || !isExpressionLike(inner)) return false;
  if (before.kind === "slot" && before.statement && startsStatement(inner)) return false;
  if (before.kind === "slot" && before.arrowBody && isBracketGroup(inner[0], "{")) return false;
  // `(a, b)` is one argument, `a, b` two; `in` inside parentheses is allowed in a for head.
  if (inner.some((item) => isToken(item, ","))) return before.kind === "slot" && before.commaAllowed && after.kind === "end";
  if (inner.some((item) => isToken(item, "in")) && isForHead(place.group)) return false;
  const shape = shapeOf(inner);
  if (after.kind === "postfix" || after.kind === "assigned") return shape.kind === "operand" && !(shape.optionalChain && after.kind === "postfix");
  return fitsBefore(shape, before) && fitsAfter(shape, after);
}

function fitsBefore(shape: Shape, before: Before): boolean {
  if (before.kind === "slot") return true;
  if (shape.kind === "operand" || shape.kind === "prefixed") return true;
  if (before.kind !== "binary" || shape.kind !== "binary") return false;
  if (mixesNullish(shape, before.operator)) return false;
  // `a && (b && c)` is `a && b && c`: these operators are associative (operands still run left to right).
  return shape.loosest > before.precedence || (shape.loosest === before.precedence && ASSOCIATIVE.has(before.operator));
}

function fitsAfter(shape: Shape, after: After): boolean {
  switch (after.kind) {
    case "end":
      return true;
    case "conditional":
      return shape.kind !== "other";
    case "binary":
      // `-a ** b` is a syntax error: only an operand goes on the left of `**`.
      if (after.operator === "**") return shape.kind === "operand";
      if (shape.kind === "operand" || shape.kind === "prefixed") return true;
      return shape.kind === "binary" && shape.loosest >= after.precedence && !mixesNullish(shape, after.operator);
    default:
      return false;
  }
}

/** `??` next to `||` or `&&` needs its parentheses (a syntax error without them). */
function mixesNullish(shape: Shape, operator: string): boolean {
  const logical = shape.operators.has("||") || shape.operators.has("&&");
  return operator === "??" ? logical : (operator === "||" || operator === "&&") && shape.operators.has("??");
}

function beforeGroup(around: Around, place: LevelPlace): Before {
  const prev = around(-1);
  if (prev === undefined) {
    const open = place.group.open;
    if (open === undefined) return { kind: "slot", statement: true, arrowBody: false, commaAllowed: false };
    if (open.kind === "template") return { kind: "slot", statement: false, arrowBody: false, commaAllowed: true };
    if (place.kind === "members" || place.kind === "params") return { kind: "syntax" };
    return { kind: "slot", statement: place.kind === "statements", arrowBody: false, commaAllowed: false };
  }
  // After a group or a literal, `(` starts a call's arguments (or a tagged template's).
  if (isGroup(prev) || (prev.kind !== "word" && prev.kind !== "punct")) return { kind: "syntax" };
  const value = prev.value;
  if (prev.kind === "word") {
    if (value === "return" || value === "throw") return { kind: "slot", statement: false, arrowBody: false, commaAllowed: true };
    if (value === "case") return { kind: "slot", statement: false, arrowBody: false, commaAllowed: false };
    if (value === "else" || value === "do") return { kind: "slot", statement: true, arrowBody: false, commaAllowed: false };
    if (value === "instanceof") return { kind: "binary", operator: value, precedence: 7 };
    // `T extends (A) ? B : C`, `<T extends (A)>`: a type follows, as after a prefix operator.
    if (PREFIX_WORDS.has(value) || value === "as" || value === "satisfies" || value === "extends") return { kind: "prefix" };
    return { kind: "syntax" };
  }
  const slot = { kind: "slot", statement: false, arrowBody: false, commaAllowed: false } as const;
  const betweenMembers = place.kind === "members" || place.kind === "params";
  if (value === ";") return betweenMembers ? { kind: "syntax" } : { ...slot, statement: place.kind === "statements" };
  if (value === ",") return betweenMembers ? { kind: "syntax" } : slot;
  if (value === ":") return { ...slot, statement: place.kind === "statements" };
  if (value === "?" || value === "..." || ASSIGNMENTS.has(value)) return slot;
  if (value === "=>") return { ...slot, arrowBody: true };
  const beforePrev = around(-2);
  const operandBefore = beforePrev !== undefined && endsOperand(beforePrev);
  if (value === "!" || value === "++" || value === "--") return operandBefore ? { kind: "syntax" } : { kind: "prefix" };
  if (value === "~" || ((value === "+" || value === "-") && !operandBefore)) return { kind: "prefix" };
  // `f<T>(x)` is a call with type arguments; `function* (x)` a generator's parameters.
  if (value === ">" || (value === "*" && isToken(beforePrev, "function"))) return { kind: "syntax" };
  const precedence = PRECEDENCE.get(value);
  return precedence === undefined ? { kind: "syntax" } : { kind: "binary", operator: value, precedence };
}

function afterGroup(around: Around): After {
  const next = around(1);
  if (next === undefined) return { kind: "end" };
  if (isGroup(next)) return isBracketGroup(next, "{") ? { kind: "other" } : { kind: "postfix" };
  const value = next.value;
  if (next.kind === "template") return { kind: "postfix" };
  // A word or literal on the next line cannot go on with the group: the statement or member ends there (ASI).
  if (next.newlineBefore && (next.kind === "string" || next.kind === "number" || (next.kind === "word" && !CONTINUING_WORDS.has(next.value)))) return { kind: "end" };
  if (next.kind !== "punct" && next.kind !== "word") return { kind: "other" };
  if (next.kind === "word") {
    if (value === "instanceof") return { kind: "binary", operator: value, precedence: 7 };
    if (value === "as" || value === "satisfies") return { kind: "binary", operator: value, precedence: OPERAND_ONLY };
    return { kind: "other" };
  }
  if (value === "," || value === ";") return { kind: "end" };
  // `c ? (x) : y`, `case (x):`; a `:` after anything else may be a parameter list's return type.
  if (value === ":") return isToken(around(-1), "?") || isToken(around(-1), "case") ? { kind: "end" } : { kind: "other" };
  if (value === "?") return { kind: "conditional" };
  if (value === "=>") return { kind: "arrow" };
  if (value === "." || value === "?." || value === "!") return { kind: "postfix" };
  if ((value === "++" || value === "--") && !next.newlineBefore) return { kind: "postfix" };
  if (ASSIGNMENTS.has(value)) return { kind: "assigned" };
  const operator = value === ">" ? joinedGreater((o) => around(1 + o)) : value;
  const precedence = PRECEDENCE.get(operator);
  return precedence === undefined ? { kind: "other" } : { kind: "binary", operator, precedence };
}

/** `>`, `>>` or `>>>`: the `>` tokens that start at `at(0)` with nothing between them. */
function joinedGreater(at: (offset: number) => CodeItem | undefined): string {
  let operator = ">";
  for (let i = 0; operator.length < 3; i++) {
    const item = at(i);
    if (!item || isGroup(item) || !item.joinsNext || !isToken(at(i + 1), ">")) break;
    operator += ">";
  }
  return operator;
}

/** Whether the items can begin and end an expression or a type: `(: T)` and `(a;)` cannot. */
function isExpressionLike(inner: readonly CodeItem[]): boolean {
  const first = inner[0]!;
  const last = inner.at(-1)!;
  const starts = isGroup(first) || first.kind !== "punct" || PREFIX_PUNCTUATORS.has(first.value) || first.value === "<";
  const ends = isGroup(last) || last.kind !== "punct" || ["++", "--", "!", ">"].includes(last.value);
  return starts && ends;
}

/** Whether a group's contents, without their parentheses, would begin another kind of statement (or a directive). */
function startsStatement(inner: readonly CodeItem[]): boolean {
  const first = inner[0]!;
  if (isBracketGroup(first, "{")) return true;
  if (!isGroup(first) && first.kind === "word" && STATEMENT_WORDS.has(first.value)) return true;
  return inner.length === 1 && !isGroup(first) && first.kind === "string";
}

/** Whether a level may be a for head, where `in` outside parentheses would end its first part: it holds a `;`, `of` or `in`. */
function isForHead(group: CodeGroup): boolean {
  return isBracketGroup(group, "(") && group.items.some((item) => isToken(item, ";") || isToken(item, "of") || isToken(item, "in"));
}

function isPlainName(item: CodeItem | undefined): boolean {
  return item !== undefined && !isGroup(item) && item.kind === "word" && !NOT_OPERAND.has(item.value) && !item.value.startsWith("#");
}

function shapeOf(items: readonly CodeItem[]): Shape {
  const other: Shape = { kind: "other", loosest: 0, operators: new Set(), optionalChain: false };
  const first = operandAt(items, 0);
  if (first === undefined) return other;
  if (first.end === items.length) return { kind: first.prefixed ? "prefixed" : "operand", loosest: 0, operators: new Set(), optionalChain: first.optionalChain };
  const operators = new Set<string>();
  let loosest = Number.POSITIVE_INFINITY;
  for (let i = first.end; i < items.length; ) {
    const item = items[i]!;
    if (isGroup(item) || (item.kind !== "punct" && item.value !== "instanceof" && item.value !== "in")) return other;
    const operator = item.value === ">" ? joinedGreater((o) => items[i + o]) : item.value;
    const precedence = PRECEDENCE.get(operator);
    if (precedence === undefined) return other;
    operators.add(operator);
    loosest = Math.min(loosest, precedence);
    // `>>` and `>>>` are two and three `>` tokens; every other operator is one token.
    const operand = operandAt(items, i + (operator.startsWith(">>") ? operator.length : 1));
    if (operand === undefined) return other;
    i = operand.end;
  }
  return { kind: "binary", loosest, operators, optionalChain: false };
}

/** The operand starting at `items[start]`: prefix operators, an atom, then member accesses, calls and the like. */
function operandAt(items: readonly CodeItem[], start: number): { end: number; prefixed: boolean; optionalChain: boolean } | undefined {
  let i = start;
  while (i < items.length && isPrefix(items[i]!)) i++;
  const prefixed = i > start;
  const atom = items[i];
  if (atom === undefined || !isAtom(atom)) return undefined;
  i++;
  // The rest of a template literal: one group per `${…}`.
  if (isGroup(atom) && atom.open?.kind === "template") while (isTemplateGroup(items[i], "middle")) i++;
  let optionalChain = false;
  for (;;) {
    const item = items[i];
    if (item === undefined) break;
    if (isToken(item, ".") || isToken(item, "?.")) {
      optionalChain ||= isToken(item, "?.");
      const name = items[i + 1];
      const nameOrCall = name !== undefined && ((!isGroup(name) && name.kind === "property") || (isToken(item, "?.") && isGroup(name)));
      if (!nameOrCall) return undefined;
      i += 2;
    } else if (isBracketGroup(item, "[") || isBracketGroup(item, "(") || isToken(item, "!") || (!isGroup(item) && item.kind === "template") || isTemplateGroup(item, "head")) {
      i++;
      while (isTemplateGroup(items[i], "middle")) i++;
    } else if (isToken(item, "<")) {
      const close = typeArgumentsEnd(items, i);
      if (close === undefined) break;
      i = close;
    } else break;
  }
  return { end: i, prefixed, optionalChain };
}

function isPrefix(item: CodeItem): boolean {
  if (isGroup(item)) return false;
  return (item.kind === "punct" && PREFIX_PUNCTUATORS.has(item.value)) || (item.kind === "word" && PREFIX_WORDS.has(item.value));
}

function isAtom(item: CodeItem): boolean {
  if (isGroup(item)) return item.open?.kind === "template" ? item.open.part === "head" : true;
  if (item.kind === "punct") return false;
  return item.kind !== "word" || !NOT_OPERAND.has(item.value);
}

function isTemplateGroup(item: CodeItem | undefined, part: "head" | "middle"): boolean {
  return isGroup(item) && item.open?.kind === "template" && item.open.part === part;
}

/**
 * Just past the `>` that closes the type arguments opening at `items[start]`, when they are followed
 * by a call, a template, a member access or nothing (`f<T>(x)`, `Array<string>`); else undefined,
 * and the `<` is a comparison.
 */
function typeArgumentsEnd(items: readonly CodeItem[], start: number): number | undefined {
  let depth = 0;
  for (let i = start; i < items.length; i++) {
    const item = items[i]!;
    if (isToken(item, "<")) depth++;
    else if (isToken(item, ">")) depth--;
    else if (!isGroup(item) && item.kind === "punct" && item.value !== "," && item.value !== "." && item.value !== "|" && item.value !== "&") return undefined;
    if (depth === 0) {
      const next = items[i + 1];
      const follows =
        next === undefined || isBracketGroup(next, "(") || isBracketGroup(next, "[") || isToken(next, ".") || (!isGroup(next) && next.kind === "template") || isTemplateGroup(next, "head");
      return follows ? i + 1 : undefined;
    }
  }
  return undefined;
}
