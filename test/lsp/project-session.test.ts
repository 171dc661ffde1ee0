// A project session checks again only what an edit touched: the tools whose descriptor or $ref'd
// files have a new text. The others keep their resolved tool (the same object) and findings, and a
// schema whose text did not change is not compiled again; the findings stay exactly validate's.
import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

async function session(root: string): Promise<ProjectSession> {
  const real = realpathSync(root);
  const read = await readProjectConfig(real, undefined, "all");
  const created = new ProjectSession({ root: real, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
  await created.findDescriptors();
  return created;
}

const tool = (i: number, description = `Tool ${i}.`) =>
  JSON.stringify({ name: `tool_${i}`, description, inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 10 + i } }, required: ["q"], additionalProperties: false } });

describe("a project session", () => {
  it("checks again only the tool whose descriptor changed, and compiles no schema for a description", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`tools/t${i}.json`] = tool(i);
    const root = tempProject(files);
    const project = await session(root);
    const answers = project.setup.answers;
    const first = await project.analyze();
    expect(answers.size).toBe(20);
    project.files.setText("tools/t3.json", tool(3, "Tool 3, edited."), 2);
    const second = await project.analyze();
    for (let i = 0; i < 20; i++) {
      const same = second.tools.get(`tools/t${i}.json`) === first.tools.get(`tools/t${i}.json`);
      expect(same, `tools/t${i}.json kept`).toBe(i !== 3);
    }
    expect(answers.size).toBe(20);
    // A schema edited: that one schema is compiled.
    project.files.setText("tools/t3.json", tool(3, "Tool 3, edited.").replace('"maxLength":13', '"maxLength":99'), 3);
    await project.analyze();
    expect(answers.size).toBe(21);
  });

  it("checks again a tool whose $ref'd file changed, and keeps the findings validate gives", async () => {
    const root = tempProject({
      "tools/a.yaml": "name: a\ndescription: Tool a.\ninputSchema:\n  type: object\n  properties:\n    q:\n      $ref: ../schemas/q.yaml\n",
      "tools/b.yaml": "name: b\ndescription: Tool b.\ninputSchema:\n  type: object\n  additionalProperties: false\n",
      "schemas/q.yaml": "type: string\nmaxLength: 10\n",
    });
    const project = await session(root);
    const first = await project.analyze();
    project.files.setText("schemas/q.yaml", "type: string\nnullable: true\n", 2);
    const second = await project.analyze();
    expect(second.tools.get("tools/a.yaml")).not.toBe(first.tools.get("tools/a.yaml"));
    expect(second.tools.get("tools/b.yaml")).toBe(first.tools.get("tools/b.yaml"));
    expect(second.diagnostics.map((d) => `${d.file} ${d.ruleId}`)).toEqual(["schemas/q.yaml schema-nullable-keyword"]);
    // The text closed without saving, the disk's again: the tool checked again, the findings as before.
    project.files.close("schemas/q.yaml");
    const third = await project.analyze();
    expect(third.diagnostics).toEqual(first.diagnostics);
    expect(JSON.parse((await runInProcess(root, ["validate", "--format", "json"])).stdout).diagnostics).toEqual(third.diagnostics);
  });

  it("is not current once a file it read has a new text, and is again for the same text", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\ndescription: Tool a.\ninputSchema: {type: object, additionalProperties: false}\n" });
    const project = await session(root);
    const analysis = await project.analyze();
    expect(project.isCurrent(analysis)).toBe(true);
    // Opened with the text it has on disk: nothing changed.
    project.files.setText("tools/a.yaml", "name: a\ndescription: Tool a.\ninputSchema: {type: object, additionalProperties: false}\n", 1);
    expect(project.isCurrent(analysis)).toBe(true);
    project.files.setText("tools/a.yaml", "name: b\n", 2);
    expect(project.isCurrent(analysis)).toBe(false);
  });
});
