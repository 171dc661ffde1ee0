// A name that `required` lists and no property of the same schema declares is required in the type.
// json-schema-to-typescript makes required only the properties a schema declares, so the branches
// of an OpenAPI "at least one of" (`anyOf: [{ required: ["a"] }, { required: ["b"] }]` beside
// `properties`, as 13 GitHub REST tools of the corpus write it) were each typed `{ [k: string]:
// unknown }`, and a call with neither compiled though the validator refuses it.
import { describe, expect, it } from "vitest";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { NO_ERRORS, snippetErrors, toolTypes } from "./type-snippets.js";

const schema = {
  type: "object",
  properties: {
    one: { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, anyOf: [{ required: ["a"] }, { required: ["b"] }] },
    pair: { type: "object", properties: { a: { type: "string" } }, required: ["a", "z"] },
    closed: { type: "object", patternProperties: { "^x": { type: "boolean" } }, additionalProperties: false, required: ["x1"] },
  },
  required: ["one"],
  additionalProperties: false,
};

describe("required names that no property declares", () => {
  it("are declared where they are required, as what the schema's other keywords give them", async () => {
    const code = await toolTypes(schema, undefined, "Required");
    expect(code).toContain("  one: (({\n        a: unknown;\n        [k: string]: unknown | undefined;\n      } | {\n        b: unknown;\n        [k: string]: unknown | undefined;\n    }) & {");
    expect(code).toContain("  pair?: {\n    a: string;\n    z: unknown;\n    [k: string]: unknown | undefined;\n  };");
    expect(code).toContain("  closed?: {\n    x1: boolean;\n");
  });

  it("make the calls the validators refuse fail to compile, under every supported TypeScript", async () => {
    const valid = [{ one: { a: "x" } }, { one: { b: 1, a: "y" }, pair: { a: "p", z: null }, closed: { x1: true, x2: false } }];
    const invalid = [{ one: {} }, { one: { a: 1 } }, { one: { b: 1 }, pair: { a: "p" } }, { one: { b: 1 }, closed: { x2: true } }];
    const validate = new SchemaCompiler().generatedValidator(schema, "2020-12")!;
    expect(valid.map((value) => validate(value))).toEqual(valid.map(() => true));
    expect(invalid.map((value) => validate(value))).toEqual(invalid.map(() => false));
    const code = await toolTypes(schema, undefined, "Required");
    const snippet = `import type { RequiredArguments } from "./types.js";
export const valid: RequiredArguments[] = ${JSON.stringify(valid)};
export const readA = (args: RequiredArguments): string | undefined => ("a" in args.one ? args.one.a : undefined);
// @ts-expect-error one of a or b is required
export const neither: RequiredArguments = { one: {} };
// @ts-expect-error a is a string, required or not
export const wrongA: RequiredArguments = { one: { a: 1 } };
// @ts-expect-error pair requires z
export const noZ: RequiredArguments = { one: { b: 1 }, pair: { a: "p" } };
// @ts-expect-error closed requires x1
export const noX1: RequiredArguments = { one: { b: 1 }, closed: { x2: true } };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});
