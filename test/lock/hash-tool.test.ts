// hashTool: the sha256 depends on the wire descriptor only — never on YAML vs JSON, key order,
// whitespace, comments, escapes, line ends, x-mcp-gen or how schemas are split across $ref'd files —
// and a one-character change moves exactly one part hash.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { stringify as toYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { readProject } from "../../src/cli/read-project.js";
import { loadConfig } from "../../src/config/load-config.js";
import { loadDocument } from "../../src/load/load-document.js";
import { hashJson, hashTool } from "../../src/lock/hash-tool.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import type { ResolvedTool } from "../../src/model/source.js";
import { analyzeProject } from "../../src/project/analyze-project.js";
import { resolveTool } from "../../src/resolve/resolve-tool.js";
import { tempProject } from "../support/temp-project.js";

const WIRE: JsonObject = {
  name: "get_weather",
  title: "Get weather",
  description: "Current weather for a city.\nTemperatures are in °C.",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string", description: "City name", minLength: 1 },
      days: { type: "integer", minimum: 1, maximum: 16, default: 1 },
      units: { enum: ["metric", "imperial"] },
    },
    required: ["city"],
    additionalProperties: false,
  },
  outputSchema: { type: "object", properties: { temperature: { type: "number" }, conditions: { type: "string" } }, required: ["temperature"] },
  annotations: { readOnlyHint: true, openWorldHint: true },
  icons: [{ src: "https://example.com/sun.png", mimeType: "image/png", sizes: ["48x48"] }],
  _meta: { "com.example/team": "weather" },
  execution: { taskSupport: "optional" },
};

/** The same descriptor as YAML: comments, other key order, flow style, a block scalar, 1.0 for 1. */
const WIRE_YAML = `# A weather tool, written the way people write YAML.
_meta: { com.example/team: weather }
execution:
  taskSupport: optional   # 2025-11-25 field; hashed under "other"
name: get_weather
annotations: {openWorldHint: true, readOnlyHint: true}
description: |-
  Current weather for a city.
  Temperatures are in \u00b0C.
inputSchema:
  additionalProperties: false
  required: [city]
  properties:
    units:
      enum:
        - metric
        - 'imperial'
    days: { maximum: 1.6e1, default: 1, minimum: 1.0, type: integer }
    city:
      minLength: 1
      description: "City name"
      type: string
  type: object
outputSchema:
  required: [temperature]
  type: object
  properties:
    conditions: {type: string}
    temperature: {type: number}
title: Get weather
icons:
  - sizes: ["48x48"]
    mimeType: image/png
    src: https://example.com/sun.png
`.replace("\\u00b0", "°");

function reverseKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .reverse()
        .map((key) => [key, reverseKeys((value as JsonObject)[key]!)]),
    );
  }
  return value;
}

async function toolsOf(files: Readonly<Record<string, string | Uint8Array>>): Promise<ResolvedTool[]> {
  const root = tempProject(files);
  const config = loadConfig(undefined, [], {}).value!;
  const read = await readProject({ root, configPath: undefined, config });
  if (!read.ok) throw new Error("config failed");
  const analysis = analyzeProject({ ...read.input, rules: [] });
  expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return [...analysis.tools];
}

describe("hashTool", () => {
  it("hashes the RFC 8785 text of the whole descriptor, and of each part", () => {
    const hash = hashTool(WIRE);
    expect(hash.sha256).toBe(sha256Hex(JSON.stringify(sortDeep(WIRE))));
    expect(Object.keys(hash.parts)).toEqual(["title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta", "other"]);
    expect(hash.parts.description).toBe(sha256Hex(JSON.stringify(WIRE.description)));
    expect(hash.parts.other).toBe(sha256Hex('{"execution":{"taskSupport":"optional"}}'));
    expect(hashTool({ name: "ping", inputSchema: { type: "object" } })).toEqual({
      sha256: sha256Hex('{"inputSchema":{"type":"object"},"name":"ping"}'),
      parts: { inputSchema: sha256Hex('{"type":"object"}') },
    });
  });

  it("keeps every unknown top-level field in `other`, and nothing else", () => {
    const a = hashTool({ ...WIRE, zeta: 1, other: "literally named other" });
    const b = hashTool({ ...WIRE, zeta: 2, other: "literally named other" });
    expect(a.parts.other).toBe(hashJson({ execution: WIRE.execution!, other: "literally named other", zeta: 1 }));
    expect(diffParts(a.parts, b.parts)).toEqual(["other"]);
    expect(a.sha256).not.toBe(b.sha256);
  });

  it("treats a __proto__ field as data", () => {
    const wire = JSON.parse('{"name":"p","inputSchema":{"type":"object"},"__proto__":{"x":1}}') as JsonObject;
    expect(hashTool(wire).parts.other).toBe(sha256Hex('{"__proto__":{"x":1}}'));
  });

  it("does not read or change its input", () => {
    const frozen = deepFreeze(structuredClone(WIRE));
    expect(hashTool(frozen)).toEqual(hashTool(WIRE));
  });
});

describe("a one-character change", () => {
  it("changes sha256 and exactly the description part", () => {
    const before = hashTool(WIRE);
    const after = hashTool({ ...WIRE, description: (WIRE.description as string).replace("city.", "city!") });
    expect(after.sha256).not.toBe(before.sha256);
    expect(diffParts(before.parts, after.parts)).toEqual(["description"]);
  });

  it("deep inside a schema changes exactly that part", () => {
    const changed = structuredClone(WIRE) as { inputSchema: { properties: { days: { maximum: number } } } };
    changed.inputSchema.properties.days.maximum = 17;
    expect(diffParts(hashTool(WIRE).parts, hashTool(changed as unknown as JsonObject).parts)).toEqual(["inputSchema"]);
  });
});

