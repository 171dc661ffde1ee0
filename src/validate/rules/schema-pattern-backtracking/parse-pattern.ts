// A JSON Schema `pattern` (an ECMAScript regular expression, read with the u flag) → a small syntax
// tree with the source range of every node, for the backtracking analysis. Returns undefined for
// text it cannot read (schema-valid reports invalid patterns) and for groups nested more than
// MAX_NESTING deep, so the parser's own recursion is bounded.
import { ANY, complement, DIGIT, DOT, range, single, SPACE, union, WORD, type CharSet } from "./char-set.js";

export type RegexNode =
  | { readonly kind: "chars"; readonly set: CharSet; readonly start: number; readonly end: number }
  /** `^`, `$`, `\b`, `\B`: match no character, and can fail. */
  | { readonly kind: "assert"; readonly start: number; readonly end: number }
  /** `\1`, `\k<name>`: any text, of any length. */
  | { readonly kind: "backref"; readonly start: number; readonly end: number }
  | { readonly kind: "seq"; readonly items: readonly RegexNode[]; readonly start: number; readonly end: number }
  | { readonly kind: "alt"; readonly options: readonly RegexNode[]; readonly start: number; readonly end: number }
  /** A group; `look` for lookahead and lookbehind, which consume nothing. */
  | { readonly kind: "group"; readonly body: RegexNode; readonly look: boolean; readonly start: number; readonly end: number }
  | { readonly kind: "repeat"; readonly body: RegexNode; readonly min: number; readonly max: number; readonly start: number; readonly end: number };

const MAX_NESTING = 100;

class Unreadable extends Error {}

export function parsePattern(source: string): RegexNode | undefined {
  const parser = new PatternParser(source);
  try {
    const node = parser.alternation(0);
    return parser.atEnd() ? node : undefined;
  } catch (e) {
    if (e instanceof Unreadable) return undefined;
    throw e;
  }
}

class PatternParser {
  private i = 0;
  constructor(private readonly src: string) {}

  atEnd(): boolean {
    return this.i >= this.src.length;
  }

  alternation(depth: number): RegexNode {
    if (depth > MAX_NESTING) throw new Unreadable();
    const start = this.i;
    const options = [this.sequence(depth)];
    while (this.src[this.i] === "|") {
      this.i++;
      options.push(this.sequence(depth));
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options, start, end: this.i };
  }

  private sequence(depth: number): RegexNode {
    const start = this.i;
    const items: RegexNode[] = [];
    while (!this.atEnd() && this.src[this.i] !== "|" && this.src[this.i] !== ")") items.push(this.quantified(depth));
    return items.length === 1 ? items[0]! : { kind: "seq", items, start, end: this.i };
  }

  private quantified(depth: number): RegexNode {
    const start = this.i;
    const atom = this.atom(depth);
    const bounds = this.quantifier();
    if (bounds === undefined) return atom;
    if (this.src[this.i] === "?") this.i++; // lazy: same paths, tried in another order
    return { kind: "repeat", body: atom, min: bounds[0], max: bounds[1], start, end: this.i };
  }

