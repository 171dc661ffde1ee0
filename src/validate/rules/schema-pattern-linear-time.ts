import { linearTranslation } from "../../compile/linear-pattern/linear-regexp.js";
import type { PatternProblem } from "../../compile/linear-pattern/translate-pattern.js";
import { defineRule } from "../define-rule.js";
import { quotePattern } from "../quote-pattern.js";
import { forEachPattern, toolSchemas } from "../walk.js";
import { SCHEMA_PATTERN_BOUNDED_TIME } from "./schema-pattern-bounded-time.js";

export const SCHEMA_PATTERN_LINEAR_TIME = "schema-pattern-linear-time";

/** What to write instead, by what the pattern uses. */
const HINTS: Readonly<Record<Exclude<PatternProblem["kind"], "syntax">, string>> = {
  lookahead:
    'Give each lookahead a pattern of its own under allOf, and a negative one under not: ^(?=.*\\d)\\w+$ is allOf: [{pattern: "^.*\\d"}, {pattern: "^\\w+$"}], ^(?!admin$)\\w+$ is pattern: "^\\w+$" with not: {pattern: "^admin$"}.',
  lookbehind: "Rewrite the pattern without the lookbehind (match the preceding text too, or split it with allOf), or check the value in the handler.",
  backreference: "List the forms the back-reference allows as alternatives, such as ^('[^']*'|\"[^\"]*\")$ for ^(['\"]).*\\1$, or check the value in the handler.",
  property: "Use a General_Category (\\p{L}, \\p{Letter}), a script by its full name (\\p{Script=Latin}) or a character class.",
  nesting: "Nest fewer groups.",
  engine: "Keep each repetition count at 1,000 or below and the pattern shorter; check a length with minLength and maxLength instead.",
};

export const schemaPatternLinearTime = defineRule({
  id: SCHEMA_PATTERN_LINEAR_TIME,
  summary: "Every pattern and patternProperties key can run on a linear-time regex engine.",
  description:
    "Deprecated, replaced by schema-pattern-bounded-time, and off by default: the generated validators now run a pattern " +
    "that opens with `^` and lookaheads as a conjunction of linear-time matches, and back-references and lookbehind on " +
    "RegExp once a ReDoS checker certified them, so what matters is bounded time, not re2js's syntax. Turned on, it " +
    "still does what it did: it reports every pattern that re2js, a regex engine that answers in time linear in the " +
    "input, cannot run as written: lookahead `(?=…)` `(?!…)`, lookbehind `(?<=…)` `(?<!…)`, back-references `\\1` " +
    "`\\k<name>`, Unicode properties re2js has no table for, and repetition counts above 1,000 (for a project that wants " +
    "every pattern portable to RE2-based validators).",
  defaultSeverity: "off",
  deprecated: { replacedBy: SCHEMA_PATTERN_BOUNDED_TIME },
  must: false,
  why: "Generated validators run every pattern in bounded time whatever its syntax; turn it on to keep patterns within what an RE2 engine runs.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use; server/tools.mdx § Security Considerations",
  checklist: ["T-REF-5"],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      forEachPattern(schema.schema, schema.pointer, memo, ({ pattern, pointer, target }) => {
        const translation = linearTranslation(pattern);
        if (translation.ok) return;
        const { problem } = translation;
        // Invalid patterns are schema-valid's.
        if (problem.kind === "syntax") return;
        const where = problem.start === 0 && problem.end === pattern.length ? "" : ` at character ${problem.start + 1}`;
        report({
          pointer,
          target,
          message: `Pattern ${quotePattern(pattern, 50)} uses ${problem.what}${where}, which re2js, the linear-time regex engine the generated validators run patterns on, cannot run.`,
          hint: HINTS[problem.kind],
        });
      });
    }
  },
});
