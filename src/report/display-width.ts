// Text → the columns a terminal gives it, so a code frame's caret line can stand under the characters
// it marks. Counts code points, never UTF-16 units; measures text as printed (visibleText's escapes
// are ASCII, a tab is expanded before). Follows Node's own getStringWidth (util.inspect, the REPL).
import { REGIONAL_INDICATOR } from "../diff/cut-text.js";

/**
 * Drawn over the character before, or not at all: nonspacing and enclosing marks (accents, variation
 * selectors), format characters (zero-width joiner and spaces, tags) and control characters. U+00AD
 * is a format character that terminals draw as a hyphen.
 */
const ZERO_WIDTH = /^(?!\u00ad)[\p{Mn}\p{Me}\p{Cf}\p{Cc}]/u;

/**
 * Two columns: East Asian Wide and Fullwidth (Unicode 17, UAX #11: Hangul, kana, CJK ideographs and
 * punctuation, fullwidth forms, Tangut and its kin, the tetragram symbols) and characters shown as
 * emoji by default (Emoji_Presentation, which UAX #11 makes Wide as well). A character with text
 * presentation (U+2764 ❤ without U+FE0F) takes one, as terminals draw it.
 */
const WIDE =
  /^[\u1100-\u115f\u2329\u232a\u2630-\u2637\u268a-\u268f\u2e80-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u2ff0-\u303e\u3041-\u3096\u3099-\u30ff\u3105-\u312f\u3131-\u318e\u3190-\u31e5\u31ef-\u321e\u3220-\u3247\u3250-\ua48c\ua490-\ua4c6\ua960-\ua97c\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe52\ufe54-\ufe66\ufe68-\ufe6b\uff01-\uff60\uffe0-\uffe6\u{16fe0}-\u{16fe4}\u{16ff0}-\u{16ff6}\u{17000}-\u{18cd5}\u{18cff}-\u{18d1e}\u{18d80}-\u{18df2}\u{1aff0}-\u{1aff3}\u{1aff5}-\u{1affb}\u{1affd}\u{1affe}\u{1b000}-\u{1b122}\u{1b132}\u{1b150}-\u{1b152}\u{1b155}\u{1b164}-\u{1b167}\u{1b170}-\u{1b2fb}\u{1d300}-\u{1d356}\u{1d360}-\u{1d376}\u{1f200}-\u{1f202}\u{1f210}-\u{1f23b}\u{1f240}-\u{1f248}\u{1f250}\u{1f251}\u{1f260}-\u{1f265}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}\p{Emoji_Presentation}]/u;

/** A skin tone (U+1F3FB–U+1F3FF), which a terminal draws within the emoji it follows (EMOJI_MODIFIER_BASE). */
const SKIN_TONE = /^\p{Emoji_Modifier}/u;
const EMOJI_MODIFIER_BASE = /^\p{Emoji_Modifier_Base}/u;

/**
 * The columns `text` takes on a terminal: 2 for a wide character or an emoji, 0 for a combining mark
 * or a zero-width character, 1 for any other. A skin tone after an emoji and the second letter of a
 * flag add nothing: the pair is one emoji, two columns wide.
 * @example displayWidth("a名\u0301😀") === 5
 * @example displayWidth("👍🏽🇫🇷") === 4
 */
export function displayWidth(text: string): number {
  let width = 0;
  let afterBase = false;
  let unpairedIndicator = false;
  for (const c of text) {
    const indicator = REGIONAL_INDICATOR.test(c);
    const joined = (indicator && unpairedIndicator) || (afterBase && SKIN_TONE.test(c));
    width += joined || ZERO_WIDTH.test(c) ? 0 : WIDE.test(c) ? 2 : 1;
    unpairedIndicator = indicator && !unpairedIndicator;
    afterBase = EMOJI_MODIFIER_BASE.test(c);
  }
  return width;
}
