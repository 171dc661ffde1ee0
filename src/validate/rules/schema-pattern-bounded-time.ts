import { patternUse, type PatternVerdict } from "../../compile/linear-pattern/pattern-plan.js";
import type { PatternProblem } from "../../compile/linear-pattern/translate-pattern.js";
import { defineRule } from "../define-rule.js";
import { quotePattern } from "../quote-pattern.js";
import { forEachPattern, toolSchemas } from "../walk.js";
import { cutText } from "../../diff/cut-text.js";

export const SCHEMA_PATTERN_BOUNDED_TIME = "schema-pattern-bounded-time";

/** What to write instead of a construct no engine runs in bounded time. */
const HINTS: Readonly<Record<Exclude<PatternProblem["kind"], "syntax" | "lookahead" | "lookbehind" | "backreference">, string>> = {
  property: "Use a General_Category (\\p{L}, \\p{Letter}), a script by its full name (\\p{Script=Latin}) or a character class.",
  nesting: "Nest fewer groups.",
  engine: "Keep each repetition count at 1,000 or below and the pattern shorter; check a length with minLength and maxLength instead.",
};

/** Longest attack string description quoted in a hint. */
const MAX_ATTACK = 200;

export const schemaPatternBoundedTime = defineRule({
  id: SCHEMA_PATTERN_BOUNDED_TIME,
  summary: "Every pattern and patternProperties key runs in bounded time in the generated validators.",
  description:
    "The generated validators, and mcp-gen's own checks of examples and scaffold arguments, decide `pattern` and " +
    "`patternProperties` exactly as ECMAScript's RegExp with the `u` flag does, in time that no argument can stretch: a " +
    "backtracking engine such as RegExp takes seconds to years on patterns like `^(a+)+$`, inside the server's event loop. " +
    "Most patterns run on re2js, a linear-time engine; a pattern that opens with `^` and lookaheads " +
    "(`^(?!\\.)(?!.*\\.\\.)[\\w.]+$`) runs as a conjunction of re2js matches. The rest (back-references, lookbehind, " +
    "lookaheads elsewhere) run on RegExp only when the ReDoS checker (recheck) certifies them safe; one it finds " +
    "vulnerable (exponential or polynomial time; the hint names an attack string) or cannot decide within its budget is " +
    "reported here. Also reported: Unicode properties re2js has no table for and repetition counts above 1,000. In a " +
    "`generate: client` project (someone else's server) an uncertified pattern is a warning, and the generated validator " +
    "leaves that one keyword out instead of running it. See docs/patterns.md.",
  defaultSeverity: "error",
  breaks: ["generated-code", "safety"],
  must: false,
  why: "A pattern that no engine runs in bounded time cannot be compiled into a generated validator, and run by a backtracking engine it could hold the server.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use; server/tools.mdx § Security Considerations",
  checklist: ["T-REF-5"],
  check(tool, report, { schemas, memo }) {
    for (const schema of toolSchemas(tool)) {
      forEachPattern(schema.schema, schema.pointer, memo, ({ pattern, pointer, target }) => {
        const use = patternUse(pattern, schemas.patterns);
        if (use.run !== "refused" && use.run !== "left-out") return;
        const { problem } = use;
        // Invalid patterns are schema-valid's.
        if (problem.kind === "syntax") return;
        const where = problem.start === 0 && problem.end === pattern.length ? "" : ` at character ${problem.start + 1}`;
        const uses = `Pattern ${quotePattern(pattern, 50)} uses ${problem.what}${where}`;
        if (problem.kind === "property" || problem.kind === "nesting" || problem.kind === "engine") {
          report({ pointer, target, message: `${uses}, which re2js, the linear-time regex engine the generated validators run patterns on, cannot run.`, hint: HINTS[problem.kind] });
          return;
        }
        const found = `${uses}, which only a backtracking engine runs, and ${verdictPhrase(use.verdict)}`;
        if (use.run === "left-out") {
          report({
            pointer,
            target,
            severity: "warning",
            message: `${found}: in this generate: client project the generated validator leaves this pattern out and does not check it.`,
            hint: `${attackHint(use.verdict)}The server's own validation still applies; to check the pattern here too, ask its owner for one without back-references or lookbehind. See docs/patterns.md.`,
          });
          return;
        }
        report({ pointer, target, message: `${found}.`, hint: `${attackHint(use.verdict)}${REWRITE}` });
      });
    }
  },
});

const REWRITE =
  "Rewrite the pattern so that re2js can run it (no back-reference; lookaheads only right after a leading ^), for example list the forms a back-reference allows as alternatives (^('[^']*'|\"[^\"]*\")$ for ^(['\"]).*\\1$), or check the value in the handler. See docs/patterns.md.";

/** What the checker found, as the end of a sentence. */
function verdictPhrase(verdict: PatternVerdict | undefined): string {
  if (verdict === undefined) return "the ReDoS checker has not checked it (it runs in validate, build, check and diff)";
  if (verdict.status === "vulnerable") return `the ReDoS checker found it vulnerable: ${verdict.complexity} time in the length of the input`;
  if (verdict.status === "undecided") return `the ReDoS checker could not certify it (${verdict.reason})`;
  return "the ReDoS checker certified it";
}

/** The attack string, first thing in the hint, for a vulnerable pattern. */
function attackHint(verdict: PatternVerdict | undefined): string {
  if (verdict?.status !== "vulnerable") return "";
  const attack = cutText(verdict.attack, MAX_ATTACK + 1);
  return `Attack string: ${attack}. `;
}
