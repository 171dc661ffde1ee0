// Symbolic links in the tools folders that cannot be followed, and links to a folder that holds them.
// A dangling link or a loop of links was skipped by the glob in silence: validate said "No problems
// found.", and a descriptor linked to a shared file that was then moved made its tool disappear
// (check: lock-tool-removed, build: "1 removed") with no word of the link. Each is now a
// load-unreadable error at the link, saying where it points and why it cannot be followed, for
// build, validate and check alike. A link back into a folder that holds it (`tools/self -> .`,
// `tools/up -> ..`) listed every descriptor twice, and tool-name-unique asked to delete the
// "extra" descriptors, each the very file already listed: such a link is not followed.
import { realpathSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const tool = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  additionalProperties: false\n`;

interface Finding {
  readonly file: string;
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly hint: string;
}

async function findings(root: string, command: string): Promise<{ code: number; errors: Finding[] }> {
  const run = await runInProcess(root, [command, "--format", "json"]);
  const errors = (JSON.parse(run.stdout) as { diagnostics: Finding[] }).diagnostics.filter((d) => d.severity === "error");
  return { code: run.code, errors };
}

const COMMANDS = ["build", "validate", "check"] as const;

describe("a link in the tools folder that cannot be followed", () => {
  for (const command of COMMANDS) {
    it(`${command}: a dangling link, a link to itself and two links to each other are each reported at the link`, async () => {
      const root = tempProject({ "tools/a.yaml": tool("a") });
      if (command === "check") expect((await runInProcess(root, ["build"])).code).toBe(0);
      symlinkSync("nowhere.yaml", join(root, "tools/gone.yaml"));
      symlinkSync("loop.yaml", join(root, "tools/loop.yaml"));
      symlinkSync("y.yaml", join(root, "tools/x.yaml"));
      symlinkSync("x.yaml", join(root, "tools/y.yaml"));
      const { code, errors } = await findings(root, command);
      expect(code).toBe(1);
      expect(errors.map((e) => [e.file, e.ruleId])).toEqual([
        ["tools/gone.yaml", "load-unreadable"],
        ["tools/loop.yaml", "load-unreadable"],
        ["tools/x.yaml", "load-unreadable"],
        ["tools/y.yaml", "load-unreadable"],
      ]);
      expect(errors[0]!.message).toBe("tools/gone.yaml cannot be read, though a tools glob matches it: it is a symbolic link to nowhere.yaml, which leads to nothing (a dangling link).");
      expect(errors[1]!.message).toBe(
        "tools/loop.yaml cannot be read, though a tools glob matches it: it is a symbolic link to loop.yaml, which leads back to a link already followed (a loop of links, ELOOP).",
      );
      expect(errors[2]!.message).toContain("a symbolic link to y.yaml, which leads back to a link already followed");
      expect(errors[0]!.hint).toBe("Point the link tools/gone.yaml at the descriptor file it stands for (or put that file back where it points), or delete the link.");
    });

    it(`${command}: a linked descriptor whose shared file was moved is reported, not removed`, async () => {
      const root = tempProject({ "tools/a.yaml": tool("a"), "common/extra.yaml": tool("extra") });
      symlinkSync("../common/extra.yaml", join(root, "tools/extra.yaml"));
      expect((await runInProcess(root, ["build"])).code).toBe(0);
      renameSync(join(root, "common/extra.yaml"), join(root, "common/extra.yaml.bak"));
      const { code, errors } = await findings(root, command);
      expect(code).toBe(1);
      expect(errors.map((e) => [e.file, e.ruleId])).toEqual([["tools/extra.yaml", "load-unreadable"]]);
      expect(errors[0]!.message).toContain("it is a symbolic link to ../common/extra.yaml, which leads to nothing (a dangling link)");
    });
  }
});

describe("a link that cannot be followed, in the language server", () => {
  it("is the same load-unreadable finding, with the link's hint, and a folder link back is not followed", async () => {
    const root = realpathSync(tempProject({ "tools/a.yaml": tool("a") }));
    symlinkSync("nowhere.yaml", join(root, "tools/gone.yaml"));
    symlinkSync("loop.yaml", join(root, "tools/loop.yaml"));
    symlinkSync(".", join(root, "tools/self"));
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const analysis = await session.analyze();
    const errors = analysis.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.file, d.ruleId])).toEqual([
      ["tools/gone.yaml", "load-unreadable"],
      ["tools/loop.yaml", "load-unreadable"],
    ]);
    expect(errors[0]!.message).toContain("a symbolic link to nowhere.yaml, which leads to nothing (a dangling link)");
    expect(errors[1]!.hint).toBe("Point the link tools/loop.yaml at the descriptor file it stands for (or put that file back where it points), or delete the link.");
    expect([...analysis.tools.keys()]).toEqual(["tools/a.yaml"]);
  });
});

describe("a link to a folder that holds the link", () => {
  for (const command of COMMANDS) {
    it(`${command}: tools/self -> . and tools/up -> .. are not followed, so no descriptor is listed twice`, async () => {
      const root = tempProject({ "tools/a.yaml": tool("a"), "tools/deep/b.yaml": tool("b") });
      symlinkSync(".", join(root, "tools/self"));
      symlinkSync("..", join(root, "tools/up"));
      symlinkSync("..", join(root, "tools/deep/back"));
      if (command === "check") expect((await runInProcess(root, ["build"])).code).toBe(0);
      const { code, errors } = await findings(root, command);
      expect(errors).toEqual([]);
      expect(code).toBe(0);
    });
  }
});
