// compileWrapper runs json-schema-to-typescript's own steps, less the clone and the dereferencing, for
// a wrapper without `$ref` (src/emit/compile-wrapper.ts). Its output must be compile()'s: checked on
// the wrapper of every corpus tool, and on the keywords and names that change what the library writes.
import { describe, expect, it } from "vitest";
import { compileWithLibrary, compileWrapper, loadTypeCompiler } from "../../src/emit/compile-wrapper.js";
import { keepOwnNames, planToolTypes } from "../../src/emit/emit-types.js";
import { assignToolNames } from "../../src/emit/names.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { corpusCaptures } from "../support/corpus-tools.js";

const ownNames = (wrapper: object) => keepOwnNames(wrapper as JsonObject);
const library = loadTypeCompiler();

/** The output, or the error, of one way of compiling. */
async function outcome(compiled: Promise<string>): Promise<string> {
  return compiled.catch((error: unknown) => `threw ${String(error)}`);
}

/** Both ways' outcome for one tool's wrapper, and whether the wrapper takes the library's steps directly. */
async function bothWays(input: JsonValue, output: JsonValue | undefined, pascal: string, share = true) {
  const { wrapperText, rootName } = planToolTypes(input, output, { pascal }, [], share);
  return {
    direct: !wrapperText.includes('"$ref"'),
    fast: await outcome(compileWrapper(library, wrapperText, rootName, ownNames)),
    library: await outcome(compileWithLibrary(library, wrapperText, rootName, ownNames)),
  };
}

describe("compileWrapper", () => {
  it("writes what compile() writes for every corpus tool's wrapper", async () => {
    const seen = new Set<string>();
    const mismatches: string[] = [];
    let direct = 0;
    for (const { file, tools } of corpusCaptures()) {
      const wire = tools as { name: string; inputSchema?: JsonValue; outputSchema?: JsonValue }[];
      const names = assignToolNames(wire.map((t) => t.name));
      for (const [i, tool] of wire.entries()) {
        if (tool.inputSchema === undefined) continue;
        const { wrapperText, rootName } = planToolTypes(tool.inputSchema, tool.outputSchema, { pascal: names[i]!.pascal });
        if (seen.has(wrapperText)) continue;
        seen.add(wrapperText);
        if (!wrapperText.includes('"$ref"')) direct++;
        const fast = await compileWrapper(library, wrapperText, rootName, ownNames);
        if (fast !== (await compileWithLibrary(library, wrapperText, rootName, ownNames))) mismatches.push(`${file} ${tool.name}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(direct).toBeGreaterThan(900);
  }, 240_000);

  it.each([
    [
      "titles that name nested types",
      { type: "object", title: "Outer", properties: { a: { title: "Inner", type: "object", properties: { b: { type: "string" } } }, c: { title: "Inner", type: "string" } } },
    ],
    ["a title that would take the name of the tool's result", { type: "object", properties: { a: { title: "ReposGetResult", type: "object", properties: { b: { type: "string" } } } } }],
    ["enums, const, and types listed", { type: "object", properties: { e: { enum: ["a", 1, null, true, { k: "v" }] }, c: { const: "x" }, t: { type: ["string", "null", "integer"] } } }],
    [
      "tuples and item bounds",
      {
        type: "object",
        properties: {
          t: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 1, maxItems: 3 },
          i: { type: "array", items: [{ type: "string" }], additionalItems: false },
        },
      },
    ],
    [
      "combinators",
      {
        type: "object",
        allOf: [{ properties: { a: { type: "string" } } }],
        anyOf: [{ required: ["a"] }, { properties: { b: { oneOf: [{ type: "string" }, { type: "number" }] } } }],
        not: { required: ["c"] },
      },
    ],
    ["index signatures", { type: "object", properties: { a: { type: "string" } }, patternProperties: { "^x-": { type: "number" } }, additionalProperties: { type: "boolean" } }],
    ["no property at all", { type: "object", additionalProperties: false }],
    [
      "annotations in comments",
      { type: "object", properties: { a: { type: "string", description: "A */ closing\nline", deprecated: true, default: "x", examples: ["y"], format: "date-time", readOnly: true } } },
    ],
    ["definitions no ref reaches", { type: "object", $defs: { unused: { type: "string" } }, properties: { a: { type: "string" } } }],
    ["both $defs and definitions (the library refuses them)", { type: "object", $defs: { a: { type: "string" } }, definitions: { b: { type: "number" } } }],
    [
      "names Object has",
      { type: "object", properties: { constructor: { type: "string" }, toString: { type: "number" }, __proto__: { type: "string" }, hasOwnProperty: { type: "boolean" } }, required: ["toString"] },
    ],
    [
      "keys that are not identifiers",
      { type: "object", properties: { "a-b": { type: "string" }, "": { type: "string" }, "0": { type: "number" }, "😀": { type: "string" }, "a\u2028b": { type: "string" } } },
    ],
    ["data objects with code-like keys", { type: "object", properties: { a: { enum: [{ $ref: "#/x", hasOwnProperty: 1 }], default: { __proto__: { polluted: true } } } } }],
    ["a root that is not an object", { type: "string" }],
    ["conditionals", { type: "object", if: { properties: { a: { const: 1 } } }, then: { required: ["b"] }, else: { properties: { c: { type: "string" } } } }],
  ] as const)("writes what compile() writes for %s", async (_, schema) => {
    for (const share of [true, false]) {
      const { direct, fast, library } = await bothWays(schema as JsonValue, { type: "object", properties: { ok: { type: "boolean" } } }, "ReposGet", share);
      expect(direct).toBe(true);
      expect(fast).toBe(library);
    }
  });

  it("leaves a wrapper with a $ref to compile()", async () => {
    const schema = { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string", title: "Named" } } };
    const { direct, fast, library } = await bothWays(schema, undefined, "ReposGet");
    expect(direct).toBe(false);
    expect(fast).toBe(library);
    expect(fast).toContain("export type Named = string\n");
  });
});
