// The x-mcp-gen validator compiled ahead of time (src/precompiled/authoring-validator.ts)
// answers as ajv does when it compiles authoringValidationSchema() at run time with mcp-gen's rule
// options: the same verdict and the same errors, on blocks in their documented shape and on blocks
// broken in every part.
import type { ErrorObject } from "ajv";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { authoringValidationSchema } from "../../src/validate/authoring-schema.js";
import { validateAuthoringBlock } from "../../src/precompiled/authoring-validator.js";
import { SchemaCompiler, type GeneratedValidator } from "../../src/compile/schema-compiler.js";

const precompiled = validateAuthoringBlock as GeneratedValidator;

const errorsOf = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message }));

const form = { message: "Deploy now?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: "Confirm" } }, required: ["confirm"] } };
const BLOCKS: readonly { readonly block: JsonValue; readonly valid: boolean }[] = [
  { block: {}, valid: true },
  { block: { examples: [{ name: "Deploy", arguments: { service: "api" } }] }, valid: true },
  { block: { examples: [{ arguments: {}, result: { ok: true } }] }, valid: true },
  { block: { inputRequests: { confirm: form } }, valid: true },
  { block: { examples: [{ name: "x", arguments: { a: 1 } }], inputRequests: { confirm: form } }, valid: true },
  { block: { example: [{ arguments: {} }] }, valid: false },
  { block: { examples: [{ name: "Nothing", result: 1 }] }, valid: false },
  { block: { examples: [{ arguments: [] }] }, valid: false },
  { block: { examples: [{ arguments: {}, extra: 1 }] }, valid: false },
  { block: { examples: {} }, valid: false },
  { block: { inputRequests: { address: { message: "Where to?", requestedSchema: { type: "array" } } } }, valid: false },
  { block: { inputRequests: { a: { requestedSchema: form.requestedSchema } } }, valid: false },
  { block: { inputRequests: { a: { ...form, requestedSchema: { type: "object", properties: { nested: { type: "object" } } } } } }, valid: false },
  { block: { inputRequests: [] }, valid: false },
  { block: [], valid: false },
  { block: "x-mcp-gen", valid: false },
  { block: null, valid: false },
];

describe("the precompiled x-mcp-gen validator", () => {
  it("gives valid and broken blocks the verdict and errors of ajv compiling the schema at run time", () => {
    const atRunTime = new SchemaCompiler().validator(authoringValidationSchema(), "2020-12")!;
    for (const { block, valid } of BLOCKS) {
      expect(atRunTime(block), JSON.stringify(block)).toBe(valid);
      expect(precompiled(block), JSON.stringify(block)).toBe(valid);
      expect(errorsOf(precompiled.errors)).toEqual(errorsOf(atRunTime.errors));
    }
  });
});
