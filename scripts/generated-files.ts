// Every file in the repository that code writes rather than a person: the JSON Schemas in schemas/
// that editors and tools read, and the modules in src/precompiled/ that mcp-gen loads instead of
// compiling at run time. `npm run schemas` (scripts/schemas.mjs) writes them all; test/schemas.test.ts
// fails while one differs from what its generator writes.
import { buildConfigSchema } from "../src/config/config-schema.js";
import { descriptorFileSchema } from "../src/validate/authoring-schema.js";
import { ALL_RULES } from "../src/validate/rules/index.js";
import { AUTHORING_VALIDATOR_PATH, authoringValidatorSource } from "./precompiled/authoring-validator.js";
import { META_VALIDATORS_PATH, metaValidatorsSource } from "./precompiled/meta-validators.js";
import { TEMPLATE_SPECS_PATH, templateSpecsSource } from "./precompiled/template-specs.js";
import { TOOL_VALIDATOR_PATH, toolValidatorSource } from "./precompiled/tool-validator.js";

export interface GeneratedSource {
  /** Repository-relative path. */
  readonly path: string;
  /** What the file holds, for messages. */
  readonly what: string;
  /** The text the file must have. */
  readonly text: () => string | Promise<string>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

export const GENERATED_FILES: readonly GeneratedSource[] = [
  { path: "schemas/mcp-gen.config.schema.json", what: "the schema of mcp-gen.config.yaml", text: () => json(buildConfigSchema(ALL_RULES)) },
  { path: "schemas/mcp-gen.descriptor.schema.json", what: "the schema of a descriptor file", text: () => json(descriptorFileSchema()) },
  { path: TOOL_VALIDATOR_PATH, what: "the official Tool schema as ajv standalone code", text: toolValidatorSource },
  { path: AUTHORING_VALIDATOR_PATH, what: "the x-mcp-gen block's schema as ajv standalone code", text: authoringValidatorSource },
  { path: META_VALIDATORS_PATH, what: "the dialects' meta-schemas as ajv standalone code", text: metaValidatorsSource },
  { path: TEMPLATE_SPECS_PATH, what: "templates/*.hbs precompiled by Handlebars", text: templateSpecsSource },
];
