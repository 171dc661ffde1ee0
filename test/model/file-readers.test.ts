// The phrase that names the tools reading a shared file, and one finding for the alike findings of several tools.
import { describe, expect, it } from "vitest";
import type { Diagnostic, FileReader } from "../../src/model/diagnostic.js";
import { readersPhrase } from "../../src/model/file-readers.js";
import { sortDiagnostics } from "../../src/model/diagnostic.js";

const reader = (tool: string, dialect = "2020-12", schema = "inputSchema"): FileReader => ({ tool, schema, dialect });

function finding(readers: readonly FileReader[], body: string, line = 4): Diagnostic {
  return {
    ruleId: "schema-valid",
    severity: "error",
    message: `${readersPhrase(readers)}: ${body}`,
    file: "schemas/plain.yaml",
    line,
    column: 12,
    endLine: line,
    endColumn: 20,
    pointer: "/inputSchema/$defs/P/items",
    readers,
  };
}

describe("readersPhrase", () => {
  it("names one tool, several alike, and several that read the file apart", () => {
    expect(readersPhrase([reader("u20")])).toBe('Tool "u20" reads this file as JSON Schema 2020-12 in its inputSchema');
    expect(readersPhrase([reader("a"), reader("b"), reader("c")])).toBe('Tools "a", "b" and "c" read this file as JSON Schema 2020-12 in their inputSchema');
    expect(readersPhrase([reader("a"), reader("b", "draft-07")])).toBe('Tools "a" (JSON Schema 2020-12) and "b" (JSON Schema draft-07) read this file in their inputSchema');
    expect(readersPhrase([reader("a"), reader("b", "draft-07", "outputSchema"), { tool: "c", schema: "inputSchema" }])).toBe(
      'Tools "a" (inputSchema, JSON Schema 2020-12), "b" (outputSchema, JSON Schema draft-07) and "c" (inputSchema) read this file',
    );
    expect(readersPhrase([reader("a"), { tool: "c", schema: "inputSchema" }])).toBe('Tools "a" (JSON Schema 2020-12) and "c" (a $schema mcp-gen does not know) read this file in their inputSchema');
    expect(readersPhrase(["a", "b", "c", "d", "e", "f", "g"].map((t) => reader(t)))).toBe('Tools "a", "b", "c", "d" and 3 more read this file as JSON Schema 2020-12 in their inputSchema');
  });
});

describe("sortDiagnostics with findings in a shared file", () => {
  it("makes the alike findings of several tools one that names them all, and keeps different ones apart", () => {
    const merged = sortDiagnostics([finding([reader("b")], "it is nullable."), finding([reader("a")], "it is nullable."), finding([reader("a")], "it is nullable."), finding([reader("c")], "other.")]);
    expect(merged.map((d) => [d.message, d.readers?.map((r) => r.tool)])).toEqual([
      ['Tool "c" reads this file as JSON Schema 2020-12 in its inputSchema: other.', ["c"]],
      ['Tools "a" and "b" read this file as JSON Schema 2020-12 in their inputSchema: it is nullable.', ["a", "b"]],
    ]);
    expect(sortDiagnostics([finding([reader("a")], "x.", 4), finding([reader("b")], "x.", 5)]).length).toBe(2);
  });

  it("gives the one finding the same pointer whatever order the tools' findings come in", () => {
    const a = { ...finding([reader("a")], "it is nullable."), pointer: "/inputSchema/$defs/P_2/items" };
    const b = finding([reader("b")], "it is nullable.");
    const c = finding([reader("c", "draft-07")], "it is nullable.");
    const orders = [
      [a, b, c],
      [c, b, a],
      [b, c, a],
    ];
    const merged = orders.map((order) => sortDiagnostics(order));
    for (const one of merged) expect(one).toEqual(merged[0]);
    expect(merged[0]!.map((d) => [d.pointer, d.readers?.map((r) => r.tool)])).toEqual([["/inputSchema/$defs/P_2/items", ["a", "b", "c"]]]);
  });
});
