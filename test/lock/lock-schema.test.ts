// schemas/mcp-tools.lock.schema.json is the contract on disk; keep it in step with model/lock.ts.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import schema from "../../schemas/mcp-tools.lock.schema.json" with { type: "json" };
import { LOCKFILE_VERSION, PROJECT_PATH_PATTERN, PROJECT_PATH_PATTERN_SOURCE, SHA256_PATTERN, TOOL_PARTS } from "../../src/model/lock.js";

describe("the lock schema", () => {
  it("is valid JSON Schema 2020-12 under ajv's strict mode", () => {
    const ajv = new Ajv2020({ strict: true });
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it("uses the model's patterns, parts and version", () => {
    expect(schema.$defs.path.pattern).toBe(PROJECT_PATH_PATTERN_SOURCE);
    expect(schema.$defs.sha256.pattern).toBe(SHA256_PATTERN.source);
    expect(Object.keys(schema.$defs.tool.properties.parts.properties)).toEqual([...TOOL_PARTS]);
    expect(schema.properties.lockfileVersion.const).toBe(LOCKFILE_VERSION);
  });

  it("accepts normalised project-relative paths only", () => {
    const ok = ["mcp-gen.config.yaml", "tools/a.yaml", "src/generated/tools.ts", ".hidden/x.json", "a..b/c", "...", "tools/my file.yaml", "__proto__", "0"];
    const bad = ["", "/etc/passwd", "C:/x", "c:x", "../a", "a/../b", "./a", "a/./b", ".", "..", "a//b", "a/", "tools/.."];
    expect(ok.filter((p) => !PROJECT_PATH_PATTERN.test(p))).toEqual([]);
    expect(bad.filter((p) => PROJECT_PATH_PATTERN.test(p))).toEqual([]);
  });
});
