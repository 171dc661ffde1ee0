// The back-references that can only match one of a few literal strings: their group matches one of
// a few (`(id|name|email)`), captures once per search (no quantifier around it), and comes before
// them in the same sequence. In a bound (lookaround-free-bounds.ts) such a back-reference, written
// as its group's pattern, does not end the bound with a never-matching `[]`: that end would make the
// checker weigh every way the published field list `^(?!.*\b(id|name|email)\b.*\b\1\b)…` could
// match, on texts that repeat a field, where the lookahead stops at the first repeat. A heuristic,
// not a proof: on `(a|b)(?:[ab]{2})*\1` it leaves the attack ('ab'.repeat(n)) to the fuzzer, which finds it.
// Text in, a yes or no out: the AST is regexpp's, never compiled or run.
import type { AST } from "@eslint-community/regexpp";

/** At most this many strings in a group. */
const MAX_CHOICES = 64;

/**
 * Whether `reference`, in the search `alternatives` (matched backwards when `reverse`), can only
 * match one of a few literal strings that its group, matched once before it in the same sequence,
 * matched: `\1` in `.*\b(id|name)\b.*\b\1\b`.
 * @example fewStringsReference(reference, ast("(a|b)x\\1").alternatives, false) === true
 */
export function fewStringsReference(reference: AST.Backreference, alternatives: readonly AST.Alternative[], reverse: boolean): boolean {
  const root = alternatives[0]?.parent;
  const group = reference.resolved as AST.CapturingGroup | AST.CapturingGroup[];
  return root !== undefined && !Array.isArray(group) && isExact(group, reference, root, reverse) && groupStrings(group) !== undefined;
}

/** Whether `reference` matches exactly one of the group's literal strings, the one the group matched. */
function isExact(group: AST.CapturingGroup, reference: AST.Backreference, root: AST.Node, reverse: boolean): boolean {
  const groupPath = ancestors(group, root);
  // Outside the search (in a lookaround, or around it), or repeated: not one string per search.
  if (groupPath === undefined || groupPath.some((node) => node.type === "Quantifier")) return false;
  const referencePath = ancestors(reference, root);
  if (referencePath === undefined) return false;
  // Their nearest common ancestor must be a sequence in which the group is matched first (a
  // lookbehind's body is matched backwards): in another alternative, or before the group, the
  // back-reference matches the empty string.
  const common = referencePath.find((node) => groupPath.includes(node));
  return common?.type === "Alternative" && (reverse ? reference.end <= group.start : group.end <= reference.start);
}

/** The nodes from `node`'s parent up to `root`, or undefined when `node` is not in `root` or a lookaround lies between. */
function ancestors(node: AST.Node, root: AST.Node): AST.Node[] | undefined {
  const path: AST.Node[] = [];
  for (let current = node.parent; current !== null; current = current.parent) {
    if (current === root) return path;
    if (current.type === "Assertion") return undefined;
    path.push(current);
  }
  return undefined;
}

/** The strings the group matches (`(id|name)`, `(['"])`), or undefined when it matches more than MAX_CHOICES or anything but characters and small classes. */
function groupStrings(group: AST.CapturingGroup): number[][] | undefined {
  const strings: number[][] = [];
  for (const alternative of group.alternatives) {
    let partial: number[][] = [[]];
    for (const element of alternative.elements) {
      const characters = elementCharacters(element);
      if (characters === undefined) return undefined;
      partial = partial.flatMap((prefix) => characters.map((character) => [...prefix, character]));
      if (partial.length > MAX_CHOICES) return undefined;
    }
    strings.push(...partial);
    if (strings.length > MAX_CHOICES) return undefined;
  }
  return strings;
}

/** The code points one element matches, when it is a character or a small class of characters and ranges. */
function elementCharacters(element: AST.Element): number[] | undefined {
  if (element.type === "Character") return [element.value];
  if (element.type !== "CharacterClass" || element.negate) return undefined;
  const characters = new Set<number>();
  for (const item of element.elements) {
    if (item.type === "Character") characters.add(item.value);
    else if (item.type === "CharacterClassRange" && item.max.value - item.min.value < MAX_CHOICES) for (let c = item.min.value; c <= item.max.value; c++) characters.add(c);
    else return undefined;
    if (characters.size > MAX_CHOICES) return undefined;
  }
  return [...characters];
}
