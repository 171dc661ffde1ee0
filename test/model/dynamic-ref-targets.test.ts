// Where each `$dynamicRef` and `$recursiveRef` of a schema sends validation, as JSON Schema reads it
// and as ajv (the official SDK's validator, and the generated code's) does, and whether that is
// certain. The readings of ajv are checked against ajv itself where a value tells them apart.
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/model/dialect.js";
import { certainTarget, dynamicRefTargets, type DynamicRefReading } from "../../src/model/dynamic-ref-targets.js";
import type { JsonValue } from "../../src/model/json.js";

const D19 = "https://json-schema.org/draft/2019-09/schema";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The readings of the one reference `schema` holds. */
function readingsOf(schema: Record<string, unknown>, dialect: Dialect): { spec: DynamicRefReading; ajv: DynamicRefReading } {
  const sites = dynamicRefTargets(deepFreeze(schema) as JsonValue, dialect);
  expect(sites).toHaveLength(1);
  return { spec: sites[0]!.spec, ajv: sites[0]!.ajv };
}

const certain = (...targets: string[]) => ({ kind: "certain", targets });
const NONE = { kind: "none" };

describe("dynamicRefTargets: $dynamicRef (2020-12)", () => {
  it("lists each site with its keyword and value, in document order", () => {
    const schema = { properties: { a: { $dynamicRef: "#/$defs/S" }, b: { $recursiveRef: "#" } }, $defs: { S: { type: "string" } } };
    expect(dynamicRefTargets(schema, "2020-12").map((s) => [s.pointer, s.keyword, s.ref])).toEqual([
      ["/properties/a", "$dynamicRef", "#/$defs/S"],
      ["/properties/b", "$recursiveRef", "#"],
    ]);
    expect(dynamicRefTargets({ type: "object" }, "2020-12")).toEqual([]);
  });

  it("no $dynamicAnchor: JSON Schema reads a $ref, ajv calls the function it is compiled in", () => {
    const schema = { type: "array", items: { $dynamicRef: "#/$defs/count" }, $defs: { count: { type: "integer" } } };
    expect(readingsOf(schema, "2020-12")).toEqual({ spec: certain("/$defs/count"), ajv: certain("") });
    // ajv: each item is checked against the root, an array, not against count.
    expect(new Ajv2020({ strict: false }).compile(schema)([1])).toBe(false);
  });

  it("the root declares the anchor: both read the root, whatever path validation took", () => {
    const schema = { $dynamicAnchor: "node", type: "object", properties: { kids: { type: "array", items: { $dynamicRef: "#node" } } } };
    expect(readingsOf(schema, "2020-12")).toEqual({ spec: certain(""), ajv: certain("") });
  });

  it("one resource alone declares the anchor: JSON Schema reads its anchor wherever validation came from", () => {
    const schema = { properties: { t: { $ref: "tree" } }, $defs: { T: { $id: "tree", $dynamicAnchor: "node", items: { $dynamicRef: "#node" } } } };
    const { spec, ajv } = readingsOf(schema, "2020-12");
    expect(spec).toEqual(certain("/$defs/T"));
    expect(certainTarget(ajv)).toBe("/$defs/T");
  });

  it("several resources declare the anchor: the target depends on which one validation entered first", () => {
    const schema = {
      properties: { a: { $ref: "A" }, b: { $ref: "B" } },
      $defs: { A: { $id: "A", $dynamicAnchor: "node", $ref: "C" }, B: { $id: "B", $dynamicAnchor: "node", $ref: "C" }, C: { $id: "C", $dynamicAnchor: "node", items: { $dynamicRef: "#node" } } },
    };
    const { spec, ajv } = readingsOf(schema, "2020-12");
    const targets = ["A", "B", "C"].map((name) => ({ pointer: `/$defs/${name}`, entered: `/$defs/${name}` }));
    expect(spec).toEqual({ kind: "scoped", anchor: "node", targets });
    // ajv: the first schema declaring it that validation entered, and C's own function before any.
    expect(ajv).toEqual({ kind: "scoped", anchor: "node", targets, before: ["/$defs/C"] });
    expect(certainTarget(spec)).toBeUndefined();
  });

  it("ajv: an anchor validation never enters changes nothing, and is named as such", () => {
    const schema = { type: "object", properties: { x: { $dynamicRef: "#n" } }, $defs: { B: { $dynamicAnchor: "n", type: "string" } } };
    expect(readingsOf(schema, "2020-12")).toEqual({ spec: certain("/$defs/B"), ajv: { kind: "certain", targets: [""], unentered: ["/$defs/B"] } });
    expect(new Ajv2020({ strict: false }).compile(schema)({ x: {} })).toBe(true);
  });

  it("ajv: a schema reached in place and through a $ref is compiled into both functions", () => {
    const schema = { type: "object", properties: { a: { type: "object", properties: { b: { $dynamicRef: "#/$defs/S" } } }, r: { $ref: "#/properties/a" } }, $defs: { S: {} } };
    expect(readingsOf(schema, "2020-12").ajv).toEqual(certain("", "/properties/a"));
  });

  it("ajv: a $defs entry no $ref names is never compiled; a value not a fragment is refused", () => {
    expect(readingsOf({ $defs: { X: { properties: { y: { $dynamicRef: "#/$defs/X" } } } } }, "2020-12").ajv).toEqual(NONE);
    // Not even when validation enters a schema declaring the anchor elsewhere.
    expect(readingsOf({ properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { $dynamicAnchor: "n" }, X: { $dynamicRef: "#n" } } }, "2020-12").ajv).toEqual(NONE);
    expect(readingsOf({ properties: { y: { $dynamicRef: "other.json#x" } } }, "2020-12")).toEqual({ spec: NONE, ajv: NONE });
  });

  it("draft-07 has neither keyword, and ajv's draft-07 class ignores both; 2019-09 has no $dynamicRef", () => {
    const schema = { properties: { x: { $dynamicRef: "#/definitions/A" } }, definitions: { A: {} } };
    expect(readingsOf(schema, "draft-07")).toEqual({ spec: NONE, ajv: NONE });
    expect(readingsOf(schema, "2019-09")).toEqual({ spec: NONE, ajv: certain("") });
  });
});

