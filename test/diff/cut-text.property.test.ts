// Property tests for diff/cut-text.ts: whatever the text and the limit, the cut keeps to the limit,
// keeps a start of the text, and leaves no half of a character the text had whole (a surrogate
// pair, a letter and its marks, a flag's two letters). Fixed seed in `npm test` (test/support/
// fixed-seed.ts); random ones in `npm run test:nightly`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutText } from "../../src/diff/cut-text.js";

/** Text built from pieces that a cut can split: astral characters, marks, joiners, skin tones, flags, lone halves. */
const awkwardText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .array(fc.constantFrom("a", "é", "e\u0301", "名", "😀", "👍🏽", "👩\u200d💻", "🇫🇷", "🇩", "\u2764\ufe0f", "\ud800", "\udc00", "\u200d", "🏴\u{e0067}\u{e0062}\u{e007f}"), { maxLength: 40 })
    .map((parts) => parts.join("")),
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const JOINER = /^[\p{M}\p{Emoji_Modifier}\u{e0020}-\u{e007f}\u200d]/u;
const REGIONAL_INDICATORS_AT_END = /\p{Regional_Indicator}+$/u;

describe("cutText", () => {
  it("keeps to the limit, keeps a start of the text, and splits no pair the text had whole", () => {
    fc.assert(
      fc.property(awkwardText, fc.integer({ min: 2, max: 40 }), (text, max) => {
        const cut = cutText(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (cut === text) return;
        const kept = cut.slice(0, -1);
        expect(cut.endsWith("…")).toBe(true);
        expect(text.startsWith(kept)).toBe(true);
        // No lone surrogate unless the text had one there already.
        if (LONE_SURROGATE.test(kept)) expect(LONE_SURROGATE.test(text.slice(0, kept.length + 1))).toBe(true);
        // What follows the cut does not attach to what precedes it, unless the text's first
        // character alone is longer than the limit (then it is cut at a code point).
        const attaches = (at: number) => JOINER.test(text.slice(at)) || text[at - 1] === "\u200d";
        const insideFirst = [...kept].every((_, i, points) => i === 0 || attaches(points.slice(0, i).join("").length));
        if (kept.length > 0 && !insideFirst) expect(attaches(kept.length)).toBe(false);
        // A flag is never halved: an even run of regional indicators ends what is kept, unless the
        // text opens with a flag longer than the limit (then it is cut at a code point).
        const run = REGIONAL_INDICATORS_AT_END.exec(kept)?.[0];
        if (run !== undefined && !(run === kept && [...run].length === 1) && /^\p{Regional_Indicator}/u.test(text.slice(kept.length))) expect([...run].length % 2).toBe(0);
      }),
    );
  });
});
