// differsOnlyInFormatting (lock/formatting-only.ts), which decides whether check and build call a
// changed generated file reformatted (generated-file-formatted) or edited by hand. The formatted
// texts are what Prettier 3 and `biome format` write for the type mcp-gen emits for
// `v: { anyOf: [{ type: object, properties: { a: { type: string } } }, { type: string }] }`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { differsOnlyInFormatting } from "../../src/lock/formatting-only.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const GENERATED = `export interface PickResult {
  v?: ({
      a?: string;
      [k: string]: unknown | undefined;
    } | string);
  [k: string]: unknown | undefined;
}
`;

const PRETTIER = `export interface PickResult {
  v?:
    | {
        a?: string;
        [k: string]: unknown | undefined;
      }
    | string;
  [k: string]: unknown | undefined;
}
`;

const BIOME = `export interface PickResult {
\tv?:
\t\t| {
\t\t\t\ta?: string;
\t\t\t\t[k: string]: unknown | undefined;
\t\t  }
\t\t| string;
\t[k: string]: unknown | undefined;
}
`;

describe("a union laid out by a formatter", () => {
  it.each([
    ["Prettier", PRETTIER],
    ["Biome", BIOME],
  ])("is formatting when %s breaks it over lines with a leading | and drops its parentheses", (_, formatted) => {
    expect(differsOnlyInFormatting(GENERATED, formatted)).toBe(true);
  });

  it.each([
    ["a type alias", "export type Mode = 'a' | 'b' | 'c';\n", 'export type Mode =\n  | "a"\n  | "b"\n  | "c";\n'],
    ["an array of a union", "const x: (A | B)[] = [];\n", "const x: (\n  | A\n  | B\n)[] = [];\n"],
    ["a type argument", "type P = Promise<A | B>;\n", "type P = Promise<\n  | A\n  | B\n>;\n"],
    ["a return type", "type F = () => A | B;\n", "type F = () =>\n  | A\n  | B;\n"],
    ["a tuple member", "type T = [A | B, C];\n", "type T = [\n  | A\n  | B,\n  C,\n];\n"],
  ])("is formatting in %s", (_, generated, formatted) => {
    expect(differsOnlyInFormatting(generated, formatted)).toBe(true);
  });

  it("is an edit when a member's type changed, however it is laid out", () => {
    expect(differsOnlyInFormatting(GENERATED, PRETTIER.replace("| string;", "| number;"))).toBe(false);
    expect(differsOnlyInFormatting(GENERATED, PRETTIER.replace("a?: string;", "a?: number;"))).toBe(false);
    expect(differsOnlyInFormatting(GENERATED, PRETTIER.replace("    | string;\n", ";\n"))).toBe(false);
    expect(differsOnlyInFormatting(GENERATED, PRETTIER.replace("| string;", "| string | null;"))).toBe(false);
  });

  it("is an edit when a pipe between operands changed", () => {
    expect(differsOnlyInFormatting("const f = a | b;\n", "const f = a || b;\n")).toBe(false);
    expect(differsOnlyInFormatting("const f = (a || b);\n", "const f = (a | b);\n")).toBe(false);
  });
});

// Each pair reads alike once whitespace, quotes, semicolons, commas and parentheses are set aside,
// and means something else: a hand edit, never a formatter's.
describe("an edit that only looks like formatting", () => {
  it.each([
    ["parentheses moved out of an array of a union", "const x: (A | B)[] = [];\n", "const x: A | B[] = [];\n"],
    ["parentheses moved inside a union", "type T = (A | B)[];\n", "type T = (A) | (B)[];\n"],
    ["parentheses around a union after keyof", "type K = keyof (A | B);\n", "type K = keyof A | B;\n"],
    ["parentheses around a function type in a union", "type F = (() => A) | B;\n", "type F = () => A | B;\n"],
    ["parentheses that group a sum", "const x = (a + b) * c;\n", "const x = a + b * c;\n"],
    ["parentheses on the right of a minus", "const x = a - (b - c);\n", "const x = a - b - c;\n"],
    ["parentheses around || inside &&", "if ((a || b) && c) f();\n", "if (a || b && c) f();\n"],
    ["parentheses around **", "const x = (a ** b) ** c;\n", "const x = a ** b ** c;\n"],
    ["parentheses that end an optional chain", "const x = (a?.b).c;\n", "const x = a?.b.c;\n"],
    ["parentheses around an optional call's callee", "const x = (a?.b)();\n", "const x = a?.b();\n"],
    ["parentheses that make a sequence one argument", "f(a, b);\n", "f((a, b));\n"],
    ["parentheses around a sequence in an initialiser", "let x = (a, b);\n", "let x = a, b;\n"],
    ["parentheses around an arrow function's object body", "const f = () => ({});\n", "const f = () => {};\n"],
    ["parentheses around a callee of new", "const x = new (a())();\n", "const x = new a()();\n"],
    ["parentheses that make a directive an expression", '"use strict";\nf();\n', '("use strict");\nf();\n'],
    ["parentheses around a conditional tested by another", "const x = (a ? b : c) ? d : e;\n", "const x = a ? b : c ? d : e;\n"],
    ["a quote inside a string changed", 'const s = "for example \\"Lisbon\\"";\n', "const s = \"for example 'Lisbon'\";\n"],
    ["a quote inside a single-quoted string changed", "const s = 'it\\'s';\n", "const s = 'it\"s';\n"],
    ["a space inside a string removed", 'const s = "a b";\n', 'const s = "ab";\n'],
    ["a comma, a semicolon or parentheses inside a string", 'const s = "a, b; (c)";\n', 'const s = "a b c";\n'],
    ["a template literal's text", "const s = `a ${b} c`;\n", "const s = `a${b}c`;\n"],
    ["a quote in a template literal", "const s = `it's`;\n", 'const s = `it"s`;\n'],
    ["a regex literal's body", "const r = /a'b c/;\n", 'const r = /a"bc/;\n'],
    ["a regex literal's flags", "const r = /a/g;\n", "const r = /a/gi;\n"],
    ["a number", "const n = 1.5;\n", "const n = 15;\n"],
    ["two minus signs run together", "const x = a - -b;\n", "const x = a--b;\n"],
    ["two plus signs run together", "const x = a + +b;\n", "const x = a++b;\n"],
    ["a keyword run into its operand", "function f() {\n  return false;\n}\n", "function f() {\n  returnfalse;\n}\n"],
    ["typeof run into its operand", 'if (typeof x === "string") f();\n', 'if (typeofx === "string") f();\n'],
    ["a comma between arguments removed", "f(a, b);\n", "f(a b);\n"],
    ["a semicolon removed before a line that starts with (", "a = b;\n(c || d).e();\n", "a = b\n(c || d).e();\n"],
    ["a semicolon removed before a line that starts with [", "a = b;\n[c, d] = e;\n", "a = b\n[c, d] = e;\n"],
    ["a semicolon removed before a line that starts with a template", "a = b;\n`c`.length;\n", "a = b\n`c`.length;\n"],
    ["the empty statement that is an if's body", "if (x);\nf();\n", "if (x)\nf();\n"],
    ["a line break after return", "function f() {\n  return x;\n}\n", "function f() {\n  return\n  x;\n}\n"],
    ["a semicolon after return removed on one line", "function f() {\n  return; x;\n}\n", "function f() {\n  return x;\n}\n"],
    ["++ moved to the next line", "a++\nb;\n", "a\n++b;\n"],
    ["a key with a space unquoted", 'const o = { "a b": 1 };\n', "const o = { ab: 1 };\n"],
    ["a string in a conditional unquoted", 'const x = c ? "a" : b;\n', "const x = c ? a : b;\n"],
    ["a case label unquoted", 'switch (x) {\n  case "a":\n    break;\n}\n', "switch (x) {\n  case a:\n    break;\n}\n"],
    ["a comment's words", "// a note\nconst a = 1;\n", "// another note\nconst a = 1;\n"],
    ["a modifier on a line of its own (a member named readonly)", "class A {\n  readonly x: T;\n}\n", "class A {\n  readonly\n  x: T;\n}\n"],
    ["an interface member put in parentheses (a call signature)", "interface I {\n  a: A;\n  b: B;\n}\n", "interface I {\n  a: A;\n  (b: B);\n}\n"],
    ["an array type's brackets moved to the next line", "interface I {\n  a?: string[];\n}\n", "interface I {\n  a?: string\n  [];\n}\n"],
    ["type arguments moved to the next line", "type T = Promise<A>;\n", "type T = Promise\n<A>;\n"],
    ["an annotation's array brackets moved to the next line", "const x: readonly T[] = [];\n", "const x: readonly T\n[] = [];\n"],
    ["as moved to the next line", "f(x as never);\n", "f(x\nas never);\n"],
    ["two statements without semicolons run into one line", 'import a from "./a"\nimport b from "./b"\n', 'import a from "./a"import b from "./b"\n'],
    ["an import moved across an import for side effects", 'import "./setup.js";\nimport { a } from "./a.js";\n', 'import { a } from "./a.js";\nimport "./setup.js";\n'],
    ["import type made a value import", 'import type { A } from "./a.js";\n', 'import { A } from "./a.js";\n'],
    [
      "a call's object argument after a conditional's : with its members run together",
      "const o = { a: c ? f(x) : { m() {\n  g\n  (y);\n} } };\n",
      "const o = { a: c ? f(x) : { m() {\n  g;\n  (y);\n} } };\n",
    ],
    ["a local export list that exports another name", "const x = 1;\nexport { x };\n", "const x = 1;\nexport { x as y };\n"],
    ["an imported name renamed in the swap", 'import { a as b, c } from "./a.js";\n', 'import { c as b, a } from "./a.js";\n'],
    ["let made const where it is assigned again", "let a = 1;\na++;\n", "const a = 1;\na++;\n"],
    ["let made const where a closure assigns it", "let a = 1;\nf(() => {\n  a = 2;\n});\n", "const a = 1;\nf(() => {\n  a = 2;\n});\n"],
    ["let made const where a pattern assigns it", "let a = 1;\n[a] = b;\n", "const a = 1;\n[a] = b;\n"],
    ["let made const where a for-of head assigns it", "let a;\nfor (a of b) f(a);\n", "const a;\nfor (a of b) f(a);\n"],
    ["let made const where a non-null assertion is assigned", "let a = f();\na! = 2;\n", "const a = f();\na! = 2;\n"],
    ["a line break before < after as (a comparison)", "const c = x as T < y;\n", "const c = x as T\n< y;\n"],
    ["parentheses around in taken out in a for head", 'for (let i = ("k" in o); i; ) f();\n', 'for (let i = "k" in o; i; ) f();\n'],
    ["a semicolon after while in a loop with an empty body", "while (a);\nreturn b;\n", "while (a)\nreturn b;\n"],
  ])("%s", (_, generated, edited) => {
    expect(differsOnlyInFormatting(generated, edited)).toBe(false);
    expect(differsOnlyInFormatting(edited, generated)).toBe(false);
  });

  it("is an edit when either text does not scan", () => {
    expect(differsOnlyInFormatting('const s = "a";\n', 'const s = "a;\n')).toBe(false);
    expect(differsOnlyInFormatting("f(a);\n", "f(a;\n")).toBe(false);
    expect(differsOnlyInFormatting("/* a */\n", "/* a\n")).toBe(false);
  });

  it("is an edit where parentheses, a comma or a | stand where no formatter writes them", () => {
    expect(differsOnlyInFormatting('import { a, b } from "x";\n', 'import { a, (b) } from "x";\n')).toBe(false);
    expect(differsOnlyInFormatting("interface I {\n  a: A;\n}\n", "interface I {\n  a: (A;)\n}\n")).toBe(false);
    expect(differsOnlyInFormatting("const x = a;\n", "const x = (a,);\n")).toBe(false);
    expect(differsOnlyInFormatting("const o = { a: 1, b: 2 };\n", "const o = { a: | 1, | b: 2 };\n")).toBe(false);
  });
});

