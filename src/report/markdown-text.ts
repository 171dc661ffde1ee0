// Untrusted text (tool names, descriptions, messages that quote them) → Markdown that shows it as
// it is and can do nothing else: no link, image, HTML, heading or list item, whatever it holds, on
// GitHub (GFM, which also turns bare URLs into links) or any CommonMark renderer. Such text only ever
// appears in a code span or a fenced code block, where nothing is markup, with every invisible
// character made visible, as in the text output.
import { visibleText } from "../diff/visible-text.js";

/**
 * `text` as one inline code span. A line break cannot end the span (or the paragraph): it shows as
 * <U+000A>. The fence is one backtick longer than the longest run inside.
 * @example inlineCode("a`b") // "``a`b``"
 */
export function inlineCode(text: string): string {
  const shown = visibleText(text).replace(/\r\n|\r|\n/g, (c) => (c === "\n" ? "<U+000A>" : c === "\r" ? "<U+000D>" : "<U+000D><U+000A>"));
  const fence = "`".repeat(longestRun(shown, "`") + 1);
  // A span that starts or ends with a backtick or space needs a space inside the fence (CommonMark 6.1).
  const pad = /^[` ]|[` ]$/.test(shown) || shown === "" ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * `text` as a fenced code block (lines kept), closed by a fence longer than any run of backticks in it.
 * Only LF, CRLF and CR end a line; U+2028 and U+2029, which GitHub would also break at, show as <U+...>.
 * @example codeBlock("-a\n+b\n", "diff")
 */
export function codeBlock(text: string, info = ""): string {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n").map(visibleText);
  const fence = "`".repeat(Math.max(3, longestRun(lines.join("\n"), "`") + 1));
  return `${fence}${info}\n${lines.join("\n")}\n${fence}`;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
