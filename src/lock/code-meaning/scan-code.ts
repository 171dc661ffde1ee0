// TypeScript or JavaScript text → its tokens, each with what it means rather than how it is written
// (a string's value with its escapes decoded, a number's value, a regex's body and flags), and its
// comments; undefined when the text does not scan (an unterminated string, comment, template or
// regex). What formatting-only.ts compares: a formatter changes the whitespace and the spelling of
// tokens, never their values. `>` is a token of its own (`>=`, `>>=` and `>>>=` aside), as TypeScript's
// scanner returns it until its parser asks for `>>`: the `>>` that closes two lists of type arguments
// reads the same as `> >` split over two lines. Never runs the text.

/** A `property` is a word after `.` or `?.`: a name, never a keyword (`map.delete(k)`, `Uint32Array.of(…)`). */
export type CodeTokenKind = "word" | "property" | "string" | "number" | "template" | "regex" | "punct";

/** Which part of a template literal: all of it, or the text before, between or after its `${…}`. */
export type TemplatePart = "whole" | "head" | "middle" | "tail";

export interface CodeToken {
  readonly kind: CodeTokenKind;
  /**
   * What the token means: a word or punctuator as written, a string's value, a number's value as
   * JavaScript prints it, a template part's raw text (line ends as LF), a regex's body, `/` and sorted flags.
   */
  readonly value: string;
  /** A line ends between this token and the one before (ASI, and where a member of a type ends). */
  readonly newlineBefore: boolean;
  /** Template parts only. */
  readonly part: TemplatePart | undefined;
  /** A `>` right before another `>`, with nothing between: the two read as `>>` in an expression. */
  readonly joinsNext: boolean;
}

/**
 * A token, every one with the same fields in the same order: the comparison reads each token several
 * times, and objects of one shape keep V8's property reads fast.
 */
export function codeToken(kind: CodeTokenKind, value: string, newlineBefore: boolean, part?: TemplatePart, joinsNext = false): CodeToken {
  return { kind, value, newlineBefore, part, joinsNext };
}

export interface ScannedCode {
  readonly tokens: readonly CodeToken[];
  /** Each comment's text without whitespace, semicolons and quote kinds (see squeeze), in order. */
  readonly comments: readonly string[];
}

const SPACE = /[\t\v\f \u00a0\ufeff\p{Zs}]+/uy;
const LINE_END = /[\n\r\u2028\u2029]/;
const WORD = /(?:[\p{ID_Start}$_]|\\u[\da-fA-F]{4}|\\u\{[\da-fA-F]+\})(?:[\p{ID_Continue}$\u200c\u200d]|\\u[\da-fA-F]{4}|\\u\{[\da-fA-F]+\})*/uy;
const NUMBER = /(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)n?/y;
/** Longest first; `>>`, `>>>` are left out on purpose (see the file comment). */
const PUNCTUATORS = [
  ">>>=",
  "...",
  "===",
  "!==",
  "**=",
  "<<=",
  ">>=",
  "&&=",
  "||=",
  "??=",
  "=>",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "??",
  "?.",
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "**",
  "<<",
];
/** The punctuators above by their first character, longest first. */
const PUNCTUATORS_BY_FIRST: ReadonlyMap<string, readonly string[]> = new Map([...new Set(PUNCTUATORS.map((p) => p[0]!))].map((first) => [first, PUNCTUATORS.filter((p) => p[0] === first)]));
const SINGLE_PUNCTUATORS = "{}()[];,<>+-*/%&|^!~?:=@.";
/** After these words an expression starts, so a `/` there begins a regex, not a division. */
const WORDS_BEFORE_EXPRESSION: ReadonlySet<string> = new Set(["return", "typeof", "case", "do", "else", "in", "of", "instanceof", "new", "delete", "void", "throw", "yield", "await", "extends"]);
/** The heads whose `)` a regex can follow (`if (x) /a/.test(y)`); as code-words.ts's CONTROL_WORDS, which this module cannot import (code-words.ts reads its tokens). */
const CONTROL_WORDS: ReadonlySet<string> = new Set(["if", "while", "for", "with"]);

