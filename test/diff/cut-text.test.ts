// cutText shortens text for a message or a code frame. A cut by UTF-16 units could split a surrogate
// pair, and the half emoji left then printed as <U+D83D> (visibleText shows a lone surrogate); a cut
// after a letter could drop its accent or the rest of an emoji sequence, changing what the reader sees.
import { describe, expect, it } from "vitest";
import { cutIndex, cutText } from "../../src/diff/cut-text.js";
import { quotedStart } from "../../src/diff/visible-text.js";
import { describeProblem } from "../../src/cli/live-args.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("cutText", () => {
  it.each([
    ["fits", "abcd", 4, "abcd"],
    ["ASCII", "abcdef", 4, "abc…"],
    ["an emoji across the cut", "ab😀cd", 4, "ab…"],
    ["an emoji before the cut", "a😀cd", 4, "a😀…"],
    ["CJK (one unit each)", "名前の長い", 4, "名前の…"],
    ["an accent after the cut letter", "abe\u0301f", 4, "ab…"],
    ["a variation selector after the cut character", "ab\u2764\ufe0fz", 4, "ab…"],
    ["a ZWJ sequence cut at the joiner", "a👩\u200d💻z", 4, "a…"],
    ["a ZWJ sequence cut right after the joiner", "a👩\u200d💻z", 5, "a…"],
    ["a skin tone after the cut emoji", "a👍🏽z", 4, "a…"],
    ["a flag cut between its two letters", "a🇫🇷z", 4, "a…"],
    ["a second flag cut between its letters", "a🇫🇷🇩🇪z", 8, "a🇫🇷…"],
    ["a cut after a whole flag", "a🇫🇷🇩🇪z", 6, "a🇫🇷…"],
  ])("%s", (_, text, max, shown) => {
    expect(cutText(text, max)).toBe(shown);
    expect(cutText(text, max).length).toBeLessThanOrEqual(max);
  });

  it("cuts a first character under hundreds of marks at a code point rather than to nothing", () => {
    const text = `a${"\u0301".repeat(300)}`;
    expect(cutIndex(text, 200)).toBe(199);
    expect(cutIndex(`x${text}`, 200)).toBe(1);
  });

  it("never leaves half of a surrogate pair, wherever the cut falls", () => {
    const text = "😀a😀😀b👩\u200d💻é\u0301".repeat(20);
    for (let max = 1; max <= text.length + 1; max++) expect(cutText(text, max)).not.toMatch(LONE_SURROGATE);
  });
});

describe("text cut for a message", () => {
  const line = `${"a".repeat(198)}😀 and more`;

  it("quotedStart keeps the emoji whole or leaves it out, never shows half of it", () => {
    expect(quotedStart(line, 200)).toBe(JSON.stringify(`${"a".repeat(198)}…`));
  });

  it("a server's long line on stderr, in a verify or import failure, shows no half emoji", () => {
    const text = describeProblem({ kind: "closed", message: "The server exited.", stderr: line });
    expect(text.split("\n")[2]).toBe(`  | ${"a".repeat(198)}…`);
    expect(text).not.toContain("<U+D83D>");
    expect(text).not.toMatch(LONE_SURROGATE);
  });
});
