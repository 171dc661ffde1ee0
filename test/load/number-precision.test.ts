// Whole numbers past 2^53 (src/load/number-precision.ts): JavaScript reads 9007199254740993 as
// 9007199254740992, readers with exact integers keep it, so the loader warns where a whole number as
// written is not the number read, in JSON (the fast path leaves such a file to the full parse) and in
// YAML, and keeps the value as JavaScript reads it.
import { describe, expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { inexactWholeNumber } from "../../src/load/number-precision.js";

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
