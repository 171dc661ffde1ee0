// Schemas without `type` are typed as every value their validators accept. A keyword that does not
// apply to a value's type is ignored, so `{ properties: ... }` accepts 5 and "a" as well as objects,
// and `{ description: "x" }` or `{ default: "x" }` any value; json-schema-to-typescript typed the first
// as its object form only, the second as an empty object and the third as `string`, so a handler was
// typed to receive an object where it could get a number. Only where only objects reach a schema
// (the arguments' root, a branch of `type: "object"`) is its object form the whole type.
import { describe, expect, it } from "vitest";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonValue } from "../../src/model/json.js";
import { NO_ERRORS, snippetErrors, toolTypes } from "./type-snippets.js";

/** The declaration of member `name` of the arguments in `code`, its lines trimmed and joined (its type as the module spells it). */
function member(code: string, name: string): string {
  const lines = code.split("\n");
  const start = lines.findIndex((text) => new RegExp(`^ {2}${name}\\??: `).test(text));
  if (start < 0) throw new Error(`no member ${name} in:\n${code}`);
  // Up to the next member or doc comment at the members' indentation, or the interface's end.
  const end = lines.findIndex((text, i) => i > start && /^ {2}[^\s}]|^\}/.test(text));
  return lines
    .slice(start, end)
    .map((text) => text.trim())
    .join(" ");
}

/** The values the 2020-12 validator of `schema` accepts, of `values`. */
function accepted(schema: JsonValue, values: readonly unknown[]): unknown[] {
  const validate = new SchemaCompiler().generatedValidator(schema, "2020-12")!;
  return values.filter((value) => validate(value) === true);
}

const OTHERS = "null | boolean | number | string | unknown[]";

const schema = {
  type: "object",
  $defs: {
    point: { properties: { x: { type: "number" } }, required: ["x"] },
    either: { properties: { a: { type: "string" }, b: { type: "number" } }, anyOf: [{ required: ["a"] }, { required: ["b"] }] },
    id: { anyOf: [{ type: "string" }, { type: "integer" }] },
  },
  properties: {
    obj: { properties: { a: { type: "string" } } },
    any: { description: "Anything." },
    def: { default: "x" },
    req: { required: ["r"] },
    // An OpenAPI "at least one of": the branches only name required properties.
    one: { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, anyOf: [{ required: ["a"] }, { required: ["b"] }] },
    loose: { properties: { a: { type: "string" } }, oneOf: [{ required: ["a"] }, { properties: { c: { const: 1 } }, required: ["c"] }] },
    maybe: { type: ["object", "null"], properties: { a: { type: "string" } }, anyOf: [{ required: ["a"] }, { required: ["b"] }] },
    point: { $ref: "#/$defs/point" },
    either: { $ref: "#/$defs/either" },
    inEither: { $ref: "#/$defs/either/properties/b" },
    typed: { type: "object", properties: { a: { type: "string" } } },
    str: { type: "string", default: "x" },
    // A default beside a $ref (or allOf) was intersected with its type: `string & Id`, never 5.
    idDefault: { $ref: "#/$defs/id", default: "x" },
    // Keyword-only branches of a typed schema are that type: they were empty objects, `string & {}`.
    word: { type: "string", anyOf: [{ minLength: 3 }, { format: "email", description: "An address." }] },
  },
  additionalProperties: false,
};

