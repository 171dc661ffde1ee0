import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { IN_PLACE_KEYWORDS } from "../../model/schema-walk.js";
import { defineRule } from "../define-rule.js";
import { describePointer } from "../describe-pointer.js";
import { toolSchemas, walkSubschemas } from "../walk.js";
import { groupDigits } from "../../model/phrases.js";

export interface SchemaCompositionLimitOptions {
  /** Most branches one allOf, anyOf or oneOf may have. */
  readonly maxBranches: number;
  /** Most in-place applicators (allOf, anyOf, oneOf, not, if/then/else, dependentSchemas) nested inside each other. */
  readonly maxNesting: number;
}

/** About 4 times the corpus maxima: 23 branches (a GitHub REST oneOf) and composition nested 2 deep (mapbox). */
const DEFAULTS: SchemaCompositionLimitOptions = { maxBranches: 100, maxNesting: 8 };
const BRANCHING = ["allOf", "anyOf", "oneOf"] as const;

const count = groupDigits;

export const schemaCompositionLimit = defineRule<SchemaCompositionLimitOptions>({
  id: "schema-composition-limit",
  summary: "No allOf, anyOf or oneOf has more branches, or nests deeper, than the configured limits.",
  description:
    "A validator tries every branch of `anyOf` and `oneOf` on each value (`oneOf` must, to prove that exactly one " +
    "matches), and composition nested inside composition multiplies the branches it tries and the errors it collects, " +
    "so a schema with thousands of branches or branches nested many levels deep makes every call slow to validate and " +
    "its errors unreadable. Each of inputSchema and outputSchema is checked on its own and each bound is reported once, " +
    "where it is first crossed. The defaults are about four times the corpus maxima: `maxBranches` 100 (the most is 23, " +
    "in a GitHub REST oneOf of ruleset rules) and `maxNesting` 8 in-place applicators (allOf, anyOf, oneOf, not, " +
    "if/then/else, dependentSchemas) inside each other (the most is 2, in mapbox's outputSchemas and several GitHub REST input schemas). Replace long anyOf " +
    "lists of constants with `enum`, and tell oneOf branches apart with a `const` discriminator.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why: "Thousands of branches, or branches nested deep, make every call slow to validate, so a hostile schema could " + "hold a server; raise the limits for a large schema you mean to serve.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use (the limits are mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: DEFAULTS,
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxBranches: { type: "integer", minimum: 1, description: `Most branches of one allOf, anyOf or oneOf (default ${DEFAULTS.maxBranches}).` },
        maxNesting: { type: "integer", minimum: 1, description: `Most composition keywords nested inside each other (default ${DEFAULTS.maxNesting}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    for (const schema of toolSchemas(tool)) {
      let branchesReported = false;
      let nestingReported = false;
      // The walk visits parents first, so the last node seen at depth d - 1 is the parent of a node at depth d.
      const nestingAtDepth: number[] = [];
      walkSubschemas(schema, memo, (node) => {
        const inPlace = node.keyword !== undefined && IN_PLACE_KEYWORDS.has(node.keyword) ? 1 : 0;
        const nesting = node.depth === 0 ? 0 : nestingAtDepth[node.depth - 1]! + inPlace;
        nestingAtDepth[node.depth] = nesting;
        if (nesting > options.maxNesting && !nestingReported) {
          nestingReported = true;
          report({
            pointer: node.pointer,
            message: `This subschema of ${schema.key} sits inside ${count(nesting)} nested composition keywords, more than the limit of ${count(options.maxNesting)}.`,
            hint: "Flatten the composition: merge nested allOf branches into their parent, or move shared parts into $defs; raise maxNesting in mcp-gen.config.yaml if it is intended.",
          });
        }
        for (const keyword of branchesReported || !isJsonObject(node.schema) ? [] : BRANCHING) {
          const branches = getOwn(node.schema, keyword);
          if (!Array.isArray(branches) || branches.length <= options.maxBranches) continue;
          branchesReported = true;
          report({
            pointer: joinPointer(node.pointer, keyword, options.maxBranches),
            message: `${describePointer(joinPointer(node.pointer, keyword))} has ${count(branches.length)} branches, more than the limit of ${count(options.maxBranches)}; this is branch ${count(options.maxBranches + 1)}.`,
            hint: "Replace a long list of constant branches with enum, or split the tool; raise maxBranches in mcp-gen.config.yaml if it is intended.",
          });
          break;
        }
        return branchesReported && nestingReported ? "stop" : undefined;
      });
    }
  },
});
