// Shows a regular expression in a message as /source/, the way people write it, rather than as a
// JSON string with every backslash doubled.
import { quoteText } from "./describe-text.js";

/**
 * `/source/`, cut to about `max` characters; invisible and control characters appear as escapes,
 * which mean the same character in a pattern.
 * @example quotePattern("^\\w+$") // "/^\\w+$/", printed as /^\w+$/
 */
export function quotePattern(source: string, max = 60): string {
  const escaped = quoteText(source, max).slice(1, -1);
  return `/${escaped.replace(/\\(["\\])/g, "$1")}/`;
}
