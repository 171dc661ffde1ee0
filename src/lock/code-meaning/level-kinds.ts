// A level of the bracket tree (code-groups.ts) → what each of its groups holds: statements, the
// members of a type, a class or an object, parameters, a call's arguments, an expression; and which
// of its items are types. Read from the tokens around each group, as far as the comparison in
// code-meaning.ts needs it: where a semicolon can go, and where parentheses can be grouping ones.
import { type CodeGroup, type CodeItem, isBracketGroup, isGroup, isToken, leadToken } from "./code-groups.js";
import { endsOperand, isControlWord, TYPE_OPERATOR_WORDS } from "./code-words.js";
import { isArrowReturnType, type LevelTypes, typeRuns } from "./type-runs.js";

/**
 * Statements (the whole text, a block), the members of a type (an interface, an object type) or of a
 * class, other members (an object, an import list, an enum), a parameter list, a call's arguments, or
 * an expression in brackets.
 */
export type LevelKind = "statements" | "type" | "class" | "members" | "params" | "arguments" | "expression";

/** Words whose `(…)` holds an expression or a declaration, not parameters, before a `{`. */
const HEADED_WORDS: ReadonlySet<string> = new Set(["if", "while", "for", "switch", "with", "catch"]);
/** `namespace N {`, `module M {`, `declare global {`: their bodies hold statements. */
const NAMESPACE_WORDS: readonly string[] = ["namespace", "module", "declare"];
/** `else {`, `do {`, `try {`, `catch {` (no binding), `finally {`: blocks. */
const BLOCK_AFTER_WORDS: ReadonlySet<string> = new Set(["else", "do", "try", "catch", "finally"]);

/** What the group at `items[i]` holds, in a level of `kind`, where `types` are the level's types and functions' bodies. */
export function childKind(group: CodeGroup, i: number, kind: LevelKind, types: LevelTypes | undefined): LevelKind {
  const item = group.items[i];
  if (isBracketGroup(item, "(")) return parenKind(group.items, i, kind);
  if (!isBracketGroup(item, "{")) return "expression";
  if (types === undefined || types.typed.has(i)) return "type";
  return types.bodies.has(i) || opensBlock(group, i) ? "statements" : isClassBody(group.items, i) ? "class" : "members";
}

/** The items of a level of `kind` that are types (typedItems, and type-runs.ts's), and the `{` groups that are functions' bodies after a return type. */
export function levelTypes(items: readonly CodeItem[], kind: LevelKind): LevelTypes {
  const types = typeRuns(items, kind);
  for (const i of typedItems(items)) types.typed.add(i);
  return types;
}

/**
 * The indices of the items at this level that are types: an interface's heading and body, and what
 * stands on the right of `type Name =`.
 */
export function typedItems(items: readonly CodeItem[]): Set<number> {
  const typed = new Set<number>();
  let interfaceHead = false;
  let alias: "none" | "name" | "value" = "none";
  let angles = 0;
  items.forEach((item, i) => {
    if (isToken(item, ";")) {
      interfaceHead = false;
      alias = "none";
    }
    // A type alias without its semicolon ends where a line starts with a word, unless the line before wants more of the type.
    if (alias === "value" && !isGroup(item) && item.kind === "word" && item.newlineBefore && !wantsMoreType(items[i - 1]!)) alias = "none";
    if (isToken(item, "interface") && startsStatement(items, i)) {
      interfaceHead = true;
      angles = 0;
    }
    const name = items[i + 1];
    if (isToken(item, "type") && startsStatement(items, i) && name !== undefined && !isGroup(name) && name.kind === "word") alias = "name";
    if (alias === "name" && isToken(item, "=")) alias = "value";
    if (interfaceHead && isToken(item, "<")) angles++;
    if (interfaceHead && isToken(item, ">")) angles--;
    if (!interfaceHead && alias !== "value") return;
    typed.add(i);
    if (interfaceHead && angles === 0 && isBracketGroup(item, "{")) interfaceHead = false;
  });
  return typed;
}

/** Whether a type goes on after `item`: an operator, a keyword that takes a type, or `<`. */
export function wantsMoreType(item: CodeItem): boolean {
  return !isGroup(item) && (item.kind === "punct" ? item.value !== ">" : item.kind === "word" && TYPE_OPERATOR_WORDS.has(item.value));
}

/** Whether `items[i]` stands where a statement starts: first, on a new line, or after `;`, a block, `export`, `declare` or `default`. */
function startsStatement(items: readonly CodeItem[], i: number): boolean {
  const prev = items[i - 1];
  return (
    prev === undefined || leadToken(items[i]!)!.newlineBefore || isToken(prev, ";") || isBracketGroup(prev, "{") || isToken(prev, "export") || isToken(prev, "declare") || isToken(prev, "default")
  );
}

