// Makes text safe and honest to print: invisible and control characters (zero-width spaces, bidi
// overrides, escape sequences) become <U+XXXX>, so a description cannot hide words from the reviewer
// or rewrite the terminal. This matters most exactly where a rug pull hides its instructions.
// U+2028 and U+2029 are shown too: no text mcp-gen prints means a line break by them, but a renderer
// may break the line there (GitHub's Markdown does), and the line it starts would be a forged one.
import { cutText } from "./cut-text.js";

const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: matches each invisible code unit on its own (combining marks and variation selectors included), with no u flag.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|[\uDB40][\uDC00-\uDC7F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** @example visibleText("a\u200bb") === "a<U+200B>b" */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, codePointShown);
}

/**
 * The start of `text`, for a message that quotes it: at most `max` characters (the last one "…" when
 * cut), invisible characters as visibleText shows them, as a JSON string (control characters escaped).
 * For text the other side wrote (a server's line, a key of a message), which a host, a model or a
 * report renderer reads: a bidi override or U+2028 there would hide or forge text.
 * @example quotedStart("a\u202eb\n", 80) === '"a<U+202E>b\\n"'
 */
export function quotedStart(text: string, max: number): string {
  return JSON.stringify(visibleText(cutText(text, max)));
}

/** One character (or lone surrogate) as <U+XXXX>. */
const codePointShown = (c: string) => `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}>`;

/**
 * `text` as one printed line: what visibleText shows, and tab and LF as <U+...> too.
 * For any name, message or phrase a command prints that came from a descriptor, a lock, a saved
 * answer or a server: a line break there would print a line of its own, which a GitHub job's log
 * reads as a workflow command ("::error ..."). Text that is multi-line on purpose (a description in
 * a diff) goes through it line by line, so its lines stay lines.
 * A line that would start a workflow command (COMMAND_START) has its first character shown too.
 * @example visibleLine("a\n::error::b\tc") === "a<U+000A>::error::b<U+0009>c"
 * @example visibleLine("  ::error::b") === "  <U+003A>:error::b"
 */
export function visibleLine(text: string): string {
  return visibleText(text)
    .replace(/[\t\n]/g, codePointShown)
    .replace(COMMAND_START, (_, spaces: string, c: string) => `${spaces}${codePointShown(c)}`);
}

/**
 * The start of a line a GitHub job's runner reads as a workflow command once it has trimmed the
 * line: `::name::` or the older `##[name]`. A description's unchanged line in a diff is printed
 * indented, so its own text starts the printed line; its first character is shown as <U+...>.
 */
const COMMAND_START = /^( *)(?=::|##\[)(.)/;
