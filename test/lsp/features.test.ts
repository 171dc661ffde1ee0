// Quick fixes (applied as an editor applies them, then checked again by the server), hover (rules,
// a tool's standing against the lock, the descriptor schema), completion and go to definition,
// driven over an in-process stream pair.
import type { CodeAction, CompletionItem, Hover, Location, TextEdit } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { startInProcess, type LspClient } from "../support/lsp-client.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const start = startInProcess;

function codes(diagnostics: readonly { code?: string | number }[]): (string | number | undefined)[] {
  return diagnostics.map((d) => d.code);
}

/** Applies the quick fix titled `title` for the diagnostic of `code`, and returns what the server finds then. */
async function applyFix(client: LspClient, path: string, code: string, title: string) {
  const diagnostics = (await client.current(path)).filter((d) => d.code === code);
  expect(diagnostics.length, `${path} has ${code}`).toBeGreaterThan(0);
  const actions = await client.codeActions(path, diagnostics.slice(0, 1));
  const action = actions.find((candidate: CodeAction) => candidate.title === title);
  expect(action, `${title} among ${actions.map((a) => a.title).join(", ")}`).toBeDefined();
  expect(action!.kind).toBe("quickfix");
  const edits = action!.edit!.changes![client.uri(path)] as TextEdit[];
  await client.edit(path, edits);
  return { text: client.text(path), diagnostics: await client.current(path) };
}

async function hover(client: LspClient, path: string, line: number, character: number): Promise<string> {
  const answer = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri: client.uri(path) }, position: { line, character } });
  return answer === null ? "" : (answer.contents as { value: string }).value;
}

