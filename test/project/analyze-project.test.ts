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

it("asks for scaffold samples only for the inputSchemas of the tools whose scaffolds a build may write", async () => {
  // Running a validator costs V8 a full compile of its code: a build whose scaffolds exist (a clean
  // clone, a client-only project) compiles each schema and stops there.
  const tool = (name: string, extra: string) =>
    JSON.stringify({
      name,
      description: `The ${name} tool.`,
      inputSchema: { type: "object", properties: { [extra]: { type: "string" } } },
      outputSchema: { type: "object", properties: { ok: { type: "boolean" } } },
    });
  const root = tempProject({ "tools/kept.json": tool("kept", "a"), "tools/fresh.json": tool("fresh", "b") });
  const read = await readProject({ root, configPath: undefined });
  if (!read.ok) throw new Error("the project did not load");
  const asked = async (input: typeof read.input) => {
    const samples = new Map<string, boolean>();
    const precompile: Precompile = async (requests, schemas) => {
      for (const request of requests) {
        samples.set(JSON.stringify(request.schema), request.samples);
        schemas.check(request.schema, request.dialect);
      }
    };
    const analysis = await analyzeProjectWith(input, precompile);
    expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const schemaOf = (name: string, key: "inputSchema" | "outputSchema") => JSON.stringify(analysis.tools.find((t) => t.wire.name === name)!.wire[key]);
    return Object.fromEntries(
      ["kept", "fresh"].flatMap((name) => [
        [`${name} in`, samples.get(schemaOf(name, "inputSchema"))],
        [`${name} out`, samples.get(schemaOf(name, "outputSchema"))],
      ]),
    );
  };
  expect(await asked(read.input)).toEqual({ "kept in": true, "kept out": false, "fresh in": true, "fresh out": false });
  let told: string[] = [];
  const scaffoldsWritten = (tools: readonly { readonly wire: { readonly name?: unknown } }[]) => {
    told = tools.map((t) => String(t.wire.name));
    return (t: { readonly wire: { readonly name?: unknown } }) => t.wire.name === "fresh";
  };
  expect(await asked({ ...read.input, scaffoldsWritten })).toEqual({ "kept in": false, "kept out": false, "fresh in": true, "fresh out": false });
  // Told every tool of the project: scaffold names depend on all of them.
  expect(told.sort()).toEqual(["fresh", "kept"]);
});
