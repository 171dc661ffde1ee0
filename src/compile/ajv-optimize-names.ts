// ajv turns a schema into a tree of code nodes, then optimises it once: it counts how often every
// name is used (`_root.names`) and drops the declarations nobody reads, inlining constants used
// once. ajv counts by asking each node for a fresh map of its whole subtree's names and merging the
// children's maps at every level, so a name deep in a large validator is copied once per enclosing
// block: on the GitHub corpus a fifth of ajv's compile time went into those copies. This counts the
// same names into one map in one walk of the tree and hands ajv the result; ajv's optimisation itself
// is untouched, so the generated code is byte for byte what ajv writes (test/compile/
// ajv-optimize-names.test.ts compiles every corpus schema both ways). Applied by load-ajv.ts, which
// pins the ajv version; a node kind this walk does not know makes it fall back to ajv's own count
// for that validator.
//
// The same walk measures how deeply the code's blocks nest. ajv renders the tree to text, and V8
// parses that text, by recursion: a first-error validator nests one block per property and keyword
// (each `if (valid)` holds the rest), so a flat schema of about 1,650 properties exhausted the main
// thread's stack, and whether it did depended on the thread's stack size (a worker's is larger). A
// tree nested deeper than MAX_CODE_NESTING is refused before it is rendered (CodeNestingError), the
// same on every thread: the caller then compiles the schema with allErrors, whose code nests only
// as deep as the schema does.

/** A node of ajv's code tree (ajv/dist/compile/codegen), as far as the count reads it. */
export interface CodeNode {
  readonly constructor: { readonly name: string };
  readonly names: Record<string, number | undefined>;
  readonly nodes?: readonly CodeNode[];
  readonly [member: string]: unknown;
}

/** An expression (ajv's `_Code` or `Name`): `str` for a Name, `names` for either. */
interface CodeExpr {
  readonly str?: string;
  readonly names: Record<string, number | undefined>;
}

interface CodeModules {
  readonly CodeGen: { prototype: { optimize(this: CodeGenLike, n?: number): void } };
}

interface CodeGenLike {
  readonly _root: CodeNode & { optimizeNodes(): unknown; optimizeNames(names: Record<string, number | undefined>, constants: unknown): unknown };
  readonly _constants: unknown;
}

/** ajv's dist/compile/codegen/code.js: the classes of its expressions. */
export interface CodeClasses {
  readonly _CodeOrName: abstract new (...args: never[]) => object;
  readonly Name: abstract new (...args: never[]) => object;
}

const INSTALLED = Symbol.for("mcp-gen.ajv-optimize-names");
/** Where installNameCounting keeps ajv's own optimize, for tests that compare the two. */
export const AJV_OWN_OPTIMIZE = Symbol.for("mcp-gen.ajv-optimize-names.ajv-own");

/**
 * Makes ajv's CodeGen count names in one walk. `codegen` and `code` are ajv's
 * dist/compile/codegen/index.js and code.js modules (the instances ajv itself uses). Idempotent.
 */
export function installNameCounting(codegen: CodeModules, code: CodeClasses): void {
  const prototype = codegen.CodeGen.prototype as CodeModules["CodeGen"]["prototype"] & { [INSTALLED]?: boolean };
  if (prototype[INSTALLED]) return;
  Object.defineProperty(prototype, AJV_OWN_OPTIMIZE, { value: prototype.optimize });
  prototype.optimize = function optimize(this: CodeGenLike, n = 1): void {
    // ajv's own loop, with the count of names taken from countNames.
    while (n-- > 0) {
      this._root.optimizeNodes();
      const nesting = { depth: 0 };
      const counts = countNames(this._root, code, nesting);
      if (nesting.depth > MAX_CODE_NESTING) throw new CodeNestingError(nesting.depth);
      this._root.optimizeNames(counts ?? this._root.names, this._constants);
    }
  };
  Object.defineProperty(prototype, INSTALLED, { value: true });
}

