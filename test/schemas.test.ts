// Files that code writes (scripts/generated-files.ts): the JSON Schemas in schemas/, contracts for
// editors and tools, and the modules in src/precompiled/ that a build loads instead of compiling.
// Each must be what its generator writes now; `npm run schemas` rewrites them. The official MCP
// schema must stay byte-identical to the spec digest it was copied from.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_FILES } from "../scripts/generated-files.js";
import { REPO_ROOT, specPath } from "./support/spec-paths.js";

describe("generated files", () => {
  for (const file of GENERATED_FILES) {
    it(`${file.path} holds ${file.what}, as its generator writes it`, async () => {
      const expected = await file.text();
      expect(readFileSync(join(REPO_ROOT, file.path), "utf8"), `run "npm run schemas" to rewrite ${file.path}`).toBe(expected);
    });
  }

  it("mcp-2026-07-28/schema.json is the official schema, unchanged", () => {
    const ours = readFileSync(join(REPO_ROOT, "schemas/mcp-2026-07-28/schema.json"));
    expect(ours.equals(readFileSync(specPath("2026-07-28/schema.json")))).toBe(true);
  });
});
