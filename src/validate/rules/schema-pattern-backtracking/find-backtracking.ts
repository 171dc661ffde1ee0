// Static signs of catastrophic (exponential) backtracking in a parsed pattern. A repetition that
// can split the same text between its iterations, or within one iteration, in two ways doubles the
// work of a backtracking engine (V8's, which ajv uses) at every iteration once the match is bound to
// fail. Two such shapes are found, each inside a long repetition (unbounded, or 10 or more times)
// after which something can still fail:
//   nested:      a varying repetition inside it with no mandatory character between iterations that
//                the inner repetition cannot match: (a+)+, (\w+\s?)*, (.*,)*, (a{1,2})+;
//   alternation: two alternatives that can match the same text, or one that can match the start of
//                the next iteration: (a|a)*, (\w|\d)+, (a|aa)*.
// It does not find polynomial backtracking (\s*\s*$, .*a.*b), ambiguity hidden behind
// back-references, or repetitions bounded below 10; and since alternatives of varying length are
// compared by their first character only, it can report a safe pattern such as ((25[0-5]|1?\d?\d)\.)+.
import { ANY, EMPTY, intersects, union, type CharSet } from "./char-set.js";
import type { RegexNode } from "./parse-pattern.js";

type Repeat = Extract<RegexNode, { kind: "repeat" }>;

export interface BacktrackingFinding {
  readonly kind: "nested" | "alternation";
  /** The long repetition. */
  readonly loop: RegexNode;
  /** The inner repetition (nested), or the two alternatives that overlap (alternation). */
  readonly parts: readonly RegexNode[];
}

const LONG = 10;
/** Longest fixed-length alternative compared character by character. */
const MAX_FIXED = 64;

export function findBacktracking(root: RegexNode): BacktrackingFinding | undefined {
  return visit(root, false);
}

function visit(node: RegexNode, tailCanFail: boolean): BacktrackingFinding | undefined {
  switch (node.kind) {
    case "seq": {
      let restSucceeds = true;
      const tails = node.items.map(() => false);
      for (let i = node.items.length - 1; i >= 0; i--) {
        tails[i] = tailCanFail || !restSucceeds;
        restSucceeds &&= alwaysSucceeds(node.items[i]!);
      }
      for (const [i, item] of node.items.entries()) {
        const found = visit(item, tails[i]!);
        if (found) return found;
      }
      return undefined;
    }
    case "alt":
      for (const option of node.options) {
        const found = visit(option, tailCanFail);
        if (found) return found;
      }
      return undefined;
    case "group":
      // A lookaround ends in success and is never re-entered once it has matched.
      return visit(node.body, node.look ? false : tailCanFail);
    case "repeat":
      // When nothing after the repetition can fail, the first way through succeeds and no other is tried.
      return (tailCanFail && (node.max === Infinity || node.max >= LONG) ? checkLoop(node) : undefined) ?? visit(node.body, tailCanFail);
    default:
      return undefined;
  }
}

function checkLoop(loop: Repeat): BacktrackingFinding | undefined {
  const separators = mandatoryChars(loop.body);
  for (const inner of descendants(loop.body)) {
    if (inner.kind !== "repeat" || inner.min >= inner.max || inner.max < 2) continue;
    const consumed = consumedChars(inner);
    if (consumed.length === 0) continue;
    const outside = separators.filter((s) => s.node.start < inner.start || s.node.end > inner.end);
    if (!outside.some((s) => !intersects(s.set, consumed))) return { kind: "nested", loop, parts: [inner] };
  }
  return overlappingAlternatives(loop.body, firstChars(loop.body), loop);
}

/** Alternatives inside `node` that can match the same text; `follow` is what may come right after `node`. */
function overlappingAlternatives(node: RegexNode, follow: CharSet, loop: Repeat): BacktrackingFinding | undefined {
  switch (node.kind) {
    case "seq": {
      // What may follow each item: the next item's first characters, and further on while items can be empty.
      const after: CharSet[] = [];
      let next = follow;
      for (let i = node.items.length - 1; i >= 0; i--) {
        after[i] = next;
        const item = node.items[i]!;
        next = nullable(item) ? union(firstChars(item), next) : firstChars(item);
      }
      for (const [i, item] of node.items.entries()) {
        const found = overlappingAlternatives(item, after[i]!, loop);
        if (found) return found;
      }
      return undefined;
    }
    case "alt": {
      const shapes = node.options.map((option) => ({ option, fixed: fixedChars(option), first: firstChars(option) }));
      for (let i = 0; i < shapes.length; i++) {
        for (let j = i + 1; j < shapes.length; j++) {
          if (canOverlap(shapes[i]!, shapes[j]!, follow)) return { kind: "alternation", loop, parts: [shapes[i]!.option, shapes[j]!.option] };
        }
      }
      for (const option of node.options) {
        const found = overlappingAlternatives(option, follow, loop);
        if (found) return found;
      }
      return undefined;
    }
    case "group":
      return node.look ? undefined : overlappingAlternatives(node.body, follow, loop);
    case "repeat":
      return overlappingAlternatives(node.body, node.max > 1 ? union(firstChars(node.body), follow) : follow, loop);
    default:
      return undefined;
  }
}

