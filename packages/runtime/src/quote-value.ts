// Renders untrusted values for one-line messages. In: any value. Out: a short, printable quotation in
// which control, format and separator characters and lone surrogates appear as \u escapes, so a message
// can never carry a line break or an invisible character. Never throws.

const MAX_QUOTED = 80;
// Escaped inside quotations: controls, invisible format characters, line and paragraph separators,
// lone surrogates, and the quote and backslash themselves.
const ESCAPED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}"\\]/gu;
const HIDDEN = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]$/u;

/**
 * A double-quoted, escaped, length-capped rendering of a string; other JSON values appear as JSON
 * would show them, objects and arrays only by kind. Example: `quoteValue("a\nb")` gives `"a\u000Ab"`.
 */
export function quoteValue(value: unknown): string {
  if (typeof value === "string") {
    const shown = capLength(value);
    return `"${escapeText(shown)}"` + (shown.length < value.length ? "…" : "");
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}

/** "U+000D", "U+1F680": the code point label used in messages. */
export function codePointLabel(codePoint: number): string {
  return "U+" + codePoint.toString(16).toUpperCase().padStart(4, "0");
}

/** True for one character (a code point) that prints as nothing or moves the cursor. */
export function isHiddenCharacter(char: string): boolean {
  return HIDDEN.test(char);
}

function escapeText(text: string): string {
  return text.replace(ESCAPED, (char) => {
    if (char === '"' || char === "\\") return "\\" + char;
    const cp = char.codePointAt(0) ?? 0;
    return cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

function capLength(text: string): string {
  if (text.length <= MAX_QUOTED) return text;
  let end = MAX_QUOTED;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}
