// scalarOffsets maps an index inside a string value back to where its character is written, for
// every way JSON and YAML write a string: escapes, surrogate pairs, quotes doubled, line folding,
// literal and folded block scalars with their indicators. Property: any string, written by JSON or
// by the yaml package in any style, maps a marker character to the marker in the source (or to the
// escape that writes it); where the source does not decode to the value, nothing is claimed.
import fc from "fast-check";
import { Document, isScalar, type Scalar } from "yaml";
import { describe, expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { scalarOffsets } from "../../src/load/string-offsets.js";
import { valueAt } from "../../src/model/json.js";

/** The source offset of `value[index]` in `raw`, or undefined. */
const at = (raw: string, value: string, index: number) => scalarOffsets(raw, value)?.[index];

describe("scalarOffsets", () => {
  it("reads JSON strings: escapes, \\uXXXX and surrogate pairs", () => {
    expect(scalarOffsets('"a\\nb"', "a\nb")).toEqual([1, 2, 4, 5]);
    const raw = String.raw`"x\u200by\ud83d\ude00z"`;
    const value = "x\u200by\u{1f600}z";
    expect(at(raw, value, 1)).toBe(2);
    expect(at(raw, value, 2)).toBe(8);
    expect([at(raw, value, 3), at(raw, value, 4)]).toEqual([9, 15]);
    expect(at(raw, value, 5)).toBe(21);
    // A raw emoji is two code units at two offsets.
    expect(scalarOffsets('"\u{1f600}!"', "\u{1f600}!")).toEqual([1, 2, 3, 4]);
  });

  it("reads YAML double quotes: folding, empty lines, escaped breaks, \\x and \\U", () => {
    const raw = '"one\n  two\n\n  three \\\n  four\\x41\\U0001F600"';
    const value = "one two\nthree fourA\u{1f600}";
    expect(scalarOffsets(raw, value)).toBeDefined();
    expect(at(raw, value, value.indexOf("two"))).toBe(raw.indexOf("two"));
    expect(at(raw, value, value.indexOf("three"))).toBe(raw.indexOf("three"));
    expect(at(raw, value, value.indexOf("four"))).toBe(raw.indexOf("four"));
    expect(at(raw, value, value.indexOf("A"))).toBe(raw.indexOf("\\x41"));
  });

  it("reads YAML single quotes and plain scalars over several lines", () => {
    expect(at("'it''s\n  here'", "it's here", 5)).toBe(raw("'it''s\n  here'", "here"));
    expect(at("plain text\n  goes on", "plain text goes on", 11)).toBe(13);
  });

  it("reads literal and folded block scalars, with indentation and chomping indicators", () => {
    const literal = "|\n  Line one.\n  Line two has a zero\u200bwidth.\n";
    expect(at(literal, "Line one.\nLine two has a zero\u200bwidth.\n", 29)).toBe(literal.indexOf("\u200b"));
    const folded = ">-\n  one\n  two\n\n  three\n    indented\n  four\n\n";
    const value = "one two\nthree\n  indented\nfour";
    expect(scalarOffsets(folded, value)).toBeDefined();
    expect(at(folded, value, value.indexOf("three"))).toBe(folded.indexOf("three"));
    expect(at(folded, value, value.indexOf("four"))).toBe(folded.indexOf("four"));
    // "|2" under a key indented by two: the content is indented by four, its first line by six.
    const indicated = "|2+\n      lead\n    x\n\n";
    expect(at(indicated, "  lead\nx\n\n", 2)).toBe(indicated.indexOf("lead"));
  });

  it("claims nothing when the source does not decode to the value", () => {
    expect(scalarOffsets('"abc"', "abd")).toBeUndefined();
    expect(scalarOffsets('"a\\qb"', "aqb")).toBeUndefined();
    expect(scalarOffsets("*alias", "x")).toBeUndefined();
    expect(scalarOffsets("|\n  a\n b\n", "a\nb\n")).toBeUndefined();
  });
});

function raw(text: string, part: string): number {
  return text.indexOf(part);
}

const MARKER = "\u00a7";
const PIECES = ["\n", "\n\n", " ", "  ", "\t", "\\", '"', "'", "#", ": ", "- ", "\u200b", "\u{1f600}", "\u2028", "\u0085", "é", "''", "\\n", "|", ">", "{", "["];
const texts = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 }), fc.lorem({ maxCount: 3 })), { maxLength: 10 }).map((parts) => parts.join("").replaceAll(MARKER, ""));
const STYLES = ["json", "QUOTE_DOUBLE", "QUOTE_SINGLE", "PLAIN", "BLOCK_LITERAL", "BLOCK_FOLDED"] as const;