describe("mcp-gen lsp quick fixes", () => {
  it("rename a tool to the valid name the hint gives, in YAML and in JSON", async () => {
    const root = tempProject({
      "tools/a.yaml": "name: get weather\ndescription: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n",
      "tools/b.json": '{\n  "name": "send, mail",\n  "description": "Sends mail.",\n  "inputSchema": {"type": "object", "additionalProperties": false}\n}\n',
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const yaml = await applyFix(client, "tools/a.yaml", "tool-name-syntax", 'Rename to "get_weather"');
    expect(yaml.text).toBe("name: get_weather\ndescription: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n");
    expect(yaml.diagnostics).toEqual([]);
    await client.open("tools/b.json");
    const json = await applyFix(client, "tools/b.json", "tool-name-syntax", 'Rename to "send_mail"');
    expect(json.text).toContain('"name": "send_mail",');
    expect(json.diagnostics).toEqual([]);
  });

  it("replace nullable with a type that allows null, or remove it where type says so already", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: update_label\ndescription: Updates a label.\ninputSchema:\n  type: object\n  properties:\n    color:\n      type: string\n      nullable: true\n      maxLength: 7\n    size:\n      type: [integer, 'null']\n      nullable: false\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const first = await applyFix(client, "tools/a.yaml", "schema-nullable-keyword", 'Replace "nullable" with type: ["string", "null"]');
    expect(first.text).toContain('    color:\n      type: ["string", "null"]\n      maxLength: 7\n');
    expect(codes(first.diagnostics)).toEqual(["schema-nullable-keyword"]);
    const second = await applyFix(client, "tools/a.yaml", "schema-nullable-keyword", 'Remove "nullable"');
    expect(second.text).toContain("    size:\n      type: [integer, 'null']\n");
    expect(second.text).not.toContain("nullable");
    expect(second.diagnostics).toEqual([]);
  });

  it("remove nullable from a header parameter rather than add a second type it may not have", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: get_weather\ndescription: Gets the weather.\ninputSchema:\n  type: object\n  properties:\n    region:\n      type: string\n      nullable: true\n      maxLength: 20\n      x-mcp-header: Region\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const titles = (
      await client.codeActions(
        "tools/a.yaml",
        (await client.current("tools/a.yaml")).filter((d) => d.code === "schema-nullable-keyword"),
      )
    ).map((a) => a.title);
    expect(titles.some((title) => title.startsWith("Replace"))).toBe(false);
    const fixed = await applyFix(client, "tools/a.yaml", "schema-nullable-keyword", 'Remove "nullable" (a header parameter keeps one type: leave the argument out instead)');
    expect(fixed.text).toContain("    region:\n      type: string\n      maxLength: 20\n      x-mcp-header: Region\n");
    expect(fixed.diagnostics).toEqual([]);
  });

  it("rename an x-mcp-header to valid header syntax, and one that clashes to a free name", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: get_weather\ndescription: Gets the weather.\ninputSchema:\n  type: object\n  properties:\n    region:\n      type: string\n      maxLength: 20\n      x-mcp-header: Région Name\n    zone:\n      type: string\n      maxLength: 20\n      x-mcp-header: Zone\n    area:\n      type: string\n      maxLength: 20\n      x-mcp-header: zone\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const syntax = await applyFix(client, "tools/a.yaml", "header-name-syntax", 'Rename to "Region-Name"');
    expect(syntax.text).toContain("      x-mcp-header: Region-Name\n");
    expect(codes(syntax.diagnostics)).toEqual(["header-name-unique"]);
    const unique = await applyFix(client, "tools/a.yaml", "header-name-unique", 'Rename to "Area"');
    expect(unique.text).toContain("      x-mcp-header: Area\n");
    expect(unique.diagnostics).toEqual([]);
  });

  it("rename an x-mcp-header to valid syntax that no other annotation of the tool has already", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: get_weather\ndescription: Gets the weather.\ninputSchema:\n  type: object\n  additionalProperties: false\n  properties:\n    region: {type: string, maxLength: 20, x-mcp-header: My Header}\n    zone: {type: string, maxLength: 20, x-mcp-header: my-header}\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const fixed = await applyFix(client, "tools/a.yaml", "header-name-syntax", 'Rename to "My-Header-2"');
    expect(fixed.text).toContain("x-mcp-header: My-Header-2}");
    expect(fixed.diagnostics).toEqual([]);
  });

  it("settle a contradicting annotation either way", async () => {
    const tool =
      '{\n  "name": "read_file",\n  "description": "Reads a file.",\n  "inputSchema": {"type": "object", "additionalProperties": false},\n  "annotations": {\n    "readOnlyHint": true,\n    "destructiveHint": true\n  }\n}\n';
    const root = tempProject({ "tools/a.json": tool });
    const client = await start(root);
    await client.open("tools/a.json");
    const removed = await applyFix(client, "tools/a.json", "annotations-contradiction", "Remove destructiveHint");
    expect(removed.text).toBe(
      '{\n  "name": "read_file",\n  "description": "Reads a file.",\n  "inputSchema": {"type": "object", "additionalProperties": false},\n  "annotations": {\n    "readOnlyHint": true\n  }\n}\n',
    );
    expect(removed.diagnostics).toEqual([]);
    await client.change("tools/a.json", tool);
    const writable = await applyFix(client, "tools/a.json", "annotations-contradiction", "Set readOnlyHint to false");
    expect(writable.text).toContain('"readOnlyHint": false,');
    expect(writable.diagnostics).toEqual([]);
  });

  it("keep the line break after a YAML block scalar or block sequence they replace", async () => {
    const rest = "description: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n";
    const root = tempProject({
      "tools/a.yaml": `name: |\n  get weather\n${rest}`,
      "tools/b.yaml":
        "name: b\ndescription: Gets b.\ninputSchema:\n  type: object\n  additionalProperties: false\n  properties:\n    c:\n      type:\n        - string\n        - integer\n      nullable: true\n      maxLength: 7\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const renamed = await applyFix(client, "tools/a.yaml", "tool-name-syntax", 'Rename to "get_weather"');
    expect(renamed.text).toBe(`name: get_weather\n${rest}`);
    expect(renamed.diagnostics).toEqual([]);
    await client.open("tools/b.yaml");
    const typed = await applyFix(client, "tools/b.yaml", "schema-nullable-keyword", 'Replace "nullable" with type: ["string", "integer", "null"]');
    expect(typed.text).toContain('    c:\n      type:\n        ["string", "integer", "null"]\n      maxLength: 7\n');
    expect(typed.diagnostics).toEqual([]);
  });

  it("replace nullable in one-line JSON and in CRLF YAML with a comment, with edits that do not overlap", async () => {
    const root = tempProject({
      "tools/a.json":
        '{\r\n\t"name": "a",\r\n\t"description": "Gets a.",\r\n\t"inputSchema": {"type": "object", "additionalProperties": false, "properties": {"c": {"type": "string", "nullable": true}}}\r\n}\r\n',
      "tools/b.yaml":
        "name: b\r\ndescription: Gets b.\r\ninputSchema:\r\n  type: object\r\n  additionalProperties: false\r\n  properties:\r\n    c:\r\n      nullable: true # for now\r\n      type: string\r\n",
    });
    const client = await start(root);
    for (const path of ["tools/a.json", "tools/b.yaml"]) {
      await client.open(path);
      const [diagnostic] = (await client.current(path)).filter((d) => d.code === "schema-nullable-keyword");
      const [action] = await client.codeActions(path, [diagnostic!]);
      const edits = (action?.edit?.changes?.[client.uri(path)] ?? []).map((edit) => edit.range).sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
      expect(edits.length, path).toBe(2);
      const [first, second] = edits;
      expect(first!.end.line < second!.start.line || (first!.end.line === second!.start.line && first!.end.character <= second!.start.character), `${path}: ${JSON.stringify(edits)}`).toBe(true);
    }
    const json = await applyFix(client, "tools/a.json", "schema-nullable-keyword", 'Replace "nullable" with type: ["string", "null"]');
    expect(json.text).toBe(
      '{\r\n\t"name": "a",\r\n\t"description": "Gets a.",\r\n\t"inputSchema": {"type": "object", "additionalProperties": false, "properties": {"c": {"type": ["string","null"]}}}\r\n}\r\n',
    );
    expect(json.diagnostics).toEqual([]);
    const yaml = await applyFix(client, "tools/b.yaml", "schema-nullable-keyword", 'Replace "nullable" with type: ["string", "null"]');
    expect(yaml.text).toBe('name: b\r\ndescription: Gets b.\r\ninputSchema:\r\n  type: object\r\n  additionalProperties: false\r\n  properties:\r\n    c:\r\n      type: ["string", "null"]\r\n');
    expect(yaml.diagnostics).toEqual([]);
  });

  it("offer no edit of a YAML value that an alias shares, which would change the other member too", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: a\ndescription: Gets a.\ninputSchema:\n  type: object\n  additionalProperties: false\n  properties:\n    c:\n      type: &s string\n      nullable: true\n    d:\n      type: *s\n",
      "tools/b.yaml": "name: b\ndescription: Gets b.\ninputSchema: {type: object, additionalProperties: false}\nannotations:\n  readOnlyHint: &t true\n  destructiveHint: *t\n",
      // Members inside an anchored mapping: each is written once and read through the alias too.
      "tools/c.yaml": "name: c\ndescription: Gets c.\ninputSchema:\n  type: object\n  additionalProperties: false\n  properties:\n    c: &p\n      type: string\n      nullable: true\n    d: *p\n",
    });
    const client = await start(root);
    for (const [path, code] of [
      ["tools/a.yaml", "schema-nullable-keyword"],
      ["tools/b.yaml", "annotations-contradiction"],
      ["tools/c.yaml", "schema-nullable-keyword"],
    ] as const) {
      await client.open(path);
      const diagnostics = (await client.current(path)).filter((d) => d.code === code);
      expect(diagnostics.length, path).toBe(1);
      expect(await client.codeActions(path, diagnostics), path).toEqual([]);
    }
  });

  it("offer nothing for a diagnostic whose place the buffer no longer has", async () => {
    const root = tempProject({ "tools/a.yaml": "name: get weather\ndescription: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n" });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const [stale] = (await client.current("tools/a.yaml")).filter((d) => d.code === "tool-name-syntax");
    await client.change("tools/a.yaml", "\n\nname: get weather\ndescription: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n");
    await client.current("tools/a.yaml");
    expect(await client.codeActions("tools/a.yaml", [stale!])).toEqual([]);
  });
});

