// How a refusal reads when a value fails a oneOf/anyOf (runtime/alternatives-message.ts), with
// validators compiled as mcp-gen compiles generated ones: first error only, so ajv lists each
// alternative's first error and then the oneOf/anyOf error. A message names the alternative a
// `const` discriminator picks, or the types the alternatives allow, and otherwise no alternative's
// field at all: errors[0] alone is the first alternative's problem, whichever the value meant.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type CheckedValue, type CompiledValidator, describeValidationError } from "../../packages/runtime/src/validation-messages.js";

const ajv = new Ajv2020({ allErrors: false, strict: false, ownProperties: true });

/** The message for `value` against `schema`, as the generated server or client words it. */
function refusal(schema: Readonly<Record<string, unknown>>, value: unknown, root = "the arguments"): string {
  const validate = ajv.compile(schema) as CompiledValidator;
  expect(validate(value)).toBe(false);
  const checked: CheckedValue = { root, value, schema };
  return describeValidationError(validate, checked);
}

const circle = { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } }, required: ["kind", "r"], additionalProperties: false };
const rect = { type: "object", properties: { kind: { const: "rect" }, w: { type: "number" }, h: { type: "number" } }, required: ["kind", "w", "h"], additionalProperties: false };
const area = (shape: unknown) => ({ type: "object", properties: { shape }, required: ["shape"] });

describe("a discriminated oneOf/anyOf", () => {
  it.each(["oneOf", "anyOf"])("reports the %s alternative the value's const picks, not the first one's error", (keyword) => {
    expect(refusal(area({ [keyword]: [circle, rect] }), { shape: { kind: "rect", w: 2 } })).toBe('shape.h: is required (the alternative whose kind is "rect")');
    expect(refusal(area({ [keyword]: [circle, rect] }), { shape: { kind: "circle", r: "2" } })).toBe('shape.r: must be number (the alternative whose kind is "circle")');
  });

  it("finds the alternatives behind $refs to $defs", () => {
    const schema = { ...area({ oneOf: [{ $ref: "#/$defs/Circle" }, { $ref: "#/$defs/Rect" }] }), $defs: { Circle: circle, Rect: rect } };
    expect(refusal(schema, { shape: { kind: "rect", w: 2 } })).toBe('shape.h: is required (the alternative whose kind is "rect")');
  });

  it("reads the path of a $ref'd oneOf from the subschema ajv compiled on its own, not from the root", () => {
    // Shape holds $refs, so ajv compiles it as a function of its own and writes its oneOf's path as
    // "#/oneOf": read from the root, that is the root's own oneOf (discriminated on `type` too, with
    // as many alternatives), and the message named the wrong alternative's field.
    const byType = (tag: string, required: string[], extra: Record<string, unknown>) => ({ type: "object", properties: { type: { const: tag }, ...extra }, required: ["type", ...required] });
    const schema = {
      type: "object",
      properties: { shape: { $ref: "#/$defs/Shape" } },
      required: ["shape"],
      oneOf: [byType("rect", [], {}), byType("circle", [], {})],
      $defs: {
        Shape: { oneOf: [{ $ref: "#/$defs/Circle" }, { $ref: "#/$defs/Rect" }] },
        Circle: byType("circle", ["r"], { r: { type: "number" } }),
        Rect: byType("rect", ["w", "h"], { w: { type: "number" }, h: { type: "number" } }),
      },
    };
    expect(refusal(schema, { type: "rect", shape: { type: "rect", w: 2 } })).toBe('shape.h: is required (the alternative whose type is "rect")');
    expect(refusal(schema, { type: "rect", shape: { type: "circle" } })).toBe('shape.r: is required (the alternative whose type is "circle")');
  });

  it("gives a $ref'd oneOf the message of the same oneOf written in place", () => {
    const inline = area({ oneOf: [circle, rect] });
    // ajv inlines this $ref and writes the path where the oneOf lies: "#/$defs/shape/oneOf".
    const inDefs = { ...area({ $ref: "#/$defs/shape" }), $defs: { shape: { oneOf: [circle, rect] } } };
    // Here it compiles shape on its own ("#/oneOf"), its alternatives behind $refs too.
    const refs = { ...area({ $ref: "#/$defs/shape" }), $defs: { shape: { oneOf: [{ $ref: "#/$defs/circle" }, { $ref: "#/$defs/rect" }] }, circle, rect } };
    for (const value of [{ shape: { kind: "rect", w: 2 } }, { shape: { kind: "circle", r: "2" } }, { shape: { kind: "triangle" } }, { shape: { w: 2 } }]) {
      const expected = refusal(inline, value);
      expect(refusal(inDefs, value), JSON.stringify(value)).toBe(expected);
      expect(refusal(refs, value), JSON.stringify(value)).toBe(expected);
    }
    expect(refusal(inDefs, { shape: { kind: "rect", w: 2 } })).toBe('shape.h: is required (the alternative whose kind is "rect")');
  });

  it("follows $refs down to a oneOf in an array element and in a $ref'd object's member", () => {
    const defs = { shape: { oneOf: [{ $ref: "#/$defs/circle" }, { $ref: "#/$defs/rect" }] }, circle, rect, drawing: { type: "object", properties: { shape: { $ref: "#/$defs/shape" } } } };
    const list = { type: "object", properties: { shapes: { type: "array", items: { $ref: "#/$defs/shape" } } }, $defs: defs };
    expect(
      refusal(list, {
        shapes: [
          { kind: "circle", r: 1 },
          { kind: "rect", w: 2 },
        ],
      }),
    ).toBe('shapes[1].h: is required (the alternative whose kind is "rect")');
    const nested = { type: "object", properties: { drawing: { $ref: "#/$defs/drawing" } }, $defs: defs };
    expect(refusal(nested, { drawing: { shape: { kind: "rect", w: 2 } } })).toBe('drawing.shape.h: is required (the alternative whose kind is "rect")');
  });

  it("names no alternative when the path fits two lists where the value is", () => {
    // The root's oneOf and Base's (compiled on its own: it holds a $ref) both read as "#/oneOf" at the root.
    const byType = (tag: string, required: string[]) => ({ type: "object", properties: { type: { const: tag } }, required: ["type", ...required] });
    const schema = {
      allOf: [{ $ref: "#/$defs/Base" }],
      oneOf: [byType("a", ["x"]), byType("b", ["y"])],
      $defs: { Base: { oneOf: [{ $ref: "#/$defs/A" }, byType("b", ["z"])] }, A: byType("a", ["w"]) },
    };
    expect(refusal(schema, { type: "a" })).toBe("the arguments: must match one of the 2 alternatives");
  });

  it("names the discriminator's allowed values when the value's matches none", () => {
    expect(refusal(area({ oneOf: [circle, rect] }), { shape: { kind: "triangle" } })).toBe('shape.kind: must be one of "circle", "rect"');
  });

  it("names no other alternative's field when the discriminator is missing", () => {
    expect(refusal(area({ oneOf: [circle, rect] }), { shape: { w: 2 } })).toBe("shape: must match one of the 2 alternatives");
  });

  it("says which alternative failed when its own error is nested too deep to single out", () => {
    const unit = { anyOf: [{ const: "cm" }, { const: "in" }] };
    const measured = { ...rect, properties: { ...rect.properties, unit } };
    expect(refusal(area({ oneOf: [circle, measured] }), { shape: { kind: "rect", w: 1, h: 1, unit: "m" } })).toBe('shape: does not match the alternative whose kind is "rect"');
  });
});

