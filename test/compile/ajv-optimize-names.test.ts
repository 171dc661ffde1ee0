// installNameCounting (src/compile/ajv-optimize-names.ts) replaces the way ajv counts names before
// its one optimisation pass. It must change nothing but the time: every corpus schema, and schemas
// that make ajv write every kind of code node (loops over items and keys, $async try/catch, if/else,
// dynamic refs), compiled with ajv's own count and with ours give the same standalone code in both
// of mcp-gen's engines (first error, every error), the counts are equal map for map, and no tree
// holds a node kind the count does not know (which would fall back to ajv's slower count).
import { createRequire } from "node:module";
import type { Ajv, AnySchema } from "ajv";
import { describe, expect, it } from "vitest";
import { createStandaloneEngine } from "../../src/compile/standalone-engine.js";
import type { Dialect } from "../../src/model/dialect.js";
import type { JsonValue } from "../../src/model/json.js";
import { AJV_OWN_OPTIMIZE, countNames, type CodeClasses, type CodeNode } from "../../src/compile/ajv-optimize-names.js";
import { newAjv } from "../../src/compile/load-ajv.js";
import { corpusCaptures } from "../support/corpus-tools.js";

const require = createRequire(import.meta.url);
// Creating an engine installs load-ajv.ts's patches.
newAjv("2020-12", {});
type Optimize = (this: unknown, n?: number) => void;
const prototype = (require("ajv/dist/compile/codegen/index.js") as { CodeGen: { prototype: Record<string | symbol, unknown> } }).CodeGen.prototype;
const code = require("ajv/dist/compile/codegen/code.js") as CodeClasses;
const ours = prototype.optimize as Optimize;
const ajvOwn = prototype[AJV_OWN_OPTIMIZE] as Optimize;
const standaloneCode = (require("ajv/dist/standalone/index.js") as { default: (ajv: Ajv, validate: unknown) => string }).default;

const SHAPES: readonly JsonValue[] = [
  { type: "object", properties: { a: { type: "string" } }, patternProperties: { "^x-": { type: "integer" } }, additionalProperties: false, propertyNames: { maxLength: 20 } },
  { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: { type: "boolean" }, contains: { const: true }, minContains: 1, uniqueItems: true },
  { if: { properties: { kind: { const: "a" } } }, then: { required: ["a"] }, else: { required: ["b"] }, dependentSchemas: { a: { required: ["c"] } }, dependentRequired: { b: ["d"] } },
  { $defs: { node: { $dynamicAnchor: "node", type: "object", properties: { next: { $dynamicRef: "#node" } } } }, $ref: "#/$defs/node", unevaluatedProperties: false },
  {
    oneOf: [
      { type: "string", format: "date-time" },
      { type: "integer", minimum: 1, multipleOf: 3 },
    ],
    not: { const: 6 },
  },
  { type: "object", properties: { list: { type: "array", items: { type: "object", properties: { id: { type: "string", pattern: "^[a-z]+$" } }, required: ["id"] } } }, unevaluatedItems: false },
  { $async: true, type: "object", properties: { a: { $async: true, type: "string" } } },
  // A recursive async definition is its own function, called with await inside try/catch.
  { $async: true, type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { $async: true, type: "object", properties: { n: { $ref: "#/$defs/x" } } } } },
];

function schemas(): { schema: JsonValue; dialect: Dialect }[] {
  const all = new Map<string, { schema: JsonValue; dialect: Dialect }>();
  for (const { tools } of corpusCaptures()) {
    for (const tool of tools as { inputSchema?: JsonValue; outputSchema?: JsonValue }[]) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) if (schema !== undefined) all.set(JSON.stringify(schema), { schema, dialect: "2020-12" });
    }
  }
  for (const schema of SHAPES) all.set(JSON.stringify(schema), { schema, dialect: "2020-12" });
  all.set("draft-07", { schema: { type: "object", items: [{ type: "string" }], additionalItems: false, dependencies: { a: ["b"] } }, dialect: "draft-07" });
  all.set("2019-09", { schema: { $recursiveAnchor: true, type: "object", properties: { child: { $recursiveRef: "#" } }, unevaluatedProperties: false }, dialect: "2019-09" });
  return [...all.values()];
}

/** Every schema compiled to standalone code (or ajv's refusal) with `optimize` in place. */
function compileAll(optimize: Optimize, list: readonly { schema: JsonValue; dialect: Dialect }[]): string[] {
  prototype.optimize = optimize;
  try {
    const out: string[] = [];
    for (const allErrors of [false, true]) {
      const engines = new Map<Dialect, Ajv>();
      for (const { schema, dialect } of list) {
        const engine = engines.get(dialect) ?? createStandaloneEngine(dialect, { allErrors });
        engines.set(dialect, engine);
        try {
          out.push(standaloneCode(engine, engine.compile(schema as AnySchema)));
        } catch (e) {
          out.push(`refused: ${(e as Error).message}`);
        } finally {
          engine.removeSchema(schema as AnySchema);
        }
      }
    }
    return out;
  } finally {
    prototype.optimize = ours;
  }
}

describe("ajv's names counted in one walk", () => {
  const list = schemas();

  it("is installed by load-ajv.ts, keeping ajv's own optimize aside", () => {
    expect(typeof ajvOwn).toBe("function");
    expect(ours).not.toBe(ajvOwn);
  });

  it(`gives ajv's own standalone code for ${list.length} schemas in both engines`, () => {
    const expected = compileAll(ajvOwn, list);
    const actual = compileAll(ours, list);
    expect(list.length).toBeGreaterThan(1000);
    expect(expected.filter((text) => text.includes("try{")).length).toBeGreaterThan(0);
    for (let i = 0; i < expected.length; i++) expect(actual[i], `schema ${i % list.length}`).toBe(expected[i]);
  }, 240_000);

  it("counts every name as ajv's getters do, with no node kind left to ajv", () => {
    let trees = 0;
    const checking: Optimize = function (this: unknown, n = 1) {
      const gen = this as { _root: CodeNode & { optimizeNodes(): void; optimizeNames(names: object, constants: unknown): void }; _constants: unknown };
      while (n-- > 0) {
        gen._root.optimizeNodes();
        const counted = countNames(gen._root, code);
        expect(counted, "a node kind the count does not know").toBeDefined();
        const own = Object.fromEntries(Object.entries(gen._root.names).filter(([, count]) => count));
        expect(counted).toEqual(own);
        trees++;
        gen._root.optimizeNames(counted!, gen._constants);
      }
    };
    compileAll(checking, list);
    expect(trees).toBeGreaterThan(2000);
  }, 240_000);
});
