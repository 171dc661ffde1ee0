// A JSON Schema that a descriptor $refs (`$ref: ./schemas/address.json`), kept under the folders the
// tools globs match, was read as a tool too: "has no name", "has no inputSchema", "field type is not
// part of the Tool" and "has no description", with no word of why it was a tool at all. Such a file
// (neither name nor inputSchema, named by a $ref) now gets one descriptor-is-schema error that says
// so, with the config line that leaves it out, in build, validate, check and the language server;
// the config line given works.
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const ADDRESS = '{"type": "object", "properties": {"street": {"type": "string"}}}\n';
const SHIP = `name: ship
description: Ship a parcel.
inputSchema:
  type: object
  properties:
    to: { $ref: ./schemas/address.json }
  additionalProperties: false
`;
const PROJECT = { "tools/ship.yaml": SHIP, "tools/schemas/address.json": ADDRESS };

const EXPECTED = {
  file: "tools/schemas/address.json",
  ruleId: "descriptor-is-schema",
  severity: "error",
  line: 1,
  column: 1,
  message: 'tools/schemas/address.json has no "name" and tools/ship.yaml $refs it: it is a schema file, not a tool, but the tools glob "tools/**/*.{yaml,yml,json}" reads it as a descriptor.',
  hint: 'Leave it out of the descriptors in mcp-gen.config.yaml with tools: ["tools/**/*.{yaml,yml,json}", "!tools/schemas/**"], or move it out of the folders the tools globs match (schemas/ beside tools/) and update the $refs to it.',
};

interface Finding {
  readonly file: string;
  readonly ruleId: string;
  readonly hint?: string;
}

async function findings(root: string, command: string): Promise<{ code: number; diagnostics: Finding[] }> {
  const run = await runInProcess(root, [command, "--format", "json"]);
  return { code: run.code, diagnostics: (JSON.parse(run.stdout) as { diagnostics: Finding[] }).diagnostics };
}

describe("a schema file a descriptor $refs, under the tools globs", () => {
  for (const command of ["build", "validate", "check"] as const) {
    it(`${command}: one finding that says why, with the config line, and no tool findings`, async () => {
      const { code, diagnostics } = await findings(tempProject(PROJECT), command);
      expect(diagnostics).toEqual([expect.objectContaining(EXPECTED)]);
      expect(code).toBe(1);
    });
  }

  it("the language server says the same", async () => {
    const root = realpathSync(tempProject(PROJECT));
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const analysis = await session.analyze();
    expect(analysis.diagnostics).toEqual([expect.objectContaining(EXPECTED)]);
    expect([...analysis.tools.keys()]).toEqual(["tools/ship.yaml"]);
  });

  it("the language server tells it once an edit makes a $ref name it, and a tool again once none does", async () => {
    const root = realpathSync(tempProject({ "tools/ship.yaml": SHIP.replace("./schemas/address.json", "#/$defs/none"), "tools/schemas/address.json": ADDRESS }));
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const ids = async () => [...new Set((await session.analyze()).diagnostics.filter((d) => d.file === EXPECTED.file).map((d) => d.ruleId))];
    expect(await ids()).toContain("tool-shape");
    session.files.setText("tools/ship.yaml", SHIP, 2);
    expect(await ids()).toEqual(["descriptor-is-schema"]);
    session.files.setText("tools/ship.yaml", SHIP.replace("./schemas/address.json", "#/$defs/none"), 3);
    expect(await ids()).toContain("tool-shape");
  });

  it("build tells it once an edit makes a $ref name it, after a build that checked it as a tool", async () => {
    const root = tempProject({ "tools/ship.yaml": SHIP.replace("./schemas/address.json", "#/$defs/none"), "tools/schemas/address.json": ADDRESS });
    // Where the build cache goes, from which a build takes the tools it checked before.
    mkdirSync(join(root, "node_modules"));
    expect((await findings(root, "build")).diagnostics.map((d) => d.ruleId)).toContain("tool-shape");
    writeFileSync(join(root, "tools/ship.yaml"), SHIP);
    expect((await findings(root, "build")).diagnostics).toEqual([expect.objectContaining(EXPECTED)]);
  });

  it("the config line in the hint builds the project", async () => {
    const root = tempProject(PROJECT);
    const line = /with (tools: \[.*\]), or move/.exec(EXPECTED.hint)![1]!;
    writeFileSync(join(root, "mcp-gen.config.yaml"), `${line}\n`);
    const { code, diagnostics } = await findings(root, "build");
    expect(diagnostics.filter((d) => d.ruleId !== "input-schema-no-params")).toEqual([]);
    expect(code).toBe(0);
  });

  it("leaves out the file alone where its folder holds a tool too, with the config's own globs", async () => {
    const root = tempProject({
      "tools/ship.yaml": SHIP.replace("./schemas/address.json", "./address.json"),
      "tools/address.json": ADDRESS,
      "mcp-gen.config.yaml": 'tools: ["tools/*.yaml", "tools/*.json"]\n',
    });
    const { diagnostics } = await findings(root, "validate");
    expect(diagnostics.map((d) => [d.file, d.ruleId])).toEqual([["tools/address.json", "descriptor-is-schema"]]);
    expect(diagnostics[0]!.hint).toContain('with tools: ["tools/*.yaml", "tools/*.json", "!tools/address.json"], or move');
  });

  it("is a tool's own findings where the file has an inputSchema, or no $ref names it", async () => {
    const root = tempProject({
      "tools/ship.yaml": SHIP,
      // A tool that lost its name is still a tool.
      "tools/schemas/address.json": '{"inputSchema": {"type": "object"}, "description": "A tool without a name."}\n',
      "tools/orphan.json": ADDRESS,
    });
    const { diagnostics } = await findings(root, "validate");
    expect(diagnostics.some((d) => d.ruleId === "descriptor-is-schema")).toBe(false);
    expect(diagnostics.filter((d) => d.ruleId === "tool-shape").map((d) => d.file)).toEqual(["tools/orphan.json", "tools/schemas/address.json"]);
  });
});
