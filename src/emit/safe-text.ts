// The only place descriptor text enters generated code. Each function escapes for one context, so
// no description, name, enum value or property name can leave its string literal or comment, or
// hide itself with invisible characters. Property-tested in test/emit/safe-text.property.test.ts.

/** Characters shown as \uXXXX escapes in comments: controls, bidi controls, invisible formatting. */
const HIDDEN =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: matches each hidden code unit on its own (combining marks and variation selectors included), with no u flag.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\udb40[\udc00-\udc7f]/g;

/** Anything but printable ASCII: a text without it has nothing HIDDEN or U+2028/U+2029 (most texts). */
const BEYOND_PRINTABLE_ASCII = /[^\x20-\x7e]/;

function escapeCodeUnits(match: string): string {
  let out = "";
  for (let i = 0; i < match.length; i++) out += `\\u${match.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

/**
 * A double-quoted JavaScript string literal whose value is exactly `text`, in plain ASCII-safe form:
 * line and paragraph separators, lone surrogates and invisible characters are escaped.
 */
export function stringLiteral(text: string): string {
  const literal = JSON.stringify(text);
  return BEYOND_PRINTABLE_ASCII.test(literal) ? literal.replace(/[\u2028\u2029]/g, escapeCodeUnits).replace(HIDDEN, escapeCodeUnits) : literal;
}

/**
 * Code from a generator that may leave raw line separators or invisible characters inside string
 * literals (json-schema-to-typescript does, for enum values): every such character becomes a \uXXXX
 * escape, which in a string literal is the same value and in a comment is visible text.
 */
export function escapeInvisibleInCode(code: string): string {
  return BEYOND_PRINTABLE_ASCII.test(code) ? code.replace(/[\u2028\u2029]/g, escapeCodeUnits).replace(HIDDEN, escapeCodeUnits) : code;
}

/**
 * The body lines of a `/** ... *\/` comment showing `text`. `*\/` cannot close the comment, every
 * line break starts a new comment line, invisible characters show as \uXXXX, and a line that starts
 * with `@` is escaped so it cannot become a JSDoc tag.
 */
export function docCommentLines(text: string): string[] {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .split("\n")
    .map((line) => {
      // Each replacement only where it can match: most lines are plain ASCII without `*/`.
      let out = BEYOND_PRINTABLE_ASCII.test(line) ? line.replace(HIDDEN, escapeCodeUnits) : line;
      if (out.includes("*/")) out = out.replace(/\*\//g, "*\\/");
      return out.replace(/^(\s*)@/, "$1\\@").trimEnd();
    });
}

/** Breaks a long comment line at spaces so no line passes `width` columns (words are never split). */
function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current !== "" && current.length + 1 + word.length > width) {
      out.push(current);
      current = word;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  if (current !== "") out.push(current);
  return out;
}

/** A whole doc comment at the given indentation, or "" for empty text; long lines wrap at 100 columns. */
export function docComment(text: string | undefined, indent = ""): string {
  if (text === undefined || text.trim() === "") return "";
  const width = Math.max(40, 100 - indent.length - 3);
  const lines = docCommentLines(text.trim()).flatMap((line) => (/^\s/.test(line) ? [line] : wrapLine(line, width)));
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)).join("\n")}\n${indent} */\n`;
}

/** A line comment (`// ...`) that stays on one line whatever `text` holds. */
export function lineComment(text: string): string {
  return "// " + docCommentLines(text).join(" ");
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key for an object literal. `__proto__` becomes computed, so it stays an own property. */
export function objectKey(key: string): string {
  if (key === "__proto__") return `[${stringLiteral(key)}]`;
  return IDENTIFIER.test(key) ? key : stringLiteral(key);
}

/** A property key for a type literal or interface. */
export function typeKey(key: string): string {
  return IDENTIFIER.test(key) ? key : stringLiteral(key);
}

/** Checks that a generated identifier is one; a failure is a bug in names.ts, not user input. */
export function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not an identifier: ${JSON.stringify(name)}`);
  return name;
}

/**
 * A JSON value as a TypeScript expression that evaluates to an equal value: object literals with
 * keys in their original order, one member per line, strings through stringLiteral; `undefined`
 * as `undefined`.
 */
export function jsonLiteral(value: unknown, indent = "", step = "  "): string {
  if (value === undefined) return "undefined";
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("Non-finite number in JSON");
    return Object.is(value, -0) ? "-0" : JSON.stringify(value);
  }
  if (typeof value === "string") return stringLiteral(value);
  const inner = indent + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((v) => v === null || typeof v !== "object") && value.length <= 8) {
      const flat = `[${value.map((v) => jsonLiteral(v)).join(", ")}]`;
      if (flat.length <= 80) return flat;
    }
    return `[\n${value.map((v) => inner + jsonLiteral(v, inner, step)).join(",\n")},\n${indent}]`;
  }
  const entries = Object.keys(value as object);
  if (entries.length === 0) return "{}";
  const record = value as Record<string, unknown>;
  const isFlat =
    entries.length <= 6 &&
    entries.every((k) => record[k] === null || typeof record[k] !== "object" || (Array.isArray(record[k]) && (record[k] as unknown[]).every((v) => v === null || typeof v !== "object")));
  if (isFlat) {
    const flat = `{ ${entries.map((k) => `${objectKey(k)}: ${jsonLiteral(record[k], inner, step)}`).join(", ")} }`;
    if (flat.length <= 80 && !flat.includes("\n")) return flat;
  }
  return `{\n${entries.map((k) => `${inner}${objectKey(k)}: ${jsonLiteral(record[k], inner, step)}`).join(",\n")},\n${indent}}`;
}
