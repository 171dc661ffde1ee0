import { describe, expect, it } from "vitest";
import { findHeaderParams, isHeaderToken, MCP_PARAM_PREFIX, type HeaderParam } from "../../packages/runtime/src/header-annotations.js";
import { readGrowth } from "../support/count-reads.js";
import { deepFreeze, loadVectors, type InvalidAnnotationCase, type ValidAnnotationCase, type VectorFile } from "./spec-vectors.js";

const valid = loadVectors<VectorFile<ValidAnnotationCase>>("x-mcp-header-valid.json");
const invalid = loadVectors<VectorFile<InvalidAnnotationCase>>("x-mcp-header-invalid.json");

// The CHECKLIST items each vector proves, beyond T-HDR-1 (annotation) and T-HDR-14 (header path).
const VALID_PROVES: Record<string, string> = {
  "XV-02": "T-HDR-8",
  "XV-03": "T-HDR-8",
  "XV-04": "T-HDR-6",
  "XV-05": "T-HDR-6",
  "XV-09": "T-HDR-3",
  "XV-10": "T-HDR-3",
  "XV-11": "T-HDR-3",
  "XV-12": "T-HDR-7",
  "XV-13": "T-HDR-7",
  "XV-15": "T-HDR-9",
  "XV-16": "T-HDR-9",
  "XV-18": "T-HDR-5",
  "XV-19": "T-HDR-5",
  "XV-22": "T-HDR-3",
};
const REASON_PROVES: Record<string, string> = {
  empty: "T-HDR-2",
  "not-token": "T-HDR-3",
  "not-a-string": "T-HDR-3",
  "control-character": "T-HDR-4",
  duplicate: "T-HDR-5",
  "number-type": "T-HDR-6",
  "non-primitive-type": "T-HDR-6",
  "unsafe-integer-range": "T-HDR-7",
  "not-statically-reachable": "T-HDR-8, T-HDR-9",
};

