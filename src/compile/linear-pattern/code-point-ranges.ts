// Sets of code points as sorted, disjoint, inclusive ranges, written out as RE2 class items. The
// ECMAScript character sets whose meaning RE2 spells differently (`\s`, `.`, `\p{ASCII}`) are
// given here as ranges, so the translation writes them out instead of trusting RE2's spelling.

/** Inclusive [first, last] code point ranges, sorted and disjoint. */
export type CodePointRanges = readonly (readonly [number, number])[];

export const MAX_CODE_POINT = 0x10ffff;

/**
 * ECMAScript's `\s`: WhiteSpace and LineTerminator (ECMA-262 § 12.2, § 12.3): TAB, VT, FF, SP,
 * NBSP, ZWNBSP and the Space_Separator characters, which have not changed since Unicode 6.3, plus
 * LF, CR, LS and PS. RE2's `\s` is only [\t\n\f\r ].
 */
export const ECMA_WHITE_SPACE: CodePointRanges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** The LineTerminators that ECMAScript's `.` does not match without the s flag; RE2's `.` leaves out only \n. */
export const ECMA_LINE_TERMINATORS: CodePointRanges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

export const ASCII: CodePointRanges = [[0x00, 0x7f]];
export const ASCII_HEX_DIGIT: CodePointRanges = [
  [0x30, 0x39],
  [0x41, 0x46],
  [0x61, 0x66],
];
export const ANY: CodePointRanges = [[0, MAX_CODE_POINT]];

/**
 * Every code point not in `ranges`.
 * @example complement([[0x61, 0x7a]]) // [[0, 0x60], [0x7b, 0x10ffff]]
 */
export function complement(ranges: CodePointRanges): CodePointRanges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [first, last] of ranges) {
    if (first > next) out.push([next, first - 1]);
    next = last + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** Printable ASCII that RE2 gives a meaning outside a class, and inside one. */
const RE2_SPECIAL: ReadonlySet<string> = new Set("\\.+*?()|[]{}^$");
const RE2_CLASS_SPECIAL: ReadonlySet<string> = new Set("\\[]^-");

/**
 * One code point as RE2 reads it literally: printable ASCII as itself (after a backslash where RE2
 * gives it a meaning, outside a class or, with `inClass`, inside one), everything else as `\x{…}`,
 * so that a translation is plain ASCII and a control, surrogate or invisible character shows.
 * @example re2Literal(0x2e) === "\\." && re2Literal(0x2d, true) === "\\-" && re2Literal(0xe9) === "\\x{E9}"
 */
export function re2Literal(codePoint: number, inClass = false): string {
  if (codePoint >= 0x20 && codePoint < 0x7f) {
    const char = String.fromCharCode(codePoint);
    return (inClass ? RE2_CLASS_SPECIAL : RE2_SPECIAL).has(char) ? `\\${char}` : char;
  }
  return `\\x{${codePoint.toString(16).toUpperCase()}}`;
}

/** The ranges as RE2 class items, without the brackets: `a-z`, `\x{A0}`. */
export function re2ClassItems(ranges: CodePointRanges): string {
  return ranges.map(([first, last]) => (first === last ? re2Literal(first, true) : `${re2Literal(first, true)}-${re2Literal(last, true)}`)).join("");
}
