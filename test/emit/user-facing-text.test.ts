// What lands in a user's project (the templates, the runtime package's sources, and what a build
// writes: the golden builds and the examples' generated code) speaks for itself: no ids of our own
// checklist or test vectors, which point at files users never get, and every generated file opens
// with exactly one banner saying so.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";

/** Every file under `dir` (a path relative to the repository), by path relative to the repository. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(child);
      } else if (entry.isFile()) out.push(relative(REPO_ROOT, child));
    }
  };
  walk(join(REPO_ROOT, dir));
  return out.sort();
}

const GOLDENS = readdirSync(join(REPO_ROOT, "test/fixtures/build"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `test/fixtures/build/${e.name}/expected`);
const EXAMPLES = readdirSync(join(REPO_ROOT, "examples"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `examples/${e.name}/src`);
/** Build output: the golden builds (generated folder, scaffolds, lock) and the examples' sources. */
const BUILT = [...GOLDENS, ...EXAMPLES].flatMap(filesUnder);
const USER_FACING = [...filesUnder("templates"), ...filesUnder("packages/runtime/src"), ...BUILT];

/** A checklist id (`T-<AREA>-<n>`, ranges too), a test vector's (HV-44, XI-23, ENC-30), or the checklist itself. Ids written here would count as proven in docs/protocol.md's checklist coverage. */
const CHECKLIST_REFERENCE = /\bT-[A-Z]+-\d+\b|\b(?:HV|XI|ENC)-\d+\b|\bCHECKLIST\b|\bAppendix B\b/;

describe("text that lands in a user's project", () => {
  it("scans the templates, the runtime sources, every golden build and every example", () => {
    expect(USER_FACING.filter((path) => path.startsWith("templates/")).length).toBeGreaterThan(5);
    expect(USER_FACING.filter((path) => path.startsWith("packages/runtime/src/")).length).toBeGreaterThan(10);
    expect(GOLDENS.length).toBeGreaterThan(3);
    expect(BUILT.filter((path) => /\/generated\/runtime\//.test(path)).length).toBeGreaterThan(10);
  });

  it("cites no checklist id or test vector: it says the rule in words", () => {
    const cited = USER_FACING.flatMap((path) =>
      readFileSync(join(REPO_ROOT, path), "utf8")
        .split("\n")
        .flatMap((line, i) => (CHECKLIST_REFERENCE.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(cited).toEqual([]);
  });

  it("every generated file opens with one banner: made by mcp-gen, not for editing, said once", () => {
    const generated = BUILT.filter((path) => /\/generated\//.test(path) && path.endsWith(".ts"));
    expect(generated.length).toBeGreaterThan(50);
    const counts = generated.map((path) => {
      const text = readFileSync(join(REPO_ROOT, path), "utf8");
      const made = text.match(/\b(?:Generated|Copied|generated|copied) by mcp-gen\b/g)?.length ?? 0;
      const noEdit = text.match(/\bdo not edit\b/gi)?.length ?? 0;
      return { path, made, noEdit, first: /^\/\/ (?:Generated|Copied) by mcp-gen /.test(text) };
    });
    expect(counts.filter((c) => c.made !== 1 || c.noEdit !== 1 || !c.first)).toEqual([]);
  });

  it("every scaffold says once that it is the user's, and nothing forbids editing it", () => {
    const scaffolds = GOLDENS.flatMap(filesUnder).filter((path) => /\/expected\/(?:src\/handlers|test)\//.test(path));
    expect(scaffolds.length).toBeGreaterThan(3);
    for (const path of scaffolds) {
      const text = readFileSync(join(REPO_ROOT, path), "utf8");
      expect(text.match(/Created once by mcp-gen/g)?.length, path).toBe(1);
      expect(text, path).not.toMatch(/\bdo not edit\b|\b(?:Generated|generated) by mcp-gen\b/i);
    }
  });
});
