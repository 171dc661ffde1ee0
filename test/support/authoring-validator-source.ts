// The text of src/validate/rules/authoring-block-shape/authoring-validator.ts: the schema of the
// x-mcp-gen block (authoringValidationSchema) compiled by ajv into standalone code, every error kept,
// with mcp-gen's validator runtime for ajv's helpers and formats, exactly as generated validators are
// written. `npm run schemas` rewrites the file; test/schemas.test.ts fails when it is stale.
import { createStandaloneEngine, standaloneChunk } from "../../src/emit/validators/standalone-engine.js";
import { authoringValidationSchema } from "../../src/validate/authoring-schema.js";

export const AUTHORING_VALIDATOR_PATH = "src/validate/rules/authoring-block-shape/authoring-validator.ts";

export function authoringValidatorSource(): string {
  const { chunk, error } = standaloneChunk(createStandaloneEngine("2020-12", { allErrors: true }), authoringValidationSchema());
  if (!chunk) throw new Error(`The x-mcp-gen schema does not compile: ${error}`);
  return [
    "// @ts-nocheck",
    "// The schema of the authoring-only x-mcp-gen block (authoringValidationSchema) as ajv standalone code",
    "// with every error (allErrors), for the authoring-block-shape rule: no ajv to load or compile in a",
    "// build. Written by test/support/authoring-validator-source.ts; `npm run schemas` rewrites it,",
    "// test/schemas.test.ts fails when it is stale.",
    'import * as __rt from "../../../runtime/validator-runtime.js";',
    "",
    "export const validateAuthoringBlock = /* @__PURE__ */ (() => {",
    chunk.body,
    `return ${chunk.validateName};`,
    "})();",
    "",
  ].join("\n");
}
