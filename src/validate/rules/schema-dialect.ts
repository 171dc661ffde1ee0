import { getOwn, isJsonObject } from "../../model/json.js";
import { dialectOf, paddedDialectUri, SUPPORTED_DIALECT_URIS } from "../../model/dialect.js";
import type { RunMemo } from "../../model/run-memo.js";
import { walkSchema } from "../../model/schema-walk.js";
import { defineRule, type RuleReport } from "../define-rule.js";
import { describePointer, shortJson } from "../describe-pointer.js";
import { toolSchemas, type ToolSchema } from "../walk.js";

export const schemaDialect = defineRule({
  id: "schema-dialect",
  summary: "Schemas declare a JSON Schema dialect that mcp-gen supports, or none (2020-12).",
  description:
    "A schema without `$schema` is JSON Schema 2020-12. mcp-gen, like the official SDK, also validates draft-07 and 2019-09 " +
    "schemas under their own rules. Any other `$schema` (draft-04, draft-06, a custom meta-schema, a typo) names a dialect " +
    "whose rules mcp-gen cannot apply, and MCP requires failing cleanly rather than guessing; the same goes for a `$schema` " +
    "that is not a string, and for a supported URI with whitespace around it, which the SDK matches as written and refuses. " +
    "A `$schema` inside the schema, at the root of an embedded resource (a subschema with `$id`), " +
    "declares that resource's dialect (JSON Schema 2020-12 Core § 8.1.1), but validators, the SDK's included, read the whole " +
    "schema by the root's: one that names another dialect than the root's, supported or not, is reported where it is written.",
  defaultSeverity: "error",
  breaks: ["sdk"],
  must: true,
  why: "The SDK's validator cannot apply a dialect it does not know, so the tool's schemas are not checked as their " + "author meant, and MCP requires failing cleanly rather than guessing.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Schema Dialect, § Implementation Requirements",
  checklist: ["T-SCHEMA-5", "T-SCHEMA-6", "T-SCHEMA-7", "T-SCHEMA-8", "T-SCHEMA-9", "T-SCHEMA-10"],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      if (schema.dialect !== undefined) reportNestedDialects(schema, memo, report);
      if (schema.dialect !== undefined || !isJsonObject(schema.schema)) continue;
      const declared = getOwn(schema.schema, "$schema");
      const pointer = `${schema.pointer}/$schema`;
      // The SDK matches the URI as written: whitespace around the right URI is an unknown dialect there.
      const padded = typeof declared === "string" ? paddedDialectUri(declared) : undefined;
      if (padded !== undefined) {
        report({
          pointer,
          message: `${schema.key} declares $schema ${JSON.stringify(declared)}, which has whitespace around the dialect URI, so the SDK refuses it as an unsupported dialect.`,
          hint: `Remove the whitespace around the URI: write "${padded}".`,
        });
        continue;
      }
      report({
        pointer,
        message:
          typeof declared === "string"
            ? `${schema.key} declares $schema ${JSON.stringify(declared)}, an unsupported dialect.`
            : `${schema.key} has $schema ${shortJson(declared)}, but $schema must be a string naming a dialect.`,
        hint: `Remove $schema to use JSON Schema 2020-12, or use one of ${SUPPORTED_DIALECT_URIS.map((u) => `"${u}"`).join(", ")}.`,
      });
    }
  },
});

/**
 * A `$schema` below the root that names another dialect than the root's (or none that mcp-gen
 * knows). ajv and json-schema-to-typescript read the embedded resource by the root's dialect anyway:
 * a draft-04 boolean `exclusiveMaximum` became a schema-valid error about 2020-12, and an unknown
 * dialect passed without a word.
 */
function reportNestedDialects(schema: ToolSchema, memo: RunMemo | undefined, report: (r: RuleReport) => void): void {
  walkSchema(
    schema.schema,
    schema.pointer,
    (node) => {
      if (node.parent === undefined || !isJsonObject(node.schema) || !Object.hasOwn(node.schema, "$schema")) return;
      const declared = getOwn(node.schema, "$schema");
      const dialect = dialectOf(declared);
      if (dialect === schema.dialect) return;
      const what = typeof declared === "string" ? `$schema ${JSON.stringify(declared)}` : `$schema ${shortJson(declared)}`;
      const named = dialect === undefined ? (typeof declared === "string" ? "an unsupported dialect" : "no dialect (it must be a string)") : `JSON Schema ${dialect}`;
      report({
        pointer: `${node.pointer}/$schema`,
        message: `${describePointer(node.pointer)} declares ${what}, ${named}, inside this JSON Schema ${schema.dialect} ${schema.key}; validators, the official SDK's included, read the whole schema by ${schema.dialect}'s rules.`,
        hint: `Write this subschema in JSON Schema ${schema.dialect} and remove its $schema.`,
      });
    },
    memo,
  );
}