function pointerOf(path: readonly string[]): string {
  return path.map((key) => "/properties/" + key.replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

function asExpected(params: readonly HeaderParam[]) {
  return params.map((p) => ({ path: p.path, header: MCP_PARAM_PREFIX + p.name, type: p.type }));
}

describe("x-mcp-header-valid.json", () => {
  it("holds the 23 cases the spec README announces", () => {
    expect(valid.cases).toHaveLength(23);
  });

  for (const c of valid.cases) {
    const proves = ["T-HDR-1", VALID_PROVES[c.id], "T-HDR-14"].filter(Boolean).join(", ");
    it(`${c.id} (${proves}) ${c.title}`, () => {
      const tools = c.tools ?? (c.tool === undefined ? [] : [c.tool]);
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) {
        const result = findHeaderParams(tool.inputSchema);
        expect(result.problems).toEqual([]);
        const expected = c.expectedHeaders.filter((h) => h.tool === undefined || h.tool === tool.name).map(({ path, header, type }) => ({ path, header, type }));
        expect(asExpected(result.params)).toEqual(expected);
        for (const param of result.params) expect(param.pointer).toBe(pointerOf(param.path));
      }
    });
  }
});

describe("x-mcp-header-invalid.json", () => {
  it("holds the 43 cases the spec README announces", () => {
    expect(invalid.cases).toHaveLength(43);
  });

  for (const c of invalid.cases) {
    const via = c.via === undefined ? "" : ` via ${c.via}`;
    it(`${c.id} (${REASON_PROVES[c.reason] ?? "?"}) ${c.reason}${via}: ${c.title}`, () => {
      const { problems } = findHeaderParams(c.tool.inputSchema);
      const match = problems.find((p) => p.reason === c.reason && (c.via === undefined || p.via === c.via));
      expect(match, JSON.stringify(problems, null, 2)).toBeDefined();
      for (const problem of problems) {
        expect(problem.pointer).toMatch(/\/x-mcp-header$/);
        expect(problem.message).toMatch(/^x-mcp-header .*\.$/);
        expect(problem.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      }
    });
  }
});

function schemaWith(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return deepFreeze({ type: "object", properties, ...extra });
}

describe("findHeaderParams details", () => {
  it("writes the messages as one sentence quoting the value", () => {
    const cases: [unknown, string][] = [
      ["Re gion", 'x-mcp-header "Re gion" is not an RFC 9110 token: it contains a space.'],
      ["Region:1", 'x-mcp-header "Region:1" is not an RFC 9110 token: it contains ":" (U+003A).'],
      ["Region\u200b", 'x-mcp-header "Region\\u200B" is not an RFC 9110 token: it contains U+200B.'],
      ["Reg\r\nion", 'x-mcp-header "Reg\\u000D\\u000Aion" contains the control character U+000D.'],
      ["", 'x-mcp-header "" is empty, so it names no header.'],
      [123, "x-mcp-header value 123 is a number, not a string naming the header."],
      [true, "x-mcp-header value true is a boolean, not a string naming the header."],
      [null, "x-mcp-header is null, not a string naming the header."],
      [["Region"], "x-mcp-header is an array, not a string naming the header."],
      [{ name: "Region" }, "x-mcp-header is an object, not a string naming the header."],
    ];
    for (const [name, message] of cases) {
      const { problems } = findHeaderParams(schemaWith({ v: { type: "string", "x-mcp-header": name } }));
      expect(problems).toEqual([{ pointer: "/properties/v/x-mcp-header", reason: expect.any(String), message }]);
    }
  });

  it("names a value that is not a string, number or boolean by its kind in the other messages", () => {
    const { problems } = findHeaderParams(schemaWith({ v: { type: "number", "x-mcp-header": ["Ratio"] } }));
    expect(problems.map((p) => p.message)).toEqual([
      "x-mcp-header is an array, not a string naming the header.",
      'x-mcp-header (an array) is on a property of type "number"; only string, integer and boolean properties can be mirrored.',
    ]);
  });

  it("points at the second of two duplicates and names the first (T-HDR-5)", () => {
    const { params, problems } = findHeaderParams(schemaWith({ a: { type: "string", "x-mcp-header": "Region" }, b: { type: "string", "x-mcp-header": "REGION" } }));
    expect(problems).toEqual([
      {
        pointer: "/properties/b/x-mcp-header",
        reason: "duplicate",
        message: 'x-mcp-header "REGION" clashes with "Region" of property "a", because header names compare case-insensitively.',
      },
    ]);
    expect(params.map((p) => p.name)).toEqual(["Region"]);
  });

  it("names the first holder of a duplicate by its property path, or by its pointer when misplaced (T-HDR-5)", () => {
    const nested = findHeaderParams(schemaWith({ loc: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } }, r: { type: "string", "x-mcp-header": "Region" } }));
    expect(nested.problems.map((p) => p.message)).toEqual(['x-mcp-header "Region" is already used by property "loc.region"; each mirrored parameter needs a header of its own.']);
    const misplaced = findHeaderParams(schemaWith({ r: { type: "string", "x-mcp-header": "region" } }, { "x-mcp-header": "Region" }));
    expect(misplaced.problems.filter((p) => p.reason === "duplicate").map((p) => p.message)).toEqual([
      'x-mcp-header "region" clashes with "Region" of the inputSchema root, because header names compare case-insensitively.',
    ]);
  });

  it("escapes pointers (RFC 6901) and treats __proto__ and x-mcp-header as plain property names", () => {
    const schema = deepFreeze(
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string","x-mcp-header":"Proto"},' +
          '"a/b~c":{"type":"integer","x-mcp-header":"Slash"},"x-mcp-header":{"type":"string"},' +
          '"constructor":{"type":"object","properties":{"hasOwnProperty":{"type":"boolean","x-mcp-header":"Own"}}}}}',
      ),
    );
    expect(findHeaderParams(schema)).toEqual({
      params: [
        { path: ["__proto__"], name: "Proto", type: "string", pointer: "/properties/__proto__" },
        { path: ["a/b~c"], name: "Slash", type: "integer", pointer: "/properties/a~1b~0c" },
        { path: ["constructor", "hasOwnProperty"], name: "Own", type: "boolean", pointer: "/properties/constructor/properties/hasOwnProperty" },
      ],
      problems: [],
    });
  });

  it("ignores annotation-shaped instance data under const, enum, default and examples", () => {
    const data = { "x-mcp-header": "Data" };
    const schema = schemaWith({ v: { type: "object", const: data, enum: [data], default: data, examples: [data] } });
    expect(findHeaderParams(schema)).toEqual({ params: [], problems: [] });
  });

  it("flags annotations under keywords it does not know, and inside arrays under properties", () => {
    const schema = schemaWith({ a: [{ type: "string", "x-mcp-header": "A" }] }, { "x-vendor": { "x-mcp-header": "B", type: "string" } });
    const { problems } = findHeaderParams(schema);
    expect(problems.map((p) => [p.pointer, p.reason, p.via])).toEqual([
      ["/properties/a/0/x-mcp-header", "not-statically-reachable", "properties"],
      ["/x-vendor/x-mcp-header", "not-statically-reachable", "x-vendor"],
    ]);
  });

  it("names the keyword for every other place (T-HDR-9)", () => {
    const annotated = { type: "string", "x-mcp-header": "H" };
    const places: [string, Record<string, unknown>][] = [
      ["contains", { contains: annotated }],
      ["propertyNames", { propertyNames: annotated }],
      ["unevaluatedProperties", { unevaluatedProperties: annotated }],
      ["unevaluatedItems", { unevaluatedItems: annotated }],
      ["additionalItems", { additionalItems: annotated }],
      ["definitions", { definitions: { X: annotated } }],
      ["dependencies", { dependencies: { a: annotated } }],
      ["$ref", { definitions: { X: annotated }, properties: { x: { $ref: "#/definitions/X" } } }],
      ["$defs", { $defs: { X: annotated }, properties: { x: { $ref: "#nowhere" } } }],
      ["$ref", { $defs: { X: { ...annotated, $anchor: "x" } }, properties: { x: { $ref: "#x" } } }],
      ["$ref", { $defs: { X: annotated }, properties: { x: { $ref: "urn:t#/%24defs/X" } }, $id: "urn:t" }],
      ["$defs", { $defs: { X: annotated }, properties: { x: { $ref: "#" } } }],
    ];
    for (const [via, extra] of places) {
      const { problems } = findHeaderParams(deepFreeze({ type: "object", ...extra }));
      expect(
        problems.map((p) => p.via),
        JSON.stringify(extra),
      ).toContain(via);
    }
  });

  it("rejects type arrays, nullable ones included (Appendix B item 4)", () => {
    for (const type of [["string", "null"], ["string"], ["integer", "string"]]) {
      const { params, problems } = findHeaderParams(schemaWith({ v: { type, "x-mcp-header": "V" } }));
      expect(params).toEqual([]);
      expect(problems.map((p) => p.reason)).toEqual(["non-primitive-type"]);
    }
  });

  it("rejects a property typed only through $ref, enum or const (Appendix B item 5)", () => {
    for (const typing of [{ $ref: "#/$defs/R" }, { enum: ["a", "b"] }, { const: "a" }]) {
      const schema = schemaWith({ v: { ...typing, "x-mcp-header": "V" } }, { $defs: { R: { type: "string" } } });
      expect(findHeaderParams(schema).problems.map((p) => p.reason)).toEqual(["non-primitive-type"]);
    }
  });

  it("accepts exclusive bounds one past the safe range and rejects them two past (T-HDR-7)", () => {
    const ok = schemaWith({ v: { type: "integer", exclusiveMinimum: -(2 ** 53), exclusiveMaximum: 2 ** 53, "x-mcp-header": "V" } });
    expect(findHeaderParams(ok).problems).toEqual([]);
    const bad = schemaWith({ v: { type: "integer", exclusiveMaximum: 2 ** 53 + 2, "x-mcp-header": "V" } });
    expect(findHeaderParams(bad).problems.map((p) => p.reason)).toEqual(["unsafe-integer-range"]);
    const enumBad = schemaWith({ v: { type: "integer", enum: [1, 2 ** 60], "x-mcp-header": "V" } });
    expect(findHeaderParams(enumBad).problems.map((p) => [p.reason, p.message])).toEqual([
      ["unsafe-integer-range", 'x-mcp-header "V" is on an integer whose enum value 1152921504606846976 lies outside the safe range -(2^53-1) to 2^53-1.'],
    ]);
  });

  it("reports a shared subtree at every place it occurs, as the wire carries it", () => {
    const shared = { type: "string", "x-mcp-header": "Region" };
    const { problems } = findHeaderParams(schemaWith({ a: shared, b: shared }));
    expect(problems.map((p) => [p.pointer, p.reason])).toEqual([["/properties/b/x-mcp-header", "duplicate"]]);
  });

  it("stops at cycles, which JSON cannot express", () => {
    const node: Record<string, unknown> = { type: "object" };
    node["properties"] = { self: node, v: { type: "string", "x-mcp-header": "V" } };
    expect(findHeaderParams(node).params.map((p) => p.path)).toEqual([["v"]]);
  });

  it("finds nothing, and ends, in schemas with no x-mcp-header key anywhere: cyclic, shared or 10,000 deep", () => {
    const node: Record<string, unknown> = { type: "object" };
    const shared = { type: "string" };
    node["properties"] = { self: node, a: shared, b: shared, list: [shared, [node]] };
    expect(findHeaderParams(node)).toEqual({ params: [], problems: [] });
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 10_000; i++) deep = { type: "array", items: [deep] };
    expect(findHeaderParams(deep)).toEqual({ params: [], problems: [] });
  });

  it("returns nothing for schemas that are not objects", () => {
    for (const schema of [undefined, null, true, "x", 1, []]) expect(findHeaderParams(schema)).toEqual({ params: [], problems: [] });
  });

  it("walks a 10,000-deep chain of properties, items and allOf without overflowing the stack", () => {
    for (const keyword of ["properties", "items", "allOf"] as const) {
      let schema: Record<string, unknown> = { type: "string", "x-mcp-header": "Deep" };
      for (let i = 0; i < 10_000; i++) {
        schema = keyword === "properties" ? { type: "object", properties: { n: schema } } : keyword === "items" ? { type: "array", items: schema } : { allOf: [schema] };
      }
      const result = findHeaderParams({ type: "object", properties: { root: schema } });
      if (keyword === "properties") {
        expect(result.params).toHaveLength(1);
        expect(result.params[0]?.path).toHaveLength(10_001);
      } else {
        expect(result.problems.map((p) => [p.reason, p.via])).toEqual([["not-statically-reachable", keyword]]);
      }
    }
  });

  it("finds every header of a wide schema with many annotations", () => {
    const result = findHeaderParams(wideSchema(20_000));
    expect(result.params).toHaveLength(20_000);
    expect(result.problems).toEqual([]);
  });

  // Work is counted as reads of the schema, not timed: the same count on any machine. Four times the
  // schema gives about four times the reads; a walk that rescans the schema per annotation or per level
  // gives about sixteen.
  it("reads a wide or deep schema a bounded number of times per node", () => {
    const wide = readGrowth(2_000, wideSchema, (schema, size) => expect(findHeaderParams(schema).params).toHaveLength(size));
    expect(wide.ratio).toBeLessThan(5);
    const deep = readGrowth(500, deepSchema, (schema) => expect(findHeaderParams(schema).params).toHaveLength(1));
    expect(deep.ratio).toBeLessThan(5);
  });
});

describe("isHeaderToken", () => {
  it("accepts every tchar and nothing else in printable ASCII", () => {
    const tchars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let c = 0; c < 0x80; c++) expect(isHeaderToken(String.fromCharCode(c))).toBe(tchars.includes(String.fromCharCode(c)));
    expect(isHeaderToken("")).toBe(false);
  });
});

/** An object schema with `size` header parameters side by side. */
function wideSchema(size: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) properties[`p${i}`] = { type: "string", "x-mcp-header": `H${i}` };
  return { type: "object", properties };
}

/** A chain of `size` nested object properties, an annotated one at the bottom and an annotation-free sibling at each level. */
function deepSchema(size: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string", "x-mcp-header": "Deep" };
  for (let i = 0; i < size; i++) schema = { type: "object", properties: { n: schema, s: { type: "string" } } };
  return { type: "object", properties: { root: schema } };
}