interface Shape {
  readonly fixed: CharSet[] | undefined;
  readonly first: CharSet;
}

function canOverlap(a: Shape, b: Shape, follow: CharSet): boolean {
  const fa = a.fixed;
  const fb = b.fixed;
  if (fa === undefined || fb === undefined) return intersects(a.first, b.first);
  // An empty alternative cannot repeat: V8 stops an iteration that matched nothing.
  if (fa.length === 0 || fb.length === 0) return false;
  const shared = Math.min(fa.length, fb.length);
  for (let k = 0; k < shared; k++) if (!intersects(fa[k]!, fb[k]!)) return false;
  if (fa.length === fb.length) return true;
  // (a|aa)*: the shorter one, then the next iteration, can match what the longer one does.
  return intersects((fa.length > fb.length ? fa : fb)[shared]!, follow);
}

function nullable(node: RegexNode): boolean {
  switch (node.kind) {
    case "chars":
      return false;
    case "seq":
      return node.items.every(nullable);
    case "alt":
      return node.options.some(nullable);
    case "group":
      return node.look || nullable(node.body);
    case "repeat":
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

/** True when `node` matches, whatever follows it: it can match the empty string and tests nothing. */
function alwaysSucceeds(node: RegexNode): boolean {
  switch (node.kind) {
    case "seq":
      return node.items.every(alwaysSucceeds);
    case "alt":
      return node.options.some(alwaysSucceeds);
    case "group":
      return !node.look && alwaysSucceeds(node.body);
    case "repeat":
      return node.min === 0 || alwaysSucceeds(node.body);
    default:
      return false;
  }
}

function firstChars(node: RegexNode): CharSet {
  switch (node.kind) {
    case "chars":
      return node.set;
    case "backref":
      return ANY;
    case "seq": {
      const leading: CharSet[] = [];
      for (const item of node.items) {
        leading.push(firstChars(item));
        if (!nullable(item)) break;
      }
      return union(...leading);
    }
    case "alt":
      return union(...node.options.map(firstChars));
    case "group":
      return node.look ? EMPTY : firstChars(node.body);
    case "repeat":
      return node.max === 0 ? EMPTY : firstChars(node.body);
    default:
      return EMPTY;
  }
}

function consumedChars(node: RegexNode): CharSet {
  return union(...descendants(node).map((n) => (n.kind === "chars" ? n.set : n.kind === "backref" ? ANY : EMPTY)));
}

/** The character set at each position, when `node` only matches text of one length. */
function fixedChars(node: RegexNode): CharSet[] | undefined {
  switch (node.kind) {
    case "chars":
      return [node.set];
    case "assert":
      return [];
    case "seq": {
      const out: CharSet[] = [];
      for (const item of node.items) {
        const part = fixedChars(item);
        if (part === undefined || out.length + part.length > MAX_FIXED) return undefined;
        out.push(...part);
      }
      return out;
    }
    case "group":
      return node.look ? [] : fixedChars(node.body);
    case "repeat": {
      const part = node.min === node.max ? fixedChars(node.body) : undefined;
      if (part === undefined || part.length * node.min > MAX_FIXED) return undefined;
      return Array.from({ length: node.min }, () => part).flat();
    }
    default:
      return undefined;
  }
}

/** Characters every match of `node` must contain, with the node that matches each. */
function mandatoryChars(node: RegexNode): { node: RegexNode; set: CharSet }[] {
  switch (node.kind) {
    case "chars":
      return [{ node, set: node.set }];
    case "seq":
      return node.items.flatMap(mandatoryChars);
    case "group":
      return node.look ? [] : mandatoryChars(node.body);
    case "repeat":
      return node.min > 0 ? mandatoryChars(node.body) : [];
    default:
      return [];
  }
}

/** `node` and everything inside it, lookarounds excepted, parents first. */
function descendants(node: RegexNode): RegexNode[] {
  const out: RegexNode[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    out.push(current);
    if (current.kind === "seq") stack.push(...[...current.items].reverse());
    else if (current.kind === "alt") stack.push(...[...current.options].reverse());
    else if (current.kind === "group" && !current.look) stack.push(current.body);
    else if (current.kind === "repeat") stack.push(current.body);
  }
  return out;
}