/** @example scanCode("const a = 'x'; // note\n")?.tokens.map((t) => t.value) */
export function scanCode(text: string): ScannedCode | undefined {
  const tokens: CodeToken[] = [];
  const comments: string[] = [];
  // What each open `{` is: a brace, or the `${` of a template, whose `}` goes on with the template.
  const braces: ("{" | "${")[] = [];
  // For each open `(`: whether it opens the head of an if, while, for or with (a `/` after its `)` is a regex).
  const parens: boolean[] = [];
  let controlHeaderClosed = false;
  let newline = false;
  let i = text.startsWith("#!") ? (text.indexOf("\n") === -1 ? text.length : text.indexOf("\n")) : 0;
  const push = (token: CodeToken) => {
    tokens.push(token);
    newline = false;
  };
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 11 || code === 12) {
      i++;
      continue;
    }
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) {
      newline = true;
      i++;
      continue;
    }
    const c = text[i]!;
    if (code > 127) {
      SPACE.lastIndex = i;
      if (SPACE.test(text)) {
        i = SPACE.lastIndex;
        continue;
      }
    }
    if (text.startsWith("//", i)) {
      const end = lineEnd(text, i);
      comments.push(`//${squeeze(text.slice(i + 2, end))}`);
      i = end;
      continue;
    }
    if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) return undefined;
      const body = text.slice(i + 2, end);
      comments.push(`/*${squeeze(body)}`);
      if (/[\n\r\u2028\u2029]/.test(body)) newline = true;
      i = end + 2;
      continue;
    }
    const prev = tokens.at(-1);
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end === undefined) return undefined;
      const value = decodeString(text.slice(i + 1, end - 1));
      if (value === undefined) return undefined;
      push(codeToken("string", value, newline));
      i = end;
      continue;
    }
    if (c === "`" || (c === "}" && braces.at(-1) === "${")) {
      if (c === "}") braces.pop();
      const part = scanTemplate(text, i);
      if (part === undefined) return undefined;
      if (part.opens) braces.push("${");
      const kind: TemplatePart = c === "`" ? (part.opens ? "head" : "whole") : part.opens ? "middle" : "tail";
      push(codeToken("template", part.raw, newline, kind));
      i = part.end;
      continue;
    }
    NUMBER.lastIndex = i;
    if (/[\d.]/.test(c) && NUMBER.test(text)) {
      push(codeToken("number", numberValue(text.slice(i, NUMBER.lastIndex)), newline));
      i = NUMBER.lastIndex;
      continue;
    }
    const wordEnd = scanWord(text, c === "#" ? i + 1 : i);
    if (wordEnd !== undefined) {
      const property = prev?.kind === "punct" && (prev.value === "." || prev.value === "?.");
      push(codeToken(property ? "property" : "word", text.slice(i, wordEnd), newline));
      i = wordEnd;
      continue;
    }
    if (c === "/" && regexAllowed(prev, controlHeaderClosed)) {
      const regex = scanRegex(text, i);
      if (regex === undefined) return undefined;
      push(codeToken("regex", regex.value, newline));
      i = regex.end;
      continue;
    }
    const punct = punctuatorAt(text, i);
    if (punct === undefined) return undefined;
    controlHeaderClosed = false;
    if (punct === "{") braces.push("{");
    if (punct === "}") braces.pop();
    if (punct === "(") parens.push(prev?.kind === "word" && CONTROL_WORDS.has(prev.value));
    if (punct === ")") controlHeaderClosed = parens.pop() ?? false;
    push(codeToken("punct", punct, newline, undefined, punct === ">" && text[i + 1] === ">"));
    i += punct.length;
  }
  return { tokens, comments };
}

function punctuatorAt(text: string, i: number): string | undefined {
  // `a?.5:b` is a conditional with .5, not optional chaining.
  if (text.startsWith("?.", i) && /\d/.test(text[i + 2] ?? "")) return "?";
  const long = PUNCTUATORS_BY_FIRST.get(text[i]!)?.find((p) => text.startsWith(p, i));
  if (long !== undefined) return long;
  return SINGLE_PUNCTUATORS.includes(text[i]!) ? text[i] : undefined;
}

/** The end of the identifier (or keyword) starting at `start`; undefined when none starts there. ASCII first: the Unicode classes are slow to match. */
function scanWord(text: string, start: number): number | undefined {
  let i = start;
  while (i < text.length && isAsciiWordChar(text.charCodeAt(i), i === start)) i++;
  const next = text.charCodeAt(i);
  // Past the end (NaN), or an ASCII character that is not a backslash: the word is all ASCII.
  if (!(next >= 128 || next === 92)) return i > start ? i : undefined;
  WORD.lastIndex = start;
  return WORD.test(text) ? WORD.lastIndex : undefined;
}

function isAsciiWordChar(code: number, first: boolean): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 36 || code === 95 || (!first && code >= 48 && code <= 57);
}

