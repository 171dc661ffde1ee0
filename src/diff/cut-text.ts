// Shortens text someone else wrote (a descriptor's line, a server's message) for a message or a code
// frame, at a place a reader sees as between two characters. A cut inside a surrogate pair left half
// an emoji, which visibleText then showed as <U+D83D>; a cut after a letter dropped the accent, the
// variation selector or the rest of the emoji sequence that belongs to it.

/**
 * A code point that belongs to the one before it: a combining mark (variation selectors are marks),
 * a zero-width joiner, an emoji modifier (skin tone) or a tag character (the letters of a flag).
 */
const JOINS_PREVIOUS = /^(?:[\p{M}\p{Emoji_Modifier}\u{e0020}-\u{e007f}]|\u200d)/u;

/**
 * How much of `text` to keep for at most `max` UTF-16 units, the last of them "…": all of it when it
 * fits, otherwise up to `max - 1` units ending where a character and everything joined to it end.
 * A first character longer than that (a letter under hundreds of marks) is cut at a code point.
 * @example cutIndex("ab😀", 3) === 2
 */
export function cutIndex(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const at = codePointStart(text, Math.max(0, max - 1));
  let start = at;
  while (start > 0 && (JOINS_PREVIOUS.test(text.slice(start, start + 2)) || text[start - 1] === "\u200d")) start = codePointStart(text, start - 1);
  // Regional indicators pair up from the left into flags: one after an odd number of them is the second letter of a flag.
  if (REGIONAL_INDICATOR.test(text.slice(start, start + 2))) {
    let before = 0;
    while (start - 2 * (before + 1) >= 0 && REGIONAL_INDICATOR.test(text.slice(start - 2 * (before + 1), start - 2 * before))) before++;
    if (before % 2 === 1) start -= 2;
  }
  return start > 0 ? start : at;
}

/** A regional indicator letter (U+1F1E6–U+1F1FF, two UTF-16 units): two of them are one flag. */
export const REGIONAL_INDICATOR = /^\p{Regional_Indicator}/u;

/**
 * `text` if it has at most `max` UTF-16 units, otherwise its start cut as cutIndex says with "…".
 * @example cutText("ab😀c", 4) === "ab…"
 */
export function cutText(text: string, max: number): string {
  const at = cutIndex(text, max);
  return at === text.length ? text : `${text.slice(0, at)}…`;
}

/** `at`, or one less when `at` is the second half of a surrogate pair. */
function codePointStart(text: string, at: number): number {
  const isLow = (i: number) => text.charCodeAt(i) >= 0xdc00 && text.charCodeAt(i) <= 0xdfff;
  const isHigh = (i: number) => text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff;
  return at > 0 && isLow(at) && isHigh(at - 1) ? at - 1 : at;
}
