// Every feature of the language server counts lines as the LSP does: a line ends at "\n", "\r\n" or
// a lone "\r" (old Mac files, some generators). A descriptor written with lone "\r" line breaks gets
// the same completion, hover, definition, diagnostics and quick fixes as one written with "\n".
import type { CompletionItem, Hover, Location } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { cursorPath } from "../../src/lsp/cursor-path.js";
import { startInProcess, type LspClient } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

const BREAKS = { LF: "\n", CRLF: "\r\n", CR: "\r" } as const;

/** `lines` joined by `lineBreak`, and the offset of `marker` (which is taken out). */
function withCursor(lines: readonly string[], lineBreak: string, marker = "|"): { text: string; offset: number } {
  const joined = lines.join(lineBreak);
  return { text: joined.replace(marker, ""), offset: joined.indexOf(marker) };
}

describe("cursorPath", () => {
  const CASES: readonly (readonly string[])[] = [
    ["name: a", "annotations:", "  readOnlyHint: true", "  re|"],
    ["name: a", "inputSchema:", "  type: object", "  properties:", "    region:", "      type: string", "      ma|", "      pattern: x"],
    ["name: a", "annotations:", "  readOnlyHint: |"],
    ["inputSchema:", "  allOf:", "    - type: object", "      pro|"],
  ];

  it.each(CASES)("reads the same path, word and sibling keys whatever ends the lines (%#)", (...lines) => {
    const lf = withCursor(lines, BREAKS.LF);
    const expected = cursorPath(lf.text, lf.offset, false);
    expect(expected).toBeDefined();
    for (const [name, lineBreak] of Object.entries(BREAKS)) {
      const { text, offset } = withCursor(lines, lineBreak);
      const found = cursorPath(text, offset, false);
      // The word's offsets move with the line breaks before it; the rest is the same.
      const shift = offset - lf.offset;
      expect(found && { ...found, start: found.start - shift, end: found.end - shift }, name).toEqual(expected);
    }
  });
});

describe("mcp-gen lsp on a descriptor whose lines end with a lone CR", () => {
  const TOOL = [
    "name: get weather",
    "description: Gets the weather.",
    "inputSchema:",
    "  type: object",
    "  properties:",
    "    city:",
    "      type: string",
    "      nullable: true",
    "    zone:",
    "      $ref: '#/$defs/Zone'",
    "  $defs:",
    "    Zone: {type: string, maxLength: 9}",
    "annotations:",
    "  readOnlyHint: true",
    "",
  ].join("\r");

  async function open(): Promise<LspClient> {
    const root = tempProject({ "tools/a.yaml": TOOL });
    const client = await startInProcess(root);
    await client.open("tools/a.yaml");
    return client;
  }

  function request<R>(client: LspClient, method: string, line: number, character: number): Promise<R> {
    return client.request<R>(method, { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line, character } });
  }

  it("completes members and values, leaving out the members written already", async () => {
    const client = await open();
    await client.change("tools/a.yaml", "name: a\rannotations:\r  readOnlyHint: true\r  \r  title: A");
    const members = await request<CompletionItem[]>(client, "textDocument/completion", 3, 2);
    expect(members.map((item) => item.label).sort()).toEqual(["destructiveHint", "idempotentHint", "openWorldHint"]);
    expect(members.find((item) => item.label === "openWorldHint")?.textEdit).toEqual({ range: { start: { line: 3, character: 2 }, end: { line: 3, character: 2 } }, newText: "openWorldHint: " });
    await client.change("tools/a.yaml", "name: a\rannotations:\r  readOnlyHint: ");
    expect((await request<CompletionItem[]>(client, "textDocument/completion", 2, 16)).map((item) => item.label)).toEqual(["true", "false"]);
  });

  it("places diagnostics, hover, definition and quick fixes on the lines the editor counts", async () => {
    const client = await open();
    const diagnostics = await client.current("tools/a.yaml");
    const nullable = diagnostics.find((d) => d.code === "schema-nullable-keyword");
    expect(nullable?.range).toEqual({ start: { line: 7, character: 6 }, end: { line: 7, character: 14 } });
    expect(((await request<Hover>(client, "textDocument/hover", 13, 4)).contents as { value: string }).value).toMatch(/^\*\*readOnlyHint\*\*: /);
    expect(await request<Location | null>(client, "textDocument/definition", 9, 14)).toEqual({
      uri: client.uri("tools/a.yaml"),
      range: { start: { line: 11, character: 4 }, end: { line: 11, character: 8 } },
    });
    const [action] = await client.codeActions("tools/a.yaml", [nullable!]);
    await client.edit("tools/a.yaml", action!.edit!.changes![client.uri("tools/a.yaml")]!);
    expect(client.text("tools/a.yaml")).toBe(TOOL.replace("type: string\r      nullable: true\r", 'type: ["string", "null"]\r'));
    expect((await client.current("tools/a.yaml")).map((d) => d.code)).not.toContain("schema-nullable-keyword");
  });
});
