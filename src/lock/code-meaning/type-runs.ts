// A level of the bracket tree (code-groups.ts) → the types that stand in it outside a type alias or an
// interface (level-kinds.ts finds those): after `as` and `satisfies`, in a declaration's, a
// parameter's or a class field's annotation, in a function's return type, and in the type arguments
// of a call (`new Map<string, { a: A }>()`); and the `{` after a return type, a function's body. So
// that code-meaning.ts reads `x as { a?: A }` and `(x: { a: A; b: B }) => …` as types whose members
// a formatter may end with `;`, `,` or a line break. Read by a small grammar of types that stops
// where it is unsure: what it does not read as a type stays an expression, which only makes more
// changes count as edits.
import { type CodeItem, isBracketGroup, isGroup, isToken } from "./code-groups.js";
import { endsOperand, NOT_OPERAND } from "./code-words.js";

export interface LevelTypes {
  /** Indices of the items that are (part of) a type. */
  readonly typed: Set<number>;
  /** Indices of the `{` groups that are a function's body after its return type. */
  readonly bodies: Set<number>;
}

/** Where a level stands, as level-kinds.ts's LevelKind names it. */
export type TypeRunLevel = "statements" | "type" | "class" | "members" | "params" | "arguments" | "expression";

const PREFIX_TYPE_WORDS: ReadonlySet<string> = new Set(["keyof", "typeof", "readonly", "unique", "infer"]);
/** Words that are types although they are keywords: `void`, and `const` in `as const`. */
const KEYWORD_TYPES: ReadonlySet<string> = new Set(["void", "const"]);
const DECLARATION_WORDS: ReadonlySet<string> = new Set(["const", "let", "var"]);
const MEMBER_MODIFIERS: ReadonlySet<string> = new Set(["static", "readonly", "public", "private", "protected", "declare", "override", "abstract", "accessor"]);
const METHOD_MODIFIERS: ReadonlySet<string> = new Set([...MEMBER_MODIFIERS, "async", "get", "set"]);

/** @example typeRuns(items, "statements") // `const x: { a: A } = y as B` → the items of `{ a: A }` and of `B` */
export function typeRuns(items: readonly CodeItem[], level: TypeRunLevel): LevelTypes {
  const typed = new Set<number>();
  const bodies = new Set<number>();
  const mark = (from: number, to: number) => {
    for (let j = from; j < to; j++) typed.add(j);
  };
  items.forEach((item, i) => {
    if (typed.has(i)) return;
    const property = isToken(items[i - 1], ".") || isToken(items[i - 1], "?.");
    if ((isToken(item, "as") || isToken(item, "satisfies")) && !property && i > 0) mark(i + 1, typeEnd(items, i + 1));
    else if (isToken(item, ":") && isAnnotation(items, i, level)) {
      const end = typeEnd(items, i + 1);
      mark(i + 1, end);
      if (isBracketGroup(items[i - 1], "(") && isBracketGroup(items[end], "{") && end > i + 1) bodies.add(end);
    } else if (isToken(item, "<") && !NOT_OPERAND.has(wordAt(items, i - 1) ?? "in")) {
      const close = typeListEnd(items, i + 1, ">");
      if (close !== undefined && isBracketGroup(items[close + 1], "(")) mark(i, close + 1);
    }
  });
  return { typed, bodies };
}

/**
 * Whether the `:` at `items[i]` begins a type annotation: a declaration's (`const x: T`), a
 * parameter's, a class field's, or a function's return type after its parameters.
 */
function isAnnotation(items: readonly CodeItem[], i: number, level: TypeRunLevel): boolean {
  const prev = items[i - 1];
  if (prev === undefined) return false;
  if (isBracketGroup(prev, "(")) return isReturnType(items, i, level);
  const binding = isBracketGroup(prev, "{") || isBracketGroup(prev, "[") || (!isGroup(prev) && prev.kind === "word");
  if (level === "statements") return binding && DECLARATION_WORDS.has(wordAt(items, i - 2) ?? "");
  const optional = isToken(prev, "?") || isToken(prev, "!");
  const name = optional ? i - 2 : i - 1;
  if (level === "params") return startsParameter(items, name);
  if (level === "class") return startsClassMember(items, name);
  return false;
}