/**
 * The deepest nesting of blocks a validator's code may have (CodeNestingError). ajv's rendering and
 * V8's parsing recurse once or more per block: about 1,650 levels exhausted the main thread's stack
 * when mcp-gen compiled a schema from inside its rules, and the user's TypeScript 5.9 and 6.0 (whose
 * emitter recurses too) ran out of stack on a generated validators module from about 450 levels
 * (600 flat properties failed `tsc`). The corpus's deepest validator nests 82.
 */
export const MAX_CODE_NESTING = 200;

/** A validator's code would nest deeper than MAX_CODE_NESTING blocks: refused before ajv renders it. */
export class CodeNestingError extends Error {
  constructor(readonly depth: number) {
    super(`its validator's code would nest ${depth} blocks deep, more than the ${MAX_CODE_NESTING} mcp-gen generates`);
    this.name = "CodeNestingError";
  }
}

/**
 * How often each name is used in the tree under `root`: what ajv's `root.names` returns, counted into
 * one map. Undefined when the tree holds a node kind this does not know (then ajv counts).
 * `nesting.depth` is set to how deeply the tree's blocks nest, as far as the walk got.
 */
export function countNames(root: CodeNode, code: CodeClasses, nesting: { depth: number } = { depth: 0 }): Record<string, number> | undefined {
  const counts: Record<string, number> = {};
  // Depth-first, without recursion: generated validators nest as deep as their schemas. Each node's
  // depth is kept beside it: a child is one deeper than the node that pushed it.
  const stack: CodeNode[] = [root];
  const depths: number[] = [0];
  // The expressions of one node at a time, counted below in one place: this function runs hot on
  // every validator, and V8 compiles it once per thread (a count inlined at each node kind made
  // that one compile as large as a dozen).
  const exprs: unknown[] = [];
  while (stack.length > 0) {
    exprs.length = 0;
    const depth = depths.pop()!;
    if (depth > nesting.depth) nesting.depth = depth;
    if (!visitNode(stack.pop()!, code, exprs, stack)) return undefined;
    for (let i = depths.length; i < stack.length; i++) depths.push(depth + 1);
    for (let i = 0; i < exprs.length; i++) {
      const expr = exprs[i];
      if (!(expr instanceof code._CodeOrName)) continue;
      if (expr instanceof code.Name) {
        const { str } = expr as CodeExpr;
        counts[str!] = (counts[str!] ?? 0) + 1;
        continue;
      }
      const names = (expr as CodeExpr).names;
      for (const name in names) counts[name] = (counts[name] ?? 0) + (names[name] ?? 0);
    }
  }
  return counts;
}

/**
 * Adds to `exprs` the expressions `node` names itself (what its kind's `names` getter adds to its
 * children's) and to `stack` the nodes below it. False for a node kind this does not know.
 */
function visitNode(node: CodeNode, code: CodeClasses, exprs: unknown[], stack: CodeNode[]): boolean {
  switch (node.constructor.name) {
    // Leaves, as their `names` getters count them.
    case "Def":
      exprs.push(node.rhs);
      return true;
    case "Assign":
    case "AssignOp":
      if (!(node.lhs instanceof code.Name)) exprs.push(node.lhs);
      exprs.push(node.rhs);
      return true;
    case "Label":
    case "Break":
      return true;
    case "Throw":
      exprs.push(node.error);
      return true;
    case "AnyCode":
      exprs.push(node.code);
      return true;
    // Blocks: their children, and what each kind's getter adds to them.
    case "If":
      exprs.push(node.condition);
      if (node.else) stack.push(node.else as CodeNode);
      break;
    case "ForLoop":
      exprs.push(node.iteration);
      break;
    case "ForRange":
      exprs.push(node.from, node.to);
      break;
    case "ForIter":
      exprs.push(node.iterable);
      break;
    case "Try":
      if (node.catch) stack.push(node.catch as CodeNode);
      if (node.finally) stack.push(node.finally as CodeNode);
      break;
    case "Root":
    case "Else":
    case "Func":
    case "Return":
    case "Catch":
    case "Finally":
      break;
    default:
      return false;
  }
  if (!Array.isArray(node.nodes)) return false;
  for (const child of node.nodes) stack.push(child);
  return true;
}
