// differsOnlyInFormatting (lock/formatting-only.ts), which decides whether check and build call a
// changed generated file reformatted (generated-file-formatted) or edited by hand. The formatted
// texts are what Prettier 3 and `biome format` write for the type mcp-gen emits for
// `v: { anyOf: [{ type: object, properties: { a: { type: string } } }, { type: string }] }`.
import { describe, expect, it } from "vitest";
import { differsOnlyInFormatting } from "../../src/lock/formatting-only.js";

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
