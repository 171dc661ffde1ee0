// Runs a RegExp the way a backtracking engine such as V8's does, counting its steps: a deterministic
// measure of the work a search takes, for tests that catastrophic backtracking must fail. A clock
// gives another time on every run and machine; the count is the same everywhere.
// Covers what the rules' patterns use: groups, alternatives, greedy and lazy quantifiers, classes,
// `^ $ \b \B`, lookahead, bounded lookbehind and back-references, with the i, m, s and u flags.
// Each test checks the first match it finds against the real RegExp's, so a gap in it shows.
import { RegExpParser, type AST } from "@eslint-community/regexpp";

type Next = (at: number) => boolean;

/** The index of `pattern`'s first match in `text` (as `exec` from 0 finds it), and the steps the search took. */
export function countBacktracking(pattern: RegExp, text: string): { index: number | undefined; steps: number } {
  const unicode = pattern.flags.includes("u") || pattern.flags.includes("v");
  const ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern.source, 0, pattern.source.length, { unicode });
  const matcher = new Matcher(text, pattern.flags, unicode);
  for (let start = 0; start <= text.length; start++) {
    matcher.captures.clear();
    if (matcher.alternatives(ast.alternatives, start, () => true)) return { index: start, steps: matcher.steps };
  }
  return { index: undefined, steps: matcher.steps };
}

class Matcher {
  steps = 0;
  readonly captures = new Map<AST.CapturingGroup, [number, number]>();
  private readonly singles = new Map<AST.Node, RegExp>();

  constructor(
    private readonly text: string,
    private readonly flags: string,
    private readonly unicode: boolean,
  ) {}

  alternatives(alternatives: readonly AST.Alternative[], at: number, next: Next): boolean {
    return alternatives.some((alternative) => this.sequence(alternative.elements, 0, at, next));
  }

  private sequence(elements: readonly AST.Element[], index: number, at: number, next: Next): boolean {
    const element = elements[index];
    return element === undefined ? next(at) : this.element(element, at, (end) => this.sequence(elements, index + 1, end, next));
  }

  private element(node: AST.Element, at: number, next: Next): boolean {
    this.steps++;
    switch (node.type) {
      case "Character":
      case "CharacterClass":
      case "CharacterSet":
      case "ExpressionCharacterClass": {
        const end = this.single(node, at);
        return end !== undefined && next(end);
      }
      case "Group":
        return this.alternatives(node.alternatives, at, next);
      case "CapturingGroup":
        return this.alternatives(node.alternatives, at, (end) => {
          const before = this.captures.get(node);
          this.captures.set(node, [at, end]);
          if (next(end)) return true;
          if (before === undefined) this.captures.delete(node);
          else this.captures.set(node, before);
          return false;
        });
      case "Quantifier":
        return this.quantifier(node, at, next);
      case "Assertion":
        return this.assertion(node, at) && next(at);
      case "Backreference": {
        const refs = Array.isArray(node.resolved) ? node.resolved : [node.resolved];
        const span = refs.map((group) => this.captures.get(group as AST.CapturingGroup)).find((s) => s !== undefined);
        if (span === undefined) return next(at);
        const wanted = this.text.slice(span[0], span[1]);
        const found = this.text.slice(at, at + wanted.length);
        this.steps += wanted.length;
        const same = this.flags.includes("i") ? wanted.toLowerCase() === found.toLowerCase() : wanted === found;
        return same && next(at + wanted.length);
      }
      default:
        throw new Error(`countBacktracking: ${(node as AST.Node).type} is not supported`);
    }
  }

