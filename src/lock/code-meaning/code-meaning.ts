// TypeScript text → a key for what it means, the same for every layout a formatter may give it: its
// tokens by value (scan-code.ts: a string's value whatever its quotes, a number's whatever its
// spelling), with what formatters add or drop left out where that changes nothing: redundant
// parentheses (redundant-parens.ts), trailing commas, a union's leading `|`, quotes around an object
// key that is a plain name; and each statement and type member ended by one `;` (statement-ends.ts),
// whether the text wrote it or left it to automatic semicolon insertion, in interfaces and type
// aliases as in the types that stand in code (type-runs.ts: after `as`, in annotations, in type
// arguments); a `let` never assigned again read as `const` (const-lets.ts), and the module's imports
// in one order (module-order.ts). Then its comments, squeezed.
// Undefined for text that does not scan or whose brackets do not pair. Never runs the text.
import { type CodeGroup, type CodeItem, groupCode, isBracketGroup, isGroup, isToken } from "./code-groups.js";
import { endsOperand } from "./code-words.js";
import { constLets } from "./const-lets.js";
import { childKind, type LevelKind, levelTypes } from "./level-kinds.js";
import { sortModuleDeclarations } from "./module-order.js";
import { isRedundantParen, type LevelPlace } from "./redundant-parens.js";
import { type CodeToken, codeToken, scanCode } from "./scan-code.js";
import { insertRestrictedSemicolons, separateTypeMembers, settleSemicolons } from "./statement-ends.js";

/** A union's first member may have a `|` before it wherever a type starts: only a type can start after these with `|`. */
const LEADING_PIPE_AFTER: ReadonlySet<string> = new Set([":", "=", "<", ",", "=>", "?", "as", "satisfies", "extends"]);
/** Modifiers before a member's key: `readonly "a": T` is `readonly a: T`. */
const KEY_MODIFIERS: ReadonlySet<string> = new Set(["readonly", "static", "public", "private", "protected", "declare", "abstract", "override"]);
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/** @example codeMeaning('const a = "x";\n') === codeMeaning("const a = 'x'\n") */
export function codeMeaning(text: string): string | undefined {
  const scanned = scanCode(text);
  const tree = scanned && groupCode(scanned.tokens);
  if (!scanned || !tree) return undefined;
  let keys = flatten(sortModuleDeclarations(canonicalItems(tree, "statements", false), flatten));
  for (const comment of scanned.comments) keys += `c${comment.length}:${comment}`;
  return keys;
}

function canonicalGroup(group: CodeGroup, kind: LevelKind, types: boolean): CodeGroup {
  return { kind: "group", open: group.open, items: canonicalItems(group, kind, types), close: group.close };
}

/** A level's items with its groups made canonical first, then the formatting at this level left out. */
function canonicalItems(group: CodeGroup, kind: LevelKind, types: boolean): CodeItem[] {
  const level = types ? undefined : levelTypes(group.items, kind);
  const isTyped = (i: number) => level === undefined || level.typed.has(i);
  const children = group.items.map((item, i) => {
    if (!isGroup(item)) return item;
    return canonicalGroup(item, childKind(group, i, kind, level), isTyped(i));
  });
  const typedTokens = new Set(group.items.filter((_, i) => isTyped(i)));
  const unpiped = dropLeadingPipes(
    insertRestrictedSemicolons(children, isTyped, kind === "expression" || kind === "arguments" ? "expression" : kind === "statements" ? "statements" : "other"),
    group.open,
    kind,
    typedTokens,
  );
  const unquoted = isBracketGroup(group, "{") ? unquoteKeys(unpiped) : unpiped;
  const unwrapped = unwrapRedundantParens(unquoted, { group, kind: PLACES[kind] });
  // A grouping `(…)` holds one expression: a comma at its end is not a trailing comma.
  const commas = kind === "expression" && isBracketGroup(group, "(") ? unwrapped : dropTrailingCommas(unwrapped, group.open);
  if (kind === "type") return separateTypeMembers(commas);
  if (kind === "statements") return [...constLets(settleSemicolons(commas, false))];
  if (kind === "class") return settleSemicolons(commas, true);
  return commas;
}

/** Where a level stands, as redundant-parens.ts asks it: a call's arguments are an expression list; a class's or a type's members, members. */
const PLACES: Readonly<Record<LevelKind, LevelPlace["kind"]>> = {
  statements: "statements",
  type: "members",
  class: "members",
  members: "members",
  params: "params",
  arguments: "expression",
  expression: "expression",
};

/**
 * `type T =\n  | A\n  | B`: the `|` before a union's first member. A `,` comes before a type in a
 * list of types (type arguments, a tuple), never between statements or an object's members (a `,`
 * that is part of a type, `typed`, is in type arguments); an object's `:` comes before a value,
 * never a type.
 */