// What Prettier and Biome do to code like mcp-gen's, each pair meaning the same.
describe("a change a formatter makes", () => {
  it.each([
    ["whitespace and line breaks", "const a = f(b, c);\n", "const a = f(\n  b,\n  c\n);\n"],
    ["a string's quotes", 'const s = "x";\n', "const s = 'x';\n"],
    ["a string's quotes with a quote inside", 'const s = "it\'s \\"a\\"";\n', "const s = 'it\\'s \"a\"';\n"],
    ["an escape for the same character", 'const s = "\\x41\\u{42}";\n', 'const s = "AB";\n'],
    ["a number's spelling", "const n = [1.50, 0XFF, .5, 1E3];\n", "const n = [1.5, 0xff, 0.5, 1e3];\n"],
    ["a regex's flags in another order", "const r = /a/gi;\n", "const r = /a/ig;\n"],
    ["semicolons ASI puts back", "const a = 1;\nlet b = a;\nf(b);\n", "const a = 1\nlet b = a\nf(b)\n"],
    ["a semicolon moved to the start of a line that starts with [", "a = b;\n[c, d].forEach(f);\n", "a = b\n;[c, d].forEach(f)\n"],
    ["the semicolon after return at the end of a block", "function f() {\n  return;\n}\n", "function f() {\n  return\n}\n"],
    ["the semicolon after return before the next line", "function f() {\n  return;\n  x;\n}\n", "function f() {\n  return\n  x\n}\n"],
    ["trailing commas", "f(a, b);\nconst o = { a, b };\ntype T<A> = [A];\n", "f(a, b,);\nconst o = { a, b, };\ntype T<A,> = [A,];\n"],
    ["quotes around a key that needs none", 'const o = { "a": 1, b: 2 };\n', 'const o = { a: 1, "b": 2 };\n'],
    ["parentheses around an arrow function's one parameter", "const f = (x) => x;\n", "const f = x => x;\n"],
    ["parentheses around a comparison inside ||", "if (((a === b) || (!(c))) && (d = e)) f();\n", "if ((a === b || !c) && (d = e)) f();\n"],
    ["parentheses around && inside &&", "if (a && (b && c)) f();\n", "if (a && b && c) f();\n"],
    ["parentheses around a product inside a sum", "const x = a + (b * c);\n", "const x = a + b * c;\n"],
    ["parentheses that Prettier adds for clarity", "const x = a && b || c % d * e;\n", "const x = (a && b) || (c % d) * e;\n"],
    ["parentheses around a whole initialiser", "const x = (a ? b : c);\n", "const x = a ? b : c;\n"],
    ["parentheses around a union in a property type", "interface I {\n  v?: (A | B);\n}\n", "interface I {\n  v?: A | B;\n}\n"],
    ["parentheses around a member of a union", "type T = A | (B[]);\n", "type T = A | B[];\n"],
    ["an interface's semicolons, an index signature on the next line", "interface I {\n  a: string;\n  [k: string]: unknown;\n}\n", "interface I {\n  a: string\n  [k: string]: unknown\n}\n"],
    ["an object type's commas", "type T = { a: string, b: Record<string, number> };\n", "type T = { a: string; b: Record<string, number> };\n"],
    ["a union's leading | after as", "const x = y as { a: 1 } | undefined;\n", "const x = y as\n  | { a: 1 }\n  | undefined;\n"],
    ["a comment re-indented", "/**\n * A note.\n */\nconst a = 1;\n", "\t/**\n\t   * A note.\n\t   */\nconst a = 1;\n"],
    ["CRLF line ends", "const a = `x\ny`;\n", "const a = `x\r\ny`;\r\n"],
    ["else on the line after }", "if (a) {\n  f();\n}\nelse {\n  g();\n}\n", "if (a) {\n  f()\n} else {\n  g()\n}\n"],
    ["the semicolons in a function body after a return type", "function f(): () => T {\n  const g = h();\n  return g;\n}\n", "function f(): () => T {\n  const g = h()\n  return g\n}\n"],
    ["the semicolon after a type alias", "type A = B<C>;\nexport const x = 1;\n", "type A = B<C>\nexport const x = 1\n"],
    [
      "the semicolons after class fields",
      "class A {\n  a: () => void;\n  b = new Set<string>();\n  c: Map<string, number>;\n  d = 1;\n}\n",
      "class A {\n  a: () => void\n  b = new Set<string>()\n  c: Map<string, number>\n  d = 1\n}\n",
    ],
    ["an object type's members on lines of their own", "type T = { a: A; b: B };\n", "type T = {\n  a: A\n  b: B\n}\n"],
    ["a type literal after as, broken over lines", "f((s as { p?: object } | undefined)?.p);\n", "f(\n  (\n    s as\n      | {\n          p?: object;\n        }\n      | undefined\n  )?.p,\n);\n"],
    ["a type literal in type arguments", "const m = new WeakMap<K, { a: A; b: B }>();\n", "const m = new WeakMap<\n  K,\n  {\n    a: A\n    b: B\n  }\n>()\n"],
    ["a type literal in a parameter's annotation", "function f(x: { a: A }, y: B) {}\n", "function f(\n  x: {\n    a: A;\n  },\n  y: B,\n) {}\n"],
    ["a type literal in a function's return type, then its body", "function f(): { a: A } {\n  g();\n  return h;\n}\n", "function f(): {\n  a: A;\n} {\n  g()\n  return h\n}\n"],
    ["a type literal in a type parameter's constraint", "function f<T extends { a?: A }>(x: T): T {\n  return x;\n}\n", "function f<\n  T extends {\n    a?: A\n  },\n>(x: T): T {\n  return x\n}\n"],
    ["a leading | inside type arguments", "type H = Readonly<Record<string, string | undefined>>;\n", "type H = Readonly<\n  Record<\n    string,\n    | string\n    | undefined\n  >\n>;\n"],
    ["an operator first on its line", "if (f(a) < 1 || b) g();\n", "if (\n  f(a)\n  < 1\n  || b\n) g();\n"],
    ["a trailing comma in a call of a method named like a keyword", "const k = Uint32Array.of(1, 2);\nm.delete(k);\n", "const k = Uint32Array.of(\n  1,\n  2,\n);\nm.delete(\n  k,\n);\n"],
    ["the semicolon before else", "if (a) f();\nelse g();\n", "if (a) f()\nelse g()\n"],
    ["the semicolon after as const", "export const A = [1] as const;\nexport type B = (typeof A)[number];\n", "export const A = [1] as const\nexport type B = (typeof A)[number]\n"],
    ["the semicolons in a case's block", 'switch (x) {\n  case "a": {\n    f();\n    return { k: 1 };\n  }\n}\n', 'switch (x) {\n  case "a": {\n    f()\n    return { k: 1 }\n  }\n}\n'],
    ["the semicolons in a catch block without a binding", "try {\n  f();\n} catch {\n  g();\n  return h;\n}\n", "try {\n  f()\n} catch {\n  g()\n  return h\n}\n"],
    ["the semicolon after do … while", "do {\n  f();\n} while (a);\nreturn b;\n", "do {\n  f()\n} while (a)\nreturn b\n"],
    [
      "imports sorted and a local export list moved among the re-exports (TypeScript's organizeImports)",
      'import { b, type C } from "./b.js";\nimport type { A } from "./a.js";\nimport { z } from "./z.js";\nexport * from "./z.js";\nexport { q } from "./q.js";\nconst x = 1;\nexport { x, b };\n',
      'import type { A } from "./a.js";\nimport { type C, b } from "./b.js";\nimport { z } from "./z.js";\nexport { q } from "./q.js";\nexport * from "./z.js";\nexport { b, x };\nconst x = 1;\n',
    ],
    ["a let never assigned again made const (useConst)", "let a = 1;\nlet b = 2;\nb += a;\nexport let c = { a };\n", "const a = 1;\nlet b = 2;\nb += a;\nexport const c = { a };\n"],
    ["parentheses around an in test (experimental ternaries)", 'const x = "k" in o ? a : b;\n', 'const x = ("k" in o) ? a : b;\n'],
    ["parentheses around a conditional type's extends type", "type R<T> = T extends { a: infer A } ? A : never;\n", "type R<T> = T extends ({ a: infer A }) ? A : never;\n"],
  ])("%s", (_, generated, formatted) => {
    expect(differsOnlyInFormatting(generated, formatted)).toBe(true);
    expect(differsOnlyInFormatting(formatted, generated)).toBe(true);
  });
});

