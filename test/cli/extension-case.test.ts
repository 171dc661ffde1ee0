// A descriptor whose extension differs from the globs' by case only (`tools/x.YAML`, `.Yml`,
// `.JSON`, as macOS and Windows users write them) was left out in silence by the default glob. The
// globs keep telling upper from lower case, as documented, the same on every system; such a file is
// named by a load-extension-case warning with the rename to make, in build, validate, check (also on
// their fast paths, when the file appears after a build) and the language server.
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { loadConfig } from "../../src/config/load-config.js";
import { searchDescriptors, type GlobMemo } from "../../src/cli/find-descriptors.js";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const config: Config = loadConfig(undefined, ALL_RULES, {}).value!;
const tool = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  additionalProperties: false\n`;
const json = (name: string) => JSON.stringify({ name, description: `Tool ${name}.`, inputSchema: { type: "object", additionalProperties: false } });

const WARNING_B = {
  file: "tools/b.YAML",
  ruleId: "load-extension-case",
  severity: "warning",
  line: 1,
  column: 1,
  message: 'tools/b.YAML is not read as a descriptor: the tools glob "tools/**/*.{yaml,yml,json}" matches ".yaml", not ".YAML" (globs tell upper from lower case, on macOS and Windows too).',
  hint: "Rename it to tools/b.yaml.",
};

describe("searchDescriptors and extensions that differ by case", () => {
  it("notes each file a glob misses only by the case of its extension, and nothing else", async () => {
    const root = tempProject({
      "tools/a.yaml": tool("a"),
      "tools/b.YAML": tool("b"),
      "tools/deep/c.JSON": json("c"),
      "tools/d.Yml": tool("d"),
      "tools/README.MD": "# not a descriptor in any case\n",
      "tools/e.yaml.BAK": tool("e"),
      "tools/mcp-tools.lock.JSON": "{}",
      "other/f.YAML": tool("f"),
    });
    expect(await searchDescriptors(root, config)).toEqual({ files: ["tools/a.yaml"], caseMismatched: ["tools/b.YAML", "tools/d.Yml", "tools/deep/c.JSON"] });
  });

  it("follows the config's own globs, exclusions included", async () => {
    const root = tempProject({ "tools/a.yaml": tool("a"), "tools/b.YAML": tool("b"), "tools/c.JSON": json("c"), "tools/legacy/g.YAML": tool("g") });
    const yamlOnly = { ...config, tools: ["tools/**/*.yaml", "!tools/legacy/**"] };
    expect(await searchDescriptors(root, yamlOnly)).toEqual({ files: ["tools/a.yaml"], caseMismatched: ["tools/b.YAML"] });
    // A glob that names the upper-case extension reads the file as any other.
    expect(await searchDescriptors(root, { ...config, tools: ["tools/*.{yaml,JSON}"] })).toEqual({ files: ["tools/a.yaml", "tools/c.JSON"], caseMismatched: ["tools/b.YAML"] });
  });

  it("remembers no answer that holds such a file: the next search notes it again", async () => {
    const root = tempProject({ "tools/a.yaml": tool("a"), "tools/b.YAML": tool("b") });
    await new Promise((done) => setTimeout(done, 250));
    const remembered: unknown[] = [];
    const memo: GlobMemo = { glob: () => undefined, rememberGlob: (_, record) => void remembered.push(record) };
    expect((await searchDescriptors(root, config, memo)).caseMismatched).toEqual(["tools/b.YAML"]);
    expect(remembered).toEqual([]);
  });
});

interface Finding {
  readonly file: string;
  readonly ruleId: string;
}

async function findings(root: string, command: string): Promise<{ code: number; diagnostics: Finding[] }> {
  const run = await runInProcess(root, [command, "--format", "json"]);
  return { code: run.code, diagnostics: (JSON.parse(run.stdout) as { diagnostics: Finding[] }).diagnostics };
}

describe("a descriptor whose extension differs by case, end to end", () => {
  for (const command of ["build", "validate", "check"] as const) {
    it(`${command} warns at the file with the rename, and reads the others`, async () => {
      const root = tempProject({ "tools/a.yaml": tool("a"), "tools/b.YAML": tool("b") });
      if (command === "check") expect((await runInProcess(root, ["build"])).code).toBe(0);
      const { code, diagnostics } = await findings(root, command);
      expect(diagnostics).toEqual([expect.objectContaining(WARNING_B)]);
      expect(code).toBe(0);
    });
  }

  for (const command of ["build", "check"] as const) {
    it(`${command} warns when the file appears after a build that left nothing to do`, async () => {
      const root = tempProject({ "tools/a.yaml": tool("a") });
      // Where the build cache and stat index go, which the fast paths read.
      mkdirSync(join(root, "node_modules"));
      expect((await runInProcess(root, ["build"])).code).toBe(0);
      await new Promise((done) => setTimeout(done, 250));
      // Once more, so that the stat index vouches for every file: the fast path would be taken.
      expect((await runInProcess(root, ["build"])).code).toBe(0);
      writeFileSync(join(root, "tools/b.YAML"), tool("b"));
      const { diagnostics } = await findings(root, command);
      expect(diagnostics.map((d) => [d.file, d.ruleId])).toEqual([["tools/b.YAML", "load-extension-case"]]);
    });
  }

  it("the language server warns there too", async () => {
    const root = realpathSync(tempProject({ "tools/a.yaml": tool("a"), "tools/b.YAML": tool("b") }));
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const analysis = await session.analyze();
    expect(analysis.diagnostics).toEqual([expect.objectContaining(WARNING_B)]);
    expect([...analysis.tools.keys()]).toEqual(["tools/a.yaml"]);
  });
});