  private quantifier(node: AST.Quantifier, at: number, next: Next): boolean {
    if (this.isOneCharacter(node.element)) {
      // One character per repetition, no captures: a loop, as engines run it (and no deep recursion).
      const ends = [at];
      const grow = (): boolean => {
        const last = ends[ends.length - 1]!;
        if (ends.length - 1 >= node.max) return false;
        this.steps++;
        const end = this.oneCharacterEnd(node.element, last);
        if (end === undefined) return false;
        ends.push(end);
        return true;
      };
      if (node.greedy) {
        while (grow());
        for (let count = ends.length - 1; count >= node.min; count--) if (next(ends[count]!)) return true;
        return false;
      }
      for (let count = 0; ; count++) {
        while (ends.length - 1 < count) if (!grow()) return false;
        if (count >= node.min && next(ends[count]!)) return true;
      }
    }
    const repeat = (count: number, from: number): boolean => {
      const more = (): boolean =>
        count < node.max &&
        this.element(node.element, from, (end) => {
          if (end === from && count >= node.min) return false;
          return repeat(count + 1, end);
        });
      if (node.greedy) return more() || (count >= node.min && next(from));
      return (count >= node.min && next(from)) || more();
    };
    return repeat(0, at);
  }

  private assertion(node: AST.Assertion, at: number): boolean {
    const text = this.text;
    switch (node.kind) {
      case "start":
        return at === 0 || (this.flags.includes("m") && /[\n\r\u2028\u2029]/.test(text[at - 1]!));
      case "end":
        return at === text.length || (this.flags.includes("m") && /[\n\r\u2028\u2029]/.test(text[at]!));
      case "word": {
        const word = (i: number) => i >= 0 && i < text.length && /\w/.test(text[i]!);
        return (word(at - 1) !== word(at)) !== node.negate;
      }
      case "lookahead":
        return this.alternatives(node.alternatives, at, () => true) !== node.negate;
      case "lookbehind": {
        const [min, max] = lengthRange(node.alternatives);
        let found = false;
        for (let from = at - min; from >= Math.max(0, at - max) && !found; from--) found = this.alternatives(node.alternatives, from, (end) => end === at);
        return found !== node.negate;
      }
    }
  }

  /** The end of one character of `node` at `at`, tested by a RegExp of that node alone. */
  private single(node: AST.Node, at: number): number | undefined {
    if (at >= this.text.length) return undefined;
    const width = this.unicode && (this.text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
    let regexp = this.singles.get(node);
    if (regexp === undefined) {
      regexp = new RegExp(`^(?:${node.raw})$`, this.flags.replace(/[gymd]/g, ""));
      this.singles.set(node, regexp);
    }
    return regexp.test(this.text.slice(at, at + width)) ? at + width : undefined;
  }

  private isOneCharacter(node: AST.Node): boolean {
    if (node.type === "Character" || node.type === "CharacterClass" || node.type === "CharacterSet" || node.type === "ExpressionCharacterClass") return true;
    if (node.type !== "Group") return false;
    return node.alternatives.every((alternative) => {
      const consuming = alternative.elements.filter((e) => e.type !== "Assertion");
      return consuming.length === 1 && this.isOneCharacter(consuming[0]!) && alternative.elements.every((e) => e.type !== "Assertion" || e.kind === "lookahead" || e.kind === "lookbehind");
    });
  }

  /** The end of one character matched by a one-character node (first alternative that matches). */
  private oneCharacterEnd(node: AST.Node, at: number): number | undefined {
    if (node.type !== "Group") return this.single(node, at);
    let found: number | undefined;
    for (const alternative of node.alternatives) {
      if (this.sequence(alternative.elements, 0, at, (end) => ((found = end), true))) return found;
    }
    return undefined;
  }
}

/** Shortest and longest text that `alternatives` match (Infinity when unbounded). */
function lengthRange(alternatives: readonly AST.Alternative[]): [number, number] {
  const element = (node: AST.Element): [number, number] => {
    switch (node.type) {
      case "Character":
      case "CharacterClass":
      case "CharacterSet":
      case "ExpressionCharacterClass":
        return [1, 2];
      case "Group":
      case "CapturingGroup":
        return lengthRange(node.alternatives);
      case "Quantifier": {
        const [min, max] = element(node.element);
        return [min * node.min, node.max === Infinity ? Infinity : max * node.max];
      }
      case "Assertion":
        return [0, 0];
      default:
        return [0, Infinity];
    }
  };
  const ranges = alternatives.map((alternative) => alternative.elements.map(element).reduce<[number, number]>(([a, b], [c, d]) => [a + c, b + d], [0, 0]));
  return [Math.min(...ranges.map((r) => r[0])), Math.max(...ranges.map((r) => r[1]))];
}