// Generated modules of the examples (validators, testing, client and server modules, a tool module)
// in test/fixtures/formatting-only/generated/, and as three formatter runs wrote them:
//   prettier/          prettier 3.10.1 --no-config --write
//   prettier-no-semi/  prettier 3.10.1 --no-config --no-semi --single-quote --print-width 40
//                      --arrow-parens avoid --trailing-comma none --write
//   biome/             biome 2.6.8 format --write, with formatter.indentStyle "tab" and
//                      javascript.formatter { quoteStyle "single", semicolons "asNeeded",
//                      arrowParentheses "asNeeded", quoteProperties "asNeeded", bracketSpacing false }
//   biome-check/       biome 2.6.8 check --write with no configuration: Biome's formatter, its
//                      import organizer (names in an import sorted, declarations sorted by source)
//                      and the recommended lint rules' safe fixes (useConst: `let` never assigned
//                      again becomes `const`)
//   prettier-narrow/   prettier 3.10.1 --no-config --print-width 20 --write (type literals broken
//                      over lines, each member then ended by `;`)
describe("what Prettier and Biome write for generated modules", () => {
  const fixtures = join(REPO_ROOT, "test/fixtures/formatting-only");
  const modules = readdirSync(join(fixtures, "generated")).sort();
  const runs = ["prettier", "prettier-no-semi", "biome", "biome-check", "prettier-narrow"].flatMap((formatter) => modules.map((module) => [formatter, module] as const));
  const read = (folder: string, module: string) => readFileSync(join(fixtures, folder, module), "utf8");

  it.each(runs)("is formatting: %s on %s", (formatter, module) => {
    const generated = read("generated", module);
    const formatted = read(formatter, module);
    expect(formatted).not.toBe(generated);
    expect(differsOnlyInFormatting(generated, formatted)).toBe(true);
  });

  it.each(runs)("is an edit once a string's text changes: %s on %s", (formatter, module) => {
    const formatted = read(formatter, module);
    // The first string literal after the imports, one space longer.
    const literal = /(?<=[:=(,[]\s*)(['"])(?=[^'"\n]+\1)/.exec(formatted.slice(formatted.indexOf("\n\n")))!;
    const at = formatted.indexOf("\n\n") + literal.index + 1;
    expect(differsOnlyInFormatting(read("generated", module), `${formatted.slice(0, at)} ${formatted.slice(at)}`)).toBe(false);
  });
});
