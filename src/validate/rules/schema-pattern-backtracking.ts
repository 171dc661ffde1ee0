import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { quotePattern } from "../quote-pattern.js";
import { toolSchemas, walkSchema } from "../walk.js";
import { findBacktracking, type BacktrackingFinding } from "./schema-pattern-backtracking/find-backtracking.js";
import { parsePattern } from "./schema-pattern-backtracking/parse-pattern.js";

/** Longer patterns are left to schema-pattern-limit, so the analysis stays cheap. */
const MAX_ANALYSED_LENGTH = 5000;

export const schemaPatternBacktracking = defineRule({
  id: "schema-pattern-backtracking",
  summary: "No pattern can make a backtracking regex engine run for exponential time.",
  description:
    "ajv runs `pattern` and `patternProperties` with JavaScript's backtracking engine, so a pattern that can split the " +
    "same text between its repetitions in many ways, such as `^(a+)+$`, `^(\\w+\\s?)*$` or `^(\\w|\\d)+$`, takes exponential " +
    "time on a string that almost matches: 30 characters hold a server for seconds, and `maxLength` does not help, because " +
    "with `allErrors` (the SDK's setting) ajv runs the pattern even when `maxLength` has already failed. The check is " +
    "static and simple: inside a repetition that is unbounded (or 10 or more times) and followed by something that can " +
    "fail, it reports a varying inner repetition with no mandatory character between iterations that the inner one " +
    "cannot match, and two alternatives that can match the same text. It does not report polynomial backtracking " +
    "(`\\s*\\s*$`), ambiguity behind back-references, or patterns over 5,000 characters, and as alternatives of varying " +
    "length are compared by their first character it can report a safe pattern such as `((25[0-5]|1?\\d?\\d)\\.)+`. " +
    "No pattern of the corpus is reported. It is an error by default, because the generated server validates every call " +
    "with these patterns; if a report is wrong for your pattern, set the rule to warning in mcp-gen.config.yaml.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why:
    "The generated server runs every pattern on every call, so one crafted argument can hold it for seconds; the " +
    "check is static, so set the rule to warning if it reports a pattern wrongly.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use; server/tools.mdx § Security Considerations",
  checklist: ["T-REF-5"],
  check(tool, report) {
    for (const schema of toolSchemas(tool)) {
      walkSchema(schema.schema, schema.pointer, (node) => {
        if (!isJsonObject(node.schema)) return;
        const pattern = getOwn(node.schema, "pattern");
        if (typeof pattern === "string") check(pattern, joinPointer(node.pointer, "pattern"), "value");
        const patternProperties = getOwn(node.schema, "patternProperties");
        for (const key of isJsonObject(patternProperties) ? Object.keys(patternProperties) : []) {
          check(key, joinPointer(node.pointer, "patternProperties", key), "key");
        }
      });
    }
    function check(pattern: string, pointer: string, target: "key" | "value") {
      const tree = pattern.length > MAX_ANALYSED_LENGTH ? undefined : parsePattern(pattern);
      const finding = tree && findBacktracking(tree);
      if (finding) report({ pointer, target, ...describeFinding(pattern, finding) });
    }
  },
});

function describeFinding(pattern: string, finding: BacktrackingFinding): { message: string; hint: string } {
  const part = (n: { start: number; end: number }) => quotePattern(pattern.slice(n.start, n.end), 30);
  const where = `Pattern ${quotePattern(pattern, 50)}`;
  if (finding.kind === "nested") {
    return {
      message: `${where} repeats ${part(finding.parts[0]!)} inside ${part(finding.loop)} with nothing to tell the iterations apart, so a string that almost matches makes the regex engine try exponentially many splits.`,
      hint: "Let every character match one way only: separate the repetitions with a character the inner part cannot match, as in ^\\w+(\\s\\w+)*$ instead of ^(\\w+\\s?)*$.",
    };
  }
  return {
    message: `${where} repeats ${part(finding.loop)}, whose alternatives ${part(finding.parts[0]!)} and ${part(finding.parts[1]!)} can match the same text, so a string that almost matches makes the regex engine try exponentially many ways.`,
    hint: "Make the alternatives match different text, for example merge (\\w|\\d)+ into \\w+ and (a|aa)* into a*.",
  };
}