/** `value` as the description of a tool, nested `depth` mappings deep, written in `style`. */
function render(value: string, style: (typeof STYLES)[number], depth: number, lineWidth: number): { text: string; path: string; pointer: string } {
  let tree: unknown = { description: value };
  let pointer = "/description";
  for (let i = 0; i < depth; i++) {
    tree = { [`k${i}`]: tree };
    pointer = `/k${i}${pointer}`;
  }
  if (style === "json") return { text: JSON.stringify(tree, null, 2), path: "t.json", pointer };
  const doc = new Document(tree, { version: "1.2" });
  const node = doc.getIn(pointer.slice(1).split("/"), true);
  if (isScalar(node)) (node as Scalar).type = style;
  return { text: doc.toString({ lineWidth, minContentWidth: 0 }), path: "t.yaml", pointer };
}

describe("scalarOffsets over generated strings (property)", () => {
  it("maps a marker to where JSON or YAML, in any style and nesting, wrote it", () => {
    const written = new Map<string, number>();
    let lossy = 0;
    fc.assert(
      fc.property(texts, fc.nat(), fc.constantFrom(...STYLES), fc.nat(3), fc.integer({ min: 10, max: 60 }), fc.boolean(), (base, where, style, depth, lineWidth, crlf) => {
        const index = where % (base.length + 1);
        const value = base.slice(0, index) + MARKER + base.slice(index);
        const rendered = render(value, style, depth, lineWidth);
        const { path, pointer } = rendered;
        // Windows line breaks: a file's, never inside a JSON string, where a break is written \n.
        const text = crlf ? rendered.text.replaceAll("\n", "\r\n") : rendered.text;
        const doc = loadDocument({ path, text }).value;
        if (doc === undefined) return;
        const span = doc.spans.get(pointer);
        expect(span, text).toBeDefined();
        const raw = doc.text.slice(span!.value.start, span!.value.end);
        // What the file says, which is what the rules read (the yaml package may not round-trip every text).
        const read = valueAt(doc.value, pointer.slice(1).split("/"));
        if (read !== value) lossy++;
        if (typeof read !== "string" || !read.includes(MARKER)) return;
        const offsets = scalarOffsets(raw, read);
        expect(offsets, `${style}: ${JSON.stringify(text)}`).toBeDefined();
        expect(raw.slice(offsets![read.indexOf(MARKER)]!), `${style}: ${JSON.stringify(text)}`).toMatch(/^(?:\u00a7|\\u00[aA]7|\\x[aA]7)/);
        // How the yaml package really wrote it: it picks another style when the one asked for cannot hold the text.
        const how = style === "json" ? "json" : (/^[|>]/.exec(raw)?.[0] ?? /^["']/.exec(raw)?.[0] ?? "plain") + (raw.includes("\n") ? " multi-line" : "");
        written.set(how, (written.get(how) ?? 0) + 1);
      }),
      { numRuns: 600 },
    );
    // The yaml package writes a rare text (a folded one with leading blanks) that reads back otherwise.
    expect(lossy).toBeLessThan(10);
    // Every style was really written, on one line and over several.
    for (const how of ["json", '"', '" multi-line', "'", "' multi-line", "plain", "plain multi-line", "| multi-line", "> multi-line"]) {
      expect(written.get(how) ?? 0, `${how}: ${JSON.stringify([...written])}`).toBeGreaterThan(5);
    }
  });
});
