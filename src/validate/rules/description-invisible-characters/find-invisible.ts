// Finds characters in a text that the model reads but people do not see: format (Cf) and
// default-ignorable characters, controls other than tab and line breaks, Unicode tag characters
// ("ASCII smuggling") and runs of variation selectors ("emoji smuggling"). Legitimate uses are
// let through: a single variation selector after a visible character (❤️), ZWJ inside emoji
// sequences (👩‍💻), ZWJ/ZWNJ between letters of joining scripts (Persian, Indic), bidi marks in text
// with right-to-left letters, and emoji tag sequences (the flag of Scotland).

export interface InvisibleFinding {
  /** UTF-16 index of the first offending character. */
  readonly index: number;
  readonly codePoint: number;
  /** How many offending characters the text holds in all. */
  readonly count: number;
  /** Text decoded from tag characters or variation selectors, when the first finding hides some. */
  readonly hidden?: { readonly how: "tag characters" | "variation selectors"; readonly text: string };
}

const SUSPECT = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** A non-ASCII letter or mark: ZWJ and ZWNJ shape Arabic, Persian and Indic text between such letters. */
const isJoiningLetter = (s: string) => s.codePointAt(0)! > 0x7f && /[\p{L}\p{M}]/u.test(s);
const EMOJI_SUFFIX = /[\uFE0F\u{1F3FB}-\u{1F3FF}]/u;

export function isVariationSelector(c: number): boolean {
  return (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef) || (c >= 0x180b && c <= 0x180d) || c === 0x180f;
}
const isTag = (c: number) => c >= 0xe0000 && c <= 0xe007f;

/** The first invisible character of `text` and how many there are, or undefined when there is none. */
export function findInvisible(text: string): InvisibleFinding | undefined {
  if (!/[^\x20-\x7E\n\t]/.test(text)) return undefined;
  const chars = [...text];
  const hasRtl = RTL_LETTER.test(text);
  let first: { index: number; at: number } | undefined;
  let count = 0;
  for (let i = 0, index = 0; i < chars.length; index += chars[i]!.length, i++) {
    const flag = emojiTagSequenceLength(chars, i);
    if (flag > 0) {
      for (let k = 1; k < flag; k++) index += chars[i + k]!.length;
      i += flag - 1;
      continue;
    }
    if (!isInvisible(chars, i, hasRtl)) continue;
    count++;
    first ??= { index, at: i };
  }
  if (!first) return undefined;
  const codePoint = chars[first.at]!.codePointAt(0)!;
  const hidden = decodeHidden(chars, first.at);
  return { index: first.index, codePoint, count, ...(hidden ? { hidden } : {}) };
}

function isInvisible(chars: readonly string[], i: number, hasRtl: boolean): boolean {
  const c = chars[i]!.codePointAt(0)!;
  const prev = chars[i - 1];
  const next = chars[i + 1];
  if (c === 0x09 || c === 0x0a || (c === 0x0d && next === "\n")) return false;
  if (isVariationSelector(c)) {
    // One selector after a visible character picks a glyph; a run of them, or one with nothing to modify, carries data.
    const isSelector = (s: string | undefined) => s !== undefined && isVariationSelector(s.codePointAt(0)!);
    return prev === undefined || SUSPECT.test(prev) || /\s/u.test(prev) || isSelector(prev) || isSelector(next);
  }
  if (c === 0x200d && prev !== undefined && next !== undefined) {
    const base = chars[i - (EMOJI_SUFFIX.test(prev) && i > 1 ? 2 : 1)]!;
    if (PICTOGRAPHIC.test(base) && PICTOGRAPHIC.test(next)) return false;
  }
  if ((c === 0x200c || c === 0x200d) && prev !== undefined && next !== undefined) {
    if (isJoiningLetter(prev) && isJoiningLetter(next)) return false;
  }
  if ((c === 0x200e || c === 0x200f || c === 0x061c) && hasRtl) return false;
  // BRAILLE PATTERN BLANK shows nothing, as U+3164 HANGUL FILLER does, but is no format character:
  // blank padding unless it spaces braille cells, right next to one (the check stays O(1) a character).
  if (c === 0x2800) return !isBrailleCell(prev) && !isBrailleCell(next);
  return SUSPECT.test(chars[i]!);
}

const isBrailleCell = (s: string | undefined) => s !== undefined && s >= "\u2801" && s <= "\u28ff";

/** Length of an emoji tag sequence (U+1F3F4, 1-7 tag letters or digits, CANCEL TAG) starting at i, or 0. */
function emojiTagSequenceLength(chars: readonly string[], i: number): number {
  if (chars[i] !== "\u{1F3F4}") return 0;
  let j = i + 1;
  while (j < chars.length && j - i <= 7 && /[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]/u.test(chars[j]!)) j++;
  return j > i + 1 && chars[j] === "\u{E007F}" ? j - i + 1 : 0;
}

/** The text that a run of tag characters or variation selectors starting at `at` spells, if any. */
function decodeHidden(chars: readonly string[], at: number): InvisibleFinding["hidden"] {
  const run: number[] = [];
  const first = chars[at]!.codePointAt(0)!;
  const inRun = isTag(first) ? isTag : isVariationSelector(first) ? isVariationSelector : undefined;
  if (!inRun) return undefined;
  // The message shows a short excerpt; 256 is plenty and keeps a hostile megabyte run cheap.
  for (let j = at; j < chars.length && run.length < 256 && inRun(chars[j]!.codePointAt(0)!); j++) run.push(chars[j]!.codePointAt(0)!);
  if (run.length < 2) return undefined;
  const how = inRun === isTag ? "tag characters" : "variation selectors";
  // Tags mirror ASCII at U+E0020-E007E; in "emoji smuggling" U+FE00-FE0F carry bytes 0-15 and U+E0100-E01EF bytes 16-255.
  const text =
    how === "tag characters"
      ? String.fromCharCode(...run.filter((c) => c >= 0xe0020 && c <= 0xe007e).map((c) => c - 0xe0000))
      : new TextDecoder().decode(Uint8Array.from(run.map((c) => (c <= 0xfe0f ? c - 0xfe00 : c >= 0xe0100 ? c - 0xe0100 + 16 : 0))));
  return /[\x21-\x7e]/.test(text) ? { how, text } : undefined;
}
