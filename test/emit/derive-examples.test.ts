// Scaffold arguments derived from an inputSchema (derive-examples.ts): required properties, and
// optional ones named like members of TypeScript's Object interface, which an object literal must
// spell out to be assignable to the arguments type (property counterexample 4).
import { describe, expect, it } from "vitest";
import { sampleValue } from "../../src/emit/derive-examples.js";
import type { JsonValue } from "../../src/model/json.js";

const sample = (schema: JsonValue) => sampleValue(schema, schema, 0);

describe("sampleValue of an object schema", () => {
  it("fills the required properties only, in their order", () => {
    expect(sample({ type: "object", properties: { b: { type: "integer" }, a: { type: "string" }, c: { type: "boolean" } }, required: ["a", "b"] })).toEqual({ a: expect.any(String), b: expect.any(Number) });
    expect(Object.keys(sample({ type: "object", properties: { b: { type: "integer" }, a: { type: "string" } }, required: ["b", "a"] }) as object)).toEqual(["b", "a"]);
  });

  it("also fills optional properties named like Object's members, at any depth", () => {
    const schema = {
      type: "object",
      properties: {
        item: { type: "object", properties: { name: { type: "string" }, constructor: { type: "string" }, toString: { type: "integer" }, valueOf: { type: "boolean" } }, required: ["name"] },
        hasOwnProperty: { type: "string" },
        other: { type: "string" },
      },
      required: ["item"],
    };
    const value = sample(schema) as Record<string, Record<string, unknown>>;
    expect(Object.keys(value)).toEqual(["item", "hasOwnProperty"]);
    expect(Object.keys(value.item!)).toEqual(["name", "constructor", "toString", "valueOf"]);
    expect(typeof value.item!.constructor).toBe("string");
    expect(Object.prototype.hasOwnProperty.call(value, "hasOwnProperty")).toBe(true);
  });
});
