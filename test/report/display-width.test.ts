// displayWidth: the columns a terminal gives text, which a code frame's caret line follows. UTF-16
// units are the wrong count for a CJK character (one unit, two columns), an emoji (two units, two
// columns) and a combining mark (one unit, no column of its own).
import { describe, expect, it } from "vitest";
import { displayWidth } from "../../src/report/display-width.js";

describe("displayWidth", () => {
  it.each([
    ["ASCII", "get weather", 11],
    ["Latin with a precomposed accent", "café", 4],
    ["an accent as a combining mark", "cafe\u0301", 4],
    ["CJK ideographs and kana", "天気よほう", 10],
    ["Hangul syllables", "날씨", 4],
    ["fullwidth forms and the ideographic space", "ＡＢ\u3000", 6],
    ["halfwidth katakana", "ｱｲ", 2],
    ["an emoji (two UTF-16 units)", "😀", 2],
    ["an emoji shown as text by default", "\u2764", 1],
    ["a variation selector and a zero-width joiner", "\ufe0f\u200d\u200b", 0],
    ["a soft hyphen, which terminals draw", "\u00ad", 1],
    ["an ideograph beyond the BMP", "\u{20bb7}", 2],
    ["what visibleText shows instead of an invisible character", "<U+200B>", 8],
    ["an emoji with a skin tone", "👍🏽", 2],
    ["a skin tone alone, after no emoji", "a🏽", 3],
    ["a flag (two regional indicators)", "🇫🇷", 2],
    ["two flags, and a third indicator alone", "🇫🇷🇩🇪🇮", 6],
  ])("%s", (_, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});
