// The resolver and every stage after it read a same-document `$ref` through schemaResources; ajv
// (the official SDK's validator, and the generated validators) reads it too. Where they disagree,
// validate passed schemas whose validators then failed to compile (exit 70) or that validated
// something else. Each case: does every ref resolve for mcp-gen exactly when ajv compiles it, and to
// the schema ajv applies?
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../../src/model/json.js";
import { splitPointer } from "../../src/model/pointer.js";
import { sameDocumentTarget, schemaRefTarget, schemaResources } from "../../src/model/schema-resources.js";
import { walkSchema } from "../../src/model/schema-walk.js";

/** Each `$ref` of `root` → the `type` of the schema mcp-gen finds for it (null: names nothing). */
function targetTypes(root: JsonValue): (JsonValue | null)[] {
  const resources = schemaResources(root);
  const out: (JsonValue | null)[] = [];
  walkSchema(root, "", (node) => {
    const ref = isJsonObject(node.schema) ? getOwn(node.schema, "$ref") : undefined;
    if (typeof ref !== "string") return;
    const pointer = sameDocumentTarget(resources, root, node.schema as JsonObject, ref);
    out.push(pointer === undefined ? null : (getOwn(valueAt(root, splitPointer(pointer)), "type") ?? "any"));
  });
  return out;
}

function ajvCompiles(schema: JsonValue): boolean {
  try {
    new Ajv2020({ strict: false }).compile(schema as object);
    return true;
  } catch {
    return false;
  }
}

const embedded = (defs: JsonObject, a: string): JsonValue => ({ type: "object", properties: { a: { $ref: a } }, $defs: defs });

const CASES: { name: string; schema: JsonValue; types: (JsonValue | null)[]; probe?: [unknown, boolean][] }[] = [
  { name: "#foo where only an embedded resource declares foo", schema: embedded({ e: { $id: "https://e.com/e", $defs: { f: { $anchor: "foo", type: "string" } } } }, "#foo"), types: [null] },
  { name: "#foo where an embedded resource's root declares it", schema: embedded({ e: { $id: "https://e.com/e", $anchor: "foo", type: "string" } }, "#foo"), types: [null] },
  { name: "#foo of a $dynamicAnchor in an embedded resource", schema: embedded({ e: { $id: "https://e.com/e", $defs: { f: { $dynamicAnchor: "foo", type: "string" } } } }, "#foo"), types: [null] },
  { name: "#r of the root's own $anchor", schema: { $anchor: "r", type: "object", properties: { a: { $ref: "#r" } } }, types: [null] },
  {
    name: "the same plain name in two resources, embedded one first",
    schema: embedded({ e: { $id: "https://e.com/e", $defs: { g: { $anchor: "foo", type: "integer" } } }, f: { $anchor: "foo", type: "string" } }, "#foo"),
    types: ["string"],
    probe: [
      [{ a: "x" }, true],
      [{ a: 1 }, false],
    ],
  },
  {
    name: "an absolute ref to an embedded resource's anchor",
    schema: embedded({ e: { $id: "https://e.com/e", $defs: { g: { $anchor: "foo", type: "integer" } } } }, "https://e.com/e#foo"),
    types: ["integer"],
  },
  { name: "a relative $id, named as written", schema: embedded({ z: { $id: "zip.json", type: "string" } }, "zip.json"), types: ["string"] },
  { name: "a relative $id, named by another path", schema: embedded({ z: { $id: "../schemas/sub.json", type: "string" } }, "../../schemas/sub.json"), types: [null] },
  {
    name: "a relative $id inside an absolute one",
    schema: embedded({ e: { $id: "https://e.com/d/a.json", $defs: { b: { $id: "b.json", type: "integer" } } } }, "https://e.com/d/b.json"),
    types: ["integer"],
  },
  {
    name: "#/... inside an embedded resource starts at that resource",
    schema: embedded({ x: { type: "integer" }, e: { $id: "https://e.com/e", type: "object", properties: { b: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string" } } } }, "#/$defs/e"),
    types: ["object", "string"],
    probe: [
      [{ a: { b: "x" } }, true],
      [{ a: { b: 1 } }, false],
    ],
  },
  {
    name: "#/... inside an embedded resource to what only the root has",
    schema: embedded({ x: { type: "integer" }, e: { $id: "https://e.com/e", properties: { b: { $ref: "#/$defs/x" } } } }, "#/$defs/e"),
    types: ["any", null],
  },
  {
    name: "a root $id is the base of relative refs",
    schema: { $id: "https://r.com/root.json", properties: { a: { $ref: "zip.json" } }, $defs: { z: { $id: "zip.json", type: "integer" } } },
    types: ["integer"],
  },
];

describe("schemaRefTarget reads a ref as ajv does", () => {
  for (const { name, schema, types, probe } of CASES) {
    it(name, () => {
      expect(targetTypes(schema)).toEqual(types);
      expect(ajvCompiles(schema)).toBe(!types.includes(null));
      if (probe) {
        const validate = new Ajv2020({ strict: false }).compile(schema as object);
        expect(probe.map(([value]) => validate(value))).toEqual(probe.map(([, verdict]) => verdict));
      }
    });
  }
});

describe("a root's $dynamicAnchor", () => {
  it("is a name of the root, as ajv keeps it (2020-12's own tree example, $ref'd as a file)", () => {
    const tree: JsonObject = { $dynamicAnchor: "node", type: "object", properties: { children: { type: "array", items: { $dynamicRef: "#node" } } } };
    const items = (tree.properties as JsonObject).children as JsonObject;
    const target = schemaRefTarget(schemaResources(tree), items.items as JsonObject, "#node");
    expect(target).toMatchObject({ kind: "found", pointer: "" });
    expect(ajvCompiles(tree)).toBe(true);
    // A root $anchor is still none: ajv does not register it.
    expect(schemaRefTarget(schemaResources({ $anchor: "a", properties: { x: { $ref: "#a" } } }), undefined, "#a").kind).toBe("missing");
  });
});
