// The JSON Schemas in schemas/ are contracts for editors and tools. Those built from code (config,
// descriptor) must equal what the code builds; `npm run schemas` rewrites them. The official MCP
// schema must stay byte-identical to the spec digest it was copied from.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfigSchema } from "../src/config/config-schema.js";
import { descriptorFileSchema } from "../src/validate/authoring-schema.js";
import { ALL_RULES } from "../src/validate/rules/index.js";
import { REPO_ROOT, specPath } from "./support/spec-paths.js";
import { TOOL_VALIDATOR_PATH, toolValidatorSource } from "./support/tool-validator-source.js";
import { TEMPLATE_SPECS_PATH, templateSpecsSource } from "./support/template-specs-source.js";
import { META_VALIDATORS_PATH, metaValidatorsSource } from "./support/meta-validators-source.js";
import { AUTHORING_VALIDATOR_PATH, authoringValidatorSource } from "./support/authoring-validator-source.js";

const GENERATED: Record<string, () => unknown> = {
  "mcp-gen.config.schema.json": () => buildConfigSchema(ALL_RULES),
  "mcp-gen.descriptor.schema.json": () => descriptorFileSchema(),
};

describe("schemas/", () => {
  for (const [file, build] of Object.entries(GENERATED)) {
    it(`${file} is what the code builds`, () => {
      const path = join(REPO_ROOT, "schemas", file);
      const expected = JSON.stringify(build(), null, 2) + "\n";
      if (process.env.UPDATE_SCHEMAS) writeFileSync(path, expected);
      expect(readFileSync(path, "utf8"), `run "npm run schemas" to rewrite ${file}`).toBe(expected);
    });
  }

  const PRECOMPILED_VALIDATORS: readonly (readonly [string, string, () => string])[] = [
    [TOOL_VALIDATOR_PATH, "the official Tool schema", toolValidatorSource],
    [AUTHORING_VALIDATOR_PATH, "the x-mcp-gen block's schema", authoringValidatorSource],
    [META_VALIDATORS_PATH, "the dialects' meta-schemas", metaValidatorsSource],
  ];
  for (const [file, what, source] of PRECOMPILED_VALIDATORS) {
    it(`${file} is what ajv writes for ${what}`, () => {
      const path = join(REPO_ROOT, file);
      const expected = source();
      if (process.env.UPDATE_SCHEMAS) writeFileSync(path, expected);
      expect(readFileSync(path, "utf8"), `run "npm run schemas" to rewrite ${file}`).toBe(expected);
    });
  }

  it(`${TEMPLATE_SPECS_PATH} holds templates/*.hbs precompiled`, async () => {
    const path = join(REPO_ROOT, TEMPLATE_SPECS_PATH);
    const expected = await templateSpecsSource();
    if (process.env.UPDATE_SCHEMAS) writeFileSync(path, expected);
    expect(readFileSync(path, "utf8"), `run "npm run schemas" to rewrite ${TEMPLATE_SPECS_PATH}`).toBe(expected);
  });

  it("mcp-2026-07-28/schema.json is the official schema, unchanged", () => {
    const ours = readFileSync(join(REPO_ROOT, "schemas/mcp-2026-07-28/schema.json"));
    expect(ours.equals(readFileSync(specPath("2026-07-28/schema.json")))).toBe(true);
  });
});
