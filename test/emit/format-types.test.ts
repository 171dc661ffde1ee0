// emit/format-types.ts: json-schema-to-typescript's unformatted output laid out like the template code
// around it (indented, members and type aliases ending in `;`), whatever text the schemas carry.
import fc from "fast-check";
import { SyntaxKind, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { compileTypes, finishToolTypes, planToolTypes } from "../../src/emit/emit-types.js";
import { formatTypeScript } from "../../src/emit/format-types.js";
import type { JsonValue } from "../../src/model/json.js";

/** The file's parse errors, the declarations of `code` that must end in a semicolon but do not, and the kinds of all of them. */
function parse(code: string) {
  const file = ts.createSourceFile("types.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const parseErrors = (file as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  const members: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertySignature(node) || ts.isIndexSignatureDeclaration(node) || ts.isTypeAliasDeclaration(node)) members.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const unterminated = members.filter((node) => !node.getText(file).endsWith(";")).map((node) => node.getText(file));
  return { parseErrors, unterminated, kinds: members.map((node) => node.kind) };
}

async function typesOf(input: JsonValue, output?: JsonValue): Promise<string> {
  const request = planToolTypes(input, output, { pascal: "Probe" });
  return finishToolTypes(request, await compileTypes(request.wrapperText, request.rootName)).code;
}

describe("formatTypeScript", () => {
  it("ends members, index signatures and type aliases with a semicolon, and nothing else", () => {
    const raw = [
      "export type Id = string",
      "export type Pair = [{",
      "a: string",
      "}, {",
      "b?: (number | {",
      'c: "x;y"',
      "})",
      "}]",
      "export interface Probe {",
      "/**",
      ' * A; description { with ( brackets "',
      " */",
      '"k;}": string // a trailing comment',
      "list?: {",
      "[k: string]: unknown | undefined",
      "}[]",
      "}",
    ].join("\n");
    expect(formatTypeScript(raw)).toBe(
      [
        "export type Id = string;",
        "export type Pair = [{",
        "    a: string;",
        "  }, {",
        "    b?: (number | {",
        '        c: "x;y";',
        "    });",
        "}];",
        "export interface Probe {",
        "  /**",
        '   * A; description { with ( brackets "',
        "   */",
        '  "k;}": string; // a trailing comment',
        "  list?: {",
        "    [k: string]: unknown | undefined;",
        "  }[];",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("the types of a schema with nested objects, unions, tuples, maps and definitions parse, every member terminated", async () => {
    const code = await typesOf(
      {
        type: "object",
        properties: {
          nested: { type: "array", items: { type: "object", properties: { d: { enum: ["q;", "r}"] } } } },
          union: { anyOf: [{ type: "string" }, { type: "object", properties: { f: { type: "number" } } }] },
          map: { type: "object", additionalProperties: { type: "string" } },
          tuple: { type: "array", prefixItems: [{ type: "object", properties: { z: { type: "string" } } }, { type: "string" }] },
          ref: { $ref: "#/$defs/Named" },
        },
        $defs: { Named: { title: "Named", type: "object", properties: { m: { type: "string" } } } },
      },
      { type: "object", properties: { ok: { type: "boolean" } } },
    );
    const { parseErrors, unterminated, kinds } = parse(code);
    expect(parseErrors).toEqual([]);
    expect(unterminated).toEqual([]);
    expect(kinds.filter((k) => k === SyntaxKind.PropertySignature).length).toBeGreaterThan(10);
  });

  it("property names, titles, descriptions and enum values with any text leave valid, terminated declarations", async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc
        .array(fc.constantFrom(";", "*/", "/*", "//", "{", "}", "(", ")", "[", "]", '"', "'", "`", "\\", "\n", "\r", "\u2028", " ", "a", "é", "$", "|"), { maxLength: 10 })
        .map((parts) => parts.join("")),
    );
    const property = fc.record(
      { type: fc.constantFrom("string", "number", "object"), description: hostile, enum: fc.option(fc.array(hostile, { minLength: 1, maxLength: 3 }), { nil: undefined }) },
      { requiredKeys: ["type", "description"] },
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(hostile, property, { minKeys: 1, maxKeys: 4 }), hostile, async (properties, title) => {
        const input: JsonValue = {
          type: "object",
          description: title,
          properties: Object.fromEntries(
            Object.entries(properties).map(([key, value]): [string, JsonValue] => [
              key,
              value.enum === undefined ? { type: value.type, description: value.description } : { enum: value.enum, description: value.description },
            ]),
          ),
        };
        const code = await typesOf(input);
        const { parseErrors, unterminated } = parse(code);
        expect(parseErrors, code).toEqual([]);
        expect(unterminated, code).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
