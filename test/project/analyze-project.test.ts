// analyzeProjectWith (build, the language server) gives exactly analyzeProject's diagnostics
// (validate), though it runs the rules that compile schemas in a pass of their own.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readProject } from "../../src/cli/read-project.js";
import { analyzeProject, analyzeProjectWith, type Precompile } from "../../src/project/analyze-project.js";
import { RULE_FIXTURES } from "../support/rule-harness.js";
import { tempProject } from "../support/temp-project.js";

it("answers a rule's severityOf for the rules of the other pass: schema-valid leaves a pattern re2js cannot run to schema-pattern-linear-time", async () => {
  const root = tempProject({});
  cpSync(join(RULE_FIXTURES, "schema-pattern-linear-time", "invalid"), join(root, "tools"), { recursive: true });
  const read = await readProject({ root, configPath: undefined });
  if (!read.ok) throw new Error("the project did not load");
  const expected = analyzeProject(read.input).diagnostics;
  const precompile: Precompile = async (requests, schemas) => {
    for (const request of requests) schemas.check(request.schema, request.dialect);
  };
  const actual = (await analyzeProjectWith(read.input, precompile)).diagnostics;
  expect(actual.map((d) => d.ruleId)).not.toContain("schema-valid");
  expect(actual).toEqual(expected);
});
