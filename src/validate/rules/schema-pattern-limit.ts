import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule, type RuleReport } from "../define-rule.js";
import { quotePattern } from "../quote-pattern.js";
import { toolSchemas, walkSubschemas } from "../walk.js";
import { groupDigits } from "../../model/phrases.js";

export interface SchemaPatternLimitOptions {
  /** Longest `pattern` or `patternProperties` key, in UTF-16 code units (what RegExp reads). */
  readonly maxLength: number;
}

/** 9 times the longest pattern of the corpus (109 characters, GitHub's SSH signing-key pattern). */
const DEFAULT_MAX_LENGTH = 1000;

const count = groupDigits;

export const schemaPatternLimit = defineRule<SchemaPatternLimitOptions>({
  id: "schema-pattern-limit",
  summary: "No pattern or patternProperties key is longer than the configured limit.",
  description:
    "Every `pattern` and `patternProperties` key becomes a regular expression that each validator compiles, and the " +
    "time a regex engine spends on a string grows with the pattern's size (re2js, which the generated validators use: " +
    "the string's length times the pattern's), so a pattern of many kilobytes is a cost with no use in a tool. Each " +
    "of inputSchema and outputSchema is reported once, at the first pattern past the limit. The default of 1,000 " +
    "characters is nine times the longest pattern of the corpus (109, GitHub's pattern for SSH signing keys) and holds " +
    "the long e-mail and URL patterns in circulation; check more elaborate formats in the handler, or raise `maxLength`.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why: "Every validator compiles every pattern, and a backtracking engine's time grows with its size; raise maxLength " + "for a pattern you mean to serve.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Composition-Keyword Resource Use (the limit is mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: { maxLength: DEFAULT_MAX_LENGTH },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxLength: { type: "integer", minimum: 1, description: `Longest pattern or patternProperties key, in characters (default ${DEFAULT_MAX_LENGTH}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        const found = firstLongPattern(node.schema, node.pointer, options.maxLength);
        if (found === undefined) return;
        report({
          ...found,
          message: `Pattern ${quotePattern(found.pattern, 40)} is ${count(found.pattern.length)} characters long, more than the limit of ${count(options.maxLength)}.`,
          hint: "List allowed values with enum, or check the value in the handler instead of with one long regular expression; raise maxLength in mcp-gen.config.yaml if it is intended.",
        });
        return "stop";
      });
    }
  },
});

function firstLongPattern(schema: unknown, pointer: string, max: number): (Pick<RuleReport, "pointer" | "target"> & { pattern: string }) | undefined {
  if (!isJsonObject(schema)) return undefined;
  const pattern = getOwn(schema, "pattern");
  if (typeof pattern === "string" && pattern.length > max) return { pointer: joinPointer(pointer, "pattern"), pattern };
  const patternProperties = getOwn(schema, "patternProperties");
  const key = isJsonObject(patternProperties) ? Object.keys(patternProperties).find((k) => k.length > max) : undefined;
  return key === undefined ? undefined : { pointer: joinPointer(pointer, "patternProperties", key), target: "key", pattern: key };
}
