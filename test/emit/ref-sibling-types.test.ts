// A `$ref` with keywords beside it is typed as both (2020-12 applies both; the validators check both
// in every dialect): `Base & { extra: number }`. Kept beside the `$ref`, json-schema-to-typescript
// merged the keywords into a copy of the schema it names, and typed the first of the two it met under
// that schema's name, by the order of the properties: `Base` with `extra` and without `a` (so a plain
// `$ref` to `Base` demanded `extra`), or `Base1` with `a` and without `extra`.
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { NO_ERRORS, snippetErrors, toolTypes } from "./type-snippets.js";

const base = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
const extended = { $ref: "#/$defs/base", properties: { extra: { type: "integer" } }, required: ["extra"] };
const plain = { $ref: "#/$defs/base" };
const schema = (properties: JsonObject) => ({ type: "object", $defs: { base }, properties, required: ["extended"] });

describe("a $ref with keywords beside it", () => {
  it("is the intersection of the schema it names and the keywords, in either order of the properties", async () => {
    const first = await toolTypes(schema({ extended, plain }), undefined, "Refsib");
    const second = await toolTypes(schema({ plain, extended }), undefined, "Refsib");
    for (const code of [first, second]) {
      expect(code).toContain("  extended: (Base & {\n      extra: number;\n      [k: string]: unknown | undefined;\n  });");
      expect(code).toContain("  plain?: Base;");
      expect(code).toContain("export interface Base {\n  a: string;\n  [k: string]: unknown | undefined;\n}");
      expect(code).not.toContain("Base1");
    }
    // Only the order of the two members differs.
    expect(second.replace("  plain?: Base;\n", "")).toBe(first.replace("  plain?: Base;\n", ""));
  });

  it("keeps a description beside it as the property's doc, and the named schema's type as it is", async () => {
    const code = await toolTypes(schema({ extended: { $ref: "#/$defs/base", description: "Just docs." }, plain }), undefined, "Refsib");
    expect(code).toContain("  /**\n   * Just docs.\n   */\n  extended: Base;\n  plain?: Base;");
    expect(code).not.toContain("Base1");
  });

  it("types calls as the validators check them, under every supported TypeScript", async () => {
    const code = await toolTypes(schema({ plain, extended }), undefined, "Refsib");
    const snippet = `import type { RefsibArguments } from "./types.js";
export const valid: RefsibArguments = { extended: { a: "x", extra: 1 }, plain: { a: "y" } };
// @ts-expect-error the keywords beside the $ref require extra
export const noExtra: RefsibArguments = { extended: { a: "x" } };
// @ts-expect-error the schema the $ref names requires a
export const noA: RefsibArguments = { extended: { extra: 1 } };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});

describe("object keywords beside a $ref", () => {
  // json-schema-to-typescript reads an object beside `allOf` (where the copy puts the $ref) only
  // through `properties`: `required` alone, `type: "object"` and `additionalProperties` were dropped,
  // and `required` made only the names the same schema declares required. The validators apply them.
  const x = { type: "object", properties: { a: { type: "string" } } };
  const siblings = {
    type: "object",
    $defs: { x, any: {} },
    properties: {
      req: { $ref: "#/$defs/x", required: ["a"] },
      typed: { $ref: "#/$defs/any", type: "object" },
      nullable: { $ref: "#/$defs/any", type: ["object", "null"] },
      words: { $ref: "#/$defs/x", additionalProperties: { type: "string" }, required: ["z"] },
      both: { $ref: "#/$defs/x", properties: { b: { type: "integer" } }, required: ["a", "b"] },
      named: { type: "object", $ref: "#/$defs/x" },
    },
    additionalProperties: false,
  };

  it("are typed beside the schema the $ref names", async () => {
    const code = await toolTypes(siblings, undefined, "Objsib");
    expect(code).toContain("  req?: (X & {\n      a: unknown;\n      [k: string]: unknown | undefined;\n  });");
    expect(code).toContain("  typed?: {\n    [k: string]: unknown | undefined;\n  };");
    expect(code).toContain("  words?: (X & {\n      z: string;\n      [k: string]: string | undefined;\n  });");
    expect(code).toContain("  both?: (X & {\n      b: number;\n      a: unknown;\n      [k: string]: unknown | undefined;\n  });");
    // The schema the $ref names is an object itself: nothing to add (zod-to-json-schema's named roots).
    expect(code).toContain("  named?: X;");
    expect(code).toContain("export interface X {\n  a?: string;\n  [k: string]: unknown | undefined;\n}");
  });

  it("type calls as the validators check them, under every supported TypeScript", async () => {
    const code = await toolTypes(siblings, undefined, "Objsib");
    const snippet = `import type { ObjsibArguments } from "./types.js";
export const valid: ObjsibArguments = { req: { a: "x" }, typed: {}, nullable: null, words: { z: "w", a: "x" }, both: { a: "y", b: 1 } };
export const text = (args: ObjsibArguments): string | undefined => args.req?.a;
// @ts-expect-error required beside the $ref: a
export const noA: ObjsibArguments = { req: {} };
// @ts-expect-error the schema the $ref names: a is a string
export const numberA: ObjsibArguments = { req: { a: 1 } };
// @ts-expect-error type: "object" beside the $ref
export const notObject: ObjsibArguments = { typed: "x" };
// @ts-expect-error type: ["object", "null"] beside the $ref
export const notNull: ObjsibArguments = { nullable: 1 };
// @ts-expect-error required beside the $ref: z
export const noZ: ObjsibArguments = { words: { a: "x" } };
// @ts-expect-error additionalProperties beside the $ref: every property is a string
export const numberZ: ObjsibArguments = { words: { z: 1 } };
// @ts-expect-error required beside the $ref: a, declared by the schema the $ref names
export const noBothA: ObjsibArguments = { both: { b: 1 } };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});