/** Whether the `(…)` before the `:` at `items[i]` is a parameter list: of a function, a method, or an arrow function (`(x): T => …`). */
function isReturnType(items: readonly CodeItem[], i: number, level: TypeRunLevel): boolean {
  const before = items[i - 2];
  if (isToken(before, "function") || (isToken(items[i - 3], "function") && !isGroup(before) && before?.kind === "word")) return true;
  // A method's name starts its member: not `{ a: c ? f(x) : {…} }`, where `f(x)` is a call.
  if ((level === "class" || level === "members") && !isGroup(before) && before?.kind === "word") return startsMethod(items, i - 2);
  return isArrowReturnType(items, i - 1);
}

/**
 * Whether the `(…)` at `items[paren]` is an arrow function's parameters followed by a return type,
 * `(x: A): B => …`: the type after its `:` ends at `=>`, and no operand stands before it (`f(x)` is
 * a call, `c ? (x) : y` a conditional).
 */
export function isArrowReturnType(items: readonly CodeItem[], paren: number): boolean {
  const before = items[paren - 1];
  if (isToken(before, "?") || (before !== undefined && !isToken(before, "async") && endsOperand(before))) return false;
  const end = typeEnd(items, paren + 2);
  return end > paren + 2 && isToken(items[end], "=>");
}

/** Whether a method's name at `items[name]` starts its member: after the list's start, `,`, `;`, a method's body, or modifiers. */
function startsMethod(items: readonly CodeItem[], name: number): boolean {
  let j = name - 1;
  while (j >= 0 && (isToken(items[j], "*") || METHOD_MODIFIERS.has(wordAt(items, j) ?? ""))) j--;
  const prev = items[j];
  if (prev === undefined || isToken(prev, ",") || isToken(prev, ";") || isBracketGroup(prev, "{")) return true;
  const lead = items[j + 1]!;
  return (isGroup(lead) ? lead.open! : lead).newlineBefore && !isGroup(prev) && prev.kind !== "punct" && !NOT_OPERAND.has(prev.value);
}

/** Whether a parameter starts at `items[name]`: modifiers and `...` only between it and the list's start or the `,` before. */
function startsParameter(items: readonly CodeItem[], name: number): boolean {
  const binding = items[name];
  if (binding === undefined || !(isBracketGroup(binding, "{") || isBracketGroup(binding, "[") || (!isGroup(binding) && binding.kind === "word"))) return false;
  for (let j = name - 1; j >= 0; j--) {
    const item = items[j]!;
    if (isToken(item, ",")) return true;
    if (!(isToken(item, "...") || (!isGroup(item) && item.kind === "word" && MEMBER_MODIFIERS.has(item.value)))) return false;
  }
  return true;
}

/** Whether a class member starts at `items[name]`: first, after `;` or a modifier, or on a new line after a member that has ended. */
function startsClassMember(items: readonly CodeItem[], name: number): boolean {
  const item = items[name];
  if (item === undefined || !(isBracketGroup(item, "[") || (!isGroup(item) && (item.kind === "word" || item.kind === "string" || item.kind === "number")))) return false;
  const prev = items[name - 1];
  if (prev === undefined || isToken(prev, ";") || (!isGroup(prev) && prev.kind === "word" && MEMBER_MODIFIERS.has(prev.value))) return true;
  // On a new line after a method's body or a member that ends in an operand (`a = 1⏎b: T`).
  const lead = isGroup(item) ? item.open! : item;
  return lead.newlineBefore && (isBracketGroup(prev, "{") || (!isGroup(prev) && prev.kind !== "punct" && !NOT_OPERAND.has(prev.value)));
}

