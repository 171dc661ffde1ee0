// What the words and punctuators of TypeScript are to the comparison in code-meaning.ts: operators,
// keywords that start something other than an operand, words that go on with the line before. Shared
// by the modules that decide where parentheses, statements and types begin and end.
import { type CodeItem, isGroup } from "./code-groups.js";

/** A word that goes on with the expression or statement before it, on the next line too: no semicolon is inserted before it. */
export const CONTINUING_WORDS: ReadonlySet<string> = new Set(["in", "instanceof", "as", "satisfies", "of", "extends", "implements", "else", "catch", "finally"]);
/** `if (…)`, `while (…)`, `for (…)`, `with (…)`: a head, and after it the statement that is its body. */
export const CONTROL_WORDS: ReadonlySet<string> = new Set(["if", "while", "for", "with"]);
/** Words that go before a type and take it as their operand, or ask for one after them. */
export const TYPE_OPERATOR_WORDS: ReadonlySet<string> = new Set(["keyof", "typeof", "extends", "infer", "readonly", "unique", "is", "asserts", "new", "as", "satisfies"]);
/** Words that are prefix operators, on a value or on a type. */
export const PREFIX_WORDS: ReadonlySet<string> = new Set(["typeof", "void", "delete", "await", "keyof", "readonly", "unique", "infer"]);
/** Punctuators that can be prefix operators (`+` and `-` also binary ones, `!` also TypeScript's postfix non-null). */
export const PREFIX_PUNCTUATORS: ReadonlySet<string> = new Set(["!", "~", "+", "-", "++", "--"]);
/** Words that are not an operand: an operator, or a keyword that starts something other than an operand. */
export const NOT_OPERAND: ReadonlySet<string> = new Set([
  ...PREFIX_WORDS,
  "in",
  "of",
  "instanceof",
  "as",
  "satisfies",
  "is",
  "new",
  "function",
  "class",
  "yield",
  "async",
  "return",
  "throw",
  "case",
  "else",
  "do",
  "extends",
  "let",
  "const",
  "var",
  "if",
  "while",
  "for",
  "with",
  "switch",
  "try",
  "catch",
  "finally",
  "export",
  "import",
  "default",
]);

/** Whether `item` can end an operand, so that a `!`, `+`, `++` or `(` after it is postfix or binary. */
export function endsOperand(item: CodeItem): boolean {
  if (isGroup(item)) return true;
  if (item.kind === "punct") return false;
  return item.kind !== "word" || !NOT_OPERAND.has(item.value);
}

/** Whether `item` is a word that a control head starts with: `if`, `while`, `for`, `with`. */
export function isControlWord(item: CodeItem | undefined): boolean {
  return item !== undefined && !isGroup(item) && item.kind === "word" && CONTROL_WORDS.has(item.value);
}
