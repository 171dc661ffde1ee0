// Where a YAML indentation slip is, and how deep the lines around it are. The yaml library reports a
// line indented to no enclosing block either at the start of that line (BAD_INDENT: the indentation
// itself, column 1) or on the line before it: a line deeper than a key with a scalar value reads as a
// continuation of that key (BLOCK_AS_IMPLICIT_KEY, MULTILINE_IMPLICIT_KEY, reported at the value
// above). Either way the slip is the first character of the mis-indented line. Pure: text and the
// library's errors in, a range out.

/** What the yaml library says about an error: its code and its [start, end) offsets. */
export interface YamlError {
  readonly code: string;
  readonly pos: readonly [number, number];
}

export interface IndentationSlip {
  /** The mis-indented line's first character, and the end of its first word (a key, or a "-"). */
  readonly start: number;
  readonly end: number;
  /** Its indentation, in spaces. */
  readonly indent: number;
  /** The indentation of the nearest line above that holds something (not blank, not a comment); undefined for none. */
  readonly above: number | undefined;
}

const INDENT_CODES: ReadonlySet<string> = new Set(["BAD_INDENT", "BLOCK_AS_IMPLICIT_KEY", "MULTILINE_IMPLICIT_KEY"]);

/**
 * The slip behind `error`, when it is an indentation error; undefined otherwise.
 * @example findIndentationSlip("a:\n  b: 1\n c: 2\n", error) // { start: 12, end: 13, indent: 1, above: 2 } for BAD_INDENT at 11
 */
export function findIndentationSlip(text: string, error: YamlError, errors: readonly YamlError[]): IndentationSlip | undefined {
  if (!INDENT_CODES.has(error.code)) return undefined;
  // A multi-line implicit key ends on the mis-indented line; BAD_INDENT is on it already.
  const multiline = error.code === "BAD_INDENT" ? undefined : errors.find((e) => e.code === "MULTILINE_IMPLICIT_KEY");
  const at = multiline === undefined ? error.pos[0] : Math.max(multiline.pos[0], multiline.pos[1] - 1);
  // The library may start BAD_INDENT at blank or comment lines before the mis-indented one.
  let lineStart = text.lastIndexOf("\n", at - 1) + 1;
  for (;;) {
    const line = /^( *)([^\n]*)/.exec(text.slice(lineStart, lineStart + 4096))!;
    const rest = line[2]!.replace(/\r$/, "");
    if (rest !== "" && !rest.startsWith("#")) break;
    const next = text.indexOf("\n", lineStart);
    if (next === -1) return undefined;
    lineStart = next + 1;
  }
  const indent = /^ */.exec(text.slice(lineStart))![0].length;
  const start = lineStart + indent;
  if (text[start] === "\t") return undefined;
  const word = /^(?:-|[^\s:]+)/.exec(text.slice(start, start + 256))?.[0] ?? "";
  return { start, end: start + Math.max(1, word.length), indent, above: indentAbove(text, lineStart) };
}

function indentAbove(text: string, lineStart: number): number | undefined {
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, "");
    if (line.trim() !== "" && !line.trimStart().startsWith("#")) return /^ */.exec(line)![0].length;
    end = start - 1;
  }
  return undefined;
}
