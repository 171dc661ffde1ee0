// The one place that reads the JavaScript ajv generates, token by token, as a JavaScript engine would.
// ajv writes schema text (property names, enum values, patterns, `$id`s...) into the code it
// compiles with `new Function` and into its standalone output. Everything but one piece arrives as a
// JSON string literal, a number or an identifier-shaped property name, none of which can change the
// code around it. The exception is the comment ajv opens for a schema with an `$id`,
// `/*# sourceURL=<$id as JSON> */`: a `*/` inside the `$id` ends that comment early, and what follows
// runs (issue 14). So every piece of ajv code that mcp-gen evaluates or writes is first scanned here,
// each sourceURL comment is taken out as ajv wrote it (a JSON string between `/*# sourceURL=` and
// ` */`), and any other comment, template literal, unknown regular expression literal or character is
// refused: what remains has descriptor text only inside string literals.

/** The tokens a scan reports; the others (spaces, numbers, punctuators, regular expressions) it only checks. */
export type AjvTokenKind = "string" | "word" | "sourceUrl";

/** Called for each reported token, with its kind and where it starts and ends in the code. */
export type AjvTokenVisitor = (kind: AjvTokenKind, start: number, end: number) => void;

/**
 * The only regular expression literals ajv writes into JSON Schema validators: JSON Pointer escaping
 * of a property name in an error's instancePath (ajv/lib/compile/util.ts, getErrorPath).
 */
export const AJV_REGEXP_LITERALS: readonly string[] = [String.raw`/~/g`, String.raw`/\//g`];

/** `/*# sourceURL=` followed by a JSON string literal and ` *\/`: ajv's comment, whole. */
const SOURCE_URL = /\/\*# sourceURL="(?:[^"\\\u0000-\u001f\u2028\u2029]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*" \*\//y;
const SOURCE_URL_OPENER = "/*# sourceURL=";

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/** Punctuators ajv writes, by character code; `/` is read on its own. */
const PUNCTUATOR = new Uint8Array(128);
for (const c of "{}()[];,.<>=!&|?:+-*%^~") PUNCTUATOR[c.charCodeAt(0)] = 1;

/** After these words a value starts, so a `/` there would open a regular expression literal. */
const KEYWORDS_BEFORE_VALUE: ReadonlySet<string> = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else"]);

/**
 * Scans `code`, which ajv wrote, as a JavaScript engine reads it, and calls `visit` for every string
 * literal, word and sourceURL comment. Returns -1 when every character belongs to a token ajv writes,
 * else the index where the first other one starts: a comment other than ajv's sourceURL comment (a
 * JSON string and ` *\/` after `/*# sourceURL=`, exactly as ajv writes it), a template literal, a
 * string that does not close on its line, a regular expression literal other than
 * AJV_REGEXP_LITERALS, a `/` where a regular expression could start, or a character ajv never writes
 * outside a string. The scan stops there.
 * @example scanAjvCode('return "*\/" + a;') === -1
 * @example scanAjvCode("a /* x *\/") === 2
 */
export function scanAjvCode(code: string, visit?: AjvTokenVisitor): number {
  let at = 0;
  // Whether the last token ends a value: then a `/` is a division. A word is judged when a `/` comes.
  let last: "value" | "word" | "other" = "other";
  let wordStart = 0;
  while (at < code.length) {
    const c = code.charCodeAt(at);
    if (isSpace(c)) {
      at++;
    } else if (c === 0x22 || c === 0x27) {
      const end = stringEnd(code, at, c);
      if (end < 0) return at;
      visit?.("string", at, end);
      at = end;
      last = "value";
    } else if (isWordStart(c)) {
      let end = at + 1;
      while (end < code.length && isWordPart(code.charCodeAt(end))) end++;
      visit?.("word", at, end);
      wordStart = at;
      at = end;
      last = "word";
    } else if ((c >= 0x30 && c <= 0x39) || (c === 0x2e && isDigit(code.charCodeAt(at + 1)))) {
      NUMBER.lastIndex = at;
      NUMBER.test(code);
      if (isWordPart(code.charCodeAt(NUMBER.lastIndex))) return at;
      at = NUMBER.lastIndex;
      last = "value";
    } else if (c === 0x2f) {
      const afterValue = last === "value" || (last === "word" && !KEYWORDS_BEFORE_VALUE.has(code.slice(wordStart, wordEndAt(code, wordStart))));
      const end = slashEnd(code, at, afterValue);
      if (end < 0) return at;
      if (code.charCodeAt(at + 1) === 0x2a) visit?.("sourceUrl", at, end);
      last = end - at === 1 ? "other" : "value";
      at = end;
    } else if (c < 128 && PUNCTUATOR[c] === 1) {
      last = c === 0x29 || c === 0x5d ? "value" : "other";
      at++;
    } else {
      return at;
    }
  }
  return -1;
}

