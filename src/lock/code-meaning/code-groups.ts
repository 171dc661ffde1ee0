// Tokens → the tree their brackets make: each `(…)`, `[…]`, `{…}` and template substitution `${…}` a
// group holding the items between its brackets; undefined when the brackets do not pair. The shape
// in which formatting-only.ts decides which parentheses a formatter may add or drop.
import type { CodeToken } from "./scan-code.js";

export type CodeItem = CodeToken | CodeGroup;

export interface CodeGroup {
  readonly kind: "group";
  /** `(`, `[`, `{`, or the template part whose `${` opens it; undefined for the whole text. */
  readonly open: CodeToken | undefined;
  readonly items: readonly CodeItem[];
  /** `)`, `]`, `}`, or the template part that ends the substitution; undefined for the whole text. */
  readonly close: CodeToken | undefined;
}

const CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/** @example groupCode(scanCode("f(a[0])")!.tokens)!.items.length === 2 */
export function groupCode(tokens: readonly CodeToken[]): CodeGroup | undefined {
  const stack: { open: CodeToken | undefined; items: CodeItem[] }[] = [{ open: undefined, items: [] }];
  for (const token of tokens) {
    const closes = token.kind === "template" ? token.part === "middle" || token.part === "tail" : token.kind === "punct" && (token.value === ")" || token.value === "]" || token.value === "}");
    if (closes) {
      const top = stack.pop()!;
      const parent = stack.at(-1);
      if (!parent || !top.open || !pairs(top.open, token)) return undefined;
      parent.items.push({ kind: "group", open: top.open, items: top.items, close: token });
    }
    const opens = token.kind === "template" ? token.part === "head" || token.part === "middle" : token.kind === "punct" && token.value in CLOSERS;
    if (opens) stack.push({ open: token, items: [] });
    else if (!closes) stack.at(-1)!.items.push(token);
  }
  const [top, ...unclosed] = stack;
  return unclosed.length === 0 ? { kind: "group", open: undefined, items: top!.items, close: undefined } : undefined;
}

function pairs(open: CodeToken, close: CodeToken): boolean {
  return open.kind === "template" ? close.kind === "template" : close.kind === "punct" && CLOSERS[open.value] === close.value;
}

export function isGroup(item: CodeItem | undefined): item is CodeGroup {
  return item !== undefined && item.kind === "group";
}

/** A token, or a group's opening bracket. */
export function leadToken(item: CodeItem): CodeToken | undefined {
  return isGroup(item) ? item.open : item;
}

/** Whether `item` is the punctuator or word `value` (a token, not a group). */
export function isToken(item: CodeItem | undefined, value: string): boolean {
  return item !== undefined && !isGroup(item) && (item.kind === "punct" || item.kind === "word") && item.value === value;
}

/** Whether `item` is a group opened by `(`, `[` or `{`. */
export function isBracketGroup(item: CodeItem | undefined, open: "(" | "[" | "{"): item is CodeGroup {
  return isGroup(item) && item.open?.kind === "punct" && item.open.value === open;
}