/** Whether a `/` after `prev` starts a regex literal (TypeScript's scanner asks its parser; this asks the token before). */
function regexAllowed(prev: CodeToken | undefined, afterControlHeader: boolean): boolean {
  if (prev === undefined) return true;
  switch (prev.kind) {
    case "word":
      return WORDS_BEFORE_EXPRESSION.has(prev.value);
    case "property":
    case "number":
    case "string":
    case "regex":
      return false;
    case "template":
      return prev.part === "head" || prev.part === "middle";
    case "punct":
      if (prev.value === ")") return afterControlHeader;
      return prev.value !== "]" && prev.value !== "++" && prev.value !== "--";
  }
}

function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (LINE_END.test(text[i]!)) return i;
  return text.length;
}

/**
 * A comment's text without its whitespace, semicolons and quote kinds: it has no meaning to keep, and
 * formatters re-indent its lines (and plugins such as prettier-plugin-jsdoc format the code in an @example).
 */
function squeeze(comment: string): string {
  return comment.replace(/[\s;]+/g, "").replace(/\\?['"]/g, '"');
}

/** The index just past the closing quote of the string starting at `start`; undefined when a line or the text ends first. */
function stringEnd(text: string, start: number): number | undefined {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === quote) return i + 1;
    if (c === "\\") {
      // A backslash before CRLF continues the line over both characters.
      if (text[i + 1] === "\r" && text[i + 2] === "\n") i++;
      i++;
    } else if (c === "\n" || c === "\r") return undefined;
  }
  return undefined;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v" };
const HEX_ESCAPE = /[\da-fA-F]{2}/y;
const UNICODE_ESCAPE = /[\da-fA-F]{4}|\{[\da-fA-F]+\}/y;
/** Legacy octal escapes (sloppy mode): up to three digits, the first 0-3 for three. */
const OCTAL_ESCAPE = /[0-3]?[0-7]{1,2}/y;

/** A string literal's value, from the text between its quotes; undefined for an escape that does not scan. */
export function decodeString(body: string): string | undefined {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = body[++i];
    if (e === undefined) return undefined;
    if (Object.hasOwn(SIMPLE_ESCAPES, e)) out += SIMPLE_ESCAPES[e];
    else if (e === "\r") i += body[i + 1] === "\n" ? 1 : 0;
    else if (e === "\n" || e === "\u2028" || e === "\u2029") continue;
    else if (e === "x" || e === "u") {
      const pattern = e === "x" ? HEX_ESCAPE : UNICODE_ESCAPE;
      pattern.lastIndex = i + 1;
      const hex = pattern.exec(body)?.[0];
      const code = hex === undefined ? undefined : Number.parseInt(hex.replace(/[{}]/g, ""), 16);
      if (code === undefined || code > 0x10ffff) return undefined;
      out += String.fromCodePoint(code);
      i += hex!.length;
    } else if (e >= "0" && e <= "7") {
      OCTAL_ESCAPE.lastIndex = i;
      const octal = OCTAL_ESCAPE.exec(body)![0];
      out += String.fromCharCode(Number.parseInt(octal, 8));
      i += octal.length - 1;
    } else out += e;
  }
  return out;
}

/** A number literal's value as JavaScript prints it, so `1.50`, `1.5` and `0.15e1` are one number. */
function numberValue(literal: string): string {
  const digits = literal.replace(/_/g, "");
  if (digits.endsWith("n")) return `${BigInt(digits.slice(0, -1))}n`;
  // A leading zero makes a legacy octal (017 is 15) or a decimal (019): keep it as written.
  if (/^0\d/.test(digits)) return literal;
  return String(Number(digits));
}

/** The template part starting at `start` (a backquote, or the `}` that ends a substitution). */
function scanTemplate(text: string, start: number): { raw: string; opens: boolean; end: number } | undefined {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "`" || (c === "$" && text[i + 1] === "{")) {
      // A template's raw text reads CRLF and CR as LF (ECMA-262, TRV).
      const raw = text.slice(start + 1, i).replace(/\r\n?/g, "\n");
      return c === "`" ? { raw, opens: false, end: i + 1 } : { raw, opens: true, end: i + 2 };
    }
  }
  return undefined;
}

/** The regex literal starting at `start`: its body and flags (sorted: their order means nothing). */
function scanRegex(text: string, start: number): { value: string; end: number } | undefined {
  let inClass = false;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (LINE_END.test(c)) return undefined;
    if (c === "\\") i++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) {
      WORD.lastIndex = i + 1;
      const flagsEnd = WORD.test(text) ? WORD.lastIndex : i + 1;
      const flags = [...text.slice(i + 1, flagsEnd)].sort().join("");
      return { value: `${text.slice(start + 1, i)}/${flags}`, end: flagsEnd };
    }
  }
  return undefined;
}
