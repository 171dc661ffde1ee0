// Which `{` and `[` a JSON text leaves open at its end: a file cut short (an editor's unsaved half, a
// paste that lost its last lines) ends inside them, and the JSON parser reports the missing closer at
// the end of the text, one past its last character or on the line after it. Strings are skipped as
// the parser reads them: a line break ends one, closed or not.
import type { UnclosedOpener } from "./unclosed-openers.js";

/**
 * The `{` and `[` still open where the text ends, outermost first: the last is the innermost, whose
 * closer is missing first. Empty when every one is closed.
 * @example jsonUnclosedOpeners('{"a": [1, 2') // the { at 0, then the [ at 6
 */
export function jsonUnclosedOpeners(text: string): UnclosedOpener[] {
  const open: UnclosedOpener[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22 || d === 0x0a || d === 0x0d) break;
      }
    } else if (c === 0x7b /* { */) {
      open.push({ opener: "{", closer: "}", offset: i, end: text.length });
    } else if (c === 0x5b /* [ */) {
      open.push({ opener: "[", closer: "]", offset: i, end: text.length });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      // A closer of the other kind is the parser's error before the end; this pairs it all the same.
      open.pop();
    }
  }
  return open;
}
