// Hover and completion in a shared schema file (one a descriptor's `$ref` reaches) read it in the
// dialect `mcp-gen validate` reads it in: that of the tool schema that bundles it (its `$schema`, or
// 2020-12 without one), whatever the file declares, since a bundled copy loses its `$schema`; the
// file's own `$schema` only where a tool's schema is nothing but a `$ref` to the whole file. Several
// tools reading it in different dialects are named on hover, and completion offers the keywords of
// each, marking those some of them ignore. A file no tool's schema bundles is read alone.
import type { CompletionItem, Hover } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { startInProcess, type LspClient } from "../support/lsp-client.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** A JSON descriptor whose inputSchema declares `dialect` (none: undefined) and has a property that `$ref`s `ref`. */
function tool(name: string, dialect: string | undefined, ref: string): string {
  const schema = { ...(dialect ? { $schema: dialect } : {}), type: "object", properties: { days: { $ref: ref } } };
  return JSON.stringify({ name, description: `Tool ${name}.`, inputSchema: schema }, null, 2);
}

const NOD = "type: array\nitems: [ {type: string} ]\nadditionalItems: false\n";

async function hover(client: LspClient, path: string, line: number, character: number): Promise<string> {
  const answer = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri: client.uri(path) }, position: { line, character } });
  return answer === null ? "" : (answer.contents as { value: string }).value;
}

async function complete(client: LspClient, path: string, text: string, line: number, character: number): Promise<CompletionItem[]> {
  await client.change(path, text);
  return client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri: client.uri(path) }, position: { line, character } });
}

async function opened(files: Record<string, string>, open: readonly string[]): Promise<{ root: string; client: LspClient }> {
  const root = tempProject(files);
  const client = await startInProcess(root);
  for (const path of open) await client.open(path);
  for (const path of open) await client.current(path);
  return { root, client };
}