function dropLeadingPipes(items: readonly CodeItem[], open: CodeToken | undefined, kind: LevelKind, typed: ReadonlySet<CodeItem>): CodeItem[] {
  const out: CodeItem[] = [];
  const betweenMembers = kind === "statements" || kind === "members" || kind === "class";
  items.forEach((item, i) => {
    const prev = out.at(-1);
    const next = items[i + 1];
    const typeFollows = next !== undefined && !isToken(next, ",") && !isToken(next, ";") && !isToken(next, "|");
    const afterType =
      prev === undefined
        ? open !== undefined && (open.value === "(" || open.value === "[")
        : !isGroup(prev) &&
          (prev.kind === "punct" || prev.kind === "word") &&
          LEADING_PIPE_AFTER.has(prev.value) &&
          !(betweenMembers && prev.value === "," && !typed.has(prev)) &&
          !(kind === "members" && prev.value === ":");
    if (!(isToken(item, "|") && typeFollows && afterType)) out.push(item);
  });
  return out;
}

/** `{ "name": 1 }` is `{ name: 1 }`: a quoted key that is a plain name, as a word. */
function unquoteKeys(items: readonly CodeItem[]): CodeItem[] {
  return items.map((item, i) => {
    if (isGroup(item) || item.kind !== "string" || !PLAIN_NAME.test(item.value)) return item;
    const next = items[i + 1];
    if (!isToken(next, ":") && !(isToken(next, "?") && isToken(items[i + 2], ":"))) return item;
    const prev = items[i - 1];
    const keyPlace =
      prev === undefined || isToken(prev, ",") || isToken(prev, ";") || (!isGroup(prev) && prev.kind === "word" && KEY_MODIFIERS.has(prev.value)) || (item.newlineBefore && endsOperand(prev));
    return keyPlace ? codeToken("word", item.value, item.newlineBefore) : item;
  });
}

/** The level with every redundant `(…)` replaced by what it holds; each group is judged where it then stands. */
function unwrapRedundantParens(items: readonly CodeItem[], place: LevelPlace): CodeItem[] {
  const out: CodeItem[] = [];
  // Still to place, the next one last: a group's contents go back on it to be judged in turn.
  const rest = [...items].reverse();
  while (rest.length > 0) {
    const item = rest.pop()!;
    const around = (offset: number) => (offset < 0 ? out[out.length + offset] : offset === 0 ? item : rest[rest.length - offset]);
    if (isGroup(item) && isRedundantParen(around, place)) {
      const inner = item.items.map((child, i) => (i === 0 ? withNewlineBefore(child, item.open!.newlineBefore) : child));
      for (let i = inner.length - 1; i >= 0; i--) rest.push(inner[i]!);
    } else out.push(item);
  }
  return out;
}

/** The item, marked as on a new line when the parenthesis it stood in was. */
function withNewlineBefore(item: CodeItem, newline: boolean): CodeItem {
  if (!newline) return item;
  if (!isGroup(item)) return { ...item, newlineBefore: true };
  return { ...item, open: item.open && { ...item.open, newlineBefore: true } };
}

/** `f(a, b,)`, `[a,]`, `{ a, }`, `<T,>`: a comma with nothing after it in its list. */
function dropTrailingCommas(items: readonly CodeItem[], open: CodeToken | undefined): CodeItem[] {
  const out: CodeItem[] = [];
  items.forEach((item, i) => {
    const next = items[i + 1];
    const last = next === undefined ? open !== undefined && open.kind === "punct" : isToken(next, ">");
    const prev = out.at(-1);
    // `[a, ,]` keeps its hole.
    if (!(isToken(item, ",") && last && prev !== undefined && !isToken(prev, ",") && !isToken(prev, "<"))) out.push(item);
  });
  return out;
}

/** The items as one string: each token's kind, part, length and value, so no two token lists read alike. */
function flatten(items: readonly CodeItem[]): string {
  let keys = "";
  for (const item of items) {
    if (!isGroup(item)) {
      keys += tokenKey(item);
      continue;
    }
    if (item.open) keys += tokenKey(item.open);
    keys += flatten(item.items);
    // A template part between two substitutions closes one group and opens the next: it is written once, as the next one's opening.
    if (item.close && item.close.part !== "middle") keys += tokenKey(item.close);
  }
  return keys;
}

function tokenKey(token: CodeToken): string {
  // A property reads as the word it is: only where it stands (after `.`) makes it one.
  return `${token.kind === "property" ? "w" : token.kind[0]}${token.part?.[0] ?? ""}${token.value.length}:${token.value}`;
}