describe("alternatives without a discriminator", () => {
  it("names every type the alternatives allow when the value has none of them", () => {
    const pick = { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] };
    expect(refusal(pick, 5, "the result")).toBe("the result: must be object or string");
    expect(refusal({ type: "object", properties: { note: { oneOf: [{ type: "string" }, { type: ["integer", "null"] }] } } }, { note: 1.5 })).toBe("note: must be string, integer or null");
  });

  it("says how many alternatives there are, and names none of their fields", () => {
    const either = {
      anyOf: [
        { type: "object", required: ["a"] },
        { type: "object", required: ["b"] },
      ],
    };
    expect(refusal(either, {}, "the result")).toBe("the result: must match one of the 2 alternatives");
  });

  it("reports the outermost alternatives that failed, not an inner one", () => {
    const schema = { type: "object", properties: { x: { anyOf: [{ type: "array", items: { oneOf: [{ type: "string" }, { type: "integer" }] } }, { type: "null" }] } } };
    expect(refusal(schema, { x: [1.5] })).toBe("x: must match one of the 2 alternatives");
  });

  it("says so when a oneOf matches more than one", () => {
    expect(refusal({ type: "object", properties: { n: { oneOf: [{ type: "number" }, { type: "integer" }] } } }, { n: 1 })).toBe(
      "n: must match exactly one of its alternatives, but matches more than one",
    );
  });
});

describe("other failures", () => {
  it("still reports the first error, inside a then branch too", () => {
    expect(refusal(area({ type: "object", required: ["r"] }), { shape: {} })).toBe("shape.r: is required");
    expect(refusal({ if: { required: ["a"] }, then: { required: ["b"] } }, { a: 1 })).toBe("b: is required");
    expect(refusal({ if: { required: ["a"] }, then: { properties: { b: { anyOf: [{ type: "string" }, { type: "null" }] } } } }, { a: 1, b: 2 })).toBe("b: must be string or null");
  });
});