describe("mcp-gen lsp in a schema file, in the dialect of the tools that read it", () => {
  it("reads a file without $schema that a draft-07 tool reaches as draft-07, as validate does", async () => {
    const files = { "tools/a.json": tool("a", DRAFT_07, "../schemas/nod.yaml"), "schemas/nod.yaml": NOD };
    const { root, client } = await opened(files, ["tools/a.json", "schemas/nod.yaml"]);
    expect((await runInProcess(root, ["validate"])).code).toBe(0);
    expect(await hover(client, "schemas/nod.yaml", 2, 4)).toBe(
      "**additionalItems**: The schema of the array elements after those the array form of `items` covers; `false` forbids them. Ignored when `items` is one schema.\n\n" +
        "This file declares no `$schema`: it is read as draft-07, the dialect of the tool schema that reaches it (tool `a`).",
    );
    expect(await hover(client, "schemas/nod.yaml", 1, 2)).toMatch(/^\*\*items\*\*: The schema of every array element; or, as an array of schemas/);
    // While the buffer does not parse, no tool bundles it: it is read as its tools read it last.
    await client.change("schemas/nod.yaml", `${NOD}de`);
    expect((await client.current("schemas/nod.yaml")).length).toBeGreaterThan(0);
    const position = { line: 3, character: 2 };
    const items = await client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri: client.uri("schemas/nod.yaml") }, position });
    const labels = items.map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(["definitions", "dependencies", "maxItems"]));
    for (const keyword of ["prefixItems", "$dynamicRef", "$defs", "dependentSchemas"]) expect(labels, keyword).not.toContain(keyword);
  });

  it("names each tool and its dialect when tools read the file in different ones, and offers the keywords of each", async () => {
    const files = {
      "tools/a.json": tool("a", DRAFT_07, "../schemas/nod.yaml"),
      "tools/b.json": tool("b", undefined, "../schemas/nod.yaml"),
      "schemas/nod.yaml": `${NOD}maxItems: 3\n`,
    };
    const { client } = await opened(files, ["tools/a.json", "tools/b.json", "schemas/nod.yaml"]);
    const readBy = "This file is read as draft-07 by tool `a`, as 2020-12 by tool `b`: each tool reads it in the dialect of its own schema.";
    expect(await hover(client, "schemas/nod.yaml", 2, 4)).toBe(
      "**additionalItems**\n\n" +
        "- draft-07: The schema of the array elements after those the array form of `items` covers; `false` forbids them. Ignored when `items` is one schema.\n" +
        "- 2020-12: Not a keyword of JSON Schema 2020-12, the dialect of this schema (it is one of 2019-09 and draft-07): validators ignore it here.\n\n" +
        readBy,
    );
    // A keyword that means the same in every dialect is explained once.
    expect(await hover(client, "schemas/nod.yaml", 3, 2)).toBe(`**maxItems**: The most elements an array may have: bound every array a caller sends.\n\n${readBy}`);
    const items = await complete(client, "schemas/nod.yaml", "type: array\nmaxItems: 3\nx", 2, 1);
    const byLabel = new Map(items.map((item) => [item.label, item]));
    for (const keyword of ["additionalItems", "definitions", "prefixItems", "$dynamicRef", "$defs", "minItems"]) expect(byLabel.has(keyword), keyword).toBe(true);
    expect(byLabel.get("additionalItems")?.detail).toBe("draft-07 only: ignored where read as 2020-12 (tool `b`)");
    expect(byLabel.get("prefixItems")?.detail).toBe("2020-12 only: ignored where read as draft-07 (tool `a`)");
    expect(byLabel.get("minItems")?.detail).toBeUndefined();
    // Keywords only some readers know come after those all of them know.
    expect(byLabel.get("prefixItems")!.sortText! > byLabel.get("uniqueItems")!.sortText!).toBe(true);
    expect(byLabel.get("items")?.documentation).toEqual({
      kind: "markdown",
      value:
        "- draft-07: The schema of every array element; or, as an array of schemas, the schema of each element by position, `additionalItems` covering the rest.\n" +
        "- 2020-12: The schema of every array element (after those `prefixItems` covers).",
    });
  });

  it("names a tool's outputSchema apart from its inputSchema, and the readers past three by their count", async () => {
    const both = JSON.stringify({
      name: "a",
      description: "Tool a.",
      inputSchema: { $schema: DRAFT_07, type: "object", properties: { days: { $ref: "../schemas/nod.yaml" } } },
      outputSchema: { type: "object", properties: { days: { $ref: "../schemas/nod.yaml" } } },
    });
    const files: Record<string, string> = { "tools/a.json": both, "schemas/nod.yaml": NOD };
    for (const name of ["c", "d", "e", "f"]) files[`tools/${name}.json`] = tool(name, undefined, "../schemas/nod.yaml");
    const { client } = await opened(files, ["tools/a.json", "schemas/nod.yaml"]);
    expect((await hover(client, "schemas/nod.yaml", 0, 2)).split("\n\n").at(-1)).toBe(
      "This file is read as draft-07 by tool `a`, as 2020-12 by tool `a`'s outputSchema, tool `c`, tool `d` and 2 more: each tool reads it in the dialect of its own schema.",
    );
  });

  it("reads a file that declares another dialect than the tool that bundles it in the tool's, as validate does", async () => {
    const files = { "tools/a.json": tool("a", undefined, "../schemas/nod.yaml"), "schemas/nod.yaml": `$schema: "${DRAFT_07}"\n${NOD}` };
    const { root, client } = await opened(files, ["tools/a.json", "schemas/nod.yaml"]);
    expect((await runInProcess(root, ["validate", "--format", "json"])).stdout).toContain("ref-dialect-mismatch");
    expect(await hover(client, "schemas/nod.yaml", 3, 4)).toBe(
      "**additionalItems**: Not a keyword of JSON Schema 2020-12, the dialect of this schema (it is one of 2019-09 and draft-07): validators ignore it here.\n\n" +
        "This file declares draft-07, but it is read as 2020-12, the dialect of the tool schema that bundles it (tool `a`): a bundled copy loses its `$schema` (ref-dialect-mismatch).",
    );
    const labels = (await complete(client, "schemas/nod.yaml", `$schema: "${DRAFT_07}"\n${NOD}x`, 4, 1)).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(["prefixItems", "$defs"]));
    expect(labels).not.toContain("additionalItems");
  });

  it("reads a file that is a tool's whole schema in its own $schema, as the text says it now", async () => {
    const files = {
      "tools/a.yaml": "name: a\ndescription: Tool a.\ninputSchema: {$ref: ../schemas/whole.yaml}\n",
      "schemas/whole.yaml": `$schema: "${DRAFT_07}"\ntype: object\nadditionalProperties: false\ndefinitions: {}\n`,
    };
    const { client } = await opened(files, ["tools/a.yaml", "schemas/whole.yaml"]);
    expect(await hover(client, "schemas/whole.yaml", 3, 3)).toMatch(/^\*\*definitions\*\*: Definitions other parts of the schema refer to with `\$ref` \(draft-07's name/);
    // The buffer's $schema decides, before any analysis has read it.
    const labels = (await complete(client, "schemas/whole.yaml", "type: object\nde", 1, 2)).map((item) => item.label);
    expect(labels).toContain("$defs");
    expect(labels).not.toContain("definitions");
  });
});
