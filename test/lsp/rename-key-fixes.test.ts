// The quick fix that renames a key of x-mcp-gen the authoring-block-shape rule refuses: a form key
// named like a member every JavaScript object inherits, or one that cannot be part of an identifier
// (the hint's "Rename it, for example to ..."), and a key mcp-gen does not know ("Did you mean
// ...?"). Only the key's text changes, in YAML and in JSON; the finding is gone once it is applied.
// Where the new name is taken already, there is no fix.
import type { CodeAction, TextEdit } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { startInProcess, type LspClient } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

const RULE = "authoring-block-shape";

function yamlTool(requests: string): string {
  return `name: forms\ndescription: Asks before it acts.\ninputSchema: { type: object }\nx-mcp-gen:\n  inputRequests:\n${requests}`;
}

const FORM = "      message: Go on?\n      requestedSchema:\n        type: object\n        properties: { ok: { type: boolean } }\n";

async function fixesFor(client: LspClient, path: string): Promise<CodeAction[]> {
  const diagnostics = (await client.current(path)).filter((d) => d.code === RULE);
  expect(diagnostics, `${path} has ${RULE}`).toHaveLength(1);
  return client.codeActions(path, diagnostics);
}

describe("renaming a refused key of x-mcp-gen", () => {
  it("renames the key, and only its text, in YAML and JSON", async () => {
    const jsonTool = {
      name: "forms_json",
      description: "Asks before it acts.",
      inputSchema: { type: "object" },
      "x-mcp-gen": { inputRequests: { toString: { message: "Go on?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } } },
    };
    const jsonText = `${JSON.stringify(jsonTool, null, 2)}\n`;
    const cases = [
      { path: "tools/inherited.yaml", text: yamlTool(`    constructor: # kept\n${FORM}`), title: 'Rename key to "constructorForm"', fixed: yamlTool(`    constructorForm: # kept\n${FORM}`) },
      { path: "tools/quoted.yaml", text: yamlTool(`    "second-try":\n${FORM}`), title: 'Rename key to "second_try"', fixed: yamlTool(`    "second_try":\n${FORM}`) },
      {
        path: "tools/misspelt.yaml",
        text: `name: misspelt\ndescription: Asks before it acts.\ninputSchema: { type: object }\nx-mcp-gen:\n  inputRequest:\n    confirm:\n${FORM}`,
        title: 'Rename key to "inputRequests"',
        fixed: `name: misspelt\ndescription: Asks before it acts.\ninputSchema: { type: object }\nx-mcp-gen:\n  inputRequests:\n    confirm:\n${FORM}`,
      },
      { path: "tools/forms.json", text: jsonText, title: 'Rename key to "toStringForm"', fixed: jsonText.replace('"toString":', '"toStringForm":') },
    ];
    const root = tempProject(Object.fromEntries(cases.map((c) => [c.path, c.text])));
    const client = await startInProcess(root);
    for (const c of cases) {
      await client.open(c.path);
      const actions = await fixesFor(client, c.path);
      expect(
        actions.map((a) => a.title),
        c.path,
      ).toEqual([c.title]);
      await client.edit(c.path, actions[0]!.edit!.changes![client.uri(c.path)] as TextEdit[]);
      expect(client.text(c.path), c.path).toBe(c.fixed);
      expect(
        (await client.current(c.path)).map((d) => d.code),
        c.path,
      ).not.toContain(RULE);
    }
  });

  it("offers nothing when the proposed name is taken already", async () => {
    const path = "tools/taken.yaml";
    const root = tempProject({ [path]: yamlTool(`    constructor:\n${FORM}    constructorForm:\n${FORM}`) });
    const client = await startInProcess(root);
    await client.open(path);
    expect(await fixesFor(client, path)).toEqual([]);
  });
});
