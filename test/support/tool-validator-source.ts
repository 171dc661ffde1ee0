// The text of src/validate/rules/tool-shape/tool-validator.ts: the official Tool schema compiled by
// ajv into standalone code, every error kept (validator-module-source.ts). `npm run schemas`
// rewrites the file.
import { TOOL_SCHEMA } from "../../src/validate/rules/tool-shape.js";
import { allErrorsChunk, validatorModuleSource } from "./validator-module-source.js";

export const TOOL_VALIDATOR_PATH = "src/validate/rules/tool-shape/tool-validator.ts";

export function toolValidatorSource(): string {
  return validatorModuleSource(
    [
      "// The official MCP 2026-07-28 Tool schema (#/$defs/Tool of schema.json) as ajv standalone code with",
      "// every error (allErrors), for the tool-shape rule: no ajv to load or compile in a build. Written by",
      "// test/support/tool-validator-source.ts; `npm run schemas` rewrites it, test/schemas.test.ts fails when it is stale.",
    ],
    "@mcp-gen/runtime/validators",
    [{ name: "validateTool", chunk: allErrorsChunk(TOOL_SCHEMA, "The Tool schema") }],
  );
}
