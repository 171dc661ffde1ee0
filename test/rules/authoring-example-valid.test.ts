import { expect, it } from "vitest";
import { authoringExampleValid } from "../../src/validate/rules/authoring-example-valid.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";
import { withinSeconds } from "../support/within-seconds.js";

describeRule(authoringExampleValid, () => {
  it("checks examples against patterns in time linear in the string (issue 14)", () => {
    // On these examples V8's RegExp runs for more than 20 s each; withinSeconds stops the check
    // after a bound many times what it takes, and fails the test.
    const tool = {
      name: "slow_patterns",
      description: "Patterns a backtracking engine takes seconds to years on.",
      inputSchema: {
        type: "object",
        properties: {
          a: { type: "string", pattern: "^\\d+\\d+\\d+\\d+x$" },
          b: { type: "string", pattern: "^(\\d+)(\\d+)(\\d+)(\\d+)(\\d+)x$" },
          c: { type: "string", pattern: "^[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!$" },
        },
      },
      "x-mcp-gen": { examples: [{ arguments: { a: "1".repeat(600) } }, { arguments: { b: "1".repeat(300) } }, { arguments: { c: "a".repeat(300) } }] },
    };
    const { analysis } = withinSeconds(10, () => analyzeTools([tool], [authoringExampleValid]));
    expect(analysis.diagnostics.map((d) => d.message.replace(/"[^"]{40,}"/g, "…"))).toEqual([
      'Example 1 does not match inputSchema: arguments.a must match pattern "^\\d+\\d+\\d+\\d+x$".',
      'Example 2 does not match inputSchema: arguments.b must match pattern "^(\\d+)(\\d+)(\\d+)(\\d+)(\\d+)x$".',
      'Example 3 does not match inputSchema: arguments.c must match pattern "^[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!$".',
    ]);
  });

  it("leaves a schema with a $ref loop to ref-cycle instead of running its validator", () => {
    // The validator of `anyOf: [{ $ref: "#" }]` recurses until the stack runs out: the check failed
    // with an internal-error diagnostic beside the ref-cycle error.
    const tool = {
      name: "loop",
      description: "A schema that refers to itself in place.",
      inputSchema: { type: "object", anyOf: [{ $ref: "#" }] },
      outputSchema: { type: "object", allOf: [{ $ref: "" }] },
      "x-mcp-gen": { examples: [{ arguments: { a: 1 }, result: { structuredContent: { a: 1 } } }] },
    };
    const { analysis } = analyzeTools([tool], [authoringExampleValid]);
    expect(analysis.diagnostics.map((d) => d.ruleId)).toEqual(["ref-cycle", "ref-cycle"]);
  });
});
