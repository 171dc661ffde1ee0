// A settled level of statements → the same with `let` read as `const` where the declaration's names
// are never assigned again in that level: what Biome's useConst rule rewrites under `biome check
// --write` (a safe fix), as does ESLint's prefer-const under `eslint --fix`. What code-meaning.ts
// compares, so that `let errors = 0;` and `const errors = 0;` are alike when nothing assigns errors.
//
// Why that is the same code: a `let` and a `const` binding differ only in whether it may be assigned
// (ECMA-262, 14.3.1); both are block-scoped, with the same temporal dead zone. A `let` is visible in
// its block only, so an assignment to it stands in that block, at any depth. Any assignment there to
// a name it declares, to a binding of that name or to another, keeps it a `let`: a plain or
// compound assignment, `++` or `--`, a destructuring pattern assigned to, or a for-in/of head.
import { type CodeItem, isBracketGroup, isGroup, isToken, leadToken } from "./code-groups.js";
import { codeToken } from "./scan-code.js";

const ASSIGNMENTS: ReadonlySet<string> = new Set(["=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--"]);

/** @example constLets(items) // `let a = 1; f(a)` → `const a = 1; f(a)`; `let a = 1; a++` as it is */
export function constLets(items: readonly CodeItem[]): readonly CodeItem[] {
  let out: CodeItem[] | undefined;
  items.forEach((item, i) => {
    if (!isToken(item, "let") || !startsDeclaration(items, i)) return;
    let end = i + 1;
    while (end < items.length && !isToken(items[end], ";")) end++;
    const declared = declaredNames(items.slice(i + 1, end));
    if (declared === undefined || isAssigned(items, declared.names, declared.bindings, false)) return;
    out ??= [...items];
    out[i] = codeToken("word", "const", leadToken(item)!.newlineBefore);
  });
  return out ?? items;
}

/** `let` first in a statement, or after a statement's `export`. */
function startsDeclaration(items: readonly CodeItem[], i: number): boolean {
  const startsAt = (j: number) => j === 0 || isToken(items[j - 1], ";");
  return startsAt(i) || (isToken(items[i - 1], "export") && startsAt(i - 1));
}

/** The names a declaration's bindings hold (every word of a destructuring pattern, keys too) and the bindings themselves; undefined when a declarator does not start with one. */
function declaredNames(declarators: readonly CodeItem[]): { names: Set<string>; bindings: Set<CodeItem> } | undefined {
  const names = new Set<string>();
  const bindings = new Set<CodeItem>();
  let starts = true;
  for (const item of declarators) {
    if (starts) {
      if (isBracketGroup(item, "{") || isBracketGroup(item, "[")) collectWords(item.items, names);
      else if (!isGroup(item) && item.kind === "word") names.add(item.value);
      else return undefined;
      bindings.add(item);
    }
    // A `,` between declarators, or inside type arguments (`Map<A, B>`): the word after it is then counted too, which only keeps more lets.
    starts = isToken(item, ",");
  }
  return names.size > 0 ? { names, bindings } : undefined;
}

function collectWords(items: readonly CodeItem[], into: Set<string>): void {
  for (const item of items) {
    if (isGroup(item)) collectWords(item.items, into);
    else if (item.kind === "word") into.add(item.value);
  }
}

/** Whether any of `names` is assigned in `items`, at any depth, other than as one of the declaration's own `bindings`. */
function isAssigned(items: readonly CodeItem[], names: ReadonlySet<string>, bindings: ReadonlySet<CodeItem>, forHead: boolean): boolean {
  return items.some((item, i) => {
    if (bindings.has(item)) return false;
    const next = isToken(items[i + 1], "!") ? items[i + 2] : items[i + 1];
    const assignedTo = isAssignment(next) || (!isGroup(next) && (next?.value === "of" || (forHead && next?.value === "in")));
    if (isGroup(item)) {
      const words = new Set<string>();
      if (assignedTo) collectWords(item.items, words);
      if ([...words].some((word) => names.has(word))) return true;
      return isAssigned(item.items, names, bindings, isBracketGroup(item, "(") && isToken(items[i - 1], "for"));
    }
    if (item.kind !== "word" || !names.has(item.value)) return false;
    if (isToken(items[i - 1], ".") || isToken(items[i - 1], "?.")) return false;
    return assignedTo || isToken(items[i - 1], "++") || isToken(items[i - 1], "--");
  });
}

function isAssignment(item: CodeItem | undefined): boolean {
  return item !== undefined && !isGroup(item) && item.kind === "punct" && ASSIGNMENTS.has(item.value);
}