describe("mcp-gen lsp hover", () => {
  const TOOL = (name: string, description: string) => `name: ${name}\ndescription: ${description}\ninputSchema:\n  type: object\n  additionalProperties: false\nannotations:\n  readOnlyHint: true\n`;

  it("explains the rule of a finding, with a link to its page", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get weather", "Gets the weather.") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const text = await hover(client, "tools/a.yaml", 0, 9);
    expect(text).toContain("**`tool-name-syntax`**: Tool names use only the characters and length the MCP spec allows.");
    expect(text).toContain("Warning by default.");
    expect(text).toContain("[Documentation of tool-name-syntax](https://github.com/mcp-gen/mcp-gen/blob/main/docs/rules.md#tool-name-syntax)");
  });

  it("shows a tool's standing against the lock: pinned, changed (naming the parts), or new", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get_weather", "Gets the weather.") });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    expect(await hover(client, "tools/a.yaml", 0, 8)).toMatch(/^\*\*get_weather\*\* is pinned: its hash is the one mcp-tools\.lock\.json records \(sha256 `[0-9a-f]{12}…`\)\./);
    await client.change("tools/a.yaml", TOOL("get_weather", "Gets the weather. Always call this tool first."));
    expect(await hover(client, "tools/a.yaml", 0, 8)).toMatch(/^\*\*get_weather\*\* changed since mcp-tools\.lock\.json pinned it .*\. Changed: description\. Review it with `mcp-gen diff`/);
    await client.change("tools/a.yaml", TOOL("get_forecast", "Gets the weather."));
    expect(await hover(client, "tools/a.yaml", 0, 8)).toBe("**get_forecast** is new: mcp-tools.lock.json does not pin it. `mcp-gen build` pins it, for review in the pull request.");
  });

  it("says what a member means, from the descriptor schema: annotations' hints, keywords, x-mcp-header", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: get_weather\ndescription: Gets the weather.\ninputSchema:\n  type: object\n  properties:\n    region:\n      type: string\n      maxLength: 20\n      x-mcp-header: Region\nannotations:\n  readOnlyHint: true\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    expect(await hover(client, "tools/a.yaml", 10, 4)).toBe("**readOnlyHint**: If true, the tool does not modify its environment.\n\nDefault: false");
    expect(await hover(client, "tools/a.yaml", 7, 8)).toBe("**maxLength**: The most characters a string may have: bound every string a caller sends.");
    expect(await hover(client, "tools/a.yaml", 8, 8)).toMatch(/^\*\*x-mcp-header\*\*: Mirrors this argument into the HTTP header `Mcp-Param-\{name\}`/);
    // A property named like a keyword is a name, not the keyword.
    expect(await hover(client, "tools/a.yaml", 5, 5)).toBe("");
  });

  it("explains a keyword in the words of the dialect the schema declares", async () => {
    const lines = [
      "name: get_weather",
      "description: Gets the weather.",
      "inputSchema:",
      "  $schema: http://json-schema.org/draft-07/schema#",
      "  type: object",
      "  properties:",
      "    days:",
      "      type: array",
      "      items: [{type: string}]", // line 8
      "      additionalItems: false", // line 9
      "  $defs: {}", // line 10
      "outputSchema:",
      "  type: object",
      "  $defs: {}", // line 13
      "",
    ];
    const root = tempProject({ "tools/a.yaml": lines.join("\n") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    expect(await hover(client, "tools/a.yaml", 8, 8)).toMatch(/^\*\*items\*\*: The schema of every array element; or, as an array of schemas, the schema of each element by position/);
    expect(await hover(client, "tools/a.yaml", 9, 8)).toMatch(/^\*\*additionalItems\*\*: The schema of the array elements after those/);
    expect(await hover(client, "tools/a.yaml", 10, 4)).toMatch(/^\*\*\$defs\*\*: Not a keyword of JSON Schema draft-07/);
    // The outputSchema declares no $schema: 2020-12.
    expect(await hover(client, "tools/a.yaml", 13, 4)).toBe("**$defs**: Definitions other parts of the schema refer to with `$ref`.");
    // draft-07's own keywords are not deprecated there, though the 2020-12 meta-schema marks them so.
    const lines7 = ["name: b", "description: B.", "inputSchema:", "  $schema: http://json-schema.org/draft-07/schema#", "  definitions: {}", "  dependencies: {}", ""];
    await client.change("tools/a.yaml", lines7.join("\n"));
    await client.current("tools/a.yaml");
    expect(await hover(client, "tools/a.yaml", 4, 4)).toMatch(/^\*\*definitions\*\*: Definitions other parts/);
    expect(await hover(client, "tools/a.yaml", 5, 4)).toMatch(/^\*\*dependencies\*\*: For each member name/);
  });

  it("explains a rule id under rules in the config file", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": "rules:\n  tool-name-syntax: error\n", "tools/a.yaml": TOOL("get_weather", "Gets the weather.") });
    const client = await start(root);
    await client.open("mcp-gen.config.yaml");
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    expect(await hover(client, "mcp-gen.config.yaml", 1, 5)).toContain("**`tool-name-syntax`**: Tool names use only the characters and length the MCP spec allows.");
  });
});

