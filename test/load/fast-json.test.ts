// The native JSON path of loadDocument (src/load/fast-json.ts): whenever it answers, it answers
// exactly what the full parse (parseJsonText) gives with no diagnostic, keys and their order, -0
// and lone surrogates included; whatever the full parse would report on, it leaves to the full parse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCleanJson } from "../../src/load/fast-json.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { computeLineStarts } from "../../src/load/line-index.js";
import { loadDocument } from "../../src/load/load-document.js";
import { parseJsonText } from "../../src/load/parse-json.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

function full(text: string, limits = DEFAULT_LOAD_LIMITS) {
  return parseJsonText("t.json", text, computeLineStarts(text), limits);
}

/** Same value, same key order at every level, and -0 kept apart from 0. */
function expectIdentical(actual: unknown, expected: unknown): void {
  expect(JSON.stringify(actual, (_, v: unknown) => (Object.is(v, -0) ? "-0" : v))).toBe(JSON.stringify(expected, (_, v: unknown) => (Object.is(v, -0) ? "-0" : v)));
  expect(actual).toEqual(expected);
}

describe("parseCleanJson", () => {
  it("gives the full parse's value for any JSON text it accepts, and accepts every clean one", () => {
    const key = fc.oneof(fc.string({ unit: "binary", maxLength: 6 }), fc.constantFrom("__proto__", "constructor", "1", "01", "-1", "", "a"));
    const value = fc.letrec((tie) => ({
      json: fc.oneof(
        { depthSize: "small" },
        fc.string({ unit: "binary", maxLength: 8 }),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(-0),
        fc.array(tie("json"), { maxLength: 4 }),
        fc.array(fc.tuple(key, tie("json")), { maxLength: 4 }).map((entries) => Object.fromEntries(entries) as unknown),
      ),
    })).json;
    const space = fc.constantFrom("", " ", "\n", "\t", "\r\n  ");
    fc.assert(
      fc.property(value, space, (json, ws) => {
        const text = ws + JSON.stringify(json, null, ws.includes("\n") ? 2 : undefined) + ws;
        const fast = parseCleanJson(text, DEFAULT_LOAD_LIMITS);
        const slow = full(text);
        if (fast !== undefined) {
          expect(slow.diagnostics).toEqual([]);
          expectIdentical(fast, slow.value);
        } else {
          expect(slow.diagnostics.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: RUNS, seed: 20261130 },
    );
  });

  it("leaves to the full parse every text the full parse reports on", () => {
    const deep = "[".repeat(DEFAULT_LOAD_LIMITS.maxDepth + 1) + "]".repeat(DEFAULT_LOAD_LIMITS.maxDepth + 1);
    const cases = [
      '{"a":1,"a":2}',
      '{"a":{"b":1,"c":{"b":2,"b":3}}}',
      '{"a":1,}',
      "// c\n{}",
      "",
      "  ",
      '{"n":1e999}',
      '{"n":-1e400}',
      '{"s":"a\u0001b"}',
      "[1,2",
      '{"a" 1}',
      deep,
      "\u00a0{}",
      '{"a":"x"} {"b":1}',
    ];
    for (const text of cases) {
      expect(parseCleanJson(text, DEFAULT_LOAD_LIMITS), text).toBeUndefined();
      expect(full(text).diagnostics.length, text).toBeGreaterThan(0);
    }
    const tooMany = JSON.stringify(Array.from({ length: 50 }, (_, i) => i));
    const limits = { ...DEFAULT_LOAD_LIMITS, maxNodes: 50 };
    expect(parseCleanJson(tooMany, limits)).toBeUndefined();
    expect(full(tooMany, limits).diagnostics.map((d) => d.ruleId)).toEqual(["load-too-many-nodes"]);
    expect(parseCleanJson(tooMany, { ...limits, maxNodes: 51 })).toHaveLength(50);
  });

  it("keeps __proto__ as an own key, and a key that looks like a string value's colon is not counted", () => {
    const text = '{"__proto__":{"x":1},"k":"a\\":b","q":"\\\\","r":":"}';
    const fast = parseCleanJson(text, DEFAULT_LOAD_LIMITS) as Record<string, unknown>;
    expect(Object.keys(fast)).toEqual(["__proto__", "k", "q", "r"]);
    expect(Object.getPrototypeOf(fast)).toBe(Object.prototype);
    expectIdentical(fast, full(text).value);
  });

  it("gives loadDocument the spans of the full parse when a report asks for them", () => {
    const text = '{\n  "name": "t",\n  "inputSchema": { "type": "object" }\n}\n';
    const doc = loadDocument({ path: "tools/t.json", text }).value!;
    expect(doc.spans.get("/inputSchema/type")).toEqual(full(text).spans.get("/inputSchema/type"));
    expect(doc.lineStarts).toEqual(computeLineStarts(text));
    expect(loadDocument({ path: "tools/t.json", text: '{"a":1,"a":2}' }).diagnostics.map((d) => d.ruleId)).toEqual(["json-duplicate-key"]);
  });
});
