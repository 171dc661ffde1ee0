// A buffer whose text opens with a byte order mark (U+FEFF): the server analyses it without the BOM,
// as it reads a file on disk, but the editor counts the BOM as line 0's first character. Diagnostics,
// quick fixes and hover on line 0 are placed as the editor counts; the other lines, buffers without
// a BOM, and files read from disk (with a BOM or not) are placed as validate places them.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CodeAction, CompletionItem, Diagnostic as LspDiagnostic, Hover, TextEdit } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { startInProcess } from "../support/lsp-client.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const BOM = "\uFEFF";
// tool-name-syntax on line 1 (column 7), schema-nullable-keyword further down.
const TOOL = "name: get weather\ndescription: Gets the weather.\ninputSchema:\n  type: object\n  properties:\n    city:\n      type: string\n      nullable: true\n";

async function validateJson(root: string): Promise<Diagnostic[]> {
  const run = await runInProcess(root, ["validate", "--format", "json"]);
  return (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** validate's findings in `file` as an editor places them, one character further on line 0 when its text opens with a BOM. */
function placed(diagnostics: readonly Diagnostic[], file: string, bom: boolean) {
  const shift = (line: number, column: number) => ({ line: line - 1, character: column - 1 + (bom && line === 1 ? 1 : 0) });
  return diagnostics.filter((d) => d.file === file).map((d) => ({ code: d.ruleId, range: { start: shift(d.line, d.column), end: shift(d.endLine, d.endColumn) } }));
}

function shown(diagnostics: readonly LspDiagnostic[]) {
  return diagnostics.map(({ code, range }) => ({ code, range }));
}

describe("mcp-gen lsp on a buffer that opens with a BOM", () => {
  it("places line 0's diagnostics after the BOM, and the same buffer without one as validate does", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL });
    const expected = await validateJson(root);
    expect(expected.some((d) => d.file === "tools/a.yaml" && d.line === 1 && d.ruleId === "tool-name-syntax")).toBe(true);
    expect(expected.some((d) => d.file === "tools/a.yaml" && d.line > 1)).toBe(true);
    const client = await startInProcess(root);
    await client.open("tools/a.yaml", BOM + TOOL);
    expect(shown(await client.current("tools/a.yaml"))).toEqual(placed(expected, "tools/a.yaml", true));
    // The BOM taken out (the text analysed is the same): line 0 is validate's again.
    await client.change("tools/a.yaml", TOOL);
    expect(shown(await client.current("tools/a.yaml"))).toEqual(placed(expected, "tools/a.yaml", false));
    await client.change("tools/a.yaml", BOM + TOOL);
    expect(shown(await client.current("tools/a.yaml"))).toEqual(placed(expected, "tools/a.yaml", true));
  });

  it("a file on disk with a BOM, not open, is placed as validate places it (editors drop a file's BOM)", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL, "tools/b.yaml": TOOL.replace("get weather", "send mail") });
    writeFileSync(join(root, "tools/b.yaml"), BOM + TOOL.replace("get weather", "send mail"));
    const expected = await validateJson(root);
    const client = await startInProcess(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    await client.request("textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 0 } });
    expect(shown(client.latest("tools/b.yaml") ?? [])).toEqual(placed(expected, "tools/b.yaml", false));
  });

  it("a quick fix on line 0 edits the name, and keeps the BOM", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL });
    const client = await startInProcess(root);
    await client.open("tools/a.yaml", BOM + TOOL);
    const diagnostics = (await client.current("tools/a.yaml")).filter((d) => d.code === "tool-name-syntax");
    expect(diagnostics).toHaveLength(1);
    const actions = await client.codeActions("tools/a.yaml", diagnostics);
    const action = actions.find((candidate: CodeAction) => candidate.title === 'Rename to "get_weather"');
    expect(action, actions.map((a) => a.title).join(", ")).toBeDefined();
    await client.edit("tools/a.yaml", action!.edit!.changes![client.uri("tools/a.yaml")] as TextEdit[]);
    expect(client.text("tools/a.yaml")).toBe(BOM + TOOL.replace("get weather", "get_weather"));
    expect((await client.current("tools/a.yaml")).map((d) => d.code)).toEqual(["schema-nullable-keyword"]);
  });

  it("hover on line 0 finds the node under the editor's cursor", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL });
    const client = await startInProcess(root);
    await client.open("tools/a.yaml", BOM + TOOL);
    await client.current("tools/a.yaml");
    // The editor's character 5 is the end of the key "name" (0 is the BOM; 6 the space after the colon).
    const answer = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 5 } });
    expect((answer?.contents as { value: string } | undefined)?.value ?? "").toContain("**name**");
  });

  it("completion on line 0 replaces the word under the editor's cursor, in YAML and in JSON", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\n", "tools/b.json": '{"name": "b"}' });
    const client = await startInProcess(root);
    const complete = async (path: string, text: string, character: number) => {
      await client.open(path, text);
      return client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri: client.uri(path) }, position: { line: 0, character } });
    };
    const yaml = await complete("tools/a.yaml", `${BOM}de`, 3);
    expect(yaml.find((item) => item.label === "description")?.textEdit).toEqual({ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 3 } }, newText: "description: " });
    const json = await complete("tools/b.json", `${BOM}{"name": "b", "annotations": {"read`, 36);
    expect(json.find((item) => item.label === "readOnlyHint")?.textEdit).toEqual({ range: { start: { line: 0, character: 31 }, end: { line: 0, character: 36 } }, newText: '"readOnlyHint"' });
  });
});
