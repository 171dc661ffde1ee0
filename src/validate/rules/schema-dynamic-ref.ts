import { isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { isSameDocumentRef } from "../../model/schema-anchors.js";
import { defineRule, type RuleReport } from "../define-rule.js";
import type { RunMemo } from "../../model/run-memo.js";
import { toolSchemas, walkSubschemas, type ToolSchema } from "../walk.js";
import { recursiveRefReadings } from "./schema-dynamic-ref/recursive-ref-readings.js";

export const schemaDynamicRef = defineRule({
  id: "schema-dynamic-ref",
  summary: "Schemas use $ref, not a $dynamicRef or $recursiveRef that the validators of the official SDKs evaluate wrongly.",
  description:
    "Under JSON Schema 2020-12, `$dynamicRef` resolves as `$ref` does unless its fragment is a `$dynamicAnchor`, and then " +
    "through the schemas that extend this one. ajv 8, the validator of the official SDKs and the one mcp-gen compiles " +
    "the generated validators with, resolves every `$dynamicRef` it does not find as a `$dynamicAnchor` at a schema " +
    'root to the root instead: `items: { $dynamicRef: "#/$defs/count" }` checks each item against the whole schema, so ' +
    "the generated server, the generated client and an SDK peer refuse values the schema accepts and accept values it " +
    "refuses. A tool's schema is one document that nothing extends, where `$dynamicRef` means what `$ref` means: write " +
    "`$ref`. 2019-09's `$recursiveRef: \"#\"` names the root of its resource (the nearest `$id`, else the schema's root), " +
    "or, when that root sets `$recursiveAnchor: true`, the outermost resource that does; ajv checks the value against the " +
    "first schema with `$recursiveAnchor: true` that validation entered, resource root or not, and before any against the " +
    "nearest schema a `$ref` names: a `$recursiveAnchor` on a `$defs` entry without `$id` makes ajv check against that " +
    "entry where 2019-09 checks against the root. It is reported where the two readings differ, and under 2020-12, which " +
    "has no `$recursiveRef` and checks nothing by it while ajv still evaluates it. draft-07 has neither keyword and ajv's " +
    "draft-07 validator ignores both, as JSON Schema does: there either one is only a note.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema itself is valid; validators disagree on it, so it is reported as a warning, as other disagreements are.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 Core § 8.2.3.2 ($dynamicRef); JSON Schema 2019-09 Core § 8.2.4.2 ($recursiveRef); MCP 2026-07-28, basic/index.mdx § Schema Validation",
  checklist: [],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      if (schema.dialect === "draft-07") {
        noteDraft07(schema, memo, report);
        continue;
      }
      let hasRecursiveRef = false;
      walkSubschemas(schema, memo, (node) => {
        if (isJsonObject(node.schema) && Object.hasOwn(node.schema, "$recursiveRef")) hasRecursiveRef = true;
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
      if (hasRecursiveRef) reportRecursiveRefs(schema, report);
    }
  },
});

/**
 * draft-07 has neither keyword, and ajv's draft-07 validator ignores both, as JSON Schema says: the
 * two agree, so no warning; a note, since whoever wrote one meant it to check something.
 */
function noteDraft07(schema: ToolSchema, memo: RunMemo, report: (r: RuleReport) => void): void {
  walkSubschemas(schema, memo, (node) => {
    if (!isJsonObject(node.schema)) return;
    for (const keyword of ["$dynamicRef", "$recursiveRef"]) {
      if (!Object.hasOwn(node.schema, keyword)) continue;
      report({
        pointer: joinPointer(node.pointer, keyword),
        target: "key",
        severity: "info",
        message: `"${keyword}" is no keyword of JSON Schema draft-07, the dialect of ${schema.key}: neither JSON Schema nor ajv, the validator of the official SDKs and of the code mcp-gen generates, checks the value by it.`,
        hint: 'Write "$ref" with the same value to check the value against the schema it names.',
      });
    }
  });
}

/** Each `$recursiveRef: "#"` ajv checks against another schema than JSON Schema does (recursive-ref-readings.ts). */
function reportRecursiveRefs(schema: ToolSchema, report: (r: RuleReport) => void): void {
  if (schema.dialect === undefined) return;
  for (const reading of recursiveRefReadings(schema.schema, schema.dialect)) {
    const ajv = `ajv, the validator of the official SDKs and of the code mcp-gen generates, checks the value against ${reading.ajv}`;
    report({
      pointer: joinPointer(schema.pointer + reading.pointer, "$recursiveRef"),
      target: "key",
      message:
        reading.spec === undefined
          ? `"$recursiveRef" is no keyword of JSON Schema 2020-12, which checks nothing by it, but ${ajv}, so ${schema.key} refuses values it says it accepts.`
          : `"$recursiveRef" is evaluated wrongly by ajv: by JSON Schema 2019-09, "#" here names ${reading.spec}, but ${ajv}, so ${schema.key} accepts and refuses other values than it says.`,
      hint:
        reading.spec === undefined
          ? 'Write "$ref": "#" to check the value against the schema root, or drop "$recursiveRef".'
          : reading.ref !== undefined
            ? `Write "$ref": ${JSON.stringify(reading.ref)}: in a schema that nothing extends, it names what "$recursiveRef" means here.`
            : 'Write "$ref" to the schema the value must match: in a schema that nothing extends, "$recursiveRef" means no more.',
    });
  }
}