/** What the `(…)` at `items[i]` holds: parameters, a call's arguments (after an operand), or an expression. */
function parenKind(items: readonly CodeItem[], i: number, kind: LevelKind): LevelKind {
  if (isParameterList(items, i, kind)) return "params";
  const prev = items[i - 1];
  return prev !== undefined && (endsOperand(prev) || isToken(prev, ">") || isToken(prev, "?.")) && !isControlWord(prev) ? "arguments" : "expression";
}

/** Whether the `{` at `items[i]` is a class body: `class Name<T> extends Base implements I {`, back to `class`. */
function isClassBody(items: readonly CodeItem[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const item = items[j]!;
    if (isToken(item, "class")) return true;
    if (isBracketGroup(item, "{") || isToken(item, ";") || isToken(item, "=") || isToken(item, "=>")) return false;
  }
  return false;
}

/**
 * Whether the `(…)` at `items[i]` is a parameter list: before `=>`, after `function`, `function name`
 * or `catch`, between a method's name and its body, or a method or call signature in a type.
 */
function isParameterList(items: readonly CodeItem[], i: number, kind: LevelKind): boolean {
  const next = items[i + 1];
  // Type parameters stand between a function's or method's name and its parameters: `function f<T>(x: T) {`.
  const head = typeParametersStart(items, i);
  const prev = items[head - 1];
  const generator = isToken(items[head - 2], "*") && isToken(items[head - 3], "function");
  if (isToken(next, "=>") || isToken(prev, "function") || isToken(prev, "catch") || isToken(items[head - 2], "function") || generator) return true;
  if (isToken(next, ":") && isArrowReturnType(items, i)) return true;
  const name = prev !== undefined && !isGroup(prev) && prev.kind === "word";
  if (name && isBracketGroup(next, "{")) return !HEADED_WORDS.has(prev.value);
  if ((kind === "members" || kind === "class") && name && isToken(next, ":")) return true;
  if (kind !== "type") return false;
  // In an interface or object type, a `(` starts a call or method signature unless a type is expected before it.
  return prev === undefined || isToken(prev, ";") || isToken(prev, ",") || isToken(prev, "?") || isToken(prev, ">") || (name && !TYPE_OPERATOR_WORDS.has(prev.value));
}

/** The index of the `<` that opens type parameters right before `items[i]`, or `i` when a `>` does not end there. */
function typeParametersStart(items: readonly CodeItem[], i: number): number {
  if (!isToken(items[i - 1], ">")) return i;
  let depth = 0;
  for (let j = i - 1; j >= 0; j--) {
    if (isToken(items[j], ">")) depth++;
    else if (isToken(items[j], "<") && --depth === 0) return j;
    else if (isToken(items[j], ";") || isBracketGroup(items[j], "{")) return i;
  }
  return i;
}

/**
 * Whether the `{` at `group.items[i]` opens a block of statements (not an object, a class body or a
 * type): after a control head or parameters, `=>`, `else`, a return type (`f(): T {`), or a
 * namespace's name.
 */
function opensBlock(group: CodeGroup, i: number): boolean {
  const prev = group.items[i - 1];
  if (prev === undefined) return group.open === undefined || group.open.value === "{";
  if (isGroup(prev)) return isBracketGroup(prev, "(") || isBracketGroup(prev, "{") || followsReturnType(group.items, i);
  if (prev.kind === "punct") return prev.value === ";" || prev.value === "=>" || (prev.value === ">" && followsReturnType(group.items, i)) || (prev.value === ":" && endsCaseLabel(group.items, i - 1));
  return prev.kind === "word" && (BLOCK_AFTER_WORDS.has(prev.value) || NAMESPACE_WORDS.some((word) => isToken(group.items[i - 2], word)) || followsReturnType(group.items, i));
}

/** Whether the `:` at `items[colon]` ends `case …:` or `default:`, so that a `{` after it is a block (not `c ? a : {…}`). */
function endsCaseLabel(items: readonly CodeItem[], colon: number): boolean {
  if (isToken(items[colon - 1], "default")) return true;
  for (let j = colon - 1; j >= 0; j--) {
    const item = items[j]!;
    if (isToken(item, "case")) return true;
    if (!isGroup(item) && item.kind === "punct" && item.value !== ".") return false;
  }
  return false;
}

/** Whether the items before `items[i]` end in `(…): Type`, a function's or method's return type (`(): () => T` included). */
function followsReturnType(items: readonly CodeItem[], i: number): boolean {
  for (let j = i - 1; j > 0; j--) {
    const item = items[j]!;
    if (isToken(item, ":")) return isBracketGroup(items[j - 1], "(");
    if (isToken(item, ";") || isToken(item, "=") || isBracketGroup(item, "{")) return false;
  }
  return false;
}
