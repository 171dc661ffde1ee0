import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { toolSchemas } from "../walk.js";

export const schemaProtoProperty = defineRule({
  id: "schema-proto-property",
  summary: 'No inputSchema or outputSchema declares a top-level property named "__proto__", which the official SDK drops.',
  description:
    'A property named "__proto__" is valid JSON Schema, and mcp-gen\'s generated validators, types and client carry it as ' +
    "a property. The official SDK v2 does not: it rebuilds the arguments of every tools/call it parses, on stdio and " +
    'Streamable HTTP alike, and a top-level member named "__proto__" becomes the new object\'s prototype instead of a ' +
    "member (nested objects pass as they are). " +
    "The handler never receives that argument (a tool that requires it cannot be called at all, and a value of the wrong " +
    "type passes unchecked), and structuredContent sent to a 2025-era client loses the member the same way, so a result " +
    "whose outputSchema requires it is refused by the client. Rename the property.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema is valid and means what it says; the official SDK drops the member, so it is reported as a warning.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 (properties); MCP 2026-07-28, server/tools.mdx § Calling Tools",
  checklist: [],
  check(tool, report) {
    // Only the top level is copied that way: a nested object reaches the handler as it was sent.
    for (const schema of toolSchemas(tool)) {
      const properties = isJsonObject(schema.schema) ? getOwn(schema.schema, "properties") : undefined;
      if (!isJsonObject(properties) || !Object.hasOwn(properties, "__proto__")) continue;
      const lost =
        schema.key === "inputSchema"
          ? "drops it from the arguments of every call it parses, so the handler never receives it"
          : "drops it from structuredContent sent to 2025-era clients (a result that requires it is then refused)";
      report({
        pointer: joinPointer(joinPointer(schema.pointer, "properties"), "__proto__"),
        target: "key",
        message: `The property "__proto__" is valid JSON Schema, but the official SDK ${lost}: a member of that name becomes the object's prototype when the SDK copies it.`,
        hint: 'Rename the property, for example to "proto".',
      });
    }
  },
});
