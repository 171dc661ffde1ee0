// Patterns without lookarounds or back-references that bound a pattern's backtracking time, for the
// ReDoS checker's proof (run-checker.ts). recheck proves a verdict only for such patterns (its
// "automaton" checker); on a lookaround or a back-reference it falls back to fuzzing, whose "safe"
// means "no attack found" and is wrong for `^(?!.*(\w)\1)(?:[a-z]+)+$`: the lookahead keeps the
// fuzzer's repeated letters out, yet `'ab'.repeat(14) + '!'` takes RegExp seconds.
//
// They are a cross-check, not a proof: the checker finding an attack on a bound refuses the pattern
// (its backtracking may be as slow), while a bound without one certifies nothing more than fuzzing
// did, since a lookaround that fails late can turn the bound's quick match into a long search.
// Why the bounds bound the pattern's search tree, on a backtracking engine such as V8's:
// - a lookaround is zero-width and atomic: it only cuts branches of the search, so the pattern with
//   `(?:)` in its place searches at least every branch the pattern does (the "skeleton");
// - but only when the skeleton searches its whole tree: where the skeleton matches at once, the
//   pattern can fail (a lookaround fails, a back-reference finds other text) and search on.
//   `(\w)(?!\1)\w*(?=!)` takes RegExp seconds on 'ab'.repeat(20000), and `(.).*\1` on 20,000
//   distinct characters, yet their skeletons match at the first characters, and the checker finds
//   them linear. So a bound that lost a lookaround or expanded a back-reference ends with `[]`,
//   which matches no character: the checker weighs every branch of its tree (but see
//   literal-groups.ts for a back-reference to a few literal strings);
// - a back-reference matches what its group captured, text that the group's own pattern matches,
//   in one way: the group's pattern in its place matches that text too, in at least as many ways;
// - a lookbehind `(?<=B)` that opens the pattern lets a search start only where B ends: `(?:B)` in
//   its place starts it where B starts, and so reaches every start the pattern does;
// - each lookaround body is a search of its own, run at each position the outer search reaches it:
//   unanchored (every position), but at position 0 only for a lookahead right after a leading `^`;
//   a lookbehind body runs backwards, so it is bounded by its reverse, read forwards.
// Each bound is itself bounded the same way: none has a lookaround or a back-reference left.
// Text in, text out: the pattern is parsed by regexpp, never compiled or run.
import { createRequire } from "node:module";
import type { AST } from "@eslint-community/regexpp";
import { fewStringsReference } from "./literal-groups.js";

const require = createRequire(import.meta.url);

/** recheck's automaton checker unrolls counted repetitions up to this count (its maxRepeatCount). */
const MAX_COUNT = 30;

/** Bounds longer than this are not worth checking: the pattern is left undecided. */
const MAX_BOUND_LENGTH = 20_000;

/** Matches no character: after a search, it makes the engine try every branch before it gives up. */
const NEVER = "[]";

interface Search {
  readonly alternatives: readonly AST.Alternative[];
  readonly reverse: boolean;
  /** Whether the search runs at position 0 only (a lookahead right after a leading `^`). */
  readonly anchored: boolean;
}

/**
 * Patterns without lookarounds or back-references (ECMAScript, u flag) whose backtracking search
 * trees bound `pattern`'s: an attack on one is a reason to refuse `pattern`. Undefined when
 * `pattern` does not parse or the bounds would be too long.
 * @example lookaroundFreeBounds("^(?!.*(\\w)\\1)(?:[a-z]+)+$") // ["(?:^(?:)(?:[a-z]+)+$)[]", "(?:^(?:.*(?:\\w)(?:\\w)))[]"]
 */
