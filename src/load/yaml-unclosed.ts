// Which `{`, `[` or quote a YAML text leaves open. Left open, each swallows the lines after it, and
// the yaml package then reports where it gave up (a less indented line, the end of the file), which
// reads as an indentation slip or points past the last line; the opener is what the user must fix.
// Read from the package's concrete syntax tree, so a bracket or quote closed on a later line, or one
// inside a plain scalar, is never reported.
import type { CST } from "yaml";
import type { UnclosedOpener } from "./unclosed-openers.js";

const CLOSED_QUOTE: Readonly<Record<string, RegExp>> = {
  "double-quoted-scalar": /^"(?:[^"\\]|\\[\s\S])*"$/,
  "single-quoted-scalar": /^'(?:[^']|'')*'$/,
};

/**
 * The first opener never closed, with the unclosed openers inside it, outermost first: the last is
 * the innermost, whose closer is missing first (a quote left open inside { } swallows the }).
 * Empty when every opener is closed.
 * @example firstUnclosedOpeners(yaml, "a: { b: [1\n") // the { at 3, then the [ at 8
 */
export function firstUnclosedOpeners(yaml: typeof import("yaml"), text: string): UnclosedOpener[] {
  const all = findUnclosedOpeners(yaml, text);
  const chain = all.slice(0, 1);
  for (const next of all.slice(1)) if (next.offset < chain[chain.length - 1]!.end) chain.push(next);
  return chain;
}

function findUnclosedOpeners(yaml: typeof import("yaml"), text: string): UnclosedOpener[] {
  const found: UnclosedOpener[] = [];
  const endOf = (token: CST.Token): number => token.offset + yaml.CST.stringify(token).length;
  const check = (token: CST.Token | undefined): void => {
    if (token === undefined) return;
    if (token.type === "flow-collection") {
      const { start, end } = token;
      const opener = start.source === "{" ? "{" : "[";
      const closer = opener === "{" ? "}" : "]";
      if (!end.some((t) => t.source === closer)) found.push({ opener, closer, offset: start.offset, end: endOf(token) });
    } else if (token.type === "double-quoted-scalar" || token.type === "single-quoted-scalar") {
      const quote = token.type === "double-quoted-scalar" ? '"' : "'";
      if (!CLOSED_QUOTE[token.type]!.test(token.source)) found.push({ opener: quote, closer: quote, offset: token.offset, end: endOf(token) });
    }
  };
  for (const token of new yaml.Parser().parse(text)) {
    if (token.type !== "document") continue;
    // The root value is no collection's item, so the visitor below never sees it.
    check(token.value);
    yaml.CST.visit(token, (item) => {
      check(item.key ?? undefined);
      check(item.value);
    });
  }
  // The visitor walks a collection before its items, which is opening order already; sort anyway so
  // keys and values within one item come in text order too.
  return found.sort((a, b) => a.offset - b.offset);
}
