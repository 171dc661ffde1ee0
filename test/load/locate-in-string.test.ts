// A finding inside a string points at the offending characters in the file (line and column of the
// character itself, all of an escape that writes it), or, when that cannot be said exactly, at the
// whole value as before.
import { describe, expect, it } from "vitest";
import { diagnosticAtPointer } from "../../src/load/locate.js";
import { loadDocument } from "../../src/load/load-document.js";
import type { StringPart } from "../../src/model/source.js";

function place(path: string, text: string, pointer: string, part: StringPart, target: "key" | "value" = "value") {
  const doc = loadDocument({ path, text }).value!;
  const d = diagnosticAtPointer(doc, pointer, { ruleId: "x", severity: "warning", message: "m" }, target, part);
  return [d.line, d.column, d.endLine, d.endColumn];
}

describe("diagnosticAtPointer with a part of a string", () => {
  it("points into a YAML literal block scalar, at the line and column of the character", () => {
    const text = "name: t\ndescription: |\n  Line one.\n  Line two.\n  Line three.\n  Line four has a zero\u200bwidth and <IMPORTANT>x</IMPORTANT>.\ninputSchema: {type: object}\n";
    const value = "Line one.\nLine two.\nLine three.\nLine four has a zero\u200bwidth and <IMPORTANT>x</IMPORTANT>.\n";
    expect(place("t.yaml", text, "/description", { index: value.indexOf("\u200b"), length: 1 })).toEqual([6, 23, 6, 24]);
    expect(place("t.yaml", text, "/description", { index: value.indexOf("<IMPORTANT>"), length: 11 })).toEqual([6, 34, 6, 45]);
  });

  it("points into a JSON string past escapes and surrogate pairs, covering the escape that writes it", () => {
    const text = '{\n  "description": "\\ud83d\\ude00 Get\\n the\\u200b weather"\n}\n';
    const value = "\u{1f600} Get\n the\u200b weather";
    expect(place("t.json", text, "/description", { index: value.indexOf("\u200b"), length: 1 })).toEqual([2, 41, 2, 47]);
  });

  it("points at a property name's part with target key", () => {
    const text = 'inputSchema:\n  properties:\n    "a\\u200bb": {type: string}\n';
    expect(place("t.yaml", text, "/inputSchema/properties/a\u200bb", { index: 1, length: 1 }, "key")).toEqual([3, 7, 3, 13]);
  });

  it("points through an alias at the text of its anchored node, where the character is written", () => {
    const text = 'x-a: &t "see \\u200b"\ndescription: *t\n';
    expect(place("t.yaml", text, "/description", { index: 4, length: 1 })).toEqual([1, 14, 1, 20]);
  });

  it("points at the whole value when the part is not in a string of the text", () => {
    expect(place("t.yaml", "description: abc\n", "/description", { index: 3, length: 1 })).toEqual([1, 14, 1, 17]);
    expect(place("t.yaml", "inputSchema: {type: object}\n", "/inputSchema", { index: 0, length: 1 })).toEqual([1, 14, 1, 28]);
    expect(place("t.yaml", "description: !!str abc\n", "/description", { index: 1, length: 1 })[0]).toBe(1);
  });
});
