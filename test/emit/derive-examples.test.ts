// Scaffold arguments derived from an inputSchema (compile/schema-samples.ts): the required properties.
// Optional properties named like members of TypeScript's Object interface need no value: the
// arguments type accepts an object that leaves them out (test/e2e/object-member-names.e2e.test.ts).
import { describe, expect, it } from "vitest";
import { sampleValue } from "../../src/compile/schema-samples.js";
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
});

describe("sampleValue through same-document refs", () => {
  it('follows "" as "#", the whole schema, and a plain name to the schema its anchor names', () => {
    const root = { type: "object", properties: { name: { type: "string" }, tag: { $ref: "#t" } }, required: ["name", "tag"], $defs: { t: { $anchor: "t", enum: ["a", "b"] } } };
    expect(sampleValue({ $ref: "" }, root, 0)).toEqual({ name: "example", tag: "a" });
    expect(sampleValue({ $ref: "" }, root, 0)).toEqual(sampleValue({ $ref: "#" }, root, 0));
  });
});
