// Tuples are typed as the arrays their schema allows, in every dialect: json-schema-to-typescript
// knows only draft-07 tuples, read a missing additionalItems as false and was run with minItems
// ignored, so a 2020-12 `prefixItems` tuple was typed from `items` alone (`never[]`, `boolean[]`) and
// a draft-07 `items: [A, B]` as the closed `[A, B]`, which refused `[]`, `["a"]` and `["a", 1, "x"]`
// (the test scaffold of such a tool failed `tsc`). Positions past minItems are optional, and elements
// past the tuple's own are allowed unless additionalItems (2020-12: items) or maxItems rules them out.
import { describe, expect, it } from "vitest";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonObject } from "../../src/model/json.js";
import { NO_ERRORS, snippetErrors, toolTypes } from "./type-snippets.js";

/** The line declaring `name` in `code`, trimmed (its type, as the module spells it). */
function member(code: string, name: string): string {
  const line = code.split("\n").find((text) => new RegExp(`^ *${name}\\??: `).test(text));
  if (line === undefined) throw new Error(`no member ${name} in:\n${code}`);
  return line.trim();
}

const tuple2020 = {
  type: "object",
  properties: {
    pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
    full: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 2 },
    head: { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } },
    open: { type: "array", prefixItems: [{ type: "string" }], minItems: 1 },
  },
  required: ["pair", "head"],
  additionalProperties: false,
};

