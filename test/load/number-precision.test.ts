// Whole numbers past 2^53 (src/load/number-precision.ts): JavaScript reads 9007199254740993 as
// 9007199254740992, readers with exact integers keep it, so the loader warns where a whole number as
// written is not the number read, in JSON (the fast path leaves such a file to the full parse) and in
// YAML, and keeps the value as JavaScript reads it.
import { describe, expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { parseCleanJson } from "../../src/load/fast-json.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { inexactWholeNumber, underflowsToZero } from "../../src/load/number-precision.js";

function load(path: string, text: string) {
  return loadDocument({ path, text });
}

describe("inexactWholeNumber", () => {
  it.each([
    ["9007199254740993", "9007199254740992"],
    ["-9007199254740993", "-9007199254740992"],
    ["12345678901234567890", "12345678901234567000"],
    ["100000000000000000001", "100000000000000000000"],
    ["+9007199254740993", "9007199254740992"],
    ["0x20000000000001", "9007199254740992"],
    ["0o400000000000000001", "9007199254740992"],
  ])("%s reads as %s", (literal, readAs) => {
    expect(inexactWholeNumber(literal, Number(literal))).toBe(readAs);
  });

  it.each([
    "9007199254740991",
    "9007199254740992",
    "18014398509481984",
    "100000000000000000000",
    "1e300",
    "9007199254740993.0",
    "42",
    "-0",
    "-24346784964269390",
    "18446744073709552000",
    "+18446744073709552000",
  ])("%s is held exactly, is written back as written, or is no whole number as written", (literal) => {
    expect(inexactWholeNumber(literal, Number(literal))).toBeUndefined();
  });
});

describe("the loader", () => {
  it.each([
    ["tools/t.json", '{\n  "name": "t",\n  "inputSchema": { "type": "object", "properties": { "id": { "type": "integer", "maximum": 9007199254740993 } } }\n}\n'],
    ["tools/t.yaml", "name: t\ninputSchema: { type: object, properties: { id: { type: integer, maximum: 9007199254740993 } } }\n"],
  ])("warns about a whole number it cannot hold exactly in %s, and reads it as JavaScript does", (path, text) => {
    const loaded = load(path, text);
    expect(loaded.value?.value).toEqual({ name: "t", inputSchema: { type: "object", properties: { id: { type: "integer", maximum: 9007199254740992 } } } });
    expect(loaded.diagnostics).toHaveLength(1);
    expect(loaded.diagnostics[0]).toMatchObject({ ruleId: "load-number-precision", severity: "warning", line: path.endsWith(".json") ? 3 : 2, pointer: "/inputSchema/properties/id/maximum" });
    expect(loaded.diagnostics[0]!.message).toContain("read it as 9007199254740992");
  });

  it.each([
    ["tools/t.json", '{ "name": "t", "description": "id 9007199254740993", "n": 9007199254740992, "x": 1e300, "y": "12345678901234567890" }\n'],
    ["tools/t.yaml", 'name: t\ndescription: id 9007199254740993\nm: 9007199254740992\nx: 1.0e+300\nz: "12345678901234567890"\n'],
  ])("says nothing about digits in strings, numbers held exactly, or exponents in %s", (path, text) => {
    expect(load(path, text).diagnostics).toEqual([]);
  });
});

// A non-zero number too small for a double (1e-400) is read as 0 by every reader: another value, and
// for multipleOf an invalid one. Overflow (1e400, infinity) was already an error in both formats.
describe("underflowsToZero", () => {
  it.each(["1e-400", "-1e-400", "1.0e-400", "2e-324", "2.4e-324", `0.${"0".repeat(400)}1`, "+1E-999"])("%s underflows", (literal) => {
    expect(underflowsToZero(literal, Number(literal))).toBe(true);
  });

  it.each(["0", "-0", "0.0", "0e5", "-0.0e-400", "5e-324", "1e-310", "1e-300", "0x0"])("%s is zero as written, or held", (literal) => {
    expect(underflowsToZero(literal, Number(literal))).toBe(false);
  });
});

describe("the loader, at a number too small for a double", () => {
  it.each([
    ["tools/t.json", '{\n  "name": "t",\n  "inputSchema": { "type": "object", "properties": { "n": { "type": "number", "multipleOf": 1e-400 } } }\n}\n', 3, 93],
    ["tools/t.yaml", "name: t\ninputSchema: { type: object, properties: { n: { type: number, multipleOf: 1.0e-400 } } }\n", 2, 75],
  ])("in %s, is an error at the number, not a schema read with 0", (path, text, line, column) => {
    const loaded = load(path, text);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: "load-number-underflow",
        severity: "error",
        file: path,
        line,
        column,
        pointer: "/inputSchema/properties/n/multipleOf",
        hint: "Write 0 if you mean zero, or a number of at least 5e-324 in size (the smallest a JSON number holds); quote it to keep it as a string.",
      }),
    ]);
    expect(loaded.diagnostics[0]!.message).toMatch(/^The number 1(\.0)?e-400 is too small for a JSON number to hold: .* read it as 0, and multipleOf must be greater than 0\.$/);
  });

  it("leaves a JSON text with such a number to the full parse, which says so; a file of plain zeros stays on the fast path", () => {
    expect(parseCleanJson('{ "a": 0, "b": "1e-400", "c": 1e-400 }', DEFAULT_LOAD_LIMITS)).toBeUndefined();
    expect(parseCleanJson('{ "a": 0, "b": "1e-400", "c": -0.0e-400 }', DEFAULT_LOAD_LIMITS)).toEqual({ a: 0, b: "1e-400", c: -0 });
    // Written out, without an exponent: 323 zeros after the point and a digit.
    expect(parseCleanJson(`{ "a": 0.${"0".repeat(323)}1 }`, DEFAULT_LOAD_LIMITS)).toBeUndefined();
    expect(parseCleanJson(`{ "a": 0.${"0".repeat(321)}5 }`, DEFAULT_LOAD_LIMITS)).toEqual({ a: 5e-322 });
    expect(parseCleanJson('{ "a": 0, "b": 2.4E-324 }', DEFAULT_LOAD_LIMITS)).toBeUndefined();
  });
});
