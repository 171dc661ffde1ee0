// A string scalar's source text → where each character of its value was written: for a finding at
// an index inside a description ("the U+200B at index 57") to point at that character in the file.
// Reads JSON strings and YAML's five scalar styles (double- and single-quoted, plain, literal `|`,
// folded `>`), escapes and line folding included (YAML 1.2.2 § 6.5, § 7.3, § 8.1). It never guesses:
// the offsets are only returned when the text they were read from decodes to the very value the
// loader parsed; otherwise the caller keeps pointing at the whole value.

/** Characters of the value and, for each UTF-16 code unit, the offset in `raw` it comes from. */
interface Decoded {
  text: string;
  readonly offsets: number[];
}

/**
 * For each UTF-16 code unit of `value`, the offset in `raw` (a scalar's source text, from its first
 * character: a quote, `|`, `>` or the plain scalar's start) where it is written, plus one last entry
 * for the end of the value; undefined when `raw` does not decode to `value`.
 * @example scalarOffsets('"a\\nb"', "a\nb") // [1, 2, 4, 5]
 */
export function scalarOffsets(raw: string, value: string): readonly number[] | undefined {
  const decoded = decodeScalar(raw, value);
  return decoded !== undefined && decoded.text === value ? decoded.offsets : undefined;
}

