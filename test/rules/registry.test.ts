// The rule registry stays honest: every rule file is registered in alphabetical order, named after its
// id, and has a fixture folder and a test file.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const RULES_DIR = join(REPO_ROOT, "src/validate/rules");

describe("rule registry", () => {
  const files = readdirSync(RULES_DIR, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && e.name !== "index.ts")
    .map((e) => e.name.replace(/\.ts$/, ""));

  it("registers every rule file, and only those", () => {
    expect(ALL_RULES.map((r) => r.id).sort()).toEqual([...files].sort());
  });

  it("lists rules in alphabetical order of id", () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
  });

  for (const rule of ALL_RULES) {
    it(`${rule.id} has fixtures and a test`, () => {
      expect(existsSync(join(REPO_ROOT, "test/fixtures/rules", rule.id, "valid"))).toBe(true);
      expect(existsSync(join(REPO_ROOT, "test/fixtures/rules", rule.id, "invalid"))).toBe(true);
      expect(existsSync(join(REPO_ROOT, "test/rules", `${rule.id}.test.ts`))).toBe(true);
    });
  }
});
