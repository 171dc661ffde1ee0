// The text of src/validate/rules/authoring-block-shape/authoring-validator.ts: the schema of the
// x-mcp-gen block (authoringValidationSchema) compiled by ajv into standalone code, every error kept
// (validator-module-source.ts). `npm run schemas` rewrites the file; test/schemas.test.ts fails when
// it is stale.
import { authoringValidationSchema } from "../../src/validate/authoring-schema.js";
import { allErrorsChunk, validatorModuleSource } from "./validator-module-source.js";

export const AUTHORING_VALIDATOR_PATH = "src/validate/rules/authoring-block-shape/authoring-validator.ts";

export function authoringValidatorSource(): string {
  return validatorModuleSource(
    [
      "// The schema of the authoring-only x-mcp-gen block (authoringValidationSchema) as ajv standalone code",
      "// with every error (allErrors), for the authoring-block-shape rule: no ajv to load or compile in a",
      "// build. Written by test/support/authoring-validator-source.ts; `npm run schemas` rewrites it,",
      "// test/schemas.test.ts fails when it is stale.",
    ],
    "@mcp-gen/runtime/validators",
    [{ name: "validateAuthoringBlock", chunk: allErrorsChunk(authoringValidationSchema(), "The x-mcp-gen schema") }],
  );
}