describe("schemas without type", () => {
  it("are typed as every value they accept, narrowed only by the keywords that narrow it", async () => {
    const code = await toolTypes(schema, undefined, "Typeless");
    expect(member(code, "obj")).toBe(`obj?: ({ a?: string; [k: string]: unknown | undefined; } | ${OTHERS});`);
    expect(member(code, "any")).toBe("any?: unknown;");
    expect(member(code, "def")).toBe("def?: unknown;");
    expect(member(code, "req")).toBe(`req?: ({ r: unknown; [k: string]: unknown | undefined; } | ${OTHERS});`);
    // Only objects reach the branches of a `type: "object"`: each makes its name required.
    expect(member(code, "one")).toBe(
      "one?: (({ a: unknown; [k: string]: unknown | undefined; } | { b: unknown; [k: string]: unknown | undefined; }) & { a?: string; b?: number; [k: string]: unknown | undefined; });",
    );
    // Its branches are read with its object form, and other values pass them untouched (the type
    // lets them through, though a value that passes both branches fails oneOf).
    expect(member(code, "loose")).toBe(
      `loose?: ((({ a: unknown; [k: string]: unknown | undefined; } | { c: 1; [k: string]: unknown | undefined; }) & { a?: string; [k: string]: unknown | undefined; }) | ${OTHERS});`,
    );
    expect(member(code, "point")).toBe("point?: Point;");
    expect(code).toContain(`export type Point = ({\n    x: number;\n    [k: string]: unknown | undefined;\n  } | ${OTHERS});`);
    // Written as a union of its object part and the other types, it keeps its name, and refs into it find it.
    expect(member(code, "either")).toBe("either?: Either;");
    expect(member(code, "inEither")).toBe("inEither?: number;");
    expect(code).toContain("export type Either = (((");
    // A type, and the library's readings of it, stay as they were.
    expect(member(code, "typed")).toBe("typed?: { a?: string; [k: string]: unknown | undefined; };");
    expect(member(code, "str")).toBe("str?: string;");
    expect(member(code, "idDefault")).toBe("idDefault?: (string | number);");
    expect(member(code, "word")).toBe("word?: string;");
  });

  it("leave the arguments' root an object, and a result's root every value it accepts", async () => {
    const root = { properties: { a: { type: "string" } } };
    const code = await toolTypes(root, root, "Roots");
    expect(code).toContain("export interface RootsArguments {\n  a?: string;\n  [k: string]: unknown | undefined;\n}");
    expect(code).toContain(`export type RootsResult = ({\n    a?: string;\n    [k: string]: unknown | undefined;\n  } | ${OTHERS});`);
  });

  it("accept what the validators accept and refuse what they refuse, under every supported TypeScript", async () => {
    const valid = [
      { obj: 5, any: { x: 1 }, def: 3, req: "s", one: { a: "x" }, point: null, either: [1], idDefault: 5, word: "a@b.c" },
      { obj: "a", any: null, def: [], req: { r: null }, one: { b: 1 }, loose: { c: 1 }, point: { x: 1 }, either: { b: 2 }, maybe: null },
      { obj: { a: "x" }, any: "s", def: { y: 1 }, req: [], one: { a: "x", b: 1 }, loose: { a: "y" }, either: "e", inEither: 1, maybe: { b: true } },
    ];
    const invalid = [{ one: {} }, { one: { a: 1 } }, { req: {} }, { loose: {} }, { point: {} }, { either: {} }, { obj: { a: 1 } }, { typed: 5 }, { maybe: {} }];
    expect(accepted(schema, valid)).toEqual(valid);
    expect(accepted(schema, invalid)).toEqual([]);
    const code = await toolTypes(schema, undefined, "Typeless");
    const snippet = `import type { TypelessArguments } from "./types.js";
export const valid: TypelessArguments[] = ${JSON.stringify(valid)};
export const readA = (args: TypelessArguments): string | undefined => (args.one !== undefined && "a" in args.one ? args.one.a : undefined);
// @ts-expect-error one of a or b is required
export const neither: TypelessArguments = { one: {} };
// @ts-expect-error a is a string, required or not
export const wrongA: TypelessArguments = { one: { a: 1 } };
// @ts-expect-error an object needs r
export const noR: TypelessArguments = { req: {} };
// @ts-expect-error an object needs a or c
export const noBranch: TypelessArguments = { loose: {} };
// @ts-expect-error an object needs x
export const noX: TypelessArguments = { point: {} };
// @ts-expect-error an object needs a or b
export const noEither: TypelessArguments = { either: {} };
// @ts-expect-error an object's a is a string
export const objA: TypelessArguments = { obj: { a: 1 } };
// @ts-expect-error type: "object"
export const notObject: TypelessArguments = { typed: 5 };
// @ts-expect-error an object needs a or b
export const maybeEmpty: TypelessArguments = { maybe: {} };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});
