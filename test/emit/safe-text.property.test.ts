// Property tests for emit/safe-text.ts (STYLE §5, §6): any text as a string literal evaluates back to
// itself and parses as exactly one expression; any text in a comment stays inside it.
import fc from "fast-check";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { docComment, jsonLiteral, lineComment, objectKey, stringLiteral, typeKey } from "../../src/emit/safe-text.js";

/** Arbitrary UTF-16 text, lone surrogates included, biased towards characters that break things. */
const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .array(fc.constantFrom("*/", "/*", "`", "${", "\\", '"', "'", "\u2028", "\u2029", "\0", "\r", "\n", "<!--", "-->", "\u202e", "\ud800", "\udc00", "@param", " ", "a", "é", "😀"), { maxLength: 12 })
    .map((parts) => parts.join("")),
);

function parse(code: string) {
  const file = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
  return { file, diagnostics };
}

describe("safe-text", () => {
  it("stringLiteral(s) parses as one string literal that evaluates to s", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const literal = stringLiteral(text);
        const { file, diagnostics } = parse(`export const x = ${literal};\n`);
        expect(diagnostics).toEqual([]);
        expect(file.statements).toHaveLength(1);
        expect(new Function(`return ${literal};`)()).toBe(text);
        expect(literal).not.toMatch(/[\u2028\u2029\u0000-\u001f]/);
      }),
      { numRuns: 500 },
    );
  });

  it("docComment(s) stays one comment before the declaration it documents", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const code = `${docComment(text)}export const x = 1;\n`;
        const { file, diagnostics } = parse(code);
        expect(diagnostics).toEqual([]);
        expect(file.statements).toHaveLength(1);
        expect(file.statements[0]!.getText()).toBe("export const x = 1;");
      }),
      { numRuns: 500 },
    );
  });

  it("lineComment(s) never spills onto the next line", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const { file, diagnostics } = parse(`${lineComment(text)}\nexport const x = 1;\n`);
        expect(diagnostics).toEqual([]);
        expect(file.statements).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });

  it("jsonLiteral(v) evaluates to a value deep-equal to v, own keys included", () => {
    const key = fc.oneof(hostileText, fc.constantFrom("__proto__", "constructor", "prototype", "toString"));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.constant(null),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        hostileText,
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(key, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const literal = jsonLiteral(value);
        const { diagnostics } = parse(`export const x = ${literal};\n`);
        expect(diagnostics).toEqual([]);
        const back = new Function(`return ${literal};`)();
        expect(JSON.stringify(back)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it("keys are valid in object and type literals, __proto__ stays an own property", () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.constant("__proto__")), (key) => {
        expect(parse(`type T = { ${typeKey(key)}: string };`).diagnostics).toEqual([]);
        const object = new Function(`return { ${objectKey(key)}: 1 };`)();
        expect(Object.hasOwn(object, key)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
