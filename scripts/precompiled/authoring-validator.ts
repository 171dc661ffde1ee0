// The text of src/precompiled/authoring-validator.ts: the schema of the x-mcp-gen block
// (authoringValidationSchema) compiled by ajv into standalone code, every error kept
// (validator-module.ts).
import { authoringValidationSchema } from "../../src/validate/authoring-schema.js";
import { allErrorsChunk, validatorModuleSource } from "./validator-module.js";

export const AUTHORING_VALIDATOR_PATH = "src/precompiled/authoring-validator.ts";

export function authoringValidatorSource(): string {
  return validatorModuleSource(
    [
      "// The schema of the authoring-only x-mcp-gen block (authoringValidationSchema) as ajv standalone code",
      "// with every error (allErrors), for the authoring-block-shape rule: no ajv to load or compile in a",
      "// build. Written by scripts/precompiled/authoring-validator.ts; `npm run schemas` rewrites it,",
      "// test/schemas.test.ts fails when it is stale.",
    ],
    [{ name: "validateAuthoringBlock", chunk: allErrorsChunk(authoringValidationSchema(), "The x-mcp-gen schema") }],
  );
}