/**
 * `code` without ajv's sourceURL comments, after checking that everything else in it is what ajv
 * writes (see scanAjvCode). Throws UnsafeAjvCodeError otherwise, so that nothing unexpected is ever
 * evaluated or written.
 * @example withoutSourceUrls('function v(){"use strict"; /*# sourceURL="a*\/b" *\/ return 1}') // 'function v(){"use strict";  return 1}'
 */
export function withoutSourceUrls(code: string): string {
  // No comment can open and no template literal can start where none of `/*`, `//` and a backtick
  // occurs anywhere, strings included: such code (most validators) needs no scan.
  if (!code.includes("/*") && !code.includes("//") && !code.includes("`")) return code;
  const parts: string[] = [];
  let copied = 0;
  const refused = scanAjvCode(code, (kind, start, end) => {
    if (kind !== "sourceUrl") return;
    parts.push(code.slice(copied, start));
    copied = end;
  });
  if (refused >= 0) throw new UnsafeAjvCodeError(code.slice(refused, refused + 40));
  parts.push(code.slice(copied));
  return parts.join("");
}

/**
 * ajv's `code.process` option, which every engine mcp-gen creates has (newAjv in load-ajv.ts sets
 * it): ajv evaluates the code it generates with `new Function` as it compiles, so the code goes
 * through withoutSourceUrls first (the `$id` comment taken out as ajv wrote it, anything else
 * refused). A schema whose code is refused does not compile, and nothing of it ran.
 */
export const AJV_CODE_GUARD = (code: string): string => withoutSourceUrls(code);

/** ajv wrote something that withoutSourceUrls cannot vouch for. */
export class UnsafeAjvCodeError extends Error {
  constructor(readonly token: string) {
    super(`ajv generated code that mcp-gen does not evaluate: it holds ${JSON.stringify(token)} outside a string literal`);
    this.name = "UnsafeAjvCodeError";
  }
}

/**
 * Where the `/` at `at` ends: a known regular expression literal, ajv's sourceURL comment, or a
 * division (only after a value, `afterValue`); -1 for anything else that starts with `/`.
 */
function slashEnd(code: string, at: number, afterValue: boolean): number {
  for (const literal of AJV_REGEXP_LITERALS) if (code.startsWith(literal, at)) return at + literal.length;
  if (code.startsWith(SOURCE_URL_OPENER, at)) {
    SOURCE_URL.lastIndex = at;
    return SOURCE_URL.test(code) ? SOURCE_URL.lastIndex : -1;
  }
  const next = code.charCodeAt(at + 1);
  return next === 0x2a || next === 0x2f || !afterValue ? -1 : at + 1;
}

/** The end of the string literal opening at `at` with `quote`, or -1 when it does not close on its line. */
function stringEnd(code: string, at: number, quote: number): number {
  for (let i = at + 1; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c === 0x5c) {
      i++;
      if (isLineBreak(code.charCodeAt(i))) return -1;
    } else if (isLineBreak(c)) {
      return -1;
    }
  }
  return -1;
}

function wordEndAt(code: string, start: number): number {
  let end = start + 1;
  while (end < code.length && isWordPart(code.charCodeAt(end))) end++;
  return end;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029 || Number.isNaN(c);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWordStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
}

function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}
