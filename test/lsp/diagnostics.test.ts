// The language server's diagnostics are `mcp-gen validate`'s: the same rule ids, severities,
// messages, hints and positions, for every rule family, with the config's rule settings, on the
// editor's unsaved buffers, across files (duplicate names, shared schemas) and for files that are
// not even open. Driven as an editor drives it, over an in-process stream pair.
import { cpSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic as LspDiagnostic } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { LspClient, startInProcess } from "../support/lsp-client.js";
import { RULE_FIXTURES } from "../support/rule-harness.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const start = startInProcess;

/** What validate's JSON says, as an editor would show it. */
function asEditorShows(diagnostic: Diagnostic) {
  return {
    code: diagnostic.ruleId,
    severity: { error: 1, warning: 2, info: 3 }[diagnostic.severity],
    message: diagnostic.hint ? `${diagnostic.message}\n${diagnostic.hint}` : diagnostic.message,
    range: { start: { line: diagnostic.line - 1, character: diagnostic.column - 1 }, end: { line: diagnostic.endLine - 1, character: diagnostic.endColumn - 1 } },
  };
}

function shown(diagnostics: readonly LspDiagnostic[]) {
  return diagnostics.map(({ code, severity, message, range }) => ({ code, severity, message, range }));
}

async function validateJson(root: string): Promise<Diagnostic[]> {
  const run = await runInProcess(root, ["validate", "--format", "json"]);
  return (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** Waits until every analysis asked for so far has published (a hover answers once its project settled). */
async function settle(client: LspClient, path: string): Promise<void> {
  await client.request("textDocument/hover", { textDocument: { uri: client.uri(path) }, position: { line: 0, character: 0 } });
}

/** Writes `files` to disk and checks that each of `paths` shows what validate reports for it now. */
async function expectValidateOnDisk(client: LspClient, root: string, files: Readonly<Record<string, string>>, paths: readonly string[]): Promise<void> {
  await settle(client, paths[0]!);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  const expected = await validateJson(root);
  for (const path of paths) expect(shown(client.latest(path) ?? []), path).toEqual(expected.filter((d) => d.file === path).map(asEditorShows));
}

const NAME_CLASH = (name: string) => `name: ${name}\ndescription: Gets the weather for a city.\ninputSchema:\n  type: object\n  additionalProperties: false\n`;

describe("mcp-gen lsp diagnostics", () => {
  it("keep a file's findings when the editor opens it under another spelling of its URI (%40 for @, as VS Code writes it)", async () => {
    const root = tempProject({
      "packages/@acme/tools/mcp-gen.config.yaml": "server:\n  name: acme\n",
      "packages/@acme/tools/tools/a.yaml": NAME_CLASH("clash"),
      "packages/@acme/tools/tools/b.yaml": NAME_CLASH("clash"),
    });
    const project = join(root, "packages/@acme/tools");
    const client = await start(project);
    const editorUri = (path: string) => client.uri(path).replace("/@acme/", "/%40acme/");
    const sameFile = (uri: string, path: string) => decodeURIComponent(uri) === decodeURIComponent(client.uri(path));
    for (const path of ["tools/a.yaml", "tools/b.yaml"]) {
      await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: editorUri(path), languageId: "yaml", version: 1, text: NAME_CLASH("clash") } });
      await client.request("textDocument/hover", { textDocument: { uri: editorUri(path) }, position: { line: 0, character: 0 } });
    }
    // What an editor that reads both spellings as one file shows: the last message about it.
    for (const path of ["tools/a.yaml", "tools/b.yaml"]) {
      const last = client.published.filter((p) => sameFile(p.uri, path)).at(-1);
      expect(
        last?.diagnostics.map((d) => d.code),
        path,
      ).toEqual(["tool-name-unique"]);
    }
  });

  it("are validate's for every rule family, file by file, open or not", async () => {
    // Every rule's invalid fixtures as one project, each rule in a folder of its own ($refs between siblings kept).
    const root = tempProject({ "mcp-gen.config.yaml": "server:\n  name: fixtures\n  version: 1.0.0\n" });
    for (const rule of readdirSync(RULE_FIXTURES)) cpSync(join(RULE_FIXTURES, rule, "invalid"), join(root, "tools", rule), { recursive: true });
    const expected = await validateJson(root);
    const ruleIds = new Set(expected.map((d) => d.ruleId));
    expect(ruleIds.size, "the fixtures trip most rules").toBeGreaterThan(35);
    const client = await start(root);
    const opened = "tools/tool-name-syntax/space-in-name.yaml";
    await client.open(opened);
    await client.current(opened);
    await settle(client, opened);
    const files = [...new Set(expected.map((d) => d.file))];
    for (const file of files) {
      expect(shown(client.latest(file) ?? []), file).toEqual(expected.filter((d) => d.file === file).map(asEditorShows));
    }
    // Nothing is published for a file validate finds nothing in.
    const published = new Set(client.published.filter((p) => p.diagnostics.length > 0).map((p) => p.uri));
    expect([...published].sort()).toEqual(files.map((file) => client.uri(file)).sort());
    // Each diagnostic links to its rule's documentation.
    expect(client.latest(opened)!.find((d) => d.code === "tool-name-syntax")?.codeDescription?.href).toBe("https://github.com/mcp-gen/mcp-gen/blob/main/docs/rules.md#tool-name-syntax");
  });

  it("follow the config's preset and rule settings", async () => {
    const root = tempProject({
      "mcp-gen.config.yaml": "rules:\n  tool-name-syntax: error\n  description-missing: off\n",
      "tools/a.yaml": "name: get weather\ninputSchema:\n  type: object\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const diagnostics = await client.current("tools/a.yaml");
    expect(shown(diagnostics)).toEqual((await validateJson(root)).map(asEditorShows));
    expect(diagnostics.find((d) => d.code === "tool-name-syntax")?.severity).toBe(1);
    expect(diagnostics.some((d) => d.code === "description-missing")).toBe(false);
  });

  it("follow a config saved in the editor: its new rule settings, or its problems on the config file", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": "rules:\n  tool-name-syntax: warning\n", "tools/a.yaml": NAME_CLASH("get weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.open("mcp-gen.config.yaml");
    expect((await client.current("tools/a.yaml")).find((d) => d.code === "tool-name-syntax")?.severity).toBe(2);
    const save = async (text: string) => {
      await client.change("mcp-gen.config.yaml", text);
      writeFileSync(join(root, "mcp-gen.config.yaml"), text);
      await client.connection.sendNotification("textDocument/didSave", { textDocument: { uri: client.uri("mcp-gen.config.yaml") } });
    };
    let mark = client.mark();
    await save("rules:\n  tool-name-syntax: error\n");
    expect((await client.diagnostics("tools/a.yaml", mark)).find((d) => d.code === "tool-name-syntax")?.severity).toBe(1);
    mark = client.mark();
    await save("rules:\n  tool-name-syntax: eror\n");
    const problems = await client.diagnostics("mcp-gen.config.yaml", mark, (p) => p.diagnostics.length > 0);
    expect(shown(problems)).toEqual((await validateJson(root)).map(asEditorShows));
    expect(problems.map((d) => d.code)).toEqual(["config-invalid"]);
    // An unusable config is all validate reports (exit 2): the descriptors' findings go meanwhile.
    expect(await client.diagnostics("tools/a.yaml", mark)).toEqual([]);
    mark = client.mark();
    await save("rules:\n  tool-name-syntax: off\n");
    expect(await client.diagnostics("mcp-gen.config.yaml", mark)).toEqual([]);
    const off = await client.diagnostics("tools/a.yaml", mark);
    expect(off.map((d) => d.code)).toEqual(["tool-name-mangled"]);
  });

  it("come from the unsaved buffer as it is typed, and from the disk again when it is closed", async () => {
    const root = tempProject({ "tools/a.yaml": NAME_CLASH("get weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    expect((await client.current("tools/a.yaml")).map((d) => d.code)).toContain("tool-name-syntax");
    const mark = client.mark();
    await client.change("tools/a.yaml", NAME_CLASH("get_weather"));
    expect(await client.current("tools/a.yaml", mark)).toEqual([]);
    // Closed unsaved: the disk's text counts again.
    const closed = client.mark();
    await client.close("tools/a.yaml");
    const again = await client.diagnostics("tools/a.yaml", closed);
    expect(again.map((d) => d.code)).toContain("tool-name-syntax");
    expect(client.published.at(-1)?.version).toBeUndefined();
  });

  it("see the other descriptors: a name taken in another file, or differing only in case, is reported in both", async () => {
    const root = tempProject({ "tools/a.yaml": NAME_CLASH("get_weather"), "tools/b.yaml": NAME_CLASH("get_forecast") });
    const client = await start(root);
    await client.open("tools/b.yaml");
    expect(await client.current("tools/b.yaml")).toEqual([]);
    let mark = client.mark();
    await client.change("tools/b.yaml", NAME_CLASH("get_weather"));
    expect((await client.current("tools/b.yaml", mark)).map((d) => d.code)).toContain("tool-name-unique");
    // a.yaml is not open: it gets its diagnostics too, as validate lists them.
    expect((await client.diagnostics("tools/a.yaml", mark)).map((d) => d.code)).toContain("tool-name-unique");
    mark = client.mark();
    await client.change("tools/b.yaml", NAME_CLASH("Get_Weather"));
    expect((await client.current("tools/b.yaml", mark)).map((d) => d.code)).toContain("tool-name-case-collision");
    expect((await client.diagnostics("tools/a.yaml", mark)).map((d) => d.code)).toContain("tool-name-case-collision");
    mark = client.mark();
    await client.change("tools/b.yaml", NAME_CLASH("get_forecast"));
    expect(await client.current("tools/b.yaml", mark)).toEqual([]);
    expect(await client.diagnostics("tools/a.yaml", mark)).toEqual([]);
  });

  it("re-check the descriptors that $ref a shared schema when its buffer changes", async () => {
    const tool = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  properties:\n    city:\n      $ref: ../schemas/common.yaml#/$defs/City\n`;
    const common = (definition: string, extra = "") => `$defs:\n  ${definition}:\n    type: string\n${extra}    description: A city.\n`;
    const root = tempProject({ "tools/a.yaml": tool("a"), "tools/b.yaml": tool("b"), "schemas/common.yaml": common("City") });
    const client = await start(root);
    await client.open("schemas/common.yaml");
    await client.open("tools/a.yaml");
    expect(await client.current("tools/a.yaml")).toEqual([]);
    // The definition renamed in the unsaved buffer: both descriptors that use it are checked again.
    let mark = client.mark();
    await client.change("schemas/common.yaml", common("Town"));
    expect((await client.diagnostics("tools/a.yaml", mark)).map((d) => d.code)).toEqual(["ref-unresolved"]);
    expect((await client.diagnostics("tools/b.yaml", mark)).map((d) => d.code)).toEqual(["ref-unresolved"]);
    await expectValidateOnDisk(client, root, { "schemas/common.yaml": common("Town") }, ["tools/a.yaml", "tools/b.yaml", "schemas/common.yaml"]);
    // A finding in the shared schema is where the keyword is written, whichever tool it came through.
    mark = client.mark();
    await client.change("schemas/common.yaml", common("City", "    nullable: true\n"));
    // One finding, which names both tools that read the file alike.
    expect((await client.current("schemas/common.yaml", mark)).map((d) => [d.code, d.range.start.line, String(d.message).split(": ")[0]])).toEqual([
      ["schema-nullable-keyword", 3, 'Tools "a" and "b" read this file as JSON Schema 2020-12 in their inputSchema'],
    ]);
    expect(await client.diagnostics("tools/a.yaml", mark)).toEqual([]);
    expect(await client.diagnostics("tools/b.yaml", mark)).toEqual([]);
    await expectValidateOnDisk(client, root, { "schemas/common.yaml": common("City", "    nullable: true\n") }, ["tools/a.yaml", "tools/b.yaml", "schemas/common.yaml"]);
    // Half typed, it does not parse: a syntax error there, and the tools wait for it.
    mark = client.mark();
    await client.change("schemas/common.yaml", "$defs:\n  City: [string\n");
    expect((await client.current("schemas/common.yaml", mark)).map((d) => d.code)).toEqual(["yaml-syntax"]);
    await expectValidateOnDisk(client, root, { "schemas/common.yaml": "$defs:\n  City: [string\n" }, ["tools/a.yaml", "tools/b.yaml", "schemas/common.yaml"]);
  });

  it("speak of an empty file a $ref names as a schema file, as validate does, and of a descriptor as one", async () => {
    const tool = "name: a\ndescription: Tool a.\ninputSchema:\n  type: object\n  properties:\n    city: { $ref: ../schemas/city.yaml }\n";
    const root = tempProject({ "tools/a.yaml": tool, "tools/b.yaml": "", "schemas/city.yaml": "" });
    const client = await start(root);
    await client.open("schemas/city.yaml");
    await client.open("tools/b.yaml");
    const hints = async (path: string) => (await client.current(path)).map((d) => String(d.message).split("\n")[1]);
    expect(await hints("schemas/city.yaml")).toEqual(["Write the schema the $refs to this file name, as one YAML mapping (or a boolean), or remove those $refs."]);
    expect(await hints("tools/b.yaml")).toEqual(["Write one YAML mapping describing the tool."]);
    await expectValidateOnDisk(client, root, {}, ["schemas/city.yaml", "tools/b.yaml"]);
  });

  it("turn up for a descriptor opened before it was on disk once it is saved, in an editor without a file watcher", async () => {
    const root = tempProject({ "tools/a.yaml": NAME_CLASH("get_weather") });
    const client = await start(root);
    // Neovim's `:e tools/b.yaml`: a buffer for a file that does not exist yet, typed into, then written.
    await client.open("tools/b.yaml", "");
    await client.change("tools/b.yaml", NAME_CLASH("get_weather"));
    await settle(client, "tools/b.yaml");
    const mark = client.mark();
    writeFileSync(join(root, "tools/b.yaml"), NAME_CLASH("get_weather"));
    await client.connection.sendNotification("textDocument/didSave", { textDocument: { uri: client.uri("tools/b.yaml") } });
    expect((await client.diagnostics("tools/b.yaml", mark)).map((d) => d.code)).toEqual(["tool-name-unique"]);
  });

  it("turn up for a descriptor created on disk and go with one deleted, through the editor's file watcher", async () => {
    const root = tempProject({ "tools/a.yaml": NAME_CLASH("get_weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const mark = client.mark();
    writeFileSync(join(root, "tools/b.yaml"), NAME_CLASH("get_weather"));
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("tools/b.yaml"), type: 1 }] });
    expect((await client.diagnostics("tools/b.yaml", mark)).map((d) => d.code)).toEqual(["tool-name-unique"]);
    expect((await client.current("tools/a.yaml", mark)).map((d) => d.code)).toEqual(["tool-name-unique"]);
    const deleted = client.mark();
    rmSync(join(root, "tools/b.yaml"));
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("tools/b.yaml"), type: 3 }] });
    expect(await client.diagnostics("tools/b.yaml", deleted)).toEqual([]);
    expect(await client.diagnostics("tools/a.yaml", deleted)).toEqual([]);
  });

  it("of a file that a root project's globs reach inside a nested project come from the nested project alone", async () => {
    // The root's globs reach sub/tools/z.yaml, whose nearest config is sub's: sub owns it, with its
    // rule settings (the root turns description-missing off, sub keeps it on).
    const nested = "name: get weather\ninputSchema: {type: object, additionalProperties: false}\n";
    const root = tempProject({
      "mcp-gen.config.yaml": "tools: ['**/tools/*.yaml']\nrules:\n  description-missing: off\n",
      "tools/a.yaml": NAME_CLASH("get_weather"),
      "sub/mcp-gen.config.yaml": "tools: [tools/*.yaml]\n",
      "sub/tools/z.yaml": nested,
    });
    const owner = (await validateJson(join(root, "sub"))).filter((d) => d.file === "tools/z.yaml").map((d) => d.ruleId);
    expect(owner).toContain("description-missing");
    const client = await start(root);
    // Only the root's file open: z.yaml's findings are published all the same, by its own project.
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    expect((await client.diagnostics("sub/tools/z.yaml", 0)).map((d) => d.code)).toEqual(owner);
    await client.open("sub/tools/z.yaml");
    expect((await client.current("sub/tools/z.yaml")).map((d) => d.code)).toEqual(owner);
    await client.change("tools/a.yaml", NAME_CLASH("get_weather2"));
    await client.change("sub/tools/z.yaml", nested.replace("get weather", "get  weather"));
    expect((await client.current("sub/tools/z.yaml")).map((d) => d.code)).toEqual(owner);
    await settle(client, "tools/a.yaml");
    await settle(client, "sub/tools/z.yaml");
    // Every list published for z.yaml is its project's: never the root's view of it, nor a clearing.
    const forZ = client.published.filter((p) => p.uri === client.uri("sub/tools/z.yaml"));
    expect(forZ.map((p) => p.diagnostics.map((d) => d.code))).toEqual(forZ.map(() => owner));
  });

  it("of a file the root project published pass to a nested project whose config is created, and stay", async () => {
    const nested = "name: get weather\ninputSchema: {type: object, additionalProperties: false}\n";
    const root = tempProject({ "mcp-gen.config.yaml": "tools: ['**/tools/*.yaml']\nrules:\n  description-missing: off\n", "tools/a.yaml": NAME_CLASH("get_weather"), "sub/tools/z.yaml": nested });
    const client = await start(root);
    await client.open("sub/tools/z.yaml");
    expect((await client.current("sub/tools/z.yaml")).map((d) => d.code)).not.toContain("description-missing");
    writeFileSync(join(root, "sub/mcp-gen.config.yaml"), "tools: [tools/*.yaml]\n");
    const mark = client.mark();
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("sub/mcp-gen.config.yaml"), type: 1 }] });
    expect((await client.diagnostics("sub/tools/z.yaml", mark, (p) => p.diagnostics.length > 0)).map((d) => d.code)).toContain("description-missing");
    await settle(client, "tools/a.yaml");
    await settle(client, "sub/tools/z.yaml");
    expect((client.latest("sub/tools/z.yaml") ?? []).map((d) => d.code)).toContain("description-missing");
  });

  it("of an open file in no project come as soon as a config is created above it (a monorepo's package), not at its next edit", async () => {
    const root = tempProject({ "package.json": '{ "name": "mono", "private": true }\n', "packages/b/tools/z.yaml": 'name: "z z"\ndescription: d\ninputSchema: {type: object}\n' });
    const client = await start(root);
    await client.open("packages/b/tools/z.yaml");
    await client.request("textDocument/hover", { textDocument: { uri: client.uri("packages/b/tools/z.yaml") }, position: { line: 0, character: 0 } });
    writeFileSync(join(root, "packages/b/mcp-gen.config.yaml"), "{}\n");
    const mark = client.mark();
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("packages/b/mcp-gen.config.yaml"), type: 1 }] });
    const expected = (await validateJson(join(root, "packages/b"))).filter((d) => d.file === "tools/z.yaml").map(asEditorShows);
    expect(expected.length).toBeGreaterThan(0);
    expect(shown(await client.diagnostics("packages/b/tools/z.yaml", mark, (p) => p.diagnostics.length > 0))).toEqual(expected);
  });

  it("of a file a nested project published are not cleared by the root project that published it before", async () => {
    const nested = "name: get weather\ninputSchema: {type: object, additionalProperties: false}\n";
    const root = tempProject({ "mcp-gen.config.yaml": "tools: ['**/tools/*.yaml']\nrules:\n  description-missing: off\n", "tools/a.yaml": NAME_CLASH("get_weather"), "sub/tools/z.yaml": nested });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    expect((await client.diagnostics("sub/tools/z.yaml", 0)).map((d) => d.code)).not.toContain("description-missing");
    // A config made where no watcher saw it: the file opened next finds it, and its project publishes first.
    writeFileSync(join(root, "sub/mcp-gen.config.yaml"), "tools: [tools/*.yaml]\n");
    await client.open("sub/tools/z.yaml");
    expect((await client.current("sub/tools/z.yaml")).map((d) => d.code)).toContain("description-missing");
    // The root analyzed again: z.yaml is no longer its to publish, nor to clear.
    await client.change("tools/a.yaml", NAME_CLASH("get_weather2"));
    await client.current("tools/a.yaml");
    await settle(client, "sub/tools/z.yaml");
    expect((client.latest("sub/tools/z.yaml") ?? []).map((d) => d.code)).toContain("description-missing");
  });

  it("go with a nested project whose config is deleted, and its open buffer is the workspace folder's again", async () => {
    const root = tempProject({ "sub/mcp-gen.config.yaml": "tools: [tools/*.yaml]\n", "sub/tools/z.yaml": NAME_CLASH("get weather") });
    const client = await start(root);
    await client.open("sub/tools/z.yaml");
    expect((await client.current("sub/tools/z.yaml")).map((d) => d.code)).toContain("tool-name-syntax");
    const mark = client.mark();
    rmSync(join(root, "sub/mcp-gen.config.yaml"));
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: client.uri("sub/mcp-gen.config.yaml"), type: 3 }] });
    // The workspace folder's globs (tools/**) do not reach sub/tools: z.yaml is no descriptor now, and its findings go.
    await client.change("sub/tools/z.yaml", NAME_CLASH("get  weather"));
    await settle(client, "sub/tools/z.yaml");
    expect(client.latest("sub/tools/z.yaml")).toEqual([]);
    expect(client.published.slice(mark).filter((p) => p.uri.endsWith("z.yaml") && p.diagnostics.length > 0)).toEqual([]);
  });
});

