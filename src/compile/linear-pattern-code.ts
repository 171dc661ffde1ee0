// A standalone chunk compiled with the linear regExp engine (linear-regexp.ts) → the same chunk with
// each pattern in the RE2 syntax the runtime's re2js reads. ajv writes a pattern as
// `const patternN = funcM("<ECMAScript pattern>", "u");` after `const funcM = __rt.pattern;`; the
// translation is fixed by the pattern, so it is made here, once, and the generated server never
// parses an ECMAScript pattern. ajv's error messages keep quoting the schema's own pattern.
import { linearTranslation } from "./linear-pattern/linear-regexp.js";
import type { StandaloneChunk } from "./rewrite-standalone.js";

/** `const funcM = __rt.pattern;`: the name ajv gave the runtime's pattern function. */
const PATTERN_FUNCTION = /^const (func\d+) = __rt\.pattern;$/m;

/** One pattern as ajv writes it, a JSON string literal (JSON.stringify, with U+2028/U+2029 escaped) per line. */
const PATTERN_LINE = /^const (pattern\d+) = (func\d+)\(("(?:[^"\\\n]|\\.)*"), "u"\);$/gm;

/** The string literals of ajv's code (double quotes only; see rewrite-standalone.ts). */
const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"/g;

/**
 * `chunk` with every `funcM("<ECMAScript>", "u")` pattern made `funcM("<RE2>")`. Throws when the
 * chunk holds a pattern this does not recognise or cannot translate (linearRegExp refused it when
 * ajv compiled the schema, so that is a bug in mcp-gen).
 * @example linearPatternCode({ body: 'const func0 = __rt.pattern;\nconst pattern0 = func0("^\\\\s$", "u");\n…', validateName: "validate0" })
 */
export function linearPatternCode(chunk: StandaloneChunk): StandaloneChunk {
  const declared = PATTERN_FUNCTION.exec(chunk.body);
  if (!declared) return chunk;
  const func = declared[1]!;
  let translated = 0;
  const body = chunk.body.replace(PATTERN_LINE, (line, name: string, callee: string, literal: string) => {
    if (callee !== func) return line;
    const translation = linearTranslation(JSON.parse(literal) as string);
    if (!translation.ok) throw new Error(`ajv compiled a pattern that re2js cannot run (${translation.problem.what}); this is a bug in mcp-gen.`);
    translated++;
    return `const ${name} = ${func}(${stringLiteral(translation.source)});`;
  });
  // The declaration and one call per pattern: any other use of the function (outside string
  // literals, where a property may have its name) is ajv code this does not know.
  const code = body.replace(STRING_LITERAL, '""');
  const uses = code.split(new RegExp(`(?<![\\w$.])${func}\\b`)).length - 1;
  if (uses !== translated + 1) throw new Error(`ajv's standalone code uses ${func} (__rt.pattern) in a way mcp-gen does not know; this is a bug in mcp-gen.`);
  return { body, validateName: chunk.validateName };
}

/** Whether the chunk runs patterns: its module must then import the runtime with `pattern` (pattern-runtime.ts). */
export function usesPatterns(chunk: StandaloneChunk): boolean {
  return PATTERN_FUNCTION.test(chunk.body);
}

/** A translation (ASCII only, see re2Literal) as a JavaScript string literal. */
function stringLiteral(text: string): string {
  return JSON.stringify(text);
}