export function lookaroundFreeBounds(pattern: string): string[] | undefined {
  let ast: AST.Pattern;
  try {
    const { RegExpParser } = require("@eslint-community/regexpp") as typeof import("@eslint-community/regexpp");
    ast = new RegExpParser({ ecmaVersion: 2024 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
  const searches: Search[] = [{ alternatives: ast.alternatives, reverse: false, anchored: false }];
  const bounds = new Set<string>();
  let length = 0;
  for (let next = searches.shift(); next !== undefined; next = searches.shift()) {
    const printer = new Printer(next, ast.alternatives, (search) => searches.push(search));
    const text = printer.alternatives(next.alternatives);
    // A search that lost a lookaround or a back-reference can fail where its bound matches: the
    // bound must fail too, and so search its whole tree.
    const whole = next.anchored ? `^(?:${text})` : text;
    const bound = printer.approximated ? `(?:${whole})${NEVER}` : whole;
    length += bound.length;
    if (length > MAX_BOUND_LENGTH) return undefined;
    bounds.add(bound);
  }
  return [...bounds];
}

/** Prints a search without its lookarounds (handed to `found`) and with its back-references expanded. */
class Printer {
  private readonly expanding = new Set<AST.CapturingGroup>();
  /** Whether the text can match where the search fails: a lookaround left out, or a back-reference expanded. */
  approximated = false;

  constructor(
    private readonly search: Search,
    private readonly top: readonly AST.Alternative[],
    private readonly found: (search: Search) => void,
  ) {}

  /** Whether the search is matched backwards (a lookbehind's body). */
  private get reverse(): boolean {
    return this.search.reverse;
  }

  alternatives(list: readonly AST.Alternative[]): string {
    return list.map((alternative) => this.alternative(alternative)).join("|");
  }

  private alternative(alternative: AST.Alternative): string {
    const elements = alternative.elements.map((element) => this.element(element, alternative));
    return (this.reverse ? elements.reverse() : elements).join("");
  }

  private element(node: AST.Element, parent: AST.Alternative): string {
    switch (node.type) {
      case "Assertion":
        if (node.kind === "lookahead" || node.kind === "lookbehind") {
          this.approximated = true;
          const reverse = node.kind === "lookbehind";
          this.found({ alternatives: node.alternatives, reverse, anchored: !reverse && this.atStart(node, parent) });
          // A lookbehind that opens the pattern decides where a search may start: its body, read
          // forwards, bounds those starts as the empty group (every position) would not.
          if (reverse && !node.negate && !this.reverse && this.top.includes(parent) && parent.elements[0] === node) return `(?:${this.alternatives(node.alternatives)})`;
          return "(?:)";
        }
        if (this.reverse && node.kind === "start") return "$";
        if (this.reverse && node.kind === "end") return "^";
        return node.raw;
      case "Quantifier": {
        // The quantifier as written after its element (`+`, `{2,}?`), but a count over 30 as `*` or
        // `+`: the checker's automaton unrolls counts up to 30 only (and a larger bounded count can be as
        // slow: `(?:[a-z]{1,100}){1,100}` takes RegExp seconds on 29 characters), and more repetitions
        // only add branches.
        const written = node.raw.slice(node.element.end - node.start);
        const quantifier = node.min > MAX_COUNT || (node.max !== Infinity && node.max > MAX_COUNT) ? `${node.min === 0 ? "*" : "+"}${node.greedy ? "" : "?"}` : written;
        return this.element(node.element, parent) + quantifier;
      }
      case "Group":
      case "CapturingGroup":
        // Non-capturing: an expanded back-reference must not repeat a group name.
        return `(?:${this.alternatives(node.alternatives)})`;
      case "Backreference":
        return this.backreference(node);
      default:
        return node.raw;
    }
  }

  /** The group's pattern in the back-reference's place; empty inside the group itself (it matches empty there). */
  private backreference(node: AST.Backreference): string {
    if (!fewStringsReference(node, this.search.alternatives, this.reverse)) this.approximated = true;
    const groups = (Array.isArray(node.resolved) ? node.resolved : [node.resolved]) as AST.CapturingGroup[];
    const usable = groups.filter((group) => !this.expanding.has(group) && !(node.start >= group.start && node.end <= group.end));
    if (usable.length === 0) return "(?:)";
    const texts = usable.map((group) => {
      this.expanding.add(group);
      try {
        return this.alternatives(group.alternatives);
      } finally {
        this.expanding.delete(group);
      }
    });
    return `(?:${texts.join("|")})`;
  }

  /** Whether `node` is in a top-level alternative of the pattern, after a leading `^` and nothing but assertions. */
  private atStart(node: AST.Element, parent: AST.Alternative): boolean {
    if (this.reverse || !this.top.includes(parent)) return false;
    const before = parent.elements.slice(0, parent.elements.indexOf(node));
    return before[0]?.type === "Assertion" && before[0].kind === "start" && before.every((element) => element.type === "Assertion");
  }
}
