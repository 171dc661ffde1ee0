// Property test: for arbitrary schemas made mostly of the keywords emitPlainTypes reads (types and type
// lists, titles that collide with each other and with the wrapper's own names, descriptions with
// comment terminators and odd Unicode, enums and consts of scalars, properties with hostile names,
// required, additionalProperties (an index signature widened with every property's type), items, anyOf/oneOf/allOf, and several of them at once, which the library
// reads as an intersection), with a few keywords outside its subset mixed in,
// its output is compile()'s whenever it answers, and it answers on most of them
// (src/emit/plain-types.ts). Once through planToolTypes, as a build sees tools, and once on wrappers
// written directly, whose text nothing has escaped. PROPERTY_RUNS sets the number of cases and
// PROPERTY_SEED the seed (fixed in `npm test`, test/support/property-seed.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWithLibrary, loadTypeCompiler } from "../../src/emit/compile-wrapper.js";
import { keepOwnNames, planToolTypes } from "../../src/emit/emit-types.js";
import { emitPlainTypes } from "../../src/emit/plain-types.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { hostileText, propertyName } from "./arbitrary-descriptors.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

type Schema = { [key: string]: JsonValue };
const TYPES = ["null", "boolean", "string", "number", "integer", "array", "object"] as const;
/** Titles that collide with each other, with the wrapper's own names (`ToolArguments`...) and with nothing. */
const title = fc.oneof(hostileText, fc.constantFrom("Item", "Item", "item", "ToolArguments", "ToolResult", "ToolTypes", "Tool_types", "2fa", "", "class", "NoName", "Item1"));
const scalar = fc.oneof(
  hostileText,
  fc.constantFrom("", "0", "1e3", "null", "true"),
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
/** Property names as emit-types.ts passes them: names of Object's members and lone surrogates travel as placeholders. */
const key = fc.oneof(
  propertyName.filter((name) => !(name in Object.prototype) && !/[\ud800-\udfff]/.test(name)),
  fc.constantFrom("0", "1", "01", "-1", "1.5", "", "a b", "class", "default", "ToolArguments", "[k: string]", "*/"),
);
const description = fc.oneof(hostileText, fc.constantFrom("", "a */ b", "@deprecated x", "line\nline", "Items: x", "/** */"));

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ type: fc.constantFrom(...TYPES) }),
  fc.record({ type: fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }) }),
  fc.record({ type: fc.constantFrom("string", "integer", "boolean", "null"), enum: fc.array(scalar, { minLength: 1, maxLength: 4 }) }, { requiredKeys: ["enum"] }),
  fc.record({ type: fc.constant(["string", "null"]), enum: fc.array(scalar, { minLength: 1, maxLength: 3 }) }),
  fc.record({ type: fc.constantFrom("string", "number"), const: scalar }, { requiredKeys: ["const"] }),
  fc.constant({}),
);

/** Keywords that only annotate (and `format`, `examples`, which the library reads nowhere); alone in an allOf member, they are dropped. */
const notes = fc.record(
  { title, description, deprecated: fc.boolean(), format: fc.constantFrom("date-time", "uri"), readOnly: fc.boolean(), examples: fc.array(scalar, { maxLength: 2 }) },
  { requiredKeys: [] },
);

/** Keywords outside the subset, now and then: the emitter must leave those wrappers to the library. */
const outside = fc.oneof(
  { weight: 400, arbitrary: fc.constant({}) },
  fc.record({ minItems: fc.nat(2) }),
  fc.record({ default: scalar }),
  fc.record({ deprecated: fc.constant("yes") }),
  // A type list beside oneOf: the library intersects the two and reads the branches once per type.
  fc.record({ type: fc.constant(["string", "object"]), oneOf: fc.constant([{ type: "string" }, { enum: [1] }]) }),
);