function decodeScalar(raw: string, value: string): Decoded | undefined {
  const first = raw[0];
  if (first === '"' || first === "'") return decodeFlow(raw, 1, first);
  if (first === "|" || first === ">") return decodeBlockAnyIndent(raw, value);
  if (first === undefined || "!&*".includes(first)) return undefined;
  return decodeFlow(raw, 0, undefined);
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";
const isBreak = (c: string | undefined) => c === "\n" || c === "\r";

/** The offset after the line break at `i` ("\r\n" is one). */
function afterBreak(raw: string, i: number): number {
  return raw[i] === "\r" && raw[i + 1] === "\n" ? i + 2 : i + 1;
}

/**
 * A double-quoted (JSON or YAML), single-quoted or plain scalar from `start`, up to its closing
 * quote or the end of `raw`. A line break with the blanks around it folds to a space, or to one
 * line feed per empty line after it (§ 6.5); in double quotes, `\` before a break joins the lines.
 */
function decodeFlow(raw: string, start: number, quote: '"' | "'" | undefined): Decoded | undefined {
  const out: Decoded = { text: "", offsets: [] };
  let pending = start;
  let i = start;
  while (i < raw.length) {
    const c = raw[i]!;
    if (isBlank(c)) {
      i++;
      continue;
    }
    if (isBreak(c)) {
      i = foldBreak(raw, i, out, true);
      pending = i;
      continue;
    }
    for (let k = pending; k < i; k++) push(out, raw[k]!, k);
    if (c === quote && !(quote === "'" && raw[i + 1] === "'")) {
      out.offsets.push(i);
      return out;
    }
    if (quote === "'" && c === "'") {
      push(out, "'", i);
      i += 2;
    } else if (quote === '"' && c === "\\") {
      if (isBreak(raw[i + 1])) {
        i = foldBreak(raw, i + 1, out, false);
      } else {
        const escaped = readEscape(raw, i);
        if (escaped === undefined) return undefined;
        push(out, escaped.text, i);
        i = escaped.end;
      }
    } else {
      push(out, c, i);
      i++;
    }
    pending = i;
  }
  if (quote !== undefined) return undefined;
  out.offsets.push(raw.length);
  return out;
}

/**
 * Past the line break at `i`, the empty lines after it and the next line's leading blanks: each
 * empty line is a line feed; with none, the break is a space when `spaced` (not after a `\`).
 */
function foldBreak(raw: string, i: number, out: Decoded, spaced: boolean): number {
  const at = i;
  let feeds = 0;
  i = afterBreak(raw, i);
  for (;;) {
    while (isBlank(raw[i])) i++;
    if (!isBreak(raw[i])) break;
    push(out, "\n", i);
    feeds++;
    i = afterBreak(raw, i);
  }
  if (feeds === 0 && spaced) push(out, " ", at);
  return i;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** The escape at `i` (a backslash) of a double-quoted scalar, JSON's included (§ 5.7). */
function readEscape(raw: string, i: number): { readonly text: string; readonly end: number } | undefined {
  const letter = raw[i + 1];
  if (letter === undefined) return undefined;
  const simple = SIMPLE_ESCAPES[letter];
  if (simple !== undefined) return { text: simple, end: i + 2 };
  const digits = HEX_DIGITS[letter];
  if (digits === undefined) return undefined;
  const hex = raw.slice(i + 2, i + 2 + digits);
  if (hex.length !== digits || !/^[0-9A-Fa-f]+$/.test(hex)) return undefined;
  const code = Number.parseInt(hex, 16);
  if (code > 0x10ffff) return undefined;
  // \uD83D\uDE00 is two escapes of one code unit each; String.fromCodePoint keeps a lone surrogate.
  return { text: String.fromCodePoint(code), end: i + 2 + digits };
}

type Chomping = "strip" | "clip" | "keep";

/**
 * A block scalar. Its content's indentation is the first non-empty line's, or, with an indentation
 * indicator, the indicator plus the parent node's indentation, which the scalar's own text does not
 * show: each indentation up to 64 is tried, and only one that gives `value` is taken.
 */
function decodeBlockAnyIndent(raw: string, value: string): Decoded | undefined {
  const header = /^[|>]([1-9][+-]?|[+-][1-9]?)?[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n|$)/.exec(raw);
  if (!header) return undefined;
  const indicators = header[1] ?? "";
  const chomping: Chomping = indicators.includes("-") ? "strip" : indicators.includes("+") ? "keep" : "clip";
  const lines = splitLines(raw, header[0].length);
  const digit = /[1-9]/.exec(indicators)?.[0];
  if (digit === undefined) return decodeBlock(raw, lines, autoIndent(raw, lines), chomping);
  for (let parent = 0; parent <= 64; parent++) {
    const decoded = decodeBlock(raw, lines, parent + Number(digit), chomping);
    if (decoded?.text === value) return decoded;
  }
  return undefined;
}

/** A block scalar's `lines`, indented by `indent` (§ 8.1.2, § 8.1.3); undefined if a line is indented less. */
function decodeBlock(raw: string, lines: readonly Line[], indent: number, chomping: Chomping): Decoded | undefined {
  const folded = raw[0] === ">";
  const out: Decoded = { text: "", offsets: [] };
  // The break after the last content line and those of the empty lines since: what the next
  // content line or, at the end, the chomping indicator makes of them.
  const breaks: number[] = [];
  let previous: "none" | "text" | "spaced" = "none";
  for (const line of lines) {
    let lead = line.start;
    while (lead < line.end && raw[lead] === " ") lead++;
    if (lead === line.end && lead - line.start <= indent) {
      if (line.breakAt !== undefined) breaks.push(line.breakAt);
      continue;
    }
    if (lead - line.start < indent) return undefined;
    const content = line.start + indent;
    const spaced = isBlank(raw[content]);
    if (folded && previous === "text" && !spaced) {
      // Between two unindented lines of a folded scalar the first break is a space, or gone when
      // empty lines follow it, each of which is a line feed.
      if (breaks.length === 1) push(out, " ", breaks[0]!);
      else for (const at of breaks.slice(1)) push(out, "\n", at);
    } else for (const at of breaks) push(out, "\n", at);
    breaks.length = 0;
    for (let k = content; k < line.end; k++) push(out, raw[k]!, k);
    if (line.breakAt !== undefined) breaks.push(line.breakAt);
    previous = spaced ? "spaced" : "text";
  }
  if (chomping === "keep") for (const at of breaks) push(out, "\n", at);
  else if (chomping === "clip" && previous !== "none" && breaks.length > 0) push(out, "\n", breaks[0]!);
  out.offsets.push(raw.length);
  return out;
}

/** `s`, written at `at`: every code unit of it (an escape can write two) comes from there. */
function push(out: Decoded, s: string, at: number): void {
  out.text += s;
  for (let k = 0; k < s.length; k++) out.offsets.push(at);
}

interface Line {
  readonly start: number;
  /** Before the line break. */
  readonly end: number;
  /** The line break's offset; undefined on a last line without one. */
  readonly breakAt: number | undefined;
}

function splitLines(raw: string, start: number): Line[] {
  const lines: Line[] = [];
  let i = start;
  while (i < raw.length) {
    let end = i;
    while (end < raw.length && !isBreak(raw[end])) end++;
    lines.push({ start: i, end, breakAt: end < raw.length ? end : undefined });
    i = end < raw.length ? afterBreak(raw, end) : end;
  }
  return lines;
}

/** The indentation of the first line with more than spaces on it (§ 8.1.1.1); 0 when all are empty. */
function autoIndent(raw: string, lines: readonly Line[]): number {
  for (const line of lines) {
    let k = line.start;
    while (raw[k] === " ") k++;
    if (k < line.end) return k - line.start;
  }
  return 0;
}
