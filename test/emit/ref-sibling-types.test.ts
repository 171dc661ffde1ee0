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