const tree = fc.letrec<{ node: Schema; object: Schema }>((tie) => {
  const child = tie("node");
  const children = fc.array(child, { minLength: 0, maxLength: 3 });
  const object = fc
    .record(
      // With no property, `additionalProperties: false` is typed by a tsType (admitsNoProperty): not plain.
      { type: fc.constantFrom("object", ["object", "null"]), properties: fc.dictionary(key, child, { minKeys: 1, maxKeys: 4 }), additionalProperties: fc.oneof(fc.boolean(), child) },
      { requiredKeys: ["properties"] },
    )
    .chain((shape) => fc.subarray([...Object.keys(shape.properties), "missing"]).map((required): Schema => ({ ...shape, required })));
  return {
    object: fc.tuple(object, notes).map(([shape, annotations]) => ({ ...annotations, ...shape })),
    node: fc
      .tuple(
        fc.oneof(
          { depthSize: "xsmall", withCrossShrink: true },
          leaf,
          object,
          fc.record({ type: fc.constantFrom("array", ["array", "null"]), items: child }, { requiredKeys: ["items"] }),
          fc.record({ anyOf: children }),
          fc.record({ oneOf: children }),
          fc.record({ allOf: children }),
          // Read as several kinds of type at once: the library's intersections.
          fc.record({ type: fc.constantFrom(...TYPES, "any"), oneOf: children, anyOf: children, allOf: children }, { requiredKeys: ["type"] }),
          fc
            .tuple(object, fc.oneof(fc.record({ anyOf: children }), fc.record({ oneOf: children }), fc.record({ allOf: children })))
            .map(([shape, branches]) => ({ ...shape, type: "object", ...branches })),
        ),
        notes,
        outside,
      )
      .map(([shape, annotations, extra]) => ({ ...annotations, ...shape, ...extra }) as Schema),
  };
});
/** A tool's schema: mostly an object, as the arguments always are (another root is wrapped in allOf: not plain). */
const schema: fc.Arbitrary<Schema> = fc.oneof({ weight: 4, arbitrary: tree.object }, { weight: 1, arbitrary: tree.node });

const library = loadTypeCompiler();
const ownNames = (wrapper: object) => keepOwnNames(wrapper as JsonObject);
const outcome = (compiled: Promise<string>) => compiled.catch((error: unknown) => `threw ${String(error)}`);

/** emitPlainTypes' answer for a wrapper, or undefined; and compile()'s when it answers. */
async function bothWays(wrapperText: string, rootName: string): Promise<{ plain: string | undefined; library: string | undefined }> {
  const wrapper = JSON.parse(wrapperText) as object;
  const plain = emitPlainTypes(wrapper, rootName, ownNames(wrapper), library.naming.toSafeString);
  return { plain, library: plain === undefined ? undefined : await outcome(compileWithLibrary(library, wrapperText, rootName, ownNames)) };
}

describe("emitPlainTypes on arbitrary schemas", () => {
  it("writes what compile() writes for a tool's wrapper whenever it answers", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(schema, fc.option(schema, { nil: undefined }), fc.boolean(), async (input, output, share) => {
        const { wrapperText, rootName } = planToolTypes(input, output, { pascal: "Tool" }, [], share);
        const { plain, library } = await bothWays(wrapperText, rootName);
        if (plain !== undefined) answered++;
        expect(plain).toBe(library);
      }),
      { numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(RUNS * 0.5);
  }, 240_000);

  it("writes what compile() writes for a wrapper nothing has escaped whenever it answers", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(schema, schema, fc.boolean(), async (input, output, own) => {
        // The shape buildWrapper gives, with the tool's schemas as they are drawn.
        const mark = (node: Schema, name: string) => (own ? { ...node, title: name, "x-mcp-gen-own-type": true } : node);
        const wrapper = {
          ...mark({ type: "object", additionalProperties: false, description: "a */ root" }, "ToolTypes"),
          properties: { arguments: mark(input, "ToolArguments"), result: mark(output, "ToolResult") },
          required: ["arguments", "result"],
        };
        const { plain, library } = await bothWays(JSON.stringify(wrapper), "ToolTypes");
        if (plain !== undefined) answered++;
        expect(plain).toBe(library);
      }),
      { numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(RUNS * 0.5);
  }, 240_000);
});