describe("mcp-gen lsp diagnostics across workspace folders", () => {
  it("go with a workspace folder the editor removes, when it was a project only as a folder", async () => {
    const a = tempProject({ "tools/a.yaml": NAME_CLASH("get_weather") });
    const b = tempProject({ "tools/b.yaml": NAME_CLASH("get weather") });
    const client = LspClient.inProcess(a);
    await client.initialize({ workspace: { workspaceFolders: true } }, [a, b]);
    await client.open(join(b, "tools/b.yaml"));
    expect((await client.current(join(b, "tools/b.yaml"))).map((d) => d.code)).toContain("tool-name-syntax");
    const closing = client.mark();
    await client.close(join(b, "tools/b.yaml"));
    // Closing checks the file again from disk: that publication comes first, whenever the server gets to it.
    await client.diagnostics(join(b, "tools/b.yaml"), closing);
    const mark = client.mark();
    await client.connection.sendNotification("workspace/didChangeWorkspaceFolders", { event: { added: [], removed: [{ uri: pathToFileURL(b).href, name: "folder1" }] } });
    // Answered after the notification is handled (what it publishes is sent before).
    await client.request("textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 0 } });
    expect(client.published.slice(mark)).toEqual([{ uri: client.uri(join(b, "tools/b.yaml")), diagnostics: [] }]);
    expect(await client.shutdown()).toBe(0);
  });
});
