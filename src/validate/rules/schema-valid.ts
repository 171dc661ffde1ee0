import { getOwn, isJsonObject, valueAt, type JsonValue } from "../../model/json.js";
import { sameDocumentTarget, schemaResources } from "../../model/schema-resources.js";
import { walkSchema } from "../../model/schema-walk.js";
import { joinPointer, splitPointer } from "../../model/pointer.js";
import type { RunMemo } from "../../model/run-memo.js";
import { defineRule, type RuleReport } from "../define-rule.js";
import { describePointer, shortJson } from "../describe-pointer.js";
import { isNonLinearPatternError } from "../../compile/linear-pattern/linear-regexp.js";
import { patternSyntaxError } from "../../compile/linear-pattern/translate-pattern.js";
import { isTooLargeToCompile } from "../../compile/schema-compiler.js";
import { findRefCycles } from "../../resolve/find-ref-cycles.js";
import { forEachPattern, toolSchemas } from "../walk.js";
import { SCHEMA_PATTERN_BOUNDED_TIME } from "./schema-pattern-bounded-time.js";
import { selfRefResource } from "./schema-valid/self-ref-resource.js";

export const schemaValid = defineRule({
  id: "schema-valid",
  summary: "inputSchema and outputSchema are valid JSON Schemas under their dialect.",
  description:
    "Each schema is checked against its dialect's meta-schema (a misspelt `type`, a `required` that is not an array of " +
    "strings, a negative `minLength`), every `pattern` must be a valid ECMAScript 2024 regular expression with the `u` flag, and " +
    "the schema must compile with ajv configured as the official SDK configures it, with every pattern in bounded time (a " +
    "pattern that does not run so is reported by schema-pattern-bounded-time, and here while that rule is lowered). A schema that fails here makes every " +
    "call of the tool fail at run time, or makes validators disagree about what it accepts. Unknown keywords are allowed, " +
    "as JSON Schema allows them; `$ref` problems are reported by the ref-* diagnostics.",
  defaultSeverity: "error",
  breaks: ["sdk", "generated-code"],
  must: true,
  required: true,
  why: "A schema that does not compile fails every call of the tool in the SDK, and mcp-gen cannot generate its validator.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Schema Validation; server/tools.mdx § Tool, § Output Schema",
  compilesSchemas: true,
  checklist: ["T-SCHEMA-2", "T-SCHEMA-4", "T-SCHEMA-11", "T-SCHEMA-10"],
  check(tool, report, { schemas, severityOf, memo }) {
    for (const schema of toolSchemas(tool)) {
      if (schema.dialect === undefined) continue; // schema-dialect reports it
      if (isTooLargeToCompile(schema.schema, memo)) continue;
      const badPatterns = reportBadPatterns(schema.schema, schema.pointer, memo, report);
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
      // The resolver reports, where each is written, a ref that names nothing and a $dynamicRef or
      // $recursiveRef to another document ("only supports hash fragment reference"). A ref ajv cannot
      // resolve where the resolver found its target is reported here: mcp-gen and ajv read it apart,
      // and nothing validate passes may stop the build's validators from compiling.
      if (result.metaProblems.length > 0 || error === undefined || badPatterns || /only supports hash fragment reference/i.test(error)) continue;
      if (/can't resolve reference|^URI /i.test(error) && hasUnresolvedRef(schema.schema)) continue;
      // A loop made only of `$ref`s (A → B → A) makes ajv's compiler recurse until the stack runs out;
      // the resolver reports the loop where it closes (ref-cycle), which says what to change.
      if (/maximum call stack size exceeded/i.test(error) && findRefCycles(schema.schema, 1).length > 0) continue;
      const trap = /maximum call stack size exceeded/i.test(error) ? selfRefResource(schema.schema, schema.dialect) : undefined;
      if (trap) {
        report({
          pointer: joinPointer(schema.pointer + trap.pointer, "$ref"),
          target: "key",
          message: `${schema.key} does not compile: ajv, the validator of the official SDKs and of the code mcp-gen generates, recurses without end on this "$ref" ${JSON.stringify(trap.ref)}, which names a place inside its own embedded resource ("$id": ${JSON.stringify(trap.id)}) with no keyword beside it that validates (an ajv bug).`,
          hint: `Write "allOf": [{ "$ref": ${JSON.stringify(trap.ref)} }] in its place: it means the same, and ajv compiles it.`,
        });
        continue;
      }
      // A pattern that does not run in bounded time: schema-pattern-bounded-time says which and where, unless it is lowered.
      if (isNonLinearPatternError(error) && severityOf?.(SCHEMA_PATTERN_BOUNDED_TIME) === "error") continue;
      report({
        pointer: schema.pointer,
        target: "key",
        message: `${schema.key} does not compile: ${error.replace(/\.$/, "")}.`,
        hint: "Change the schema so that a standard JSON Schema validator (ajv) can compile it.",
      });
    }
  },
});

/** Whether some `$ref` of the schema names nothing in it as the resolver reads it (which reported it). */
function hasUnresolvedRef(root: JsonValue): boolean {
  const resources = schemaResources(root);
  let found = false;
  walkSchema(root, "", (node) => {
    const ref = isJsonObject(node.schema) ? getOwn(node.schema, "$ref") : undefined;
    if (typeof ref !== "string" || !isJsonObject(node.schema) || sameDocumentTarget(resources, root, node.schema, ref) !== undefined) return;
    found = true;
    return "stop";
  });
  return found;
}

/** Reports `pattern`s and `patternProperties` keys that are not valid regular expressions; true if any. */
function reportBadPatterns(root: JsonValue, rootPointer: string, memo: RunMemo, report: (r: RuleReport) => void): boolean {
  let found = false;
  forEachPattern(root, rootPointer, memo, ({ pattern, pointer, target }) => {
    // Parsed by regexpp, as the translation for re2js reads it; never compiled by V8.
    const error = patternSyntaxError(pattern);
    if (error === undefined) return;
    found = true;
    report({
      pointer,
      target,
      message: `Pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${error}.`,
      hint: "JSON Schema patterns are ECMAScript regular expressions with Unicode mode; escape special characters with a backslash.",
    });
  });
  return found;
}