describe("2020-12 prefixItems", () => {
  it("type each position, optional past minItems, with `items` as the type of the rest", async () => {
    const code = await toolTypes(tuple2020, { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 2 }, "Tuples");
    expect(member(code, "pair")).toBe("pair: ([] | [string] | [string, number]);");
    expect(member(code, "full")).toBe("full?: [string, number];");
    expect(member(code, "head")).toBe("head: ([] | [string, ...(boolean)[]]);");
    expect(member(code, "open")).toBe("open?: [string, ...(unknown)[]];");
    expect(code).toContain("export type TuplesResult = [string, number];");
  });

  it("accept every array the schema allows and refuse the others, under every supported TypeScript", async () => {
    const code = await toolTypes(tuple2020, { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 2 }, "Tuples");
    const snippet = `import type { TuplesArguments, TuplesResult } from "./types.js";
export const valid: TuplesArguments[] = [{ pair: ["a", 1], head: ["x", true] }, { pair: [], head: [] }, { pair: ["a"], head: ["x", true, false], full: ["b", 2], open: ["c", null] }];
export const result: TuplesResult = ["echo", 2];
export const first = (args: TuplesArguments): string | undefined => args.head[0];
// @ts-expect-error items: false, so no third element
export const long: TuplesArguments = { pair: ["a", 1, 2], head: [] };
// @ts-expect-error the first element is a string
export const swapped: TuplesArguments = { pair: [1, "a"], head: [] };
// @ts-expect-error head's first element is a string, not one of the booleans after it
export const headBoolean: TuplesArguments = { pair: [], head: [true] };
// @ts-expect-error minItems 2
export const short: TuplesResult = ["echo"];
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });

  it("are no keyword in draft-07, where `items` types every element", async () => {
    const schema = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { p: { type: "array", prefixItems: [{ type: "string" }], items: { type: "number" } } } };
    expect(member(await toolTypes(schema, undefined, "Tool"), "p")).toBe("p?: number[];");
  });

  it("keep refs into prefixItems and into the items beside them", async () => {
    const schema = {
      type: "object",
      $defs: { t: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: { type: "boolean" } } },
      properties: { x: { $ref: "#/$defs/t/prefixItems/1" }, y: { $ref: "#/$defs/t/items" }, t: { $ref: "#/$defs/t" } },
    };
    const code = await toolTypes(schema, undefined, "Tool");
    // A tuple with optional positions is an anyOf of its lengths in the types' copy: refs into its
    // elements and its rest still find them (TUPLE_PARTS), and the union is written whole, under
    // the name of its definition.
    expect([member(code, "x"), member(code, "y"), member(code, "t")]).toEqual(["x?: number;", "y?: boolean;", "t?: T;"]);
    expect(code).toContain("export type T = ([] | [string] | [string, number, ...(boolean)[]]);");
  });
});

describe("a tuple of $defs with optional positions", () => {
  // The types' copy writes it as an anyOf of its lengths, which json-schema-to-typescript names after
  // its definition only when a title says so: without one it was written out in full at every ref.
  const schema = {
    type: "object",
    $defs: { pair: { description: "A name and a count.", type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false } },
    properties: { a: { $ref: "#/$defs/pair" }, b: { $ref: "#/$defs/pair" }, rows: { type: "array", items: { $ref: "#/$defs/pair" } }, inline: { type: "array", prefixItems: [{ type: "string" }] } },
    required: ["a"],
    additionalProperties: false,
  };

  it("is one alias named after its definition, used at every ref", async () => {
    const code = await toolTypes(schema, undefined, "Pairs");
    expect(code).toContain("/**\n * A name and a count.\n */\nexport type Pair = ([] | [string] | [string, number]);");
    expect([member(code, "a"), member(code, "b"), member(code, "rows")]).toEqual(["a: Pair;", "b?: Pair;", "rows?: Pair[];"]);
    // A tuple no ref names stays where it is written.
    expect(member(code, "inline")).toBe("inline?: ([] | [string, ...(unknown)[]]);");
  });

  it("accepts exactly the arrays the schema allows, under every supported TypeScript", async () => {
    const code = await toolTypes(schema, undefined, "Pairs");
    const snippet = `import type { Pair, PairsArguments } from "./types.js";
export const pairs: Pair[] = [[], ["a"], ["a", 1]];
export const valid: PairsArguments = { a: ["a", 1], b: [], rows: [[], ["b"], ["c", 2]] };
export const count = (args: PairsArguments): number | undefined => args.a[1];
// @ts-expect-error items: false, so no third element
export const long: Pair = ["a", 1, 2];
// @ts-expect-error the first element is a string
export const swapped: PairsArguments = { a: [1, "a"] };
// @ts-expect-error a row is a pair, not a string
export const flat: PairsArguments = { a: [], rows: ["a"] };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});

const legacy = (properties: JsonObject, dialect = "http://json-schema.org/draft-07/schema#") => ({ $schema: dialect, type: "object", properties, required: ["t"] });

describe("draft-07 and 2019-09 array-form items", () => {
  it("are open without additionalItems: false, and optional past minItems", async () => {
    for (const dialect of ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema"]) {
      const code = await toolTypes(
        legacy(
          {
            t: { type: "array", items: [{ type: "string" }, { type: "integer" }] },
            closed: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false, minItems: 2 },
            rest: { type: "array", items: [{ type: "string" }], additionalItems: { type: "boolean" }, minItems: 1 },
            bounded: { type: "array", items: [{ type: "string" }, { type: "integer" }], minItems: 1, maxItems: 2 },
            shorter: { type: "array", items: [{ type: "string" }, { type: "integer" }], maxItems: 1 },
          },
          dialect,
        ),
        undefined,
        "Legacy",
      );
      expect(member(code, "t")).toBe("t: ([] | [string] | [string, number, ...(unknown)[]]);");
      expect(member(code, "closed")).toBe("closed?: [string, number];");
      expect(member(code, "rest")).toBe("rest?: [string, ...(boolean)[]];");
      expect(member(code, "bounded")).toBe("bounded?: ([string] | [string, number]);");
      expect(member(code, "shorter")).toBe("shorter?: ([] | [string]);");
    }
  });

  it("accept the short and long arrays the schema allows, under every supported TypeScript", async () => {
    const code = await toolTypes(legacy({ t: { type: "array", items: [{ type: "string" }, { type: "integer" }] } }), undefined, "Legacy");
    const snippet = `import type { LegacyArguments } from "./types.js";
export const valid: LegacyArguments[] = [{ t: [] }, { t: ["a"] }, { t: ["a", 1] }, { t: ["a", 1, "extra", null] }];
export const second = (args: LegacyArguments): number | undefined => args.t[1];
// @ts-expect-error the first element is a string
export const wrong: LegacyArguments = { t: [1] };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});

describe("arrays that are no tuple", () => {
  it("keep `T[]`, with minItems and maxItems in their doc comment", async () => {
    const code = await toolTypes(
      { type: "object", properties: { tags: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 5, description: "Tags." }, any: { type: "array", minItems: 1 } } },
      undefined,
      "Tool",
    );
    expect(code).toContain("  /**\n   * Tags.\n   *\n   * @minItems 2\n   * @maxItems 5\n   */\n  tags?: string[];");
    expect(code).toContain("  /**\n   * @minItems 1\n   */\n  any?: unknown[];");
  });
});

describe("tuples with optional positions inside other types", () => {
  it("stay one union as an array's element and beside &, under every supported TypeScript", async () => {
    // json-schema-to-typescript wrote its own union of lengths without parentheses:
    // `[]|[string]|[string, number][]`, which TypeScript reads as `[] | [string] | [string, number][]`.
    const schema = {
      type: "object",
      properties: {
        rows: { type: "array", items: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false } },
        both: {
          allOf: [
            { type: "array", items: { type: "string" } },
            { type: "array", prefixItems: [{ const: "a" }, { const: "b" }], items: false },
          ],
        },
      },
      required: ["rows"],
      additionalProperties: false,
    };
    const code = await toolTypes(schema, undefined, "Rows");
    const snippet = `import type { RowsArguments } from "./types.js";
export const valid: RowsArguments[] = [{ rows: [[], ["a"], ["a", 1]] }, { rows: [], both: ["a", "b"] }, { rows: [], both: [] }];
export const first = (args: RowsArguments): string | undefined => args.rows[0]?.[0];
// @ts-expect-error a row is an array, not a string
export const flat: RowsArguments = { rows: ["a"] };
// @ts-expect-error a row holds a string and then a number
export const swapped: RowsArguments = { rows: [[1, "a"]] };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});

describe("array schemas without type", () => {
  // Keywords that do not apply to a value's type are ignored: `{ items: { type: "string" } }` accepts
  // 5, "a", null and {} as well as ["a"], and the validators do. The library typed it `string[]`.
  const schema = {
    type: "object",
    $defs: { pair: { prefixItems: [{ type: "string" }, { type: "integer" }], items: false } },
    properties: {
      list: { items: { type: "string" } },
      tup: { prefixItems: [{ type: "string" }], items: false },
      exact: { prefixItems: [{ type: "string" }], items: false, minItems: 1 },
      pair: { $ref: "#/$defs/pair" },
      typed: { type: "array", items: { type: "string" } },
      alternatives: { type: "array", anyOf: [{ items: { type: "string" } }, { items: { type: "number" } }] },
    },
    additionalProperties: false,
  };
  const others = "null | boolean | number | string | {\n      [k: string]: unknown | undefined;\n  });";

  it("are their array form or any other value", async () => {
    const code = await toolTypes(schema, undefined, "Typeless");
    expect(code).toContain(`  list?: (string[] | ${others}`);
    expect(code).toContain(`  tup?: ([] | [string] | ${others}`);
    expect(code).toContain(`  exact?: ([string] | ${others}`);
    expect(code).toContain("export type Pair = ([] | [string] | [string, number] | null | boolean | number | string | {\n    [k: string]: unknown | undefined;\n});");
    expect(member(code, "pair")).toBe("pair?: Pair;");
    // With a type, the array form alone; only arrays reach the branches of an array schema.
    expect(member(code, "typed")).toBe("typed?: string[];");
    expect(member(code, "alternatives")).toBe("alternatives?: ((string[] | number[]) & unknown[]);");
  });

  it("accept what the validators accept, under every supported TypeScript", async () => {
    const valid = [
      { list: ["a"], tup: ["a"], exact: ["b"], pair: ["c", 1], typed: ["d"] },
      { list: 5, tup: "a", exact: null, pair: {}, typed: [] },
      { list: true, tup: { x: 1 }, exact: 1, pair: "p" },
    ];
    const invalid = [{ list: [1] }, { tup: ["a", "b"] }, { pair: [1, "a"] }, { typed: 5 }];
    const validate = new SchemaCompiler().generatedValidator(schema, "2020-12")!;
    expect(valid.map((value) => validate(value))).toEqual(valid.map(() => true));
    expect(invalid.map((value) => validate(value))).toEqual(invalid.map(() => false));
    const code = await toolTypes(schema, undefined, "Typeless");
    const snippet = `import type { TypelessArguments } from "./types.js";
export const valid: TypelessArguments[] = ${JSON.stringify(valid)};
// @ts-expect-error an array's items are strings
export const numbers: TypelessArguments = { list: [1] };
// @ts-expect-error items: false, so no second element
export const long: TypelessArguments = { tup: ["a", "b"] };
// @ts-expect-error the pair's first element is a string
export const swapped: TypelessArguments = { pair: [1, "a"] };
// @ts-expect-error type: "array"
export const notArray: TypelessArguments = { typed: 5 };
`;
    expect(await snippetErrors(code, snippet)).toEqual(NO_ERRORS);
  });
});