describe("hash independence, through the real loader and resolver", () => {
  it("is the same for JSON, minified JSON with reversed keys and escapes, YAML, and YAML with CRLF, BOM and x-mcp-gen", async () => {
    const minified = JSON.stringify(reverseKeys(WIRE)).replace("Current", "\\u0043urrent").replace("°", "\\u00B0");
    const crlf = "\ufeff" + (WIRE_YAML + "x-mcp-gen:\n  examples:\n    - arguments: { city: Paris }\n").replace(/\n/g, "\r\n");
    const tools = await toolsOf({
      "tools/a.json": JSON.stringify(WIRE, null, 2) + "\n",
      "tools/b.json": minified,
      "tools/c.yaml": WIRE_YAML,
      "tools/d.yml": crlf,
      "tools/e.yaml": toYaml(reverseKeys(WIRE), { indent: 4 }),
    });
    expect(tools.map((t) => t.file)).toEqual(["tools/a.json", "tools/b.json", "tools/c.yaml", "tools/d.yml", "tools/e.yaml"]);
    for (const tool of tools) expect(hashTool(tool.wire), tool.file).toEqual(hashTool(WIRE));
    expect(tools[3]!.authoring).toBeDefined();
  });

  it("is the same whether the schemas are inline or split across $ref'd files, in any layout", async () => {
    const fixture = join(import.meta.dirname, "..", "fixtures", "resolve", "bundle-file-refs");
    const read = (path: string) => readFileSync(join(fixture, path), "utf8");
    const split = await toolsOf({
      "tools/create_order.yaml": read("tools/create_order.yaml"),
      "schemas/address.yaml": read("schemas/address.yaml"),
      "schemas/common.json": read("schemas/common.json"),
      "schemas/order.yaml": read("schemas/order.yaml"),
    });
    // The same schemas in another layout: deeper descriptor, schemas in two other folders.
    const moved = await toolsOf({
      "tools/orders/create_order.yaml": read("tools/create_order.yaml")
        .replaceAll("../schemas/address.yaml", "../../common/addr/address.yaml")
        .replaceAll("../schemas/common.json", "../../common/common.json")
        .replaceAll("../schemas/order.yaml", "../../common/order.yaml"),
      "common/addr/address.yaml": read("schemas/address.yaml").replace("./common.json", "../common.json"),
      "common/common.json": read("schemas/common.json"),
      "common/order.yaml": read("schemas/order.yaml").replace("address.yaml", "addr/address.yaml"),
    });
    const bundled = JSON.parse(read("expected-wire.json"))["tools/create_order.yaml"] as JsonObject;
    const inline = await toolsOf({ "tools/create_order.json": JSON.stringify(bundled, null, 1), "tools/again.yaml": toYaml(bundled) });
    const expected = hashTool(bundled);
    expect(hashTool(split[0]!.wire)).toEqual(expected);
    expect(hashTool(moved[0]!.wire)).toEqual(expected);
    for (const tool of inline) expect(hashTool(tool.wire), tool.file).toEqual(expected);
  });
});

describe("property: reordering keys and reformatting never changes the hash", () => {
  const key = fc.string({ unit: "binary", minLength: 1, maxLength: 8 }).filter((k) => k !== "$ref" && k !== "x-mcp-gen" && !/[\uD800-\uDFFF]/u.test(k));
  const leaf = fc.oneof(
    fc.string({ unit: "binary" }).filter((s) => !/[\uD800-\uDFFF]/u.test(s)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  const json = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(key, tie("value"), { maxKeys: 5 })),
  })).value;
  const tool = fc.record({ name: fc.constant("t"), description: fc.string(), inputSchema: fc.dictionary(key, json, { maxKeys: 4 }), _meta: fc.dictionary(key, json, { maxKeys: 3 }) });

  it("holds for YAML and JSON renderings with shuffled keys", () => {
    fc.assert(
      fc.property(tool, fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom("json", "yaml"), (wire, seed, format) => {
        const shuffled = shuffleKeys(wire as JsonValue, seed);
        const text = format === "json" ? JSON.stringify(shuffled, null, seed % 5) : toYaml(shuffled, { indent: 2 + (seed % 3) });
        const loaded = loadDocument({ path: `tools/t.${format}`, text });
        // The yaml package writes YAML 1.2, whose unquoted n or 1e-7 YAML 1.1 reads otherwise: that
        // warning is about other readers; mcp-gen's reading, and so the hash, is the same.
        expect(loaded.diagnostics.filter((d) => d.ruleId !== "yaml-1-1-scalar")).toEqual([]);
        const resolved = resolveTool(loaded.value!, new Map());
        expect(hashTool(resolved.value!.wire)).toEqual(hashTool(wire as JsonObject));
      }),
      { numRuns: 200 },
    );
  });
});

function diffParts(a: Readonly<Record<string, string | undefined>>, b: Readonly<Record<string, string | undefined>>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
}

/** Independent of canonical-json.ts for this ASCII-and-°, integer-only value: sorted JSON.stringify. */
function sortDeep(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortDeep((value as JsonObject)[k]!)]),
    );
  return value;
}

function shuffleKeys(value: JsonValue, seed: number): JsonValue {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const walk = (v: JsonValue): JsonValue => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== "object") return v;
    const keys = Object.keys(v).sort(() => random() - 0.5);
    const out: Record<string, JsonValue> = {};
    for (const k of keys) Object.defineProperty(out, k, { value: walk((v as JsonObject)[k]!), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return walk(value);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
