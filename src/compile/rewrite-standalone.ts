// One validator's ajv standalone code → a self-contained chunk that needs only the runtime module.
// ajv writes CommonJS `require()`s for its runtime helpers, a `/*# sourceURL=<$id> */` comment, and
// value names numbered across the whole ajv instance (validate37, schema112); this rewrites them
// (and `"__proto__"` keys of object literals, below) in one pass over the tokens that scanAjvCode reads as a JavaScript engine
// does, and refuses anything it does not know.
import { scanAjvCode, UnsafeAjvCodeError } from "./ajv-code-tokens.js";

/** Runtime helpers ajv's standalone code requires, and what the generated code uses instead. */
const RUNTIME_REQUIRES: ReadonlyMap<string, string> = new Map([
  ["ajv/dist/runtime/equal", "__rt.equal"],
  ["ajv/dist/runtime/ucs2length", "__rt.ucs2length"],
]);

/** The prefixes of ajv's instance-wide value names (ajv/lib/core.ts, EXT_SCOPE_NAMES). */
const SCOPE_PREFIXES = ["validate\\$data", "validate", "serialize", "parse", "wrapper", "root", "schema", "keyword", "pattern", "formats", "func", "obj", "Error"];

const SCOPE_NAME = new RegExp(String.raw`^(${SCOPE_PREFIXES.join("|")})\d+$`);

/**
 * ajv writes each schema it needs at run time as JSON, `const schema0 = {"properties":{"__proto__":{…}}}`:
 * in an object literal a `"__proto__":` key sets the prototype instead of adding a property, so
 * `schema0.properties` would lose the property named `__proto__`, and `additionalProperties: false`
 * (which asks `hasOwnProperty.call(schema0.properties, key)`) would refuse an argument of that name.
 * The rewrite writes the key computed, `["__proto__"]:`, which is an own property as in ajv's own schema.
 */
const PROTO_KEYS: ReadonlySet<string> = new Set(['"__proto__"', "'__proto__'"]);
const PROTO_KEY_LENGTH = '"__proto__"'.length;

const REQUIRE = "require";

function isDigitCode(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export interface StandaloneChunk {
  /** The statements that declare the validator and everything it uses. */
  readonly body: string;
  /** The name, inside `body`, of the validate function to export. */
  readonly validateName: string;
}

/**
 * Turns the output of ajv's `standaloneCode(ajv, validateFunction)` (ESM, one statement per line)
 * into a chunk whose names are numbered from 0 in order of appearance, with the export's function
 * first, so that the chunk depends only on its schema and never on what else the instance compiled.
 * Throws when ajv wrote something this does not know how to make dependency-free.
 * @example rewriteStandalone('"use strict";\nexport const validate = validate3;\nexport default validate3;\nfunction validate3(data){...}')
 */
export function rewriteStandalone(code: string): StandaloneChunk {
  const head = /^"use strict";\nexport const validate = (validate\d+);\nexport default \1;\n/.exec(code);
  if (!head) throw new Error(`ajv's standalone code does not start as expected: ${JSON.stringify(code.slice(0, 120))}; this is a bug in mcp-gen.`);
  const rename = scopeNameNumbering();
  const validateName = rename(head[1]!);
  const text = code.slice(head[0].length);
  const unknown = new Set<string>();
  const parts: string[] = [];
  let copied = 0;
  const replace = (start: number, end: number, by: string) => {
    parts.push(text.slice(copied, start), by);
    copied = end;
  };
  const refused = scanAjvCode(text, (kind, start, end) => {
    if (start < copied) return; // inside a replaced span
    if (kind === "string") {
      // `{"__proto__":` or `,"__proto__":`: a key in an object literal (see PROTO_KEYS). Most
      // strings are not even sliced: only one of PROTO_KEYS' length can be one.
      if (end - start !== PROTO_KEY_LENGTH) return;
      const literal = text.slice(start, end);
      if (PROTO_KEYS.has(literal) && /^[{,]$/.test(previousChar(text, start)) && nextChar(text, end) === ":") replace(start, end, `[${literal}]`);
    } else if (kind === "sourceUrl") {
      // ajv writes it as a statement of its own, `/*# sourceURL="…" */;`: both go.
      replace(start, text.charCodeAt(end) === 0x3b ? end + 1 : end, "");
    } else if (kind === "word") {
      // Every word this rewrites ends in a digit (SCOPE_NAME) or is `require`; the
      // others (data, errors, if, ...) are most of the code and are not sliced.
      if (!isDigitCode(text.charCodeAt(end - 1)) && !(end - start === REQUIRE.length && text.startsWith(REQUIRE, start))) return;
      const word = text.slice(start, end);
      const required = word === "require" ? RUNTIME_REQUIRE.exec(text.slice(end, end + 200)) : null;
      if (required) {
        const helper = RUNTIME_REQUIRES.get(required[1]!);
        if (helper === undefined) unknown.add(`require("${required[1]!}")`);
        replace(start, end + required[0].length, helper ?? "");
      } else if (word === "require") {
        unknown.add(word);
      } else if (SCOPE_NAME.test(word) && previousChar(text, start) !== ".") {
        // A name after "." is a property (`formats0.validate`), not one of ajv's values.
        replace(start, end, rename(word));
      }
    }
  });
  if (refused >= 0) throw new UnsafeAjvCodeError(text.slice(refused, refused + 40));
  if (unknown.size > 0) {
    throw new Error(`ajv's standalone code uses ${[...unknown].join(", ")}, which mcp-gen's validator runtime does not provide; this is a bug in mcp-gen.`);
  }
  parts.push(text.slice(copied));
  return { body: parts.join("").replace(/^\n+|\n+$/g, ""), validateName };
}

/** The rest of `require("<module>").default` after the word `require`. */
const RUNTIME_REQUIRE = /^\("([^"\\]*)"\)\.default(?![\w$])/;

/** The character before `index` that is not a space or line break. */
function previousChar(text: string, index: number): string {
  let i = index - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\n")) i--;
  return i >= 0 ? text[i]! : "";
}

/** The character at or after `index` that is not a space or line break. */
function nextChar(text: string, index: number): string {
  let i = index;
  while (i < text.length && (text[i] === " " || text[i] === "\n")) i++;
  return i < text.length ? text[i]! : "";
}

/** Renames ajv's instance-wide names to prefix + 0, 1, 2... per prefix, in order of first use. */
function scopeNameNumbering(): (name: string) => string {
  const names = new Map<string, string>();
  const counters = new Map<string, number>();
  return (name) => {
    let renamed = names.get(name);
    if (renamed === undefined) {
      const prefix = SCOPE_NAME.exec(name)![1]!;
      const index = counters.get(prefix) ?? 0;
      counters.set(prefix, index + 1);
      renamed = prefix + String(index);
      names.set(name, renamed);
    }
    return renamed;
  };
}
