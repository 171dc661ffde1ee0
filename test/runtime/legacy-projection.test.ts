// runtime/v1/legacy-projection.ts: how an SDK v1 server shows a 2026-07-28 tool to a 2025-11-25
// client (SEP-2106): a non-object outputSchema wrapped as { result } with its same-document pointers
// moved under the new root, and results wrapped to match. The SDK v1 e2e test checks the whole list
// against what the SDK v2 server sends 2025-era clients.
import { describe, expect, it } from "vitest";
import { legacyDescriptor, legacyResult, needsLegacyWrap, unwrapLegacyResult, wrapOutputSchema } from "../../packages/runtime/src/v1/legacy-projection.js";

describe("wrapOutputSchema", () => {
  it("wraps a non-object root and moves same-document refs, but not refs inside data or other documents", () => {
    const natural = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      items: { $ref: "#/$defs/Issue" },
      default: [{ $ref: "#/not/a/ref" }],
      $defs: { Issue: { type: "object", properties: { parent: { $ref: "#" }, other: { $ref: "https://example.com/s.json#/x" }, $ref: { type: "string" } } } },
    };
    expect(wrapOutputSchema(natural)).toStrictEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        result: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "array",
          items: { $ref: "#/properties/result/$defs/Issue" },
          default: [{ $ref: "#/not/a/ref" }],
          $defs: { Issue: { type: "object", properties: { parent: { $ref: "#/properties/result" }, other: { $ref: "https://example.com/s.json#/x" }, $ref: { type: "string" } } } },
        },
      },
      required: ["result"],
    });
  });

  it("leaves pointers alone under a base-changing $id, and converts 2019-09 $recursiveRef", () => {
    expect(wrapOutputSchema({ $id: "https://example.com/list", type: "array", items: { $ref: "#/$defs/x" } })).toStrictEqual({
      type: "object",
      properties: { result: { $id: "https://example.com/list", type: "array", items: { $ref: "#/$defs/x" } } },
      required: ["result"],
    });
    const recursive = wrapOutputSchema({ $schema: "https://json-schema.org/draft/2019-09/schema", type: "array", items: { $recursiveRef: "#" } }) as { properties: { result: { items: unknown } } };
    expect(recursive.properties.result.items).toStrictEqual({ $ref: "#/properties/result" });
  });

  it("wraps only non-object roots, typeless ones included", () => {
    expect(needsLegacyWrap({ type: "object" })).toBe(false);
    expect(needsLegacyWrap(undefined)).toBe(false);
    expect(needsLegacyWrap({ anyOf: [{ type: "object" }] })).toBe(true);
    const tool = { name: "t", outputSchema: { type: "object" } };
    expect(legacyDescriptor(tool)).toBe(tool);
  });
});

describe("legacyResult", () => {
  it("wraps a non-object value, adding its JSON as text when the handler wrote none (SEP-2106 § 4.3)", () => {
    expect(legacyResult({ content: [], structuredContent: [1, 2] }, { type: "array" })).toStrictEqual({ content: [{ type: "text", text: "[1,2]" }], structuredContent: { result: [1, 2] } });
    expect(legacyResult({ content: [{ type: "text", text: "two" }], structuredContent: 2 }, { type: "integer" })).toStrictEqual({
      content: [{ type: "text", text: "two" }],
      structuredContent: { result: 2 },
    });
  });

  it("wraps an object value when the schema was wrapped, and leaves object schemas and missing content alone", () => {
    expect(legacyResult({ content: [], structuredContent: { a: 1 } }, { anyOf: [{ type: "object" }, { type: "null" }] })).toStrictEqual({ content: [], structuredContent: { result: { a: 1 } } });
    const plain = { content: [], structuredContent: { a: 1 } };
    expect(legacyResult(plain, { type: "object" })).toBe(plain);
    const none = { content: [{ type: "text", text: "x" }] };
    expect(legacyResult(none, { type: "array" })).toBe(none);
    expect(unwrapLegacyResult({ result: null })).toBeNull();
    expect(unwrapLegacyResult([1])).toBeUndefined();
  });
});
