// The rule registry stays honest: every rule file is registered in alphabetical order, named after its
// id, and has a fixture folder and a test file; every default follows docs/rules.md's principle (an error is
// what breaks something; a MUST that nothing enforces is a warning), and only the rules that code
// generation needs refuse to be lowered.
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineRule, type Rule } from "../../src/validate/define-rule.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

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

  it("gives every default by the principle: an error exactly when something breaks, a warning for a MUST nothing enforces", () => {
    for (const rule of ALL_RULES) {
      const breaks = rule.breaks ?? [];
      expect(rule.defaultSeverity === "error", rule.id).toBe(breaks.length > 0);
      if (rule.must && breaks.length === 0) expect(rule.defaultSeverity, rule.id).toBe("warning");
      if (rule.required) expect(breaks, rule.id).toContain("generated-code");
      expect(rule.why, rule.id).toMatch(/^[A-Z`"].*\.$/);
    }
  });

  it("refuses rule metadata that breaks the principle", () => {
    const base: Rule = {
      id: "x-rule",
      summary: "Checks x.",
      description: "A description long enough to be one real paragraph of text.",
      defaultSeverity: "warning",
      must: false,
      why: "Because.",
      since: "0.1.0",
      spec: "none",
      checklist: [],
      check() {},
    };
    expect(() => defineRule(base)).not.toThrow();
    expect(() => defineRule({ ...base, defaultSeverity: "error" })).toThrow(/names what ignoring it breaks/);
    expect(() => defineRule({ ...base, breaks: ["sdk"] })).toThrow(/names what ignoring it breaks/);
    expect(() => defineRule({ ...base, must: true, defaultSeverity: "info" })).toThrow(/MUST that nothing enforces is a warning/);
    expect(() => defineRule({ ...base, defaultSeverity: "error", breaks: ["safety"], required: true })).toThrow(/breaks the generated code is required/);
  });
});

describe("rules that are not required", () => {
  // Lowering one of them must never make mcp-gen fail: the build either refuses the project for
  // another rule's error or writes code. The required rules are the ones this would not hold for.
  const lowerable = ALL_RULES.filter((rule) => rule.defaultSeverity === "error" && !rule.required);
  for (const rule of lowerable) {
    it(`${rule.id} can be turned off: its invalid fixtures then build or fail cleanly`, async () => {
      const fixtures = join(REPO_ROOT, "test/fixtures/rules", rule.id);
      const root = tempProject({ "mcp-gen.config.yaml": `rules:\n  ${rule.id}: off\n`, "package.json": '{ "name": "x", "version": "1.0.0" }' });
      cpSync(join(fixtures, "invalid"), join(root, "tools"), { recursive: true });
      for (const sibling of readdirSync(fixtures)) {
        if (!["valid", "invalid", "expected.txt"].includes(sibling)) cpSync(join(fixtures, sibling), join(root, sibling), { recursive: true });
      }
      const run = await runInProcess(root, ["build"]);
      expect([0, 1], run.stderr + run.stdout).toContain(run.code);
      expect(run.stderr).toBe("");
      expect(run.stdout).not.toContain(` ${rule.id} `);
    }, 60_000);
  }
});
