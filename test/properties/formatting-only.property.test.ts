// Property test: whatever a hand edit does to a generated module, differsOnlyInFormatting
// (src/lock/formatting-only.ts) calls it formatting only when TypeScript parses the edited text to
// the same tree as the generated one: parentheses aside, literals by value, a quoted key that is a
// plain name as the name, `a && (b && c)` as `a && b && c` and `A | (B | C)` as `A | B | C`, empty
// statements aside, and the same comments (whitespace, semicolons and quote kinds inside them aside).
// The inputs are the generated modules of test/fixtures/formatting-only/ and what Prettier and Biome
// wrote for them, edited as a person would slip or as a formatter might: characters deleted,
// inserted and swapped, a run of tokens put in parentheses, a pair of parentheses taken out, a
// semicolon dropped, a line broken before a token, two tokens run together, quotes swapped.
// An edit that leaves text TypeScript does not parse is out of scope: no formatter writes one, and the
// finding only words a hand edit, which tsc then reports.
// PROPERTY_RUNS sets the number of edits and PROPERTY_SEED the seed (fixed in `npm test`, see
// test/support/property-seed.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { differsOnlyInFormatting } from "../../src/lock/formatting-only.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);
const FIXTURES = join(REPO_ROOT, "test/fixtures/formatting-only");
const MODULES = readdirSync(join(FIXTURES, "generated")).sort();
// Not biome-check/: its sorted imports and `let` made `const` mean the same code to the comparison
// (code-meaning/module-order.ts, const-lets.ts) but not the same tree to TypeScript's parser.
const LAYOUTS = ["generated", "prettier", "prettier-no-semi", "biome", "prettier-narrow"];
const INSERTED = [..."();,|-+!\\?.`/=><{}[]*'\"", " ", "\n"];
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;
const ASSOCIATIVE = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.BarToken,
  ts.SyntaxKind.AmpersandToken,
  ts.SyntaxKind.CaretToken,
]);

type Edit =
  | { readonly kind: "delete" | "swap" | "wrap" | "unwrap" | "drop-semicolon" | "break-line" | "join" | "swap-quote"; readonly at: number; readonly span: number }
  | { readonly kind: "insert"; readonly at: number; readonly text: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("delete", "swap", "wrap", "unwrap", "drop-semicolon", "break-line", "join", "swap-quote"),
    at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    span: fc.nat(8),
  }),
  fc.record({ kind: fc.constant("insert"), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), text: fc.constantFrom(...INSERTED) }),
);

/** The start and end of each token TypeScript's scanner reads in `text`, with its kind. */
function tokenSpans(text: string): [number, number, ts.SyntaxKind][] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const spans: [number, number, ts.SyntaxKind][] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) spans.push([scanner.getTokenStart(), scanner.getTokenEnd(), kind]);
  return spans;
}

