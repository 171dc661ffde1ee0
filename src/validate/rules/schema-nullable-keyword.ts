import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { shortJson } from "../describe-pointer.js";
import { toolSchemas, type SchemaKey, walkSubschemas } from "../walk.js";

export const schemaNullableKeyword = defineRule({
  id: "schema-nullable-keyword",
  summary: "Schemas allow null the JSON Schema way, not with OpenAPI's nullable.",
  description:
    "`nullable` is an OpenAPI 3.0 keyword; JSON Schema has no such keyword and ignores it, but ajv (the validator of the " +
    "official SDKs) gives it its OpenAPI meaning. Where `type` is missing (or `nullable` is not a boolean, or is false " +
    'while `type` lists "null") ajv refuses to compile the whole schema: an SDK server then fails to register the tool ' +
    "(or, compiling per call, answers every call with an internal error), and an SDK client refuses to call a tool whose " +
    "outputSchema it cannot compile. That last case is an error; mcp-gen's own server and client read an inputSchema the " +
    "JSON Schema way, so there it is a warning. Where " +
    '`nullable: true` sits beside a `type` without "null", validators disagree: JSON Schema validators reject null and ' +
    "ajv accepts it. Other uses are harmless and not reported. mcp-gen's own validation drops the keyword and follows " +
    'JSON Schema. Write `type: [X, "null"]`, or `anyOf` with `{ type: "null" }`, instead. Schemas converted from OpenAPI ' +
    "carry it: the GitHub REST tools of the corpus use it 26 times, three of them without `type` (all in " +
    "dependency-graph_create-repository-snapshot).",
  defaultSeverity: "error",
  breaks: ["sdk"],
  must: false,
  why:
    "Where ajv refuses the keyword in an outputSchema, the SDK client will not call the tool: that is an error; " +
    "every other use (in an inputSchema, which mcp-gen's own server and client read the JSON Schema way, or where " +
    "validators merely disagree) is reported as a warning.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 (no nullable keyword); OpenAPI 3.0.3 § Schema Object; MCP 2026-07-28, basic/index.mdx § Schema Validation",
  checklist: ["T-SCHEMA-2", "T-SCHEMA-10"],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        if (!isJsonObject(node.schema) || !Object.hasOwn(node.schema, "nullable")) return;
        const problem = describeNullable(node.schema, schema.key);
        if (!problem) return;
        const { refused, ...text } = problem;
        // Only an outputSchema that ajv refuses breaks anything: the SDK client will not call the tool.
        const breaks = refused && schema.key === "outputSchema";
        report({ pointer: joinPointer(node.pointer, "nullable"), target: "key", ...text, ...(breaks ? {} : { severity: "warning" }) });
      });
    }
  },
});

/** What is wrong with a `nullable`, and whether ajv refuses to compile the schema for it. */
function describeNullable(schema: JsonObject, key: SchemaKey): { message: string; hint: string; refused: boolean } | undefined {
  const nullable = getOwn(schema, "nullable")!;
  const type = getOwn(schema, "type");
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : [];
  const refusal =
    key === "inputSchema"
      ? "so ajv (the official SDK's validator) refuses to compile inputSchema: a hand-written SDK server fails to register the tool or fails every call of it (the server mcp-gen generates reads it the JSON Schema way)"
      : "so ajv (the official SDK's validator) refuses to compile outputSchema and an SDK client will not call this tool";
  if (type === undefined) {
    return {
      refused: true,
      message: `"nullable" is OpenAPI, not JSON Schema, and has no "type" beside it, ${refusal}.`,
      hint: nullable === true ? 'Remove "nullable" and allow null the JSON Schema way: anyOf: [{ …this schema… }, { type: "null" }].' : 'Remove "nullable"; JSON Schema has no such keyword.',
    };
  }
  if (typeof nullable !== "boolean") {
    return { refused: true, message: `"nullable" is ${shortJson(nullable)}, not a boolean, ${refusal}.`, hint: 'Remove "nullable"; to allow null, add "null" to type.' };
  }
  if (nullable === false) {
    return types.includes("null")
      ? { refused: true, message: `"nullable": false contradicts type ${shortJson(type)}, which allows null, ${refusal}.`, hint: 'Remove "nullable": false; type already says that null is allowed.' }
      : undefined;
  }
  if (types.includes("null") || excludesNull(schema)) return undefined;
  return {
    refused: false,
    message: `"nullable": true is OpenAPI, not JSON Schema: JSON Schema validators ignore it and reject null here, while ajv (the official SDK's validator) accepts null.`,
    hint: `Replace it with type: [${[...types, "null"].map((t) => JSON.stringify(t)).join(", ")}].`,
  };
}

/** An enum or const without null rejects null under either reading, so the readings agree. */
function excludesNull(schema: JsonObject): boolean {
  const values: JsonValue | undefined = getOwn(schema, "enum");
  if (Array.isArray(values) && !values.includes(null)) return true;
  return Object.hasOwn(schema, "const") && getOwn(schema, "const") !== null;
}
