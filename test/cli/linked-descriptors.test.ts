// One descriptor file reached by more than one path through symbolic links: a link to a sibling
// folder (`tools/alias -> real`, or `tools/alias -> ../tools/real`) or a link to a file beside it
// (`tools/b.yaml -> a.yaml`). The globs listed the file under each path, and tool-name-unique said
// "delete the extra descriptors", each the one real file. Now each file is read once, under the path
// with the fewest links (then the first in sort order), for build, validate, check and the language
// server alike, whatever order a folder lists its entries in.
import { readFileSync, realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { loadConfig } from "../../src/config/load-config.js";
import { findDescriptors } from "../../src/cli/find-descriptors.js";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const config: Config = loadConfig(undefined, ALL_RULES, {}).value!;
const tool = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  additionalProperties: false\n`;

/** A project whose tools/real holds a.yaml, and each link of `links` (path → target, as written). */
function linkedProject(links: Readonly<Record<string, string>>): string {
  const root = tempProject({ "tools/real/a.yaml": tool("a"), "tools/c.yaml": tool("c") });
  for (const [path, target] of Object.entries(links)) symlinkSync(target, join(root, path));
  return root;
}

const LAYOUTS: readonly [string, Readonly<Record<string, string>>, string[]][] = [
  ["tools/alias -> real", { "tools/alias": "real" }, ["tools/c.yaml", "tools/real/a.yaml"]],
  ["tools/alias -> ../tools/real", { "tools/alias": "../tools/real" }, ["tools/c.yaml", "tools/real/a.yaml"]],
  // The link sorts after the folder it leads to: the folder is still the path kept.
  ["tools/zz -> real", { "tools/zz": "real" }, ["tools/c.yaml", "tools/real/a.yaml"]],
  ["tools/b.yaml -> c.yaml, a link to a file beside it", { "tools/b.yaml": "c.yaml" }, ["tools/c.yaml", "tools/real/a.yaml"]],
];

describe("findDescriptors and a file reached through links", () => {
  for (const [layout, links, expected] of LAYOUTS) {
    it(`${layout}: lists each file once, under its path without a link`, async () => {
      expect(await findDescriptors(linkedProject(links), config)).toEqual(expected);
    });
  }

  it("keeps the path through the fewest links, then the first in sort order", async () => {
    const root = tempProject({ "common/a.yaml": tool("a") });
    symlinkSync("common", join(root, "tools"));
    const both = { ...config, tools: ["tools/**/*.yaml", "common/*.yaml"] };
    // tools/a.yaml goes through one link (the glob's own folder), common/a.yaml through none.
    expect(await findDescriptors(root, { ...config, tools: ["tools/**/*.yaml"] })).toEqual(["tools/a.yaml"]);
    expect(await findDescriptors(root, both)).toEqual(["common/a.yaml"]);
    // Both paths through one link each: the first in sort order, whichever the folder lists first.
    const twoLinks = tempProject({ "common/a.yaml": tool("a") });
    symlinkSync("common", join(twoLinks, "tools-y"));
    symlinkSync("common", join(twoLinks, "tools-x"));
    expect(await findDescriptors(twoLinks, { ...config, tools: ["tools-*/*.yaml"] })).toEqual(["tools-x/a.yaml"]);
  });
});

interface Finding {
  readonly file: string;
  readonly ruleId: string;
  readonly severity: string;
}

describe("a descriptor reached through links, end to end", () => {
  for (const [layout, links] of LAYOUTS) {
    for (const command of ["build", "validate", "check"] as const) {
      it(`${command}, ${layout}: one tool per file, no tool-name-unique`, async () => {
        const root = linkedProject(links);
        if (command === "check") expect((await runInProcess(root, ["build"])).code).toBe(0);
        const run = await runInProcess(root, [command, "--format", "json"]);
        const errors = (JSON.parse(run.stdout) as { diagnostics: Finding[] }).diagnostics.filter((d) => d.severity === "error");
        expect(errors).toEqual([]);
        expect(run.code).toBe(0);
        if (command === "build") {
          const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as { tools: Record<string, { file: string }> };
          expect(Object.entries(lock.tools).map(([name, entry]) => [name, entry.file])).toEqual([
            ["a", "tools/real/a.yaml"],
            ["c", "tools/c.yaml"],
          ]);
        }
      });
    }
  }

  it("the language server reads each file once too", async () => {
    const root = realpathSync(linkedProject({ "tools/alias": "../tools/real", "tools/b.yaml": "c.yaml" }));
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const analysis = await session.analyze();
    expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect([...analysis.tools.keys()]).toEqual(["tools/c.yaml", "tools/real/a.yaml"]);
  });
});
