// The documentation's generated parts: docs/rules.md's rule reference comes from the rule registry and
// docs/protocol.md's CHECKLIST coverage from the tests that cite items (run `npm run docs` to rewrite
// them), and every diagnostic id that fixtures show is documented there.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../src/model/diagnostic.js";
import { STAGE_DIAGNOSTICS } from "../src/model/stage-diagnostics.js";
import { ALL_RULES } from "../src/validate/rules/index.js";
import { checklistItems, citedIds, NOT_OURS, renderChecklistCoverage } from "./support/checklist.js";
import { ruleDocsUrl } from "../src/lsp/rule-docs.js";
import { formatSarif } from "../src/report/format-sarif.js";
import { headingAnchors, headingSlug, markdownLinks, renderRuleDetails, renderRulesTable, renderStageTable, replaceSection } from "./support/docs.js";
import { REPO_ROOT } from "./support/spec-paths.js";

/** Each document with generated sections: its path and the sections' contents by marker name. */
const GENERATED: readonly (readonly [string, () => Record<string, string>])[] = [
  ["docs/rules.md", () => ({ rules: renderRulesTable(ALL_RULES), "rule-details": renderRuleDetails(ALL_RULES), "stage-diagnostics": renderStageTable() })],
  ["docs/protocol.md", () => ({ checklist: renderChecklistCoverage() })],
];

describe("the generated documentation", () => {
  it.each(GENERATED)("%s has its sections generated from the code", (file, sections) => {
    const path = join(REPO_ROOT, file);
    const current = readFileSync(path, "utf8");
    let expected = current;
    for (const [name, content] of Object.entries(sections())) expected = replaceSection(expected, name, content, file);
    if (process.env.UPDATE_DOCS) writeFileSync(path, expected);
    expect(readFileSync(path, "utf8"), 'run "npm run docs" to regenerate it').toBe(expected);
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

/** README.md and every page under docs/. */
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(REPO_ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** What is wrong with a relative link of `file`, or undefined when it resolves (to a file, and to a heading there). */
function brokenLink(file: string, target: string): string | undefined {
  const [pathPart = "", fragment] = target.split("#", 2);
  const path = pathPart === "" ? join(REPO_ROOT, file) : join(REPO_ROOT, dirname(file), decodeURIComponent(pathPart));
  if (!existsSync(path)) return `${relative(REPO_ROOT, path)} does not exist`;
  if (fragment === undefined || fragment === "" || !path.endsWith(".md") || statSync(path).isDirectory()) return undefined;
  return headingAnchors(readFileSync(path, "utf8")).has(fragment) ? undefined : `${relative(REPO_ROOT, path)} has no heading #${fragment}`;
}

/**
 * The line (1-based) of a code fence that nothing closes, or undefined. As CommonMark reads it: a
 * fence closes at a line of the same character, at least as long, and nothing else.
 */
function unclosedFence(text: string): number | undefined {
  let open: { line: number; char: string; length: number } | undefined;
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence === null) continue;
    const [, marks = "", rest = ""] = fence;
    if (open === undefined) open = { line: index + 1, char: marks[0]!, length: marks.length };
    else if (marks[0] === open.char && marks.length >= open.length && rest.trim() === "") open = undefined;
  }
  return open?.line;
}

describe("links in README.md and docs/", () => {
  it("makes anchors as GitHub does", () => {
    expect(headingSlug("`tool-name-syntax`")).toBe("tool-name-syntax");
    expect(headingSlug("Asking the user: typed `input_required`")).toBe("asking-the-user-typed-input_required");
    expect(headingSlug("MCP 2026-07-28 coverage")).toBe("mcp-2026-07-28-coverage");
    expect([...headingAnchors("# A\n```\n# Not a heading\n```\n## A\n### What `mcp-gen diff` reports\n")]).toEqual(["a", "a-1", "what-mcp-gen-diff-reports"]);
  });

  it.each(DOCUMENTS)("%s: every relative link names a file that exists, and a heading there", (file) => {
    const links = markdownLinks(readFileSync(join(REPO_ROOT, file), "utf8")).filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link.target));
    expect(links.map((link) => ({ ...link, broken: brokenLink(file, link.target) })).filter((link) => link.broken !== undefined)).toEqual([]);
  });

  it("names in mcp-gen's own messages and help only docs pages that exist", () => {
    const named = new Set<string>();
    for (const entry of readdirSync(join(REPO_ROOT, "src"), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|cjs)$/.test(entry.name)) continue;
      for (const [page] of readFileSync(join(entry.parentPath, entry.name), "utf8").matchAll(/\bdocs\/[\w-]+\.md\b/g)) named.add(page);
    }
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((page) => !existsSync(join(REPO_ROOT, page)))).toEqual([]);
  });

  it.each(DOCUMENTS)("%s: every code fence is closed, so no section after it is swallowed into a code block", (file) => {
    expect(unclosedFence(readFileSync(join(REPO_ROOT, file), "utf8"))).toBeUndefined();
  });

  it("finds an unclosed fence, and only the fence's own kind and length closes it", () => {
    expect(unclosedFence("````markdown\n```diff\n-a\n```\n\n## Next\n")).toBe(1);
    expect(unclosedFence("````markdown\n```diff\n```\n````\n\n## Next\n")).toBeUndefined();
    expect(unclosedFence("- a list item:\n\n  ```sh\n  npx mcp-gen proxy\n  ```\n")).toBeUndefined();
    expect(unclosedFence("~~~\n```\n")).toBe(1);
  });

  it("finds a broken link: a missing file and a missing heading", () => {
    expect(brokenLink("README.md", "docs/no-such-page.md")).toBe("docs/no-such-page.md does not exist");
    expect(brokenLink("README.md", "docs/rules.md#no-such-rule")).toBe("docs/rules.md has no heading #no-such-rule");
    expect(brokenLink("docs/rules.md", "#tool-name-syntax")).toBeUndefined();
  });

  it("links every diagnostic, from SARIF and the editor, to a heading of docs/rules.md", () => {
    const anchors = headingAnchors(readFileSync(join(REPO_ROOT, "docs", "rules.md"), "utf8"));
    const ids = [...ALL_RULES.map((r) => r.id), ...STAGE_DIAGNOSTICS.map((d) => d.id)];
    const base = "https://github.com/mcp-gen/mcp-gen";
    const sarif = JSON.parse(
      formatSarif(
        ids.map((ruleId): Diagnostic => ({ ruleId, severity: "error", message: "m", file: "tools/a.yaml", pointer: "", line: 1, column: 1, endLine: 1, endColumn: 2 })),
        { toolVersion: "0", rules: ALL_RULES, informationUri: base },
      ),
    ) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] };
    const urls = [...ids.map((id) => ruleDocsUrl(id)!), ...sarif.runs[0]!.tool.driver.rules.map((rule) => rule.helpUri)];
    expect(urls).toHaveLength(ids.length * 2);
    const page = `${base}/blob/main/docs/rules.md#`;
    expect(urls.filter((url) => !url.startsWith(page) || !anchors.has(url.slice(page.length)))).toEqual([]);
  });
});