describe("dynamicRefTargets: $recursiveRef (2019-09)", () => {
  it("the root anchored: both read the root", () => {
    const schema = { $schema: D19, $recursiveAnchor: true, type: "object", properties: { tree: { $ref: "#/$defs/N" } }, $defs: { N: { $recursiveAnchor: true, items: { $recursiveRef: "#" } } } };
    expect(readingsOf(schema, "2019-09")).toEqual({ spec: certain(""), ajv: certain("") });
  });

  it("an anchor on a $defs entry without $id: JSON Schema reads the root, ajv the entry", () => {
    const schema = {
      $schema: D19,
      type: "object",
      properties: { tree: { $ref: "#/$defs/Node" } },
      $defs: { Node: { $recursiveAnchor: true, type: "object", properties: { kids: { type: "array", items: { $recursiveRef: "#" } }, v: { type: "integer" } } } },
    };
    expect(readingsOf(schema, "2019-09")).toEqual({ spec: certain(""), ajv: certain("/$defs/Node") });
    // By JSON Schema the kid is the root, whose tree is absent: accepted; ajv checks it as a Node.
    expect(new Ajv2019({ strict: false }).compile(schema)({ tree: { kids: [{ v: "x" }] } })).toBe(false);
  });

  it('a value other than "#" is a $ref for JSON Schema; under 2020-12 JSON Schema checks nothing by it', () => {
    const schema = { properties: { a: { $recursiveRef: "#/$defs/A" } }, $defs: { A: {} } };
    expect(readingsOf({ $schema: D19, ...schema }, "2019-09")).toEqual({ spec: certain("/$defs/A"), ajv: certain("") });
    expect(readingsOf(schema, "2020-12")).toEqual({ spec: NONE, ajv: certain("") });
  });

  it("several anchored resources, the root not: JSON Schema's target depends on which one validation entered first", () => {
    const node = (id: string) => ({ $id: id, $recursiveAnchor: true, items: { $recursiveRef: "#" } });
    const schema = { $schema: D19, properties: { a: { $ref: "a" }, b: { $ref: "b" } }, $defs: { A: node("a"), B: node("b") } };
    const sites = dynamicRefTargets(deepFreeze(schema), "2019-09");
    expect(sites.map((s) => s.spec)).toEqual([
      {
        kind: "scoped",
        anchor: "",
        targets: [
          { pointer: "/$defs/A", entered: "/$defs/A" },
          { pointer: "/$defs/B", entered: "/$defs/B" },
        ],
      },
      {
        kind: "scoped",
        anchor: "",
        targets: [
          { pointer: "/$defs/A", entered: "/$defs/A" },
          { pointer: "/$defs/B", entered: "/$defs/B" },
        ],
      },
    ]);
  });
});
