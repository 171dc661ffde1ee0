// A standalone chunk compiled with the pattern engine (linear-regexp.ts) → the same chunk with each
// pattern as the runtime runs it (pattern-plan.ts). ajv writes a pattern as
// `const patternN = funcM("<ECMAScript pattern>", "u");` after `const funcM = __rt.pattern;`; what
// runs is fixed by the pattern and the checker's verdict, so it is worked out here, once, and the
// generated server never parses an ECMAScript pattern:
//   linear    const pattern0 = func0("<RE2>");
//   split     const pattern1 = func0("<RE2>", { and: ["<RE2>"], not: ["<RE2>"] });
//   certified const pattern2 = __rt.certifiedPattern("<ECMAScript>");   (RegExp, u flag)
// ajv's error messages keep quoting the schema's own pattern.
import { patternUse, type PatternPlan } from "./linear-pattern/pattern-plan.js";
import type { StandaloneChunk } from "./rewrite-standalone.js";

/** `const funcM = __rt.pattern;`: the name ajv gave the runtime's pattern function. */
const PATTERN_FUNCTION = /^const (func\d+) = __rt\.pattern;\n/m;

/** One pattern as ajv writes it, a JSON string literal (JSON.stringify, with U+2028/U+2029 escaped) per line. */
const PATTERN_LINE = /^const (pattern\d+) = (func\d+)\(("(?:[^"\\\n]|\\.)*"), "u"\);$/gm;

/** The string literals of ajv's code (double quotes only; see rewrite-standalone.ts). */
const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"/g;

/** A chunk's call of the runtime's RegExp function for certified patterns. */
const CERTIFIED_CALL = "__rt.certifiedPattern(";

/**
 * `chunk` with every `funcM("<ECMAScript>", "u")` pattern written as `plan` runs it. Throws when the
 * chunk holds a pattern this does not recognise or that does not run (the pattern engine refused it
 * when ajv compiled the schema, so that is a bug in mcp-gen).
 * @example linearPatternCode({ body: 'const func0 = __rt.pattern;\nconst pattern0 = func0("^\\\\s$", "u");\n…', validateName: "validate0" }, NO_VERDICTS)
 */
export function linearPatternCode(chunk: StandaloneChunk, plan: PatternPlan): StandaloneChunk {
  const declared = PATTERN_FUNCTION.exec(chunk.body);
  if (!declared) return chunk;
  const func = declared[1]!;
  let translated = 0;
  let body = chunk.body.replace(PATTERN_LINE, (line, name: string, callee: string, literal: string) => {
    if (callee !== func) return line;
    const source = JSON.parse(literal) as string;
    const use = patternUse(source, plan);
    if (use.run === "regexp") return `const ${name} = ${CERTIFIED_CALL}${literal});`;
    translated++;
    if (use.run === "linear") return `const ${name} = ${func}(${stringLiteral(use.source)});`;
    if (use.run === "split") return `const ${name} = ${func}(${stringLiteral(use.main)}, ${partsLiteral(use.and, use.not)});`;
    throw new Error(`ajv compiled a pattern that does not run (${use.problem.what}); this is a bug in mcp-gen.`);
  });
  // The declaration and one call per pattern: any other use of the function (outside string
  // literals, where a property may have its name) is ajv code this does not know.
  const code = body.replace(STRING_LITERAL, '""');
  const uses = code.split(new RegExp(`(?<![\\w$.])${func}\\b`)).length - 1;
  if (uses !== translated + 1) throw new Error(`ajv's standalone code uses ${func} (__rt.pattern) in a way mcp-gen does not know; this is a bug in mcp-gen.`);
  // Every pattern certified: the function is not called, and not declared.
  if (translated === 0) body = body.replace(PATTERN_FUNCTION, "");
  return { body, validateName: chunk.validateName };
}

/** Whether the chunk runs patterns: its module must then import the runtime with `pattern` (pattern-runtime.ts). */
export function usesPatterns(chunk: StandaloneChunk): boolean {
  return PATTERN_FUNCTION.test(chunk.body) || chunk.body.includes(CERTIFIED_CALL);
}

/** A translation (ASCII only, see re2Literal) as a JavaScript string literal. */
function stringLiteral(text: string): string {
  return JSON.stringify(text);
}

/** A split pattern's other parts, as the runtime's `pattern` takes them: `{ and: [...], not: [...] }` without empty lists. */
function partsLiteral(and: readonly string[], not: readonly string[]): string {
  const members = [...(and.length > 0 ? [`and: [${and.map(stringLiteral).join(", ")}]`] : []), ...(not.length > 0 ? [`not: [${not.map(stringLiteral).join(", ")}]`] : [])];
  return `{ ${members.join(", ")} }`;
}
