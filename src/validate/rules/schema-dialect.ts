import { getOwn, isJsonObject } from "../../model/json.js";
import { SUPPORTED_DIALECT_URIS } from "../../model/dialect.js";
import { defineRule } from "../define-rule.js";
import { shortJson } from "../describe-pointer.js";
import { toolSchemas } from "../walk.js";

export const schemaDialect = defineRule({
  id: "schema-dialect",
  summary: "Schemas declare a JSON Schema dialect that mcp-gen supports, or none (2020-12).",
  description:
    "A schema without `$schema` is JSON Schema 2020-12. mcp-gen, like the official SDK, also validates draft-07 and 2019-09 " +
    "schemas under their own rules. Any other `$schema` (draft-04, draft-06, a custom meta-schema, a typo) names a dialect " +
    "whose rules mcp-gen cannot apply, and MCP requires failing cleanly rather than guessing; the same goes for a `$schema` " +
    "that is not a string.",
  defaultSeverity: "error",
  breaks: ["sdk"],
  must: true,
  why: "The SDK's validator cannot apply a dialect it does not know, so the tool's schemas are not checked as their " + "author meant, and MCP requires failing cleanly rather than guessing.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § Schema Dialect, § Implementation Requirements",
  checklist: ["T-SCHEMA-5", "T-SCHEMA-6", "T-SCHEMA-7", "T-SCHEMA-8", "T-SCHEMA-9", "T-SCHEMA-10"],
  check(tool, report) {
    for (const schema of toolSchemas(tool)) {
      if (schema.dialect !== undefined || !isJsonObject(schema.schema)) continue;
      const declared = getOwn(schema.schema, "$schema");
      report({
        pointer: `${schema.pointer}/$schema`,
        message:
          typeof declared === "string"
            ? `${schema.key} declares $schema ${JSON.stringify(declared)}, an unsupported dialect.`
            : `${schema.key} has $schema ${shortJson(declared)}, but $schema must be a string naming a dialect.`,
        hint: `Remove $schema to use JSON Schema 2020-12, or use one of ${SUPPORTED_DIALECT_URIS.map((u) => `"${u}"`).join(", ")}.`,
      });
    }
  },
});
