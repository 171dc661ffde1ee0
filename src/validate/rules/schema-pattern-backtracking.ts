import { defineRule } from "../define-rule.js";
import { quotePattern } from "../quote-pattern.js";
import { forEachPattern, toolSchemas } from "../walk.js";
import { SCHEMA_PATTERN_BOUNDED_TIME } from "./schema-pattern-bounded-time.js";
import { findBacktracking, type BacktrackingFinding } from "./schema-pattern-backtracking/find-backtracking.js";
import { parsePattern } from "./schema-pattern-backtracking/parse-pattern.js";

/** Longer patterns are left to schema-pattern-limit, so the analysis stays cheap. */
const MAX_ANALYSED_LENGTH = 5000;

export const schemaPatternBacktracking = defineRule({
  id: "schema-pattern-backtracking",
  summary: "No pattern can make a backtracking regex engine run for exponential time.",
  description:
    "Deprecated, replaced by schema-pattern-bounded-time, and off by default: the generated validators now run every " +
    "pattern in bounded time (on re2js, or on RegExp once a ReDoS checker certified it), so how a backtracking engine " +
    "would fare on other patterns no longer matters to them. " +
    "Turned on, it still does what it did: it reports a pattern on which a backtracking engine such as JavaScript's " +
    "RegExp (ajv's default, which other validators of a published descriptor may use) takes exponential time on a string " +
    "that almost matches, such as `^(a+)+$`, `^(\\w+\\s?)*$` or `^(\\w|\\d)+$`. The check is static and simple: inside a " +
    "repetition that is unbounded (or 10 or more times) and followed by something that can fail, it reports a varying " +
    "inner repetition with no mandatory character between iterations that the inner one cannot match, and two " +
    "alternatives that can match the same text. It does not report polynomial backtracking (`\\s*\\s*$`), ambiguity " +
    "behind back-references, or patterns over 5,000 characters, and as alternatives of varying length are compared by " +
    "their first character it can report a safe pattern such as `((25[0-5]|1?\\d?\\d)\\.)+`. No pattern of the corpus is reported.",
  defaultSeverity: "off",
  deprecated: { replacedBy: SCHEMA_PATTERN_BOUNDED_TIME },
  must: false,
  why: "Generated validators run patterns in bounded time, so a backtracking pattern only matters to other validators of the same descriptor; turn it on for those.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use; server/tools.mdx § Security Considerations",
  checklist: ["T-REF-5"],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      forEachPattern(schema.schema, schema.pointer, memo, ({ pattern, pointer, target }) => {
        const tree = pattern.length > MAX_ANALYSED_LENGTH ? undefined : parsePattern(pattern);
        const finding = tree && findBacktracking(tree);
        if (finding) report({ pointer, target, ...describeFinding(pattern, finding) });
      });
    }
  },
});

function describeFinding(pattern: string, finding: BacktrackingFinding): { message: string; hint: string } {
  const part = (n: { start: number; end: number }) => quotePattern(pattern.slice(n.start, n.end), 30);
  const where = `Pattern ${quotePattern(pattern, 50)}`;
  if (finding.kind === "nested") {
    return {
      message: `${where} repeats ${part(finding.parts[0]!)} inside ${part(finding.loop)} with nothing to tell the iterations apart, so a string that almost matches makes a backtracking regex engine try exponentially many splits.`,
      hint: "Let every character match one way only: separate the repetitions with a character the inner part cannot match, as in ^\\w+(\\s\\w+)*$ instead of ^(\\w+\\s?)*$.",
    };
  }
  return {
    message: `${where} repeats ${part(finding.loop)}, whose alternatives ${part(finding.parts[0]!)} and ${part(finding.parts[1]!)} can match the same text, so a string that almost matches makes a backtracking regex engine try exponentially many ways.`,
    hint: "Make the alternatives match different text, for example merge (\\w|\\d)+ into \\w+ and (a|aa)* into a*.",
  };
}