function applyEdit(text: string, change: Edit): string {
  const spans = tokenSpans(text);
  const index = Math.floor(change.at * spans.length);
  const [start, end] = spans[index] ?? [0, 0];
  const char = Math.floor(change.at * text.length);
  switch (change.kind) {
    case "insert":
      return text.slice(0, char) + change.text + text.slice(char);
    case "delete":
      return text.slice(0, char) + text.slice(char + 1);
    case "swap":
      return text.slice(0, char) + text.slice(char + 1, char + 2) + text.slice(char, char + 1) + text.slice(char + 2);
    case "wrap": {
      const last = spans[Math.min(spans.length - 1, index + change.span)]?.[1] ?? end;
      return `${text.slice(0, start)}(${text.slice(start, last)})${text.slice(last)}`;
    }
    case "unwrap":
      return unwrapAt(text, spans, index);
    case "drop-semicolon": {
      const semicolon = spans.slice(index).find(([, , kind]) => kind === ts.SyntaxKind.SemicolonToken);
      return semicolon ? text.slice(0, semicolon[0]) + text.slice(semicolon[1]) : text;
    }
    case "break-line":
      return `${text.slice(0, start)}\n${text.slice(start)}`;
    case "join":
      return text.slice(0, end) + text.slice(spans[index + 1]?.[0] ?? end);
    case "swap-quote": {
      const quote = text.slice(char).search(/['"`]/);
      if (quote === -1) return text;
      const at = char + quote;
      return text.slice(0, at) + ({ '"': "'", "'": "`", "`": '"' } as Record<string, string>)[text[at]!] + text.slice(at + 1);
    }
  }
}

/** The text without the first `(` at or after token `index` and the `)` that closes it. */
function unwrapAt(text: string, spans: readonly [number, number, ts.SyntaxKind][], index: number): string {
  const open = spans.findIndex(([, , kind], i) => i >= index && kind === ts.SyntaxKind.OpenParenToken);
  if (open === -1) return text;
  let depth = 0;
  for (let i = open; i < spans.length; i++) {
    if (spans[i]![2] === ts.SyntaxKind.OpenParenToken) depth++;
    if (spans[i]![2] === ts.SyntaxKind.CloseParenToken && --depth === 0) {
      return text.slice(0, spans[open]![0]) + text.slice(spans[open]![1], spans[i]![0]) + text.slice(spans[i]![1]);
    }
  }
  return text;
}

/** What TypeScript reads `text` to mean, as one string (see the file comment); undefined when it does not parse. */
function parsedMeaning(text: string): string | undefined {
  const source = ts.createSourceFile("module.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  if ((source as unknown as { parseDiagnostics: readonly unknown[] }).parseDiagnostics.length > 0) return undefined;
  const out: (string | number)[] = [];
  const unparen = (node: ts.Node): ts.Node =>
    ts.isParenthesizedExpression(node) || ts.isParenthesizedTypeNode(node) ? unparen(ts.isParenthesizedExpression(node) ? node.expression : node.type) : node;
  const chain = (node: ts.Node, same: (n: ts.Node) => boolean): ts.Node[] => {
    const inner = unparen(node);
    if (!same(inner)) return [inner];
    if (ts.isBinaryExpression(inner)) return [...chain(inner.left, same), ...chain(inner.right, same)];
    return (inner as ts.UnionTypeNode | ts.IntersectionTypeNode).types.flatMap((type) => chain(type, same));
  };
  const visit = (node: ts.Node): void => {
    if (unparen(node) !== node) {
      visit(unparen(node));
      return;
    }
    if (node.kind === ts.SyntaxKind.SemicolonClassElement) return;
    if (ts.isEmptyStatement(node) && (ts.isBlock(node.parent) || ts.isSourceFile(node.parent) || ts.isModuleBlock(node.parent) || ts.isCaseOrDefaultClause(node.parent))) return;
    if ((ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) && node.types.length === 1) {
      visit(node.types[0]!);
      return;
    }
    if ((ts.isBinaryExpression(node) && ASSOCIATIVE.has(node.operatorToken.kind)) || ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) {
      const operator = ts.isBinaryExpression(node) ? node.operatorToken.kind : node.kind;
      out.push("chain", operator, "(");
      chain(node, (n) => (ts.isBinaryExpression(n) ? n.operatorToken.kind === operator : n.kind === operator)).forEach(visit);
      out.push(")");
      return;
    }
    const quotedKey = ts.isStringLiteral(node) && (ts.isPropertyAssignment(node.parent) || ts.isPropertySignature(node.parent)) && node.parent.name === node && PLAIN_NAME.test(node.text);
    out.push(quotedKey ? ts.SyntaxKind.Identifier : node.kind, node.flags & (ts.NodeFlags.OptionalChain | ts.NodeFlags.Let | ts.NodeFlags.Const));
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteral(node)) out.push(JSON.stringify(node.text));
    else if (ts.isNumericLiteral(node)) out.push(String(Number(node.text)));
    else if (ts.isBigIntLiteral(node) || ts.isRegularExpressionLiteral(node)) out.push(node.text);
    else if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.push(JSON.stringify(node.rawText));
    if (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node) || ts.isTypeOperatorNode(node)) out.push(`operator ${node.operator}`);
    out.push("(");
    ts.forEachChild(node, visit);
    out.push(")");
  };
  visit(source);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia)
      out.push(
        scanner
          .getTokenText()
          .replace(/[\s;]+/g, "")
          .replace(/\\?['"]/g, '"'),
      );
  }
  return out.join(" ");
}

describe("differsOnlyInFormatting against TypeScript's parser", () => {
  it("calls an edit formatting only when TypeScript reads the same code", () => {
    const texts = new Map(LAYOUTS.flatMap((layout) => MODULES.map((module) => [`${layout}/${module}`, readFileSync(join(FIXTURES, layout, module), "utf8")])));
    const meanings = new Map(MODULES.map((module) => [module, parsedMeaning(texts.get(`generated/${module}`)!)]));
    fc.assert(
      fc.property(fc.constantFrom(...MODULES), fc.constantFrom(...LAYOUTS), fc.array(edit, { minLength: 1, maxLength: 3 }), (module, layout, edits) => {
        const edited = edits.reduce(applyEdit, texts.get(`${layout}/${module}`)!);
        if (!differsOnlyInFormatting(texts.get(`generated/${module}`)!, edited)) return;
        const meaning = parsedMeaning(edited);
        if (meaning !== undefined) expect(meaning).toBe(meanings.get(module));
      }),
      { numRuns: RUNS },
    );
  });

  // biome-check/ means the generated code to the comparison, not to TypeScript's tree (see LAYOUTS):
  // an edit of it that the comparison still calls formatting must leave TypeScript reading what
  // biome-check/ reads, so no import moved across an import for side effects and no const assigned.
  it("calls an edit of an import organizer's and useConst's layout formatting only when TypeScript reads that layout", () => {
    const texts = new Map(MODULES.map((module) => [module, readFileSync(join(FIXTURES, "biome-check", module), "utf8")]));
    const generated = new Map(MODULES.map((module) => [module, readFileSync(join(FIXTURES, "generated", module), "utf8")]));
    const meanings = new Map(MODULES.map((module) => [module, parsedMeaning(texts.get(module)!)]));
    fc.assert(
      fc.property(fc.constantFrom(...MODULES), fc.array(edit, { minLength: 1, maxLength: 3 }), (module, edits) => {
        const edited = edits.reduce(applyEdit, texts.get(module)!);
        if (!differsOnlyInFormatting(generated.get(module)!, edited)) return;
        const meaning = parsedMeaning(edited);
        if (meaning !== undefined) expect(meaning).toBe(meanings.get(module));
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it("agrees with TypeScript that every formatter layout means the generated code", () => {
    for (const module of MODULES) {
      const meaning = parsedMeaning(readFileSync(join(FIXTURES, "generated", module), "utf8"));
      expect(meaning).toBeDefined();
      for (const layout of LAYOUTS) expect(parsedMeaning(readFileSync(join(FIXTURES, layout, module), "utf8")), `${layout}/${module}`).toBe(meaning);
    }
  });
});
