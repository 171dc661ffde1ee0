// Property test: for arbitrary tool schemas made of every keyword json-schema-to-typescript reads
// (titles, enums, tuples, combinators, index signatures, annotations; odd property names and text),
// compileWrapper's output, or its error, is compile()'s for the same wrapper (src/emit/compile-wrapper.ts).
// PROPERTY_RUNS sets the number of tools (a nightly run uses thousands) and PROPERTY_SEED the seed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWithLibrary, compileWrapper, loadTypeCompiler } from "../../src/emit/compile-wrapper.js";
import { keepOwnNames, planToolTypes } from "../../src/emit/emit-types.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { hostileText, propertyName } from "./arbitrary-descriptors.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

type Schema = { [key: string]: JsonValue };
const TYPES = ["null", "boolean", "string", "number", "integer", "array", "object"] as const;
/** Titles that collide with each other and with the wrapper's own names (`ToolArguments`...). */
const title = fc.oneof(hostileText, fc.constantFrom("Item", "Item", "ToolArguments", "ToolResult", "ToolTypes", "item", "2fa"));
const data = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>;

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ type: fc.constantFrom(...TYPES) }),
  fc.record({ type: fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }) }),
  fc.record({ enum: fc.array(data, { minLength: 1, maxLength: 4 }) }),
  fc.record({ const: data }),
  fc.constant({}),
);

/** Keywords that only annotate: comments, names, nothing else. */
const annotations = fc.record(
  { title, description: hostileText, deprecated: fc.boolean(), default: data, examples: fc.array(data, { maxLength: 2 }), format: fc.constantFrom("date-time", "uri", "x"), readOnly: fc.boolean() },
  { requiredKeys: [] },
);

const schema: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema }>((tie) => {
  const child = tie("node");
  const children = fc.array(child, { minLength: 1, maxLength: 3 });
  return {
    node: fc
      .tuple(
        fc.oneof(
          { depthSize: "small", withCrossShrink: true },
          leaf,
          fc.record({ type: fc.constant("array"), items: child }, { requiredKeys: ["type"] }),
          // minItems above maxItems is refused by the library's validator, which prints to the console.
          fc
            .record(
              { type: fc.constant("array"), items: children, additionalItems: fc.oneof(fc.boolean(), child), minItems: fc.nat(3), more: fc.option(fc.nat(2)) },
              { requiredKeys: ["items", "minItems", "more"] },
            )
            .map(({ more, ...array }): Schema => (more === null ? array : { ...array, maxItems: (array.minItems as number) + more })),
          fc.record({ prefixItems: children, minItems: fc.nat(3) }, { requiredKeys: ["prefixItems"] }),
          fc.record({ anyOf: children }),
          fc.record({ oneOf: children }),
          fc.record({ allOf: children }),
          fc.record({ not: child, if: child, then: child, else: child }, { requiredKeys: [] }),
          fc
            .record(
              {
                properties: fc.dictionary(propertyName, child, { maxKeys: 4 }),
                patternProperties: fc.dictionary(fc.constantFrom("^a", "x$", "."), child, { maxKeys: 2 }),
                additionalProperties: fc.oneof(fc.boolean(), child),
                $defs: fc.dictionary(fc.constantFrom("a", "Item", "b"), child, { maxKeys: 2 }),
              },
              { requiredKeys: ["properties"] },
            )
            .chain((object) => fc.subarray(Object.keys(object.properties as object)).map((required): Schema => ({ type: "object", ...object, required }))),
        ),
        annotations,
      )
      .map(([shape, notes]) => ({ ...notes, ...shape }) as Schema),
  };
}).node;

describe("compileWrapper on arbitrary schemas", () => {
  it("writes what compile() writes, or fails as it fails", async () => {
    const ownNames = (wrapper: object) => keepOwnNames(wrapper as JsonObject);
    const library = loadTypeCompiler();
    const outcome = (compiled: Promise<string>) => compiled.catch((error: unknown) => `threw ${String(error)}`);
    let direct = 0;
    await fc.assert(
      fc.asyncProperty(schema, fc.option(schema, { nil: undefined }), fc.boolean(), async (input, output, share) => {
        const { wrapperText, rootName } = planToolTypes(input, output, { pascal: "Tool" }, [], share);
        if (!wrapperText.includes('"$ref"')) direct++;
        const fast = await outcome(compileWrapper(library, wrapperText, rootName, ownNames));
        expect(fast).toBe(await outcome(compileWithLibrary(library, wrapperText, rootName, ownNames)));
      }),
      { numRuns: RUNS },
    );
    expect(direct).toBeGreaterThan(RUNS / 2);
  }, 240_000);
});
