// walkSchema with a run's memo (the rules' walk: each schema's nodes listed once per run) must visit
// exactly what the live walk visits, in the same order, with "skip" and "stop" meaning the same.
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { RunMemo } from "../../src/model/run-memo.js";
import { walkSchema, type SchemaNode } from "../../src/model/schema-walk.js";

/** A deterministic pseudo-random schema that uses every kind of subschema keyword (fixed seed). */
function randomSchema(seed: number, depth = 0): JsonValue {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const build = (level: number): JsonValue => {
    if (level > 5 || next() < 0.2) return next() < 0.5 ? { type: "string" } : next() < 0.5;
    const schema: Record<string, JsonValue> = { type: "object" };
    if (next() < 0.7) schema.properties = Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => [`p${i}`, build(level + 1)]));
    if (next() < 0.3) schema.anyOf = [build(level + 1), build(level + 1)];
    if (next() < 0.3) schema.items = build(level + 1);
    if (next() < 0.2) schema.prefixItems = [build(level + 1)];
    if (next() < 0.2) schema.not = build(level + 1);
    if (next() < 0.2) schema.$defs = { d: build(level + 1) };
    if (next() < 0.2) schema.dependencies = { a: ["b"], c: build(level + 1) };
    return schema;
  };
  return build(depth);
}

type Step = readonly [pointer: string, depth: number, keyword: string | undefined];

/** The walk's visits, where `decide` answers for the n-th visit. */
function visits(root: JsonValue, memo: RunMemo | undefined, decide: (n: number, node: SchemaNode) => undefined | "skip" | "stop"): Step[] {
  const seen: Step[] = [];
  walkSchema(root, "/inputSchema", (node) => (seen.push([node.pointer, node.depth, node.keyword]), decide(seen.length, node)), memo);
  return seen;
}

describe("walkSchema with a run's memo", () => {
  const schemas = Array.from({ length: 40 }, (_, i) => randomSchema(i + 1));
  const deciders: Record<string, (n: number) => undefined | "skip" | "stop"> = {
    "every node": () => undefined,
    "skip every third": (n) => (n % 3 === 0 ? "skip" : undefined),
    "skip the root": (n) => (n === 1 ? "skip" : undefined),
    "stop at the seventh": (n) => (n === 7 ? "stop" : undefined),
    "skip every other, stop at the twentieth": (n) => (n === 20 ? "stop" : n % 2 === 0 ? "skip" : undefined),
  };

  for (const [name, decide] of Object.entries(deciders)) {
    it(`visits what the live walk visits: ${name}`, () => {
      const memo = new RunMemo();
      for (const schema of schemas) {
        const live = visits(schema, undefined, decide);
        // Twice: the second walk goes down the list the first one made.
        expect(visits(schema, memo, decide)).toEqual(live);
        expect(visits(schema, memo, decide)).toEqual(live);
      }
    });
  }

  it("lists a schema's nodes once per run: later walks give the same node objects", () => {
    const schema = randomSchema(7);
    const memo = new RunMemo();
    const first: SchemaNode[] = [];
    const second: SchemaNode[] = [];
    walkSchema(schema, "", (node) => void first.push(node), memo);
    walkSchema(schema, "", (node) => void second.push(node), memo);
    expect(second.length).toBeGreaterThan(3);
    expect(second.every((node, i) => node === first[i])).toBe(true);
    const other: SchemaNode[] = [];
    walkSchema(schema, "", (node) => void other.push(node), new RunMemo());
    expect(other[0]).not.toBe(first[0]);
  });

  it("keeps a schema walked from two pointers apart", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const memo = new RunMemo();
    expect(visits(schema, memo, () => undefined).map(([pointer]) => pointer)).toEqual(["/inputSchema", "/inputSchema/properties/a"]);
    const fromRoot: string[] = [];
    walkSchema(schema, "", (node) => void fromRoot.push(node.pointer), memo);
    expect(fromRoot).toEqual(["", "/properties/a"]);
  });

  it("without a memo, finds each node's subschemas after its visit (a visitor may rewrite them)", () => {
    const schema: Record<string, JsonValue> = { type: "object", properties: { a: { type: "string" } } };
    const seen: string[] = [];
    walkSchema(schema, "", (node) => {
      seen.push(node.pointer);
      if (node.pointer === "") (node.schema as Record<string, JsonValue>).properties = { b: { type: "number" } };
      return undefined;
    });
    expect(seen).toEqual(["", "/properties/b"]);
  });

  it("walks a boolean schema and a 10,000-level schema without recursion", () => {
    expect(visits(true, new RunMemo(), () => undefined)).toEqual([["/inputSchema", 0, undefined]]);
    let deep: JsonValue = { type: "string" };
    for (let i = 0; i < 10_000; i++) deep = { not: deep };
    const memo = new RunMemo();
    expect(visits(deep, memo, () => undefined)).toHaveLength(10_001);
    expect(visits(deep, memo, (n) => (n === 2 ? "skip" : undefined))).toHaveLength(2);
  });
});