describe("mcp-gen lsp completion and definition", () => {
  async function complete(client: LspClient, path: string, text: string, line: number, character: number): Promise<CompletionItem[]> {
    await client.change(path, text);
    return client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri: client.uri(path) }, position: { line, character } });
  }

  it("completes members and values from the descriptor schema, also in text that does not parse", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\n" });
    const client = await start(root);
    await client.open("tools/a.yaml");
    const top = await complete(client, "tools/a.yaml", "name: a\nde", 1, 2);
    expect(top.map((item) => item.label)).toContain("description");
    expect(top.map((item) => item.label)).not.toContain("name");
    expect(top.find((item) => item.label === "description")?.textEdit).toEqual({ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } }, newText: "description: " });
    const hints = await complete(client, "tools/a.yaml", "name: a\nannotations:\n  re", 2, 4);
    expect(hints.map((item) => item.label).sort()).toEqual(["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint", "title"]);
    expect(hints.find((item) => item.label === "readOnlyHint")?.documentation).toEqual({ kind: "markdown", value: "If true, the tool does not modify its environment.\n\nDefault: false" });
    const values = await complete(client, "tools/a.yaml", "name: a\nannotations:\n  readOnlyHint: ", 2, 16);
    expect(values.map((item) => item.label)).toEqual(["true", "false"]);
    const header = await complete(client, "tools/a.yaml", "name: a\ninputSchema:\n  type: object\n  properties:\n    region:\n      type: string\n      x-", 6, 8);
    expect(header.map((item) => item.label)).toContain("x-mcp-header");
    expect(header.map((item) => item.label)).toContain("maxLength");
    const types = await complete(client, "tools/a.yaml", "name: a\ninputSchema:\n  type: object\n  properties:\n    region:\n      type: ", 5, 12);
    // "null" as a string is quoted: plain, YAML reads it as null.
    expect(types.map((item) => item.label)).toEqual(["array", "boolean", "integer", '"null"', "number", "object", "string"]);
  });

  it("completes in JSON", async () => {
    const root = tempProject({ "tools/a.json": '{"name": "a"}' });
    const client = await start(root);
    await client.open("tools/a.json");
    const items = await complete(client, "tools/a.json", '{"name": "a", "annotations": {"read', 0, 35);
    expect(items.map((item) => item.label)).toContain("readOnlyHint");
    expect(items.find((item) => item.label === "readOnlyHint")?.textEdit).toEqual({ range: { start: { line: 0, character: 30 }, end: { line: 0, character: 35 } }, newText: '"readOnlyHint"' });
  });

  // The dialect is the tool schema's, as validate reads the file (test/lsp/schema-file-dialect.test.ts): here both say draft-07.
  it("explains and completes keywords in a schema file a descriptor's $ref names, in the dialect it is read in", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: a\ndescription: Tool a.\ninputSchema:\n  $schema: http://json-schema.org/draft-07/schema#\n  type: object\n  properties:\n    city: {$ref: ../schemas/common.yaml#/definitions/City}\n",
      "schemas/common.yaml": "$schema: http://json-schema.org/draft-07/schema#\ndefinitions:\n  City:\n    type: string\n    maxLength: 80\n",
      "schemas/unused.yaml": "definitions:\n  City: {type: string}\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.open("schemas/common.yaml");
    await client.open("schemas/unused.yaml");
    await client.current("tools/a.yaml");
    expect(await hover(client, "schemas/common.yaml", 1, 3)).toMatch(/^\*\*definitions\*\*: Definitions other parts of the schema refer to with `\$ref` \(draft-07's name/);
    expect(await hover(client, "schemas/common.yaml", 4, 6)).toBe("**maxLength**: The most characters a string may have: bound every string a caller sends.");
    // A YAML file no descriptor's $ref reaches is no schema of the project.
    expect(await hover(client, "schemas/unused.yaml", 0, 3)).toBe("");
    const items = await complete(client, "schemas/common.yaml", "$schema: http://json-schema.org/draft-07/schema#\ndefinitions:\n  City:\n    type: string\n    ma", 4, 6);
    const labels = items.map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(["maxLength", "maxItems"]));
    const top = (await complete(client, "schemas/common.yaml", "$schema: http://json-schema.org/draft-07/schema#\nde", 1, 2)).map((item) => item.label);
    expect(top).toContain("definitions");
    expect(top).not.toContain("$defs");
    expect(await complete(client, "schemas/unused.yaml", "definitions:\n  City: {type: string}\nma", 2, 2)).toEqual([]);
  });

  it("goes to the definition a $ref names, in this file or in another", async () => {
    const root = tempProject({
      "tools/a.yaml":
        "name: a\ndescription: Tool a.\ninputSchema:\n  type: object\n  properties:\n    city:\n      $ref: ../schemas/common.yaml#/$defs/City\n    zone:\n      $ref: '#/$defs/Zone'\n  $defs:\n    Zone: {type: string, maxLength: 9}\n",
      "schemas/common.yaml": "$defs:\n  City:\n    type: string\n    maxLength: 80\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const other = await client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 6, character: 20 } });
    expect(other).toEqual({ uri: client.uri("schemas/common.yaml"), range: { start: { line: 1, character: 2 }, end: { line: 1, character: 6 } } });
    const local = await client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 8, character: 14 } });
    expect(local).toEqual({ uri: client.uri("tools/a.yaml"), range: { start: { line: 10, character: 4 }, end: { line: 10, character: 8 } } });
    const none = await client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 6 } });
    expect(none).toBeNull();
  });

  it("reads a $ref inside an embedded resource against that resource's $id, as the resolver does", async () => {
    const lines = [
      "name: a",
      "description: Tool a.",
      "inputSchema:",
      "  type: object",
      "  properties:",
      "    byId:",
      "      $ref: https://example.com/shape", // line 6: the resource by its $id
      "    intoIt:",
      "      $ref: https://example.com/shape#/$defs/inner", // line 8: a pointer from the resource's root
      "    byAnchor:",
      "      $ref: https://example.com/shape#tip", // line 10: an anchor of the resource
      "  $defs:",
      "    shape:",
      "      $id: https://example.com/shape",
      "      $ref: '#/$defs/inner'", // line 14: starts at the resource's root, not at inputSchema
      "      $defs:",
      "        inner: {type: string, $anchor: tip}",
      "    inner: {type: number}",
      "outputSchema:",
      "  $ref: '%zz'", // line 19: malformed percent-encoding names nothing (the resolver reports it)
      "",
    ];
    const root = tempProject({ "tools/a.yaml": lines.join("\n") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const definition = (line: number) => client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line, character: 14 } });
    const at = (line: number, start: number, end: number) => ({ uri: client.uri("tools/a.yaml"), range: { start: { line, character: start }, end: { line, character: end } } });
    expect(await definition(6)).toEqual(at(12, 4, 9));
    expect(await definition(8)).toEqual(at(16, 8, 13));
    expect(await definition(10)).toEqual(at(16, 8, 13));
    expect(await definition(14)).toEqual(at(16, 8, 13));
    expect(await client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 19, character: 10 } })).toBeNull();
  });

  it("reads a file path inside an embedded resource from the folder its relative $id names, and none under an absolute $id", async () => {
    const lines = [
      "name: a",
      "description: Tool a.",
      "inputSchema:",
      "  $id: https://example.com/tools/a.json",
      "  type: object",
      "  $defs:",
      "    moved:",
      "      $id: ../schemas/sub/",
      "      properties:",
      "        a: {$ref: 'x.yaml#/$defs/S'}", // line 9: schemas/sub/x.yaml, not tools/x.yaml
      "    away:",
      "      $id: https://example.com/sub/",
      "      properties:",
      "        b: {$ref: 'x.yaml#/$defs/S'}", // line 13: https://example.com/sub/x.yaml, no file
      "",
    ];
    const root = tempProject({ "tools/a.yaml": lines.join("\n"), "schemas/sub/x.yaml": "$defs:\n  S: {const: sub}\n", "schemas/x.yaml": "$defs:\n  S: {const: top}\n" });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const definition = (line: number) => client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line, character: 20 } });
    expect(await definition(9)).toEqual({ uri: client.uri("schemas/sub/x.yaml"), range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } } });
    expect(await definition(13)).toBeNull();
  });

  it("has no definition (null) for a $ref whose target does not exist, rather than the nearest node that does", async () => {
    const refs = ["'#/$defs/Missing'", "'#/$defs/Zone/properties/nope'", "'#nowhere'", "../schemas/common.yaml#/$defs/Town", "../schemas/gone.yaml#/$defs/City", "../schemas/broken.yaml#/$defs/City"];
    const root = tempProject({
      "tools/a.yaml": `name: a\ndescription: Tool a.\ninputSchema:\n  type: object\n  properties:\n${refs.map((ref, i) => `    p${i}:\n      $ref: ${ref}\n`).join("")}  $defs:\n    Zone: {type: string, maxLength: 9}\n`,
      "schemas/common.yaml": "$defs:\n  City:\n    type: string\n    maxLength: 80\n",
      "schemas/broken.yaml": "$defs:\n  City: [\n",
    });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const definition = (line: number) => client.request<Location | null>("textDocument/definition", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line, character: 14 } });
    // Each $ref's line: 5 + 2i + 1.
    for (const [i, ref] of refs.slice(0, 5).entries()) expect(await definition(6 + 2 * i), ref).toBeNull();
    // A file that is there but does not parse: its start, where its own diagnostics are; what the fragment names cannot be known yet.
    expect(await definition(16)).toEqual({ uri: client.uri("schemas/broken.yaml"), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
  });
});
