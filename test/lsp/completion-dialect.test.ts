// Completion inside an inputSchema or outputSchema offers the keywords of the schema's own dialect:
// its `$schema`, or 2020-12 without one (MCP 2026-07-28). The 2020-12 meta-schema the descriptor
// schema bundles also lists keywords of earlier drafts (`definitions`, `dependencies`,
// `$recursiveRef`, `$recursiveAnchor`) so that nobody reuses their names; they are no 2020-12
// keywords, and a 2020-12 validator ignores them. The dialect is read from text that does not
// parse too: that is when completion is needed.
import type { CompletionItem } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { startInProcess, type LspClient } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

const SCHEMA_URIS = {
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft-07": "http://json-schema.org/draft-07/schema#",
} as const;

/** Keywords of some dialects and not of others. */
const ONLY_2020_12 = ["$dynamicRef", "$dynamicAnchor", "prefixItems"];
const ONLY_2019_09 = ["$recursiveRef", "$recursiveAnchor"];
const SINCE_2019_09 = ["$defs", "$anchor", "dependentSchemas", "dependentRequired", "unevaluatedProperties", "deprecated", "contentSchema"];
const UP_TO_2019_09 = ["additionalItems"];
const ONLY_DRAFT_07 = ["definitions", "dependencies"];

async function start(): Promise<LspClient> {
  const client = await startInProcess(tempProject({ "tools/a.yaml": "name: a\n", "tools/b.json": '{"name": "b"}' }));
  await client.open("tools/a.yaml");
  await client.open("tools/b.json");
  return client;
}

async function labels(client: LspClient, path: string, text: string, line: number, character: number): Promise<CompletionItem[]> {
  await client.change(path, text);
  return client.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri: client.uri(path) }, position: { line, character } });
}

function names(items: readonly CompletionItem[]): string[] {
  return items.map((item) => item.label);
}

describe("mcp-gen lsp completion of JSON Schema keywords", () => {
  it("offers only 2020-12 keywords in a schema without $schema, at its root and in a property's schema", async () => {
    const client = await start();
    const root = names(await labels(client, "tools/a.yaml", "name: a\ninputSchema:\n  type: object\n  ", 3, 2));
    const property = names(await labels(client, "tools/a.yaml", "name: a\ninputSchema:\n  type: object\n  properties:\n    region:\n      type: string\n      ", 6, 6));
    for (const [where, offered] of [
      ["root", root],
      ["property", property],
    ] as const) {
      expect(offered, where).toEqual(expect.arrayContaining([...ONLY_2020_12, ...SINCE_2019_09, "maxLength"]));
      for (const keyword of [...ONLY_2019_09, ...UP_TO_2019_09, ...ONLY_DRAFT_07]) expect(offered, `${where}: ${keyword}`).not.toContain(keyword);
    }
    expect(property).toContain("x-mcp-header");
  });

  it("offers the keywords of the dialect $schema names, none of the others", async () => {
    const client = await start();
    const cases = [
      ["2020-12", [...ONLY_2020_12, ...SINCE_2019_09], [...ONLY_2019_09, ...UP_TO_2019_09, ...ONLY_DRAFT_07]],
      ["2019-09", [...ONLY_2019_09, ...SINCE_2019_09, ...UP_TO_2019_09], [...ONLY_2020_12, ...ONLY_DRAFT_07]],
      ["draft-07", [...UP_TO_2019_09, ...ONLY_DRAFT_07], [...ONLY_2020_12, ...ONLY_2019_09, ...SINCE_2019_09]],
    ] as const;
    for (const [dialect, offered, left] of cases) {
      const items = await labels(client, "tools/a.yaml", `name: a\noutputSchema:\n  $schema: "${SCHEMA_URIS[dialect]}"\n  type: object\n  `, 4, 2);
      expect(names(items), dialect).toEqual(expect.arrayContaining([...offered, "required", "properties"]));
      for (const keyword of left) expect(names(items), `${dialect}: ${keyword}`).not.toContain(keyword);
      // A keyword of the dialect is no deprecated one there (draft-07's definitions, 2019-09's $recursiveRef).
      expect(
        items.filter((item) => item.tags !== undefined).map((item) => item.label),
        dialect,
      ).toEqual([]);
    }
  });

  it("offers keywords in a schema under draft-07's dependencies, which maps names to schemas", async () => {
    const client = await start();
    const text = `name: a\ninputSchema:\n  $schema: "${SCHEMA_URIS["draft-07"]}"\n  dependencies:\n    zip:\n      `;
    const items = names(await labels(client, "tools/a.yaml", text, 5, 6));
    expect(items).toEqual(expect.arrayContaining(["required", "properties", "definitions"]));
    expect(items).not.toContain("$defs");
  });

  it("reads $schema from text that does not parse yet, each schema its own, in YAML and in JSON", async () => {
    const client = await start();
    const yaml = [
      "name: a",
      "inputSchema:",
      `  $schema: ${SCHEMA_URIS["draft-07"]}`,
      "  type: object",
      "  properties:",
      "    region:",
      "      de",
      "outputSchema:",
      `  $schema: ${SCHEMA_URIS["2019-09"]}`,
      "  de",
    ].join("\n");
    const input = names(await labels(client, "tools/a.yaml", yaml, 6, 8));
    expect(input).toEqual(expect.arrayContaining(["definitions", "dependencies"]));
    expect(input).not.toContain("$defs");
    const output = names(await labels(client, "tools/a.yaml", yaml, 9, 4));
    expect(output).toEqual(expect.arrayContaining(["$defs", "$recursiveRef"]));
    expect(output).not.toContain("definitions");
    const json = `{"name": "b", "inputSchema": {"$schema": "${SCHEMA_URIS["2019-09"]}", "type": "object", "properties": {"c": {"de`;
    const inJson = names(await labels(client, "tools/b.json", json, 0, json.length));
    expect(inJson).toEqual(expect.arrayContaining(["$defs", "$recursiveRef", "additionalItems"]));
    expect(inJson).not.toContain("prefixItems");
  });
});
