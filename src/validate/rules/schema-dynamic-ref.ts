import { isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { isSameDocumentRef } from "../../model/schema-anchors.js";
import { defineRule } from "../define-rule.js";
import { toolSchemas, walkSubschemas } from "../walk.js";

export const schemaDynamicRef = defineRule({
  id: "schema-dynamic-ref",
  summary: "Schemas use $ref, not $dynamicRef, which the validators of the official SDKs evaluate wrongly.",
  description:
    "Under JSON Schema 2020-12, `$dynamicRef` resolves as `$ref` does unless its fragment is a `$dynamicAnchor`, and then " +
    "through the schemas that extend this one. ajv 8, the validator of the official SDKs and the one mcp-gen compiles " +
    "the generated validators with, resolves every `$dynamicRef` it does not find as a `$dynamicAnchor` at a schema " +
    'root to the root instead: `items: { $dynamicRef: "#/$defs/count" }` checks each item against the whole schema, so ' +
    "the generated server, the generated client and an SDK peer refuse values the schema accepts and accept values it " +
    "refuses. A tool's schema is one document that nothing extends, where `$dynamicRef` means what `$ref` means: write " +
    "`$ref`.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema itself is valid; validators disagree on it, so it is reported as a warning, as other disagreements are.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 Core § 8.2.3.2 ($dynamicRef); MCP 2026-07-28, basic/index.mdx § Schema Validation",
  checklist: [],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        if (!isJsonObject(node.schema) || !Object.hasOwn(node.schema, "$dynamicRef")) return;
        // Only a reference within the tool's schema, which ajv takes for the root: the resolver refuses
        // one to another document (ref-unresolved, ref-network-refused), and schema-valid a value that
        // is not a string.
        const ref = node.schema["$dynamicRef"];
        if (typeof ref !== "string" || !isSameDocumentRef(ref)) return;
        report({
          pointer: joinPointer(node.pointer, "$dynamicRef"),
          target: "key",
          message: `"$dynamicRef" is evaluated wrongly by ajv, the validator of the official SDKs and of the code mcp-gen generates: it checks the value against the schema root instead of where the reference points, so ${schema.key} accepts and refuses other values than it says.`,
          hint: 'Write "$ref" with the same value: in a schema that nothing extends, it means the same.',
        });
      });
    }
  },
});
