// The text of src/validate/rules/tool-shape/tool-validator.ts: the official Tool schema compiled by
// ajv into standalone code, every error kept, with mcp-gen's validator runtime for ajv's helpers and
// formats, exactly as generated validators are written. `npm run schemas` rewrites the file.
import { createStandaloneEngine, standaloneChunk } from "../../src/emit/validators/standalone-engine.js";
import { TOOL_SCHEMA } from "../../src/validate/rules/tool-shape.js";

export const TOOL_VALIDATOR_PATH = "src/validate/rules/tool-shape/tool-validator.ts";

export function toolValidatorSource(): string {
  const { chunk, error } = standaloneChunk(createStandaloneEngine("2020-12", { allErrors: true }), TOOL_SCHEMA);
  if (!chunk) throw new Error(`The Tool schema does not compile: ${error}`);
  return [
    "// @ts-nocheck",
    "// The official MCP 2026-07-28 Tool schema (#/$defs/Tool of schema.json) as ajv standalone code with",
    "// every error (allErrors), for the tool-shape rule: no ajv to load or compile in a build. Written by",
    "// test/support/tool-validator-source.ts; `npm run schemas` rewrites it, test/schemas.test.ts fails when it is stale.",
    'import * as __rt from "../../../runtime/validator-runtime.js";',
    "",
    "export const validateTool = /* @__PURE__ */ (() => {",
    chunk.body,
    `return ${chunk.validateName};`,
    "})();",
    "",
  ].join("\n");
}