/** The word at `items[i]`; undefined for a group, another token or past either end. */
function wordAt(items: readonly CodeItem[], i: number): string | undefined {
  const item = items[i];
  return item !== undefined && !isGroup(item) && item.kind === "word" ? item.value : undefined;
}

/** The index just past the type that starts at `items[start]`; `start` itself when none does. */
export function typeEnd(items: readonly CodeItem[], start: number): number {
  let i = isToken(items[start], "|") || isToken(items[start], "&") ? start + 1 : start;
  const first = operandEnd(items, i);
  if (first === i) return start;
  i = first;
  while (isToken(items[i], "|") || isToken(items[i], "&")) {
    const next = operandEnd(items, i + 1);
    if (next === i + 1) return i;
    i = next;
  }
  return i;
}

/** The index just past one operand of a union or intersection type: prefixes, a primary type, then `[…]` on its line. */
function operandEnd(items: readonly CodeItem[], start: number): number {
  let i = start;
  while (PREFIX_TYPE_WORDS.has(wordAt(items, i) ?? "")) i++;
  const item = items[i];
  if (item === undefined) return start;
  if (isBracketGroup(item, "(") || isToken(item, "new") || isToken(item, "<")) {
    // `(A | B)`, or a function or constructor type: `(x: A) => B`, `new (x: A) => B`, `<T>(x: T) => T`.
    if (isToken(item, "new")) i++;
    if (isToken(items[i], "<")) {
      const close = typeListEnd(items, i + 1, ">");
      if (close === undefined) return start;
      i = close + 1;
    }
    if (!isBracketGroup(items[i], "(")) return start;
    i++;
    if (isToken(items[i], "=>")) {
      const end = typeEnd(items, i + 1);
      return end === i + 1 ? start : end;
    }
    if (isToken(item, "new") || isToken(item, "<")) return start;
  } else if (isBracketGroup(item, "{") || isBracketGroup(item, "[")) i++;
  else if (!isGroup(item) && item.kind === "word" && (!NOT_OPERAND.has(item.value) || KEYWORD_TYPES.has(item.value))) {
    i++;
    while (isToken(items[i], ".") && !isGroup(items[i + 1]) && items[i + 1]?.kind === "property") i += 2;
    if (isToken(items[i], "<") && !(items[i] as { newlineBefore: boolean }).newlineBefore) {
      const close = typeListEnd(items, i + 1, ">");
      if (close === undefined) return start;
      i = close + 1;
    }
    // A type predicate: `value is T`.
    if (isToken(items[i], "is")) {
      const end = typeEnd(items, i + 1);
      return end === i + 1 ? start : end;
    }
  } else if (!isGroup(item) && (item.kind === "string" || item.kind === "number" || (item.kind === "template" && item.part === "whole"))) i++;
  else if (isToken(item, "-") && !isGroup(items[i + 1]) && items[i + 1]?.kind === "number") i += 2;
  else return start;
  while (isBracketGroup(items[i], "[") && !(items[i] as { open: { newlineBefore: boolean } }).open.newlineBefore) i++;
  return i;
}

/** The index of the `close` token that ends a list of types (`A, B<C>`) starting at `items[start]`; undefined when something else comes first. */
function typeListEnd(items: readonly CodeItem[], start: number, close: string): number | undefined {
  let i = start;
  for (;;) {
    const end = typeEnd(items, i);
    if (end === i) return undefined;
    i = end;
    // `T extends U`, `T = D` in a list of type parameters.
    if (isToken(items[i], "extends") || isToken(items[i], "=")) {
      i++;
      continue;
    }
    if (isToken(items[i], close)) return i;
    if (!isToken(items[i], ",")) return undefined;
    i++;
    // A trailing comma: `<T extends A,>`.
    if (isToken(items[i], close)) return i;
  }
}