  private quantifier(): [number, number] | undefined {
    const c = this.src[this.i];
    if (c === "*" || c === "+" || c === "?") {
      this.i++;
      return c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    }
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i, this.i + 40));
    if (c !== "{" || !braces) return undefined;
    this.i += braces[0].length;
    const min = Number(braces[1]);
    return [min, braces[2] === undefined ? min : braces[3] === "" ? Infinity : Number(braces[3])];
  }

  private atom(depth: number): RegexNode {
    const start = this.i;
    const c = this.src[this.i]!;
    const node = (kind: "assert" | "backref") => ({ kind, start, end: this.i });
    const chars = (set: CharSet): RegexNode => ({ kind: "chars", set, start, end: this.i });
    if (c === "(") return this.group(depth);
    if (c === "[") return chars(this.charClass());
    if ("*+?)".includes(c)) throw new Unreadable();
    this.i++;
    if (c === "^" || c === "$") return node("assert");
    if (c === ".") return chars(DOT);
    if (c !== "\\") {
      const code = this.src.codePointAt(start)!;
      this.i = start + (code > 0xffff ? 2 : 1);
      return chars(single(code));
    }
    const e = this.src[this.i];
    if (e === "b" || e === "B") {
      this.i++;
      return node("assert");
    }
    if (e !== undefined && /[1-9]/.test(e)) {
      while (/[0-9]/.test(this.src[this.i] ?? "")) this.i++;
      return node("backref");
    }
    if (e === "k" && this.src[this.i + 1] === "<") {
      const close = this.src.indexOf(">", this.i);
      if (close === -1) throw new Unreadable();
      this.i = close + 1;
      return node("backref");
    }
    return chars(this.escape(false));
  }

  private group(depth: number): RegexNode {
    const start = this.i;
    const head = /^\((\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(this.src.slice(this.i, this.i + 300))!;
    this.i += head[0].length;
    const look = head[2] !== undefined && ["=", "!", "<=", "<!"].includes(head[2]);
    const body = this.alternation(depth + 1);
    if (this.src[this.i] !== ")") throw new Unreadable();
    this.i++;
    return { kind: "group", body, look, start, end: this.i };
  }

  private charClass(): CharSet {
    this.i++; // [
    const negated = this.src[this.i] === "^";
    if (negated) this.i++;
    const parts: CharSet[] = [];
    while (this.src[this.i] !== "]") {
      if (this.atEnd()) throw new Unreadable();
      const from = this.classAtom();
      if (this.src[this.i] === "-" && this.src[this.i + 1] !== "]" && this.src[this.i + 1] !== undefined) {
        this.i++;
        const to = this.classAtom();
        if (from.length !== 1 || to.length !== 1 || from[0]![0] !== from[0]![1] || to[0]![0] !== to[0]![1]) throw new Unreadable();
        parts.push(range(from[0]![0], to[0]![0]));
      } else {
        parts.push(from);
      }
    }
    this.i++; // ]
    const set = union(...parts);
    return negated ? complement(set) : set;
  }

  private classAtom(): CharSet {
    const c = this.src[this.i]!;
    if (c !== "\\") {
      const code = this.src.codePointAt(this.i)!;
      this.i += code > 0xffff ? 2 : 1;
      return single(code);
    }
    this.i++;
    if (this.src[this.i] === "b") {
      this.i++;
      return single(0x08);
    }
    return this.escape(true);
  }

  /** The character or class after a backslash (the backslash already read). */
  private escape(inClass: boolean): CharSet {
    const e = this.src[this.i++];
    if (e === undefined) throw new Unreadable();
    const classes: Record<string, CharSet> = { d: DIGIT, D: complement(DIGIT), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) };
    if (classes[e]) return classes[e]!;
    const controls: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b, f: 0x0c, 0: 0x00 };
    if (e in controls) return single(controls[e]!);
    if (e === "p" || e === "P") {
      // Unicode properties: taken as any character, so overlaps are over-reported rather than missed.
      const close = this.src.indexOf("}", this.i);
      if (this.src[this.i] !== "{" || close === -1) throw new Unreadable();
      this.i = close + 1;
      return ANY;
    }
    if (e === "c" && /[A-Za-z]/.test(this.src[this.i] ?? "")) return single(this.src.charCodeAt(this.i++) % 32);
    const hex = e === "x" ? /^[0-9A-Fa-f]{2}/ : e === "u" ? /^(\{[0-9A-Fa-f]+\}|[0-9A-Fa-f]{4})/ : undefined;
    if (hex) {
      const digits = hex.exec(this.src.slice(this.i, this.i + 10));
      if (!digits) throw new Unreadable();
      this.i += digits[0].length;
      return single(parseInt(digits[0].replace(/[{}]/g, ""), 16));
    }
    if (inClass && e === "-") return single(0x2d);
    if (/[\^$\\.*+?()[\]{}|/]/.test(e)) return single(e.charCodeAt(0));
    throw new Unreadable(); // the u flag allows no other identity escapes
  }
}
