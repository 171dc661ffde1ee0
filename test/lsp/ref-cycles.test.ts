// A loop made only of `$ref`s (A → B → A, or a definition that is a `$ref` to itself) in the
// language server: ref-cycle where the loop closes, and nothing more. ajv's compiler recurses on such
// a loop until the stack runs out, which schema-valid reported as a second error on the schema; hover,
// completion and go to definition follow the refs and still answer.
import type { CompletionItem, Hover, Location } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { startInProcess } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

const LOOP = [
  "name: loop",
  "description: Two bare references.",
  "inputSchema:",
  "  type: object",
  "  properties:",
  '    a: { $ref: "#/$defs/A" }',
  "  $defs:",
  '    A: { $ref: "#/$defs/B" }',
  '    B: { $ref: "#/$defs/A" }',
  "",
].join("\n");
const SHARED = ["name: shared", "description: A bare self-reference in a file.", "inputSchema:", "  type: object", "  properties:", '    a: { $ref: "../schemas/self.yaml#/$defs/A" }', ""].join("\n");

describe("a loop of bare $refs in the language server", () => {
  it("is one ref-cycle finding where the loop closes, and hover, completion and definition still answer", async () => {
    const root = tempProject({ "tools/loop.yaml": LOOP, "tools/shared.yaml": SHARED, "schemas/self.yaml": '$defs:\n  A: { $ref: "#/$defs/A" }\n' });
    const client = await startInProcess(root);
    await client.open("tools/loop.yaml");
    await client.open("tools/shared.yaml");
    const loop = await client.current("tools/loop.yaml");
    expect(loop.map((d) => [d.code, d.range.start.line])).toEqual([["ref-cycle", 8]]);
    expect((await client.current("tools/shared.yaml")).map((d) => d.code)).toEqual([]);
    const at = (line: number, character: number) => ({ textDocument: { uri: client.uri("tools/loop.yaml") }, position: { line, character } });
    const hover = await client.request<Hover | null>("textDocument/hover", at(8, 10));
    expect((hover?.contents as { value: string } | undefined)?.value).toMatch(/^\*\*\$ref\*\*: Reference to another schema/);
    const completion = await client.request<CompletionItem[]>("textDocument/completion", at(7, 9));
    expect(Array.isArray(completion)).toBe(true);
    const definition = await client.request<Location | null>("textDocument/definition", at(8, 16));
    expect(definition).toEqual({ uri: client.uri("tools/loop.yaml"), range: { start: { line: 7, character: 4 }, end: { line: 7, character: 5 } } });
  });
});
