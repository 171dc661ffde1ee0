// Lines as YAML 1.2, JSON and the LSP count them: each ends at "\n", "\r\n" or a lone "\r".
import { describe, expect, it } from "vitest";
import { computeLineStarts, lineTexts, positionAt } from "../../src/load/line-index.js";

describe("line index", () => {
  it("ends a line at \\n, \\r\\n and a lone \\r, and gives each line's text without its break", () => {
    const text = "a\r\nbb\rc\n\rd";
    const starts = computeLineStarts(text);
    expect(starts).toEqual([0, 3, 6, 8, 9]);
    expect(lineTexts(text, starts)).toEqual(["a", "bb", "c", "", "d"]);
    expect(positionAt(starts, 7)).toEqual({ line: 3, column: 2 });
    expect(lineTexts("", computeLineStarts(""))).toEqual([""]);
  });
});
