import { getOwn, isJsonObject, valueAt } from "../../model/json.js";
import { joinPointer, splitPointer } from "../../model/pointer.js";
import { walkSchema } from "../../model/schema-walk.js";
import { defineRule, type RuleReport } from "../define-rule.js";
import { describePointer, shortJson } from "../describe-pointer.js";
import { isTooLargeToCompile } from "../schema-compiler.js";
import { toolSchemas } from "../walk.js";

export const schemaValid = defineRule({
  id: "schema-valid",
  summary: "inputSchema and outputSchema are valid JSON Schemas under their dialect.",
  description:
    "Each schema is checked against its dialect's meta-schema (a misspelt `type`, a `required` that is not an array of " +
    "strings, a negative `minLength`), every `pattern` must be a valid ECMAScript regular expression with the `u` flag, and " +
    "the schema must compile with ajv configured as the official SDK configures it. A schema that fails here makes every " +
    "call of the tool fail at run time, or makes validators disagree about what it accepts. Unknown keywords are allowed, " +
    "as JSON Schema allows them; `$ref` problems are reported by the ref-* diagnostics.",
  defaultSeverity: "error",
  breaks: ["sdk",  "generated-code"],
  must: true,
  required: true,
  why: "A schema that does not compile fails every call of the tool in the SDK, and mcp-gen cannot generate its validator.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Schema Validation; server/tools.mdx § Tool, § Output Schema",
  compilesSchemas: true,
  checklist: ["T-SCHEMA-2", "T-SCHEMA-4", "T-SCHEMA-11", "T-SCHEMA-10"],
  check(tool, report, { schemas }) {
    for (const schema of toolSchemas(tool)) {
      if (schema.dialect === undefined) continue; // schema-dialect reports it
      if (isTooLargeToCompile(schema.schema)) continue;
      const badPatterns = reportBadPatterns(schema.schema, schema.pointer, report);
      const result = schemas.check(schema.schema, schema.dialect);
      for (const problem of result.metaProblems) {
        const pointer = schema.pointer + problem.pointer;
        const value = valueAt(schema.schema, splitPointer(problem.pointer));
        report({
          pointer,
          message: `${describePointer(pointer)} is ${shortJson(value)}; under JSON Schema ${schema.dialect} it ${problem.message}.`,
          hint: "Fix the keyword so the schema is valid JSON Schema; see https://json-schema.org/understanding-json-schema.",
        });
      }
      const error = result.compileError;
      if (result.metaProblems.length > 0 || error === undefined || badPatterns || /can't resolve reference/i.test(error)) continue;
      report({
        pointer: schema.pointer,
        target: "key",
        message: `${schema.key} does not compile: ${error.replace(/\.$/, "")}.`,
        hint: "Change the schema so that a standard JSON Schema validator (ajv) can compile it.",
      });
    }
  },
});

/** Reports `pattern`s and `patternProperties` keys that are not valid regular expressions; true if any. */
function reportBadPatterns(root: unknown, rootPointer: string, report: (r: RuleReport) => void): boolean {
  let found = false;
  walkSchema(root as never, rootPointer, (node) => {
    if (!isJsonObject(node.schema)) return;
    const pattern = getOwn(node.schema, "pattern");
    const keys = Object.keys(getOwn(node.schema, "patternProperties") ?? {});
    const candidates: [string, string, "key" | "value"][] = [];
    if (typeof pattern === "string") candidates.push([pattern, joinPointer(node.pointer, "pattern"), "value"]);
    for (const key of isJsonObject(getOwn(node.schema, "patternProperties")) ? keys : []) {
      candidates.push([key, joinPointer(node.pointer, "patternProperties", key), "key"]);
    }
    for (const [source, pointer, target] of candidates) {
      try {
        new RegExp(source, "u");
      } catch (e) {
        found = true;
        report({
          pointer,
          target,
          message: `Pattern ${JSON.stringify(source)} is not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: \/.*\/u?: /, "")}.`,
          hint: "JSON Schema patterns are ECMAScript regular expressions with Unicode mode; escape special characters with a backslash.",
        });
      }
    }
  });
  return found;
}
