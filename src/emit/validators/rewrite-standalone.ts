// One validator's ajv standalone code → a self-contained chunk that needs only the runtime module.
// ajv writes CommonJS `require()`s for its runtime helpers, a `/*# sourceURL=<$id> */` comment, and
// value names numbered across the whole ajv instance (validate37, schema112); this rewrites them
// (and one ajv bug, below) in one pass over the tokens, outside string literals, and refuses
// anything it does not know.

/** Runtime helpers ajv's standalone code requires, and what the generated code uses instead. */
const RUNTIME_REQUIRES: ReadonlyMap<string, string> = new Map([
  ['require("ajv/dist/runtime/equal").default', "__rt.equal"],
  ['require("ajv/dist/runtime/ucs2length").default', "__rt.ucs2length"],
]);

/** The prefixes of ajv's instance-wide value names (ajv/lib/core.ts, EXT_SCOPE_NAMES). */
const SCOPE_PREFIXES = ["validate\\$data", "validate", "serialize", "parse", "wrapper", "root", "schema", "keyword", "pattern", "formats", "func", "obj", "Error"];

/**
 * The only regular expression literals ajv writes into JSON Schema validators: JSON Pointer escaping
 * of a property name in an error's instancePath (ajv/lib/compile/util.ts, getErrorPath).
 */
const REGEXP_LITERALS = [String.raw`/~/g`, String.raw`/\//g`];

/**
 * ajv checks `required` (and `dependentRequired`, `dependencies`) with first-error-only as
 * `(data.a === undefined) && (missing0 = "a")`, which is never true for a property named "": the
 * assignment's value "" is falsy, so `required: [""]` is not enforced. With allErrors (mcp-gen's own
 * validation) it is. The rewrite makes the assignment true, which is what ajv means.
 */
const MISSING_EMPTY_NAME = /^\(missing\d+ = ""\)$/;

// Alternatives, tried in order at each position: a string literal or a known regular expression
// literal (kept as is); ajv's check for a missing property named ""; the sourceURL comment ajv
// writes for a schema with `$id` (its value is JSON, so `*/` can only sit inside a string there: a
// hostile `$id` cannot end the comment early); any other comment or a template literal
// (unexpected: refused); an identifier, with the rest of a runtime require if it is one, or a
// number (kept whole, so "xvalidate1" or "1e5" is never split).
const TOKEN = new RegExp(
  [
    String.raw`"[^"\\]*(?:\\[\s\S][^"\\]*)*"`,
    String.raw`'[^'\\]*(?:\\[\s\S][^'\\]*)*'`,
    ...REGEXP_LITERALS.map((literal) => literal.replace(/[/\\]/g, "\\$&")),
    String.raw`\(missing\d+ = ""\)`,
    String.raw`\/\*# sourceURL=(?:"[^"\\]*(?:\\[\s\S][^"\\]*)*"|[^"*/])* \*\/;?`,
    String.raw`\/[*/]|` + "`",
    String.raw`require\("[^"\\]*"\)\.default|[A-Za-z_$][\w$]*|[0-9][\w$.]*`,
  ].join("|"),
  "g",
);

const SCOPE_NAME = new RegExp(String.raw`^(${SCOPE_PREFIXES.join("|")})\d+$`);

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
  const unknown = new Set<string>();
  const body = code.slice(head[0].length).replace(TOKEN, (token: string, offset: number, text: string) => {
    const rewritten = rewriteToken(token, text.charAt(offset - 1), rename);
    if (rewritten === undefined) unknown.add(token);
    return rewritten ?? token;
  });
  if (unknown.size > 0) {
    throw new Error(`ajv's standalone code uses ${[...unknown].map((t) => JSON.stringify(t)).join(", ")}, which mcp-gen's validator runtime does not provide; this is a bug in mcp-gen.`);
  }
  return { body: body.replace(/^\n+|\n+$/g, ""), validateName };
}

/**
 * Whether rewriteStandalone(code) changes what the code accepts, not only its names: it does where
 * it mends ajv's unenforced `required: [""]`. Otherwise the function ajv compiled from `code` is the
 * generated validator under other names. (A match inside a string literal only says "changes".)
 */
export function rewriteChangesBehaviour(code: string): boolean {
  return /\(missing\d+ = ""\)/.test(code);
}

/** What replaces one token; undefined for a token the runtime cannot stand in for. */
function rewriteToken(token: string, before: string, rename: (name: string) => string): string | undefined {
  const first = token.charAt(0);
  if (first === '"' || first === "'" || REGEXP_LITERALS.includes(token)) return token;
  if (MISSING_EMPTY_NAME.test(token)) return token.replace(/\)$/, ", true)");
  if (token.startsWith("/*# sourceURL=")) return "";
  if (token.startsWith("/") || token === "`" || token === "require") return undefined;
  if (token.startsWith("require(")) return RUNTIME_REQUIRES.get(token);
  // A name after "." is a property (`formats0.validate`), not one of ajv's values.
  return SCOPE_NAME.test(token) && before !== "." ? rename(token) : token;
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
