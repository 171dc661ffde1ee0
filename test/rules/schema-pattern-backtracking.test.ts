import { expect, it } from "vitest";
import { schemaPatternBacktracking } from "../../src/validate/rules/schema-pattern-backtracking.js";
import { findBacktracking } from "../../src/validate/rules/schema-pattern-backtracking/find-backtracking.js";
import { parsePattern } from "../../src/validate/rules/schema-pattern-backtracking/parse-pattern.js";
import { corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaPatternBacktracking;
const verdict = (pattern: string) => {
  const tree = parsePattern(pattern);
  return tree === undefined ? "unreadable" : (findBacktracking(tree)?.kind ?? "safe");
};

/** Each of these takes V8 seconds on a string of 25 to 30 characters that almost matches. */
const EXPONENTIAL: Record<string, "nested" | "alternation"> = {
  "^(a+)+$": "nested",
  "(a+)+b": "nested",
  "^(\\w+\\s?)*$": "nested",
  "^(?:\\s*\\w+)+$": "nested",
  "^(.*,)*$": "nested",
  "^(a{1,2})+$": "nested",
  "(x+x+)+y": "nested",
  "^(\\p{L}+ ?)*$": "nested",
  "^(a|aa)*$": "alternation",
  "^(\\w|\\d)+$": "alternation",
  "^(.|\\s)*$": "alternation",
  "^((a|a)b)*$": "alternation",
};

const SAFE = [
  "(a+)+",
  "(a+)+\\s*",
  "^(ab|abc)*$",
  "^(a+b)*$",
  "^(a|b)*$",
  "^(.|\\n)*$",
  "^(\\d{2})+$",
  "^(\\/[^\\/]+)+$",
  "^[\\w.-]+@([\\w-]+\\.)+[\\w-]{2,4}$",
  '^(?:\\\\.|[^"\\\\])*$',
  "^([a-z]+\\.)*[a-z]+$",
  "^(a+){1,9}$",
  "(?=(a+)+)b",
  "\\d+\\d+$",
];

describeRule(rule, () => {
  for (const [pattern, kind] of Object.entries(EXPONENTIAL)) {
    it(`reports ${pattern} as ${kind} (T-REF-5)`, () => expect(verdict(pattern)).toBe(kind));
  }
  it("does not report repetitions that cannot split text two ways, nothing after a loop that can fail, or polynomial cases (T-REF-5)", () => {
    expect(Object.fromEntries(SAFE.map((p) => [p, verdict(p)]))).toEqual(Object.fromEntries(SAFE.map((p) => [p, "safe"])));
  });

  it("reports, as its description admits, a safe IPv4 loop whose alternatives only share a first character (T-REF-5)", () => {
    expect(verdict("^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.)+$")).toBe("alternation");
  });

  it("reads classes, escapes, groups and quantifiers of u-mode patterns, and gives up on what it cannot read (T-REF-5)", () => {
    expect(verdict("^[\\u{1F600}-\\u{1F64F}\\x41\\cJ\\-\\]]+(?<name>\\k<name>|\\1)(?<=a)(?!b)\\b.{2,}?$")).toBe("safe");
    expect(verdict("(a")).toBe("unreadable");
    expect(verdict("[z-a")).toBe("unreadable");
    expect(verdict("(".repeat(2000) + ")".repeat(2000))).toBe("unreadable");
  });

  it("reports no pattern of the corpus (T-REF-5)", () => {
    expect(corpusReports(rule)).toEqual([]);
  });

  it("skips a 100,000-character pattern and 2,000 nested groups without overflowing the stack (T-REF-5)", () => {
    const tool = toolWith({
      type: "object",
      properties: {
        long: { type: "string", pattern: "(a+)+$" + "b".repeat(100_000) },
        nested: { type: "string", pattern: "(".repeat(2000) + "a+" + ")+".repeat(2000) + "$" },
      },
    });
    expect(analyzeTools([tool], [rule], { skipLoad: true }).analysis.diagnostics).toEqual([]);
  });
});
