// README.md's rule reference is generated from the rule registry (run `npm run docs` to rewrite it),
// and every diagnostic id that fixtures show is documented there.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STAGE_DIAGNOSTICS } from "../src/model/stage-diagnostics.js";
import { ALL_RULES } from "../src/validate/rules/index.js";
import { checklistItems, citedIds, NOT_OURS, renderChecklistCoverage } from "./support/checklist.js";
import { renderRuleDetails, renderRulesTable, renderStageTable, replaceSection } from "./support/docs.js";
import { REPO_ROOT } from "./support/spec-paths.js";

const README = join(REPO_ROOT, "README.md");

describe("README.md", () => {
  it("has the rule reference generated from the registry", () => {
    const current = readFileSync(README, "utf8");
    let expected = replaceSection(current, "rules", renderRulesTable(ALL_RULES));
    expected = replaceSection(expected, "rule-details", renderRuleDetails(ALL_RULES));
    expected = replaceSection(expected, "stage-diagnostics", renderStageTable());
    expected = replaceSection(expected, "checklist", renderChecklistCoverage());
    if (process.env.UPDATE_DOCS) writeFileSync(README, expected);
    expect(readFileSync(README, "utf8"), 'run "npm run docs" to regenerate the rule reference').toBe(expected);
  });

  it("accounts for every CHECKLIST item: proven by a test that cites it, or met elsewhere for a stated reason", () => {
    const cited = citedIds();
    const items = checklistItems();
    expect(items).toHaveLength(225);
    expect(items.filter((i) => !cited.has(i.id) && NOT_OURS[i.id] === undefined).map((i) => i.id)).toEqual([]);
    // An item a test now proves should leave the "met elsewhere" list.
    expect(Object.keys(NOT_OURS).filter((id) => cited.has(id))).toEqual([]);
  });

  it("documents every diagnostic id that a fixture shows", () => {
    const known = new Set([...ALL_RULES.map((r) => r.id), ...STAGE_DIAGNOSTICS.map((d) => d.id)]);
    const seen = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name === "expected.txt") {
          for (const m of readFileSync(path, "utf8").matchAll(/:\d+:\d+ (?:error|warning|info) ([a-z0-9-]+) /g)) seen.add(m[1]!);
        }
      }
    };
    walk(join(REPO_ROOT, "test", "fixtures"));
    expect([...seen].filter((id) => !known.has(id))).toEqual([]);
  });
});
