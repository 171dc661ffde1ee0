// Scaffold arguments derived from an inputSchema (compile/schema-samples.ts) and written out for
// TypeScript (emit/derive-examples.ts): required properties, and optional ones named like members of
// TypeScript's Object interface, which an object literal must spell out to be assignable to the
// arguments type (property counterexample 4); and declared examples, which spell such properties out
// as undefined when they leave them out.
import { describe, expect, it } from "vitest";
import { sampleValue } from "../../src/compile/schema-samples.js";
import { spellOutObjectMembers } from "../../src/emit/derive-examples.js";
import type { JsonValue } from "../../src/model/json.js";

const sample = (schema: JsonValue) => sampleValue(schema, schema, 0);

describe("sampleValue of an object schema", () => {
  it("fills the required properties only, in their order", () => {
    expect(sample({ type: "object", properties: { b: { type: "integer" }, a: { type: "string" }, c: { type: "boolean" } }, required: ["a", "b"] })).toEqual({
      a: expect.any(String),
      b: expect.any(Number),
    });
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
    expect(Object.hasOwn(value, "hasOwnProperty")).toBe(true);
  });
});

describe("spellOutObjectMembers of a declared example", () => {
  const withUndefined = (value: unknown) => JSON.stringify(value, (_key, member: unknown) => (member === undefined ? "<undefined>" : member));

  it("adds the optional members it leaves out as undefined, after its own, and changes nothing else", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, constructor: { type: "string" }, valueOf: { type: "number" }, toString: { type: "string" } }, required: ["a", "valueOf"] };
    const spelled = spellOutObjectMembers({ a: "x", toString: "y" }, schema);
    expect(withUndefined(spelled)).toBe('{"a":"x","toString":"y","constructor":"<undefined>"}');
    expect(JSON.stringify(spelled)).toBe('{"a":"x","toString":"y"}');
  });

  it("reaches objects through properties, items, prefixItems, allOf, anyOf and local $refs", () => {
    const member = { type: "object", properties: { hasOwnProperty: { type: "boolean" } } };
    const schema = {
      type: "object",
      $defs: { member },
      properties: {
        list: { type: "array", items: { $ref: "#/$defs/member" } },
        pair: { type: "array", prefixItems: [{ type: "string" }, member] },
        either: { anyOf: [{ type: "string" }, { allOf: [member] }] },
      },
    } as JsonValue;
    const spelled = spellOutObjectMembers({ list: [{}, {}], pair: ["a", {}], either: {} }, schema);
    expect(withUndefined(spelled)).toBe(
      '{"list":[{"hasOwnProperty":"<undefined>"},{"hasOwnProperty":"<undefined>"}],"pair":["a",{"hasOwnProperty":"<undefined>"}],"either":{"hasOwnProperty":"<undefined>"}}',
    );
  });

  it("ends on recursive schemas and leaves values the schema does not describe alone", () => {
    const schema: JsonValue = { $ref: "#/$defs/node", $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" }, constructor: { type: "string" } } } } };
    expect(withUndefined(spellOutObjectMembers({ next: { next: {} } }, schema))).toBe('{"next":{"next":{"constructor":"<undefined>"},"constructor":"<undefined>"},"constructor":"<undefined>"}');
    expect(spellOutObjectMembers("text", schema)).toBe("text");
    expect(withUndefined(spellOutObjectMembers({ other: {} }, { type: "object" }))).toBe('{"other":{}}');
  });
});
