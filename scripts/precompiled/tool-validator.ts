// The text of src/precompiled/tool-validator.ts: the official Tool schema compiled by ajv into
// standalone code, every error kept (validator-module.ts).
import { TOOL_SCHEMA } from "../../src/validate/rules/tool-shape.js";
import { allErrorsChunk, validatorModuleSource } from "./validator-module.js";

export const TOOL_VALIDATOR_PATH = "src/precompiled/tool-validator.ts";

export function toolValidatorSource(): string {
  return validatorModuleSource(
    [
      "// The official MCP 2026-07-28 Tool schema (#/$defs/Tool of schema.json) as ajv standalone code with",
      "// every error (allErrors), for the tool-shape rule: no ajv to load or compile in a build. Written by",
      "// scripts/precompiled/tool-validator.ts; `npm run schemas` rewrites it, test/schemas.test.ts fails when it is stale.",
    ],
    [{ name: "validateTool", chunk: allErrorsChunk(TOOL_SCHEMA, "The Tool schema") }],
  );
}
