// config/quick-validate.ts confirms a valid mcp-gen.config.yaml without compiling its schema; it
// must agree with ajv wherever it says "valid", and say "valid" for the configs people write.
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildConfigSchema } from "../../src/config/config-schema.js";
import { isQuicklyValid } from "../../src/config/quick-validate.js";
import type { JsonValue } from "../../src/model/json.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";

const SCHEMA = buildConfigSchema(ALL_RULES);
const ajvValidate = new Ajv2020({ strict: false, allErrors: true }).compile(SCHEMA);
const ajvSays = (value: JsonValue) => ajvValidate(value) === true;

const VALID: JsonValue[] = [
  {},
  { server: { name: "weather", version: "1.0.0" } },
  { server: { name: "bank", version: "2.0.0", pageSize: 1, ttlMs: 30000, cacheScope: "private", limits: { maxRequestBytes: 1024, callTimeoutMs: 0 } } },
  { $schema: "../schemas/mcp-gen.config.schema.json", tools: ["tools/**/*.yaml", "more/*.json"], out: "src/gen", handlers: "src/h", tests: "test/t", lock: "x.lock.json", target: "sdk-v1" },
  { load: { maxFileBytes: 10, maxDepth: 3, maxNodes: 100, maxAliasNodes: 0 } },
  { rules: { "tool-name-syntax": "off", "description-length-limit": ["warning", { maxLength: 100 }], "schema-depth-limit": ["error"] } },
];

describe("isQuicklyValid", () => {
  it("confirms the configs people write, as ajv does", () => {
    for (const config of VALID) {
      expect(ajvSays(config), JSON.stringify(config)).toBe(true);
      expect(isQuicklyValid(config, SCHEMA), JSON.stringify(config)).toBe(true);
    }
  });

  it("refuses what ajv refuses: unknown keys, wrong types, bounds, bad rule settings", () => {
    const invalid: JsonValue[] = [
      [],
      "x",
      null,
      { outt: "src" },
      { out: "" },
      { tools: [] },
      { tools: [""] },
      { target: "sdk-v3" },
      { server: { pageSize: -1 } },
      { server: { pageSize: 1.5 } },
      { server: { limits: { maxRequestBytes: 0 } } },
      { rules: { "no-such-rule": "off" } },
      { rules: { "tool-name-syntax": "loud" } },
      { rules: { "tool-name-syntax": [] } },
      { rules: { "tool-name-syntax": ["error", {}] } },
      { rules: { "description-length-limit": ["warning", { maxLength: -1 }] } },
      { rules: { "description-length-limit": ["warning", { bogus: 1 }] } },
    ];
    for (const config of invalid) {
      expect(ajvSays(config), JSON.stringify(config)).toBe(false);
      expect(isQuicklyValid(config, SCHEMA), JSON.stringify(config)).toBe(false);
    }
  });

  it("says nothing is valid under a keyword it does not know", () => {
    expect(isQuicklyValid("a", { type: "string", pattern: "^a$" })).toBe(false);
    expect(isQuicklyValid({}, { $ref: "#/$defs/x" })).toBe(false);
  });

  it("property: never calls valid what ajv refuses, on edits of valid configs", () => {
    const ruleIds = ALL_RULES.map((r) => r.id);
    const leaf = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>,
      fc.constantFrom<JsonValue>("off", "warning", "error", "info", 0, 1, -1, 2.5, "", "sdk-v2", "private", ["warning"], ["warning", {}], ["error", { maxLength: 5 }]),
    );
    const key = fc.oneof(
      fc.constantFrom(
        "tools",
        "out",
        "handlers",
        "tests",
        "lock",
        "target",
        "server",
        "load",
        "rules",
        "name",
        "version",
        "pageSize",
        "ttlMs",
        "cacheScope",
        "limits",
        "maxDepth",
        "maxLength",
        ...ruleIds,
      ),
      fc.string({ maxLength: 4 }),
    );
    const edit = fc.record({ path: fc.array(key, { maxLength: 3 }), value: leaf });
    fc.assert(
      fc.property(fc.constantFrom(...VALID), fc.array(edit, { maxLength: 3 }), (base, edits) => {
        const config = structuredClone(base) as Record<string, JsonValue>;
        for (const { path, value } of edits) setPath(config, path, value);
        if (isQuicklyValid(config, SCHEMA)) expect(ajvSays(config), JSON.stringify(config)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

function setPath(root: Record<string, JsonValue>, path: readonly string[], value: JsonValue): void {
  if (path.length === 0) return;
  let node: Record<string, JsonValue> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== "object" || Array.isArray(next)) Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true });
    node = node[key] as Record<string, JsonValue>;
  }
  // A copy: fast-check hands the same constant object to every run, and a later edit must not change it.
  Object.defineProperty(node, path[path.length - 1]!, { value: structuredClone(value), enumerable: true, writable: true, configurable: true });
}
