// Acceptance: every tool captured from published servers validates with no errors, except the ones
// corpus/README.md names as invalid on purpose, which must fail with a rule that says why.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeTools } from "../support/project-from-tools.js";
import { corpusPath } from "../support/spec-paths.js";

interface Capture {
  server: string;
  tools: unknown[];
}

/** Corpus files whose tools are invalid on purpose, and the rule each tool must fail with. */
const INVALID: Record<string, string> = {
  "modelcontextprotocol__server-gitlab.json": "input-schema-object",
};

const files = readdirSync(corpusPath("real"))
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("corpus/real", () => {
  for (const file of files) {
    const capture = JSON.parse(readFileSync(corpusPath(`real/${file}`), "utf8")) as Capture;
    it(`${file}: ${capture.tools.length} tools ${INVALID[file] ? `fail with ${INVALID[file]}` : "validate with no errors"}`, () => {
      const { analysis, paths } = analyzeTools(capture.tools);
      const errors = analysis.diagnostics.filter((d) => d.severity === "error");
      if (INVALID[file]) {
        for (const path of paths)
          expect(
            errors.filter((d) => d.file === path).map((d) => d.ruleId),
            path,
          ).toContain(INVALID[file]);
      } else {
        expect(errors.map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`)).toEqual([]);
      }
    });
  }
});

describe("corpus/bench", () => {
  it("github-rest-tools.json: 1,223 tools validate with no errors", () => {
    const capture = JSON.parse(readFileSync(corpusPath("bench/github-rest-tools.json"), "utf8")) as Capture;
    const { analysis } = analyzeTools(capture.tools);
    expect(capture.tools.length).toBe(1223);
    const errors = analysis.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`)).toEqual([]);
  });
});
